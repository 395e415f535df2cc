"""A refused move reads in the player's language (issue #15): the server sends the
reason as a catalogue message next to its code, and the page renders it."""

from __future__ import annotations

import json
import re

import pytest

import keizai
from keizai.i18n import render
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.browser import language_page, unavailable_reason
from tests.web.conftest import create, live, next_state

WAIT = 15_000


def _refusal(ws, raw: dict) -> dict:
    ws.send_json(raw)
    message = next_state(ws, lambda m: False)
    assert message["type"] == "error"
    return message["error"]


def test_a_refused_move_carries_its_reason_as_a_message(client) -> None:
    game = create(client, "national-economy/mecenat", ["human", "random"], seed=3)
    with live(client, game, 0) as ws:
        first = next_state(ws)
        error = _refusal(ws, {"type": "act", "action": "build:nothing", "step": first["step"]})
        assert error["code"] == "illegal_action" and error["id"] == "refuse.not_an_action_of"
        assert render((error["id"], error["params"]), "en") == error["message"]
        legal = {a["name"] for a in first["legal"]}
        space = keizai.get_game("national-economy/mecenat").action_space.actions
        illegal = next(a.name for a in space if a.name not in legal)
        error = _refusal(ws, {"type": "act", "action": illegal})
        assert error["id"] == "refuse.not_legal_now"
        for lang in ("ja", "zh-TW"):
            text = render((error["id"], error["params"]), lang)
            assert not english_words(text), text
        error = _refusal(ws, {"type": "act_whole", "chosen": {"x": 1}})
        assert error["id"] == "refuse.no_decision"
        error = _refusal(ws, {"type": "undo"})
        assert error["code"] == "undo_unavailable" and error["id"].startswith("web.undo.")
        assert not english_words(render((error["id"], error["params"]), "ja"))


def test_a_refused_new_game_carries_its_reason_as_a_message(client) -> None:
    response = client.post("/api/games", json={"game": "futuropia", "seats": ["human", "random"],
                                               "options": {"houses": "q"}})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_request" and error["id"] == "web.err.option_choice"
    assert render((error["id"], error["params"]), "en") == error["message"]
    assert "住宅" in render((error["id"], error["params"]), "ja")


reason = unavailable_reason()


@pytest.mark.skipif(reason is not None, reason=reason or "")
def test_the_page_shows_a_refusal_in_japanese(browser, server) -> None:
    """The server's refusal (as sent over the WebSocket) shows in the banner in Japanese,
    the action's label and the reason's words translated."""
    page = language_page(browser, "ja")
    sockets = []

    def route(ws) -> None:  # pass everything through; keep the route to inject a reply
        sockets.append(ws)
        ws.connect_to_server()

    page.route_web_socket(re.compile(r".*/ws/games/.*"), route)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "futuropia")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=kind-0]", "human")
    page.select_option("select[name=kind-1]", "bot")
    bots = page.inner_text("select[name=bot-1]")  # the bot levels in Japanese too
    assert any(name in bots for name in ("弱い", "普通", "強い", "達人")), bots
    assert "normal" not in bots and "hard" not in bots
    page.click("#create-game")
    page.wait_for_selector("[data-play-seat]")
    page.click("[data-play-seat='0']")
    page.wait_for_selector(".table[data-turn=mine]", timeout=WAIT)
    assert sockets
    refusal = {"type": "error", "error": {
        "code": "illegal_action",
        "message": "pay:food is not possible now: P1 is to choose an action",
        "id": "fu.refuse.not_now",
        "params": {"game": "futuropia", "action": "pay:food", "seat": 0,
                   "phase": "choose_an_action"}}}
    sockets[-1].send(json.dumps(refusal))
    page.wait_for_selector("#banner:has-text('できません')", timeout=WAIT)
    text = page.inner_text("#banner")
    assert "食料を1つ支払う" in text and "アクションを選ぶ" in text, text
    assert "possible" not in text and "pay:food" not in text
    nested = {"type": "error", "error": {
        "code": "illegal_action", "message": "…", "id": "refuse.not_one_of",
        "params": {"chosen": {"id": "refuse.set", "params": {"items": [
            {"id": "refuse.copies", "params": {"n": 2, "what": {
                "id": "ne.card.lottery", "params": {}, "text": "Lottery"}}}]}},
            "sets": [{"id": "refuse.nothing", "params": {}}]}}}
    sockets[-1].send(json.dumps(nested))
    page.wait_for_selector("#banner:has-text('選べる組み合わせ')", timeout=WAIT)
    assert "Lottery" not in page.inner_text("#banner")
