"""The refusals of too many failed logins and of chatting too often say how long to wait,
as `rate_limited` does since bfb775c ("try again in 4 h 48 min"): found by session 33
(h231) reading the catalogue. The eleventh failed login of a client said "wait a few
minutes" (ten are allowed per 10 minutes: the wait was up to 10 minutes), and a seat's
sixth chat message within 10 s "at most 5 messages per 10 seconds", not when to send it;
now both say the wait in the reader's language, and `Retry-After` in whole seconds."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from keizai.i18n import tr
from keizai.web import create_app
from keizai.web.accounts import CLIENT_FAILURES, CLIENT_WINDOW
from keizai.web.app import Limits
from keizai.web.chat import RATE_COUNT, RATE_WINDOW
from tests.web.test_hardening_accounts import ATTACKER, login, register, server
from tests.web.test_rate_limit_words import refusal

GAME = "national-economy/mecenat"


def test_a_login_past_the_failures_says_the_wait(db_url: str) -> None:
    """Ten failures of one client within 10 minutes: the eleventh is refused until the
    first is 10 minutes old, "try again in 10 min" (before: "wait a few minutes")."""
    assert (CLIENT_FAILURES, CLIENT_WINDOW) == (10, 600.0)
    with server(db_url) as (client, _app):
        register(client, "10.0.0.3", "ann")
        for n in range(CLIENT_FAILURES):
            assert login(client, ATTACKER, "ann", f"guess-{n}").status_code == 401
        answer = login(client, ATTACKER, "ann", "guess-last")
        error = refusal(answer)
        assert 590 <= int(answer.headers["retry-after"]) <= 600
        assert error["message"] == "too many failed logins; try again in 10 min"
        assert tr(error["id"], "en", **error["params"]) == error["message"]
        assert tr(error["id"], "ja", **error["params"]) == \
            "ログインの失敗が多すぎます。10分後にやり直してください"
        assert tr(error["id"], "zh-TW", **error["params"]) == "登入失敗次數過多；請在10分鐘後再試"


def seated(client: TestClient) -> tuple[str, dict[str, Any]]:
    """A new table of two human seats: its id and its first seat (number, token)."""
    table = client.post("/api/tables", json={"game": GAME, "seats": ["human", "human"]})
    assert table.status_code in (200, 201), table.text
    return table.json()["id"], table.json()["seats"][0]


def said(client: TestClient, game_id: str, seat: dict[str, Any], text: str) -> Any:
    return client.post(f"/api/games/{game_id}/chat",
                       json={"seat": seat["seat"], "token": seat["token"], "text": text})


def says_the_chat_wait(answer: Any) -> None:
    """The refusal gives the bound and the wait its `Retry-After` gives, in 3 languages."""
    error = refusal(answer)
    seconds = answer.headers["retry-after"]
    assert seconds.isdigit() and 1 <= int(seconds) <= RATE_WINDOW
    window = f"{RATE_WINDOW:g}"
    assert error["message"] == \
        f"at most {RATE_COUNT} messages per {window} seconds; try again in {seconds} s"
    assert tr(error["id"], "ja", **error["params"]) == \
        f"メッセージは{window}秒に{RATE_COUNT}件までです。{seconds}秒後に送ってください"
    assert tr(error["id"], "zh-TW", **error["params"]) == \
        f"每{window}秒最多{RATE_COUNT}則訊息；請在{seconds}秒後再傳送"


def test_a_chat_message_past_the_seat_s_bound_says_the_wait(db_url: str) -> None:
    assert (RATE_COUNT, RATE_WINDOW) == (5, 10.0)
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game_id, seat = seated(client)
        for n in range(RATE_COUNT):
            assert said(client, game_id, seat, f"m{n}").status_code == 201
        says_the_chat_wait(said(client, game_id, seat, "one more"))


def test_a_chat_message_past_the_bound_counted_in_the_store_says_the_wait(
        db_url: str) -> None:
    """Two apps on one database (two processes): the seat says 3 through one, 2 through
    the other, whose own count lets the sixth pass to the store, which refuses it."""
    first = create_app(db_url, bot_workers=1, limits=Limits.off())
    second = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(first) as a, TestClient(second) as b:
        game_id, seat = seated(a)
        for n, client in enumerate([a, a, a, b, b]):
            assert said(client, game_id, seat, f"m{n}").status_code == 201
        says_the_chat_wait(said(b, game_id, seat, "one more"))
