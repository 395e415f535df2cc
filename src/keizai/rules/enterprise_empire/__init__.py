"""企業帝國 (Enterprise Empire): roll-and-move, collect materials, found companies.

Rules: docs/rules-notes.md (section 企業帝國) and the seed text it cites.
"""

from keizai.rules.enterprise_empire.game import EnterpriseEmpire, enterprise_empire

__all__ = ["EnterpriseEmpire", "enterprise_empire"]
