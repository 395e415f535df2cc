"""Whole (compound) decisions in the terminal: show one, read a whole set, describe it.

The engine describes the pending compound decision (keizai.engine.decision); here it is
printed as one numbered list and the player's answer ("1 3 3", "2x3", "-" for nothing)
is read into a chosen set. Applying it is the engine helper's job (`apply_whole`), so
the terminal never re-derives the rules of a payment, a sale or a house purchase.
"""

from __future__ import annotations

import re
from typing import Any

from keizai.engine.decision import ONE_OF, RANGE, PendingDecision

_FIGURES = (("price", "${}"), ("beds", "{} beds"), ("energy", "energy {}"),
            ("vp", "{:+d} VP"), ("value", "value ${}"), ("have", "have {}"))


def _figures(info: dict[str, Any], label: str) -> str:
    parts = []
    for key, pattern in _FIGURES:
        if key in info and str(info[key]) not in label:
            parts.append(pattern.format(info[key]))
    return f" ({', '.join(parts)})" if parts and "(" not in label else ""


def describe_set(decision: PendingDecision, chosen: dict[str, int]) -> str:
    """A chosen set as a person reads it: "2 × Cathedral, Consumer Item"."""
    parts = []
    for c in decision.candidates:
        n = chosen.get(c.id, 0)
        if n:
            parts.append(f"{n} × {c.label}" if n > 1 else c.label)
    total = sum(decision.candidate(cid).weight * n  # type: ignore[union-attr]
                for cid, n in chosen.items())
    unit = decision.unit
    sums = f" (${total})" if unit == "$" else f" ({total} {unit}s)" if unit == "bed" else ""
    return (", ".join(parts) or "nothing") + sums


def lines(decision: PendingDecision) -> list[str]:
    """The decision as numbered lines (sets for a choice among sets, else candidates)."""
    out = [decision.prompt + ":"]
    if decision.constraint == ONE_OF:
        for number, chosen_set in enumerate(decision.sets, 1):
            counted: dict[str, int] = {}
            for cid in chosen_set:
                counted[cid] = counted.get(cid, 0) + 1
            out.append(f"  {number:2}) sell {describe_set(decision, counted)}")
        return out
    for number, c in enumerate(decision.candidates, 1):
        many = f" ×{c.count}" if c.count > 1 else ""
        worth = f", counts {c.weight}" if c.weight != 1 and decision.unit == "card" else ""
        out.append(f"  {number:2}) {c.label}{many}{_figures(c.info, c.label)}{worth}")
    limits = [f"at most {n} {tag}" for tag, n in decision.limits.items()
              if any(tag in c.tags for c in decision.candidates)]
    if limits:
        out.append("  " + "; ".join(limits) + " in this choice")
    if decision.kind == "houses":
        info = decision.info
        out.append(f"  you have ${info['money']}; a price you cannot pay is covered by "
                   f"loans of ${info['loan_value']} each")
    return out


def help_text(decision: PendingDecision) -> str:
    if decision.constraint == ONE_OF:
        return f"type the number of one choice (1-{len(decision.sets)})"
    empty = ", - = none" if decision.constraint == RANGE and decision.amount <= 0 else ""
    return "type the numbers, repeats for copies (e.g. 1 3 3 or 3x2)" + empty


def parse(decision: PendingDecision, answer: str) -> dict[str, int]:
    """The chosen set an answer names; ValueError with the reason if it names none."""
    text = answer.strip().lower()
    if decision.constraint == ONE_OF:
        if not text.isdigit() or not 1 <= int(text) <= len(decision.sets):
            raise ValueError(f"please type a number from 1 to {len(decision.sets)}")
        counted: dict[str, int] = {}
        for cid in decision.sets[int(text) - 1]:
            counted[cid] = counted.get(cid, 0) + 1
        return counted
    if text in ("-", "none", "0"):
        return {}
    size = len(decision.candidates)
    chosen: dict[str, int] = {}
    for token in re.split(r"[\s,]+", text):
        if not token:
            continue
        found = re.fullmatch(r"(\d+)(?:[x*](\d+))?", token)
        if found is None:
            raise ValueError(f"{token!r} is not a number (or number x copies)")
        number, copies = int(found.group(1)), int(found.group(2) or 1)
        if not 1 <= number <= size:
            raise ValueError(f"{number} is not on the list (1-{size})")
        cid = decision.candidates[number - 1].id
        chosen[cid] = chosen.get(cid, 0) + copies
    if not chosen:
        raise ValueError("nothing chosen; " + help_text(decision))
    return chosen
