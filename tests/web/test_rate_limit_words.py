"""A refused request says how long to wait in words people read: the sixth registration
of a day said "try again in 17280.0 s" (found by session 33, h229, after b4ecb87's 5 a
day); now "try again in 4 h 48 min", 「4時間48分後に」, 「4小時48分鐘後」, its
`Retry-After` whole seconds."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from keizai.i18n import tr
from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.test_registrations_per_day import registered, serving


def refusal(answer: Any) -> dict[str, Any]:
    assert answer.status_code == 429, answer.text
    error = answer.json()["error"]
    assert error["code"] == "rate_limited"
    return error


def test_the_sixth_registration_of_a_day_says_the_wait_in_hours_and_minutes(
        db_url: str) -> None:
    with serving(db_url) as client:
        for n in range(5):
            assert registered(client, "198.51.100.9", f"waiter{n}").status_code == 201
        answer = registered(client, "198.51.100.9", "waiter5")
        error = refusal(answer)
        # one registration per 86400 / 5 = 17280 s, less the moments the five took
        assert answer.headers["retry-after"].isdigit()
        assert 17200 <= int(answer.headers["retry-after"]) <= 17280
        assert error["message"] == "too many requests; try again in 4 h 48 min"
        # the page renders the refusal's id and params in its reader's language
        assert tr(error["id"], "en", **error["params"]) == error["message"]
        assert tr(error["id"], "ja", **error["params"]) == \
            "リクエストが多すぎます。4時間48分後にやり直してください"
        assert tr(error["id"], "zh-TW", **error["params"]) == "請求過多；請在4小時48分鐘後再試"


def test_a_refusal_of_seconds_says_the_seconds_its_retry_after_says(db_url: str) -> None:
    """One read, then one per 30 s: the refusal's words and header agree, no decimals."""
    limits = Limits(create=None, claim=None, act=None, replay=None, read=(1, 1 / 30),
                    view=None, connect=None, sockets=None)
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as client:
        assert client.get("/api/games").status_code == 200
        answer = client.get("/api/games")
        error = refusal(answer)
        seconds = answer.headers["retry-after"]
        assert seconds.isdigit() and 20 <= int(seconds) <= 30
        assert error["message"] == f"too many requests; try again in {seconds} s"
        assert tr(error["id"], "ja", **error["params"]) == \
            f"リクエストが多すぎます。{seconds}秒後にやり直してください"
        assert tr(error["id"], "zh-TW", **error["params"]) == f"請求過多；請在{seconds}秒後再試"
