"""Compound decisions, described whole.

The engine's decisions are atomic: paying three cards is three choices made in a
canonical order. A person pays three cards in one go. A state therefore *describes* its
pending compound decision in one game-independent shape (`PendingDecision`: what kind,
how much, which candidates, which constraint), and `apply_whole` turns a whole chosen set
into the atomic steps — or refuses it, with the reason, before anything is applied.
Every face (terminal, web) uses this one helper; none re-derives a compound decision.

A chosen set is a mapping from candidate id to how many of it (a multiset): identical
cards are one candidate with a count, like the engine's own actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, SupportsIndex

from keizai.engine.errors import IllegalAction
from keizai.engine.errors import shown as _shown
from keizai.engine.integers import as_integer
from keizai.i18n import Message, render, tr

if TYPE_CHECKING:  # keizai.engine.state imports this module
    from keizai.engine.state import State

# How the chosen amounts must add up (the `constraint` of a PendingDecision).
EXACTLY = "exactly"  # the weights add up to `amount` exactly
COVER = "cover"  # at least `amount`, and the last unit in canonical order was needed
RANGE = "range"  # between `amount` and `maximum` (inclusive)
ONE_OF = "one_of"  # exactly one of the listed `sets`
CONSTRAINTS = (EXACTLY, COVER, RANGE, ONE_OF)


@dataclass(frozen=True, slots=True)
class Candidate:
    """Something that may be chosen: `count` copies, each worth `weight` towards the
    amount, chosen by applying the atomic action `action` once per copy.

    Its name is the catalogue entry `term` (keizai.i18n) filled with `term_params` (a
    Futuropia house's price and beds, from the game's data), the one source of its words
    in every language: `label` is that entry in English, `label_in(lang)` in the others,
    so the terminal and the page name it alike (an id the catalogue lacks is shown as it
    is, as `tr` does)."""

    id: str
    term: str
    action: str
    count: int = 1
    weight: int = 1
    # Figures a face shows next to it (price, beds, energy, points, sale value, ...).
    info: dict[str, Any] = field(default_factory=dict)
    # Tags counted against the decision's `limits` (e.g. "special" houses).
    tags: tuple[str, ...] = ()
    # When copies differ in how they are taken (e.g. identical houses that are different
    # tiles at different places of the supply): the action and the canonical rank of
    # each copy, in the order copies are taken. Otherwise every copy uses `action`, and
    # the candidates' order is the canonical order.
    actions: tuple[str, ...] = ()
    ranks: tuple[int, ...] = ()
    term_params: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """Its name in English."""
        return tr(self.term, **self.term_params)

    def label_in(self, lang: str) -> str:
        """Its name in `lang` (a catalogue language)."""
        return tr(self.term, lang, **self.term_params)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "action": self.action,
                "count": self.count, "weight": self.weight, "info": dict(self.info),
                "tags": list(self.tags), "copy_actions": list(self.actions),
                "ranks": list(self.ranks), "term": self.term,
                "term_params": dict(self.term_params)}


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """The compound decision a seat is taking, as one choice.

    `candidates` are listed in the canonical order the atomic steps take them; the whole
    set is applied as the candidates' actions in that order, then `finish` (an action
    that closes the decision, e.g. "buy no more houses") if it is still pending.
    """

    kind: str  # "pay", "discard", "sell", "interest", "houses", ...
    seat: int
    # The one line a person reads ("Pay 3 cards for Brewery"), as a message of the catalogue
    # (keizai.i18n): the one source of its words in every language, so the terminal and
    # the page say the same. A plain string (a game without catalogue entries) is shown
    # as it is in every language.
    prompt_msg: Message | str
    amount: int
    constraint: str
    candidates: tuple[Candidate, ...]
    maximum: int | None = None  # upper bound of a RANGE
    unit: str = "card"  # what the amount counts: card, $, resource, bed
    sets: tuple[tuple[str, ...], ...] = ()  # ONE_OF: the allowed sets (candidate ids)
    limits: dict[str, int] = field(default_factory=dict)  # tag -> at most this many
    finish: str | None = None
    info: dict[str, Any] = field(default_factory=dict)  # e.g. wages due, cash, shortfall

    @property
    def prompt(self) -> str:
        """The prompt in English."""
        return render(self.prompt_msg)

    def prompt_in(self, lang: str) -> str:
        """The prompt in `lang` (a catalogue language)."""
        return render(self.prompt_msg, lang)

    def candidate(self, cid: str) -> Candidate | None:
        return next((c for c in self.candidates if c.id == cid), None)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "prompt": self.prompt,
                "amount": self.amount, "maximum": self.maximum, "unit": self.unit,
                "constraint": self.constraint,
                "candidates": [c.to_json() for c in self.candidates],
                "sets": [list(s) for s in self.sets], "limits": dict(self.limits),
                "finish": self.finish, "info": dict(self.info),
                "prompt_msg": ({"id": self.prompt_msg[0], "params": self.prompt_msg[1]}
                               if not isinstance(self.prompt_msg, str) else None)}


Chosen = Mapping[str, SupportsIndex]   # a count: any integer type (NumPy's, a policy's)


def normalize(chosen: Chosen | list[str] | tuple[str, ...]) -> dict[str, int]:
    """A chosen set as {candidate id: count}; a list of ids counts repeats. A count may
    be any integer type (`as_integer`: NumPy's, as a policy's array holds it), kept as the
    Python int it is; a bool or a float is no count."""
    if isinstance(chosen, Mapping):
        out: dict[str, int] = {}
        for key, given in chosen.items():
            count = as_integer(given)
            if not isinstance(key, str) or count is None:
                raise IllegalAction.refuse("refuse.not_a_chosen_entry", key=_shown(key),
                                            count=_shown(given))
            if count < 0:
                raise IllegalAction.refuse("refuse.negative_count", key=key[:60],
                                            count=count)
            if count:
                out[key] = out.get(key, 0) + count
        return out
    if isinstance(chosen, (list, tuple)):
        counted: dict[str, int] = {}
        for key in chosen:
            if not isinstance(key, str):
                raise IllegalAction.refuse("refuse.not_a_candidate_id", key=_shown(key))
            counted[key] = counted.get(key, 0) + 1
        return counted
    raise IllegalAction.refuse("refuse.not_a_chosen_set", chosen=_shown(chosen))


@dataclass(frozen=True, slots=True)
class _Unit:
    candidate: Candidate
    action: str
    rank: int

    @property
    def weight(self) -> int:
        return self.candidate.weight

    @property
    def id(self) -> str:
        return self.candidate.id


def _units(decision: PendingDecision, chosen: dict[str, int]) -> list[_Unit]:
    """The chosen copies in canonical order."""
    units = [
        _Unit(c, c.actions[k] if c.actions else c.action, c.ranks[k] if c.ranks else i)
        for i, c in enumerate(decision.candidates) for k in range(chosen.get(c.id, 0))
    ]
    units.sort(key=lambda u: u.rank)
    return units


def _name(candidate: Candidate) -> dict[str, Any]:
    """A candidate's name as a nested refusal parameter (keizai.i18n's "m" format)."""
    return {"id": candidate.term, "params": dict(candidate.term_params)}


def _amount(unit: str, n: int) -> dict[str, Any]:
    """An amount in the decision's unit as a nested message ("3 cards", "$20", "1 bed"),
    so that English can say the unit in the singular or the plural."""
    return {"id": f"refuse.amount.{unit}", "params": {"n": n}}


def _describe(decision: PendingDecision, chosen: dict[str, int]) -> dict[str, Any]:
    """A chosen set ("2 × Lottery, Cathedral", or "nothing") as a nested message."""
    parts = [{"id": "refuse.copies", "params": {"n": n, "what": _name(cand)}} if n > 1
             else _name(cand)
             for cid, n in chosen.items() if (cand := decision.candidate(cid)) is not None]
    if not parts:
        return {"id": "refuse.nothing", "params": {}}
    return {"id": "refuse.set", "params": {"items": parts}}



def check(decision: PendingDecision, chosen: Chosen | list[str]) -> dict[str, int]:
    """The chosen set, normalized, if it satisfies the decision's constraint; otherwise
    IllegalAction saying why. Nothing is applied."""
    picked = normalize(chosen)
    for cid, n in picked.items():
        cand = decision.candidate(cid)
        if cand is None:
            raise IllegalAction.refuse("refuse.not_here", cid=_shown(cid))
        if n > cand.count:
            raise IllegalAction.refuse("refuse.only_one" if cand.count == 1 else "refuse.only_n",
                                       what=_name(cand), count=cand.count, n=n)
    for tag, most in decision.limits.items():
        tagged = 0
        for cid, n in picked.items():
            cand = decision.candidate(cid)
            if cand is not None and tag in cand.tags:  # every cid was checked just above
                tagged += n
        if tagged > most:
            raise IllegalAction.refuse("refuse.at_most", most=most, tag=f"tdec.tag_{tag}",
                                       n=tagged)
    units = _units(decision, picked)
    total = sum(u.weight for u in units)
    unit = decision.unit
    amount = decision.amount
    kind = decision.constraint
    if kind == EXACTLY:
        if total != amount:
            raise IllegalAction.refuse("refuse.choose_exactly", amount=amount, unit=unit,
                                       total=total, need=_amount(unit, amount),
                                       made=_amount(unit, total))
    elif kind == COVER:
        if total < amount:
            raise IllegalAction.refuse("refuse.too_little", amount=amount, unit=unit,
                                       total=total, need=_amount(unit, amount),
                                       made=_amount(unit, total))
        if units and total - units[-1].weight >= amount:
            raise IllegalAction.refuse("refuse.too_much", amount=amount, unit=unit,
                                       total=total, what=_name(units[-1].candidate),
                                       need=_amount(unit, amount), made=_amount(unit, total))
    elif kind == RANGE:
        most = decision.maximum if decision.maximum is not None else amount
        if not max(amount, 0) <= total <= most:
            low = max(amount, 0)
            if low == most:
                raise IllegalAction.refuse("refuse.choose_exactly", amount=low, unit=unit,
                                           total=total, need=_amount(unit, low),
                                           made=_amount(unit, total))
            raise IllegalAction.refuse("refuse.choose_between", low=low, most=most,
                                       unit=unit, total=total, need=_amount(unit, most),
                                       made=_amount(unit, total))
    elif kind == ONE_OF:
        wanted = sorted(u.id for u in units)
        if not any(sorted(s) == wanted for s in decision.sets):
            sets = [_describe(decision, normalize(list(s))) for s in decision.sets]
            raise IllegalAction.refuse("refuse.not_one_of", chosen=_describe(decision, picked),
                                       sets=sets)
    else:  # pragma: no cover - games use the constants above
        raise AssertionError(f"unknown constraint {kind}")
    return picked


def steps(state: State, chosen: Chosen | list[str]) -> list[str]:
    """The atomic actions (names) that make the whole chosen set on `state`, found by
    applying them to a clone; IllegalAction (with the reason) if the set is not allowed.
    `state` itself is not touched."""
    decision = state.pending_decision()
    if decision is None:
        raise IllegalAction.refuse("refuse.no_decision")
    picked = check(decision, chosen)
    seat = decision.seat
    trial = state.clone()
    trial.log_enabled = False
    done: list[str] = []

    def still_pending() -> PendingDecision | None:
        """The trial's decision while it is still this one's (same seat and kind)."""
        if trial.is_over or trial.current_player != seat:
            return None
        now = trial.pending_decision()
        return now if now is not None and now.kind == decision.kind else None
    queue = _units(decision, picked)
    left = decision.amount  # what the description should still ask for
    while queue:
        if still_pending() is None:
            # The game took the rest itself: with a single legal choice left there is
            # nothing to decide (the constraint check above makes it the chosen one).
            break
        unit = queue.pop(0)
        try:
            trial.apply(unit.action)
        except IllegalAction as error:
            raise IllegalAction.refuse("refuse.not_with_this_set", what=_name(unit.candidate),
                                       why=error.to_json()) from None
        done.append(unit.action)
        left -= unit.weight
        now = still_pending()
        if now is not None:
            # A forced step the game took by itself shows as the amount dropping by more
            # than this unit: it was the next unit of the canonical order (the only legal
            # choice, and the chosen set's next unit is legal), so skip that many.
            while left > now.amount and queue:
                left -= queue.pop(0).weight
            left = now.amount
    if decision.finish is not None and still_pending() is not None:
        try:
            trial.apply(decision.finish)
        except IllegalAction as error:
            raise IllegalAction.refuse("refuse.incomplete_because",
                                       why=error.to_json()) from None
        done.append(decision.finish)
    if decision.constraint == RANGE and decision.finish is None and still_pending() is not None:
        # (For the other constraints the check above makes the set complete: what is
        # pending now is a new decision of the same kind, e.g. the next discard step.)
        raise IllegalAction.refuse("refuse.incomplete")
    return done


def apply_whole(state: State, chosen: Chosen | list[str]) -> list[str]:
    """Apply a whole chosen set to `state` as its atomic steps, or raise IllegalAction
    with the reason and leave `state` as it was. Returns the actions applied."""
    actions = steps(state, chosen)
    for name in actions:
        state.apply(name)
    return actions


__all__ = [
    "CONSTRAINTS",
    "COVER",
    "EXACTLY",
    "ONE_OF",
    "RANGE",
    "Candidate",
    "Chosen",
    "PendingDecision",
    "apply_whole",
    "check",
    "normalize",
    "steps",
]
