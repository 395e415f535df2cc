"""One package per game; each registers its ids here (imported lazily on first use).

The packages live in `keizai.rules` rather than `keizai.games` because the engine
contract names a function `keizai.games()`, and a subpackage of the same name would
shadow it.
"""

from keizai.engine import register

register("national-economy/progress", "keizai.rules.national_economy:progress")
register("national-economy/mecenat", "keizai.rules.national_economy:mecenat")
register("national-economy/glory", "keizai.rules.national_economy:glory")
register("futuropia", "keizai.rules.futuropia:futuropia")
register("enterprise-empire", "keizai.rules.enterprise_empire:enterprise_empire")
