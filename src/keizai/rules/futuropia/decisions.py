"""Futuropia's compound decisions, described whole for the faces.

Paying resources (interest, an early refresh, a loan repayment) and buying houses are
sequences of atomic choices in the engine (state.py: units money → food → energy; houses
in supply order). Here each is described as one choice (keizai.engine.decision): every
house of the supply that the purchase may still include, with its price, beds, energy
and points — whatever order the atomic steps would need to buy it in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from keizai.engine.decision import EXACTLY, RANGE, Candidate, PendingDecision
from keizai.i18n import msg
from keizai.rules.futuropia.actions import RESOURCES
from keizai.rules.futuropia.names import house_message
from keizai.rules.futuropia.phases import HOUSES, OPENING, PAY, PURPOSE_NAMES

if TYPE_CHECKING:
    from keizai.rules.futuropia.state import FuturopiaState


def pending_decision(state: FuturopiaState) -> PendingDecision | None:
    if state.phase == PAY:
        return _payment(state)
    if state.phase in (HOUSES, OPENING):
        return _houses(state)
    return None


def _payment(state: FuturopiaState) -> PendingDecision:
    p = state.actor
    stock = state.res[p]
    purpose = PURPOSE_NAMES[state.pay_purpose]
    # money held is "cash", a figure in dollars ("have $20", 「所持$20」); food and energy
    # are counted ("have 2"): the payment called $1 「お金1つ」 / 「1個金錢」
    candidates = tuple(
        Candidate(id=name, term=f"fu.resource.{name}", action=f"pay:{name}", count=stock[k],
                  info={"cash" if name == "money" else "have": stock[k]})
        for k, name in enumerate(RESOURCES) if k >= state.pay_floor and stock[k] > 0
    )
    owed = state.pay_owed
    # the prompt names the resources offered: all three, or two (the state pays a unit
    # that leaves no choice itself, so a decision offers at least two); once part is
    # paid (one step at a time, or a unit without choice), it asks for the rest of the
    # whole ("1 more resource of 5"), not for a payment of its own
    paid = sum(state.pay_paid)
    rest = {"total": owed + paid} if paid else {}
    prompt = msg("fu.whole.pay_rest" if paid else "fu.whole.pay", n=owed, purpose=purpose,
                 **rest)
    if len(candidates) == 2:
        prompt = msg("fu.whole.pay_rest_two" if paid else "fu.whole.pay_two", n=owed,
                     purpose=purpose, first=candidates[0].id, second=candidates[1].id,
                     **rest)
    return PendingDecision(
        kind=purpose, seat=p,
        amount=owed, constraint=EXACTLY, candidates=candidates, unit="resource",
        info={"owed": owed, "for": purpose, "loans": state.loans[p]},
        prompt_msg=prompt,
    )


def _houses(state: FuturopiaState) -> PendingDecision:
    """Every house from where this purchase stands on; houses that look the same are one
    candidate with a count (the engine buys the first of them first)."""
    p = state.actor
    comps = state.setup.components
    faces = comps.faces
    low, high = state.bed_window(p, state.invite_n)
    start = state.house_from
    groups: dict[tuple[int, int, int, int, bool], list[int]] = {}
    for position in range(start, len(state.house_supply)):
        f = faces[state.house_supply[position]]
        groups.setdefault((f.price, f.beds, f.energy, f.vp, f.special), []).append(position)
    candidates = []
    for positions in groups.values():
        first = faces[state.house_supply[positions[0]]]
        tiles = [comps.house_tiles[state.house_supply[j] >> 1].id for j in positions]
        name = house_message(first.price, first.beds, first.special, False)
        candidates.append(Candidate(
            id=f"{first.tile}{first.side}", term=name["id"], term_params=name["params"],
            action=f"house:{tiles[0]}",
            count=len(positions), weight=first.beds,
            info={"price": first.price, "beds": first.beds, "energy": first.energy,
                  "vp": first.vp, "special": first.special, "tiles": tiles},
            tags=("special",) if first.special else (),
            actions=tuple(f"house:{t}" for t in tiles), ranks=tuple(positions)))
    lowest = max(low, 0)
    newcomers = state.invite_n
    return PendingDecision(
        kind="houses", seat=p,
        amount=lowest, maximum=high, constraint=RANGE, candidates=tuple(candidates),
        unit="bed", limits={"special": state._specials_left()}, finish="house:done",
        info={"residents": state.residents[p], "beds": state.beds(p), "inviting": newcomers,
              "money": state.res[p][0], "loan_value": state.rules.loan_value,
              "opening": state.phase == OPENING},
        prompt_msg=("fu.whole.houses_inviting" if newcomers else "fu.whole.houses",
                    {"n": newcomers, "low": lowest, "high": high,
                     "beds": ({"id": "refuse.amount.bed", "params": {"n": lowest}}
                              if lowest == high else
                              {"id": "fu.whole.bed_range",
                               "params": {"low": lowest, "high": high}})}),
    )
