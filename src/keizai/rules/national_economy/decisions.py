"""National Economy's compound decisions, described whole for the faces.

Paying N cards (for a building, for an effect, down to the hand limit) and selling
buildings at payday are sequences of atomic choices in the engine (state.py); here they
are described as one choice (keizai.engine.decision), listing every card that may be
paid and every allowed sale set, so a person picks the whole set and confirms once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from keizai.engine.decision import COVER, EXACTLY, ONE_OF, Candidate, PendingDecision
from keizai.i18n import Message
from keizai.rules.national_economy.state import (
    ITEM_DOUBLE,
    OVER,
    PAY,
    PAY_BUILD,
    PAY_LIMIT,
    SELL,
)
from keizai.rules.national_economy.workplaces import placed_card

if TYPE_CHECKING:
    from keizai.rules.national_economy.state import NationalEconomyState


def pending_decision(state: NationalEconomyState) -> PendingDecision | None:
    if state.phase == OVER or state.current is None:
        return None
    if state.decision == PAY:
        return _payment(state)
    if state.decision == SELL:
        return _sale(state)
    return None


def _payment(state: NationalEconomyState) -> PendingDecision:
    """Every card in hand that may be paid (types from the canonical order's floor on:
    once a later type was paid, earlier types are no longer part of this payment)."""
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    buildings = state.cards.buildings
    double = state.pay_mode == ITEM_DOUBLE
    candidates = [
        Candidate(id=buildings[t].id, term=f"ne.card.{buildings[t].id}",
                  action=f"pay:{buildings[t].id}", count=count,
                  info={"cost": buildings[t].cost, "value": buildings[t].value})
        for t, count in enumerate(p.hand) if count and t >= state.pay_min
    ]
    if p.items:
        candidates.append(Candidate(id="item", term="consumer_item", action="pay:item",
                                    count=p.items, weight=2 if double else 1))
    n = state.pay_left
    info: dict[str, object] = {"hand_size": p.hand_size}
    message: Message  # the prompt (keizai.i18n)
    if state.pay_for == PAY_LIMIT:
        kind = "discard"
        limit = state._hand_limit(p)
        message = ("ne.whole.discard_limit", {"n": n, "limit": limit})
        info["hand_limit"] = limit
    elif state.pay_for == PAY_BUILD:
        kind = "pay"
        ids = [buildings[t].id for t in state.chosen]
        info["building"] = ids
        # two buildings at once (Worldwide Building): "for Cafeteria and Old District"
        two = "_two" if len(ids) == 2 else ""
        message = (f"ne.whole.pay{two}_double" if double else f"ne.whole.pay{two}",
                   {"n": n, "card": ids[0], "card2": ids[-1]})
    else:
        kind = "discard"
        # the workplace or building whose effect asks it ("Stall: discard 1 card")
        message = ("ne.whole.discard", {"n": n,
                                        "card": placed_card(state.cards, state.effect_at)})
    # once part is paid (one step at a time), the prompt says it is the rest of the whole
    # ("Pay 2 cards for Real Estate (1 of 3 paid already)"), not a payment of its own
    paid = state.pay_total - n
    if paid > 0:
        message = (f"ne.whole.rest_{kind}", {"ask": {"id": message[0], "params": message[1]},
                                             "paid": paid, "total": state.pay_total})
    return PendingDecision(kind=kind, seat=seat, prompt_msg=message, amount=n,
                           constraint=COVER if double else EXACTLY,
                           candidates=tuple(candidates), unit="card", info=info)


def _sale(state: NationalEconomyState) -> PendingDecision:
    """Payday, short of money: every allowed sale set whole, with wages due, cash and the
    shortfall (the sets already cover it with no building to spare)."""
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    buildings = state.cards.buildings
    due = state.cards.wages[state.round - 1] * p.workers
    short = due - p.money
    k = len(state.sale_chosen)
    prefix = tuple(state.sale_chosen)
    rests = [s[k:] for s in state.sale_sets if s[:k] == prefix]
    involved = sorted({t for rest in rests for t in rest})
    candidates = tuple(
        Candidate(id=buildings[t].id, term=f"ne.card.{buildings[t].id}",
                  action=f"sell:{buildings[t].id}",
                  count=max(rest.count(t) for rest in rests), weight=state._sale_price(t),
                  info={"price": state._sale_price(t), "value": buildings[t].value})
        for t in involved
    )
    chosen_value = sum(state._sale_price(t) for t in prefix)
    sets = tuple(tuple(buildings[t].id for t in rest) for rest in rests)
    return PendingDecision(
        kind="sell", seat=seat,
        amount=short - chosen_value, constraint=ONE_OF, candidates=candidates, unit="$",
        sets=sets,
        info={"wages_due": due, "cash": p.money, "shortfall": short,
              "workers": p.workers, "wage": state.cards.wages[state.round - 1],
              "already_chosen": [buildings[t].id for t in prefix]},
        prompt_msg=("ne.whole.sell", {"due": due, "cash": p.money, "short": short,
                                      "need": short - chosen_value}),
    )
