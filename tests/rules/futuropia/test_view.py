"""The view and the terminal picture: everything a player needs, nothing hidden."""

from __future__ import annotations

import json

import pytest

import keizai
from keizai.engine import IllegalAction
from tests.rules.futuropia.helpers import new, play


def test_every_seat_sees_the_same_complete_view() -> None:
    """Futuropia has no hidden information: view(seat) is the same for every seat."""
    state = new(3, seed=4, expert_tiles="random", houses="random")
    play(state, "action:food", "buy:right", "action:invite", "invite:2", "house:L03",
         "house:done")
    views = [state.view(seat) for seat in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views)
    json.dumps(views[0])
    view = views[0]
    assert view["markets"]["food"]["left"]["cost"] == 3
    assert view["markets"]["food"]["marker"] == 1
    assert view["subsidy"]["value"] == 12
    assert view["communities"][1]["residents"] == 5
    assert view["communities"][0]["tiles_face_up"] == ["power", "invite", "robots", "subsidy"]
    assert len(view["expert_tiles"]) == 2


def test_render_text_shows_markets_subsidy_communities_and_the_decision() -> None:
    """The terminal shows communities, markets with marker prices, the subsidy, resources,
    loans and face-up tiles."""
    state = new(2)
    play(state, "action:food", "buy:right", "action:invite", "invite:2")
    text = keizai.get_game("futuropia").render_text(state.view(1))
    for needle in ("P2: buy houses", "inviting 2", "Food market, price marker -1/+1",
                   "left: $4 food (2 spaces -> 4) costs $3", "Subsidy $12: [12]",
                   "P1: $7, food 9, energy 3, loans 0", "face-up tiles: power, invite, robots",
                   "early refresh costs 4", "starting house: 3 beds", "best runs: food"):
        assert needle in text, needle


def test_action_labels_read_well() -> None:
    """Labels are what a person reads in the menu."""
    state = new(2)
    assert [str(a) for a in state.legal_actions()] == [
        "Food generator + food run", "Power generator + power run",
        "Invite residents + feeding run", "Robots + energy run", "Take the subsidy"]
    play(state, "action:food")
    assert [str(a) for a in state.legal_actions()] == [
        "Buy the cheap (left) generator", "Buy the dear (right) generator",
        "Buy no generator"]


def test_the_log_tells_what_happened() -> None:
    """Events: who did what, what was paid and produced."""
    state = new(2)
    play(state, "action:food", "buy:right")
    log = state.log(0)
    assert "P1 buys the dear $5 food generator for $5." in log
    assert "P1's food run produces 6 food." in log


def test_the_score_breakdown_appears_when_the_game_is_over() -> None:
    """The final table shows each seat's score by part; who won is the final ranking's
    line (keizai play prints it for every game), not the table's too."""
    state = new(2)
    state.final = True
    play(state, "stop", "stop")
    assert state.view(None)["winners"] == [0, 1]
    text = keizai.get_game("futuropia").render_text(state.view(None))
    assert "Scores:" in text and "P1: " in text and "P2: " in text
    assert "Winner" not in text


def test_an_illegal_action_says_why_and_changes_nothing() -> None:
    """Bad input never corrupts state: IllegalAction with a reason, state unchanged."""
    state = new(2)
    before = state.view(None)
    with pytest.raises(IllegalAction, match="P1 is to choose an action"):
        state.apply("buy:left")
    assert state.view(None) == before and state.history == []


def test_render_text_in_japanese_and_chinese() -> None:
    """Issue #15: the terminal table in the reader's language (a generator by its kind
    and price)."""
    state = new(2)
    play(state, "action:food", "buy:right", "action:invite", "invite:2")
    game = keizai.get_game("futuropia")
    ja = game.render_text(state.view(1), "ja")
    assert "食料市場（価格マーカー：-1/+1）" in ja and "住宅を買う" in ja and "初期住宅" in ja
    zh = game.render_text(state.view(1), "zh-TW")
    assert "食物市場（價格指示物：-1/+1）" in zh and "購買房舍" in zh and "初始房舍" in zh
    for text in (ja, zh):
        assert "market" not in text and "beds" not in text and "energy" not in text


def test_menu_lines_with_figures_in_japanese() -> None:
    """Issue #15: the terminal menu's figures follow the language (tile ids stay)."""
    import re

    state = new(2)
    game = keizai.get_game("futuropia")
    view = state.view(state.current_player)
    lines = [game.describe_action(view, a, "ja") for a in state.legal_actions()]
    assert any("あなたの食料稼働は" in line for line in lines), lines
    for line in lines:
        assert not re.findall(r"[A-Za-z]+", re.sub(r"\b[A-Z]+\d+[AB]?\b", "", line)), line
    english = [game.describe_action(view, a) for a in state.legal_actions()]
    assert any("your food run makes" in line for line in english)


def test_a_price_marker_on_zero_reads_as_the_printed_prices() -> None:
    """Reference (market): the left stack costs its price minus the marker, the right one
    plus it. On 0 the table read "Food market, marker -0/+0" and "costs $4 (printed $4,
    1 left)"; a marker that changes nothing is said so, a moved one as before."""
    state = new(2)
    game = keizai.get_game("futuropia")
    for lang, market, side in (
            ("en", "Food market, price marker 0 (printed prices)",
             "left: $4 food (2 spaces -> 4) costs $4 (1 left)"),
            ("ja", "食料市場（価格マーカー：0、印刷どおりの価格）",
             "左：食料$4（2マス → 4）価格$4（残り1）"),
            ("zh-TW", "食物市場（價格指示物：0，依印刷價格）",
             "左：食物$4（2格 → 4）價格$4（剩1部）")):
        lines = game.render_text(state.view(0), lang).splitlines()
        assert market in lines and f"  {side}" in lines, lang
        assert not [line for line in lines if "0/+0" in line or "$4（印刷" in line
                    or "printed $" in line], lang
    play(state, "action:food", "buy:right")   # the marker moves to 1
    text = game.render_text(state.view(0), "en")
    assert "Food market, price marker -1/+1" in text
    assert "Power market, price marker 0 (printed" in text
    assert "costs $3 (printed $4, 1 left)" in text
