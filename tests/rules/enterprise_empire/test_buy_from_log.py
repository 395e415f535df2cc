"""Buying a material the bank has run out of: the log says the price goes to the bank and
the player it is taken from gets nothing (rules E4 [D]: "that player cannot refuse and
receives nothing").

Found in session 32's new player's pass (h205, Chromium, 4 seats against bots): the log
said "P2 (yellow) buys Oil from P3 (blue) for $600" (ja P3（青）から石油を$600で買い,
zh-TW 以$600從P3（青）購得石油), which reads as a sale to P3 while P3's cash did not move."""

from __future__ import annotations

import random

import pytest

import keizai

SAID = {
    "en": ("The bank has no {material}: P{buyer} ({bp}) takes one from P{source} ({sp}), "
           "pays the bank ${price} (P{source} gets nothing)"),
    "ja": ("銀行に{material}がない：P{buyer}（{bp}）がP{source}（{sp}）から1つ取り、"
           "代金${price}を銀行に払い（P{source}は何も受け取らない）"),
    "zh-TW": ("公區沒有{material}：P{buyer}（{bp}）從P{source}（{sp}）取得一個，"
              "${price}付給公區（P{source}分文不得）"),
}


def _taken_from_a_player():
    """A 4-seat game played at random up to a purchase from another player: the states
    before and after it, the purchase's place in the log and its event."""
    state = keizai.new_game("enterprise-empire", 4, seed=0)
    chooser = random.Random(0)
    while not state.is_over:
        before = state.clone()
        seen = len(state.events(None))
        state.apply(chooser.choice(state.legal_actions()))
        for at, event in enumerate(state.events(None)[seen:], seen):
            if event[0] == "ee.log.buy_from":
                return before, state, at, event[1]
    raise AssertionError("no purchase from a player in the game")


@pytest.mark.parametrize("lang", list(SAID))
def test_the_log_says_the_bank_is_paid_and_the_holder_gets_nothing(lang: str) -> None:
    before, after, at, params = _taken_from_a_player()
    buyer, source = params["seat"], params["source"]
    cash_before = [p["cash"] for p in before.view(None)["players"]]
    cash_after = [p["cash"] for p in after.view(None)["players"]]
    assert cash_after[source] == cash_before[source]          # the rules' "nothing"
    assert cash_after[buyer] == cash_before[buyer] - params["price"]
    line = after.log(None, lang)[at]
    expected = SAID[lang].format(
        material=keizai.i18n.tr(f"ee.material.{params['material']}", lang),
        buyer=buyer + 1, source=source + 1, price=params["price"],
        bp=keizai.i18n.tr(f"ee.pawn.{params['seat_pawn']}", lang),
        sp=keizai.i18n.tr(f"ee.pawn.{params['source_pawn']}", lang))
    assert line.startswith(expected), line
