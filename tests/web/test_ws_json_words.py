"""A WebSocket message (or a request body) that is not JSON, or nests too deeply, is
refused with words of its own in the page's three languages: both had only the code's
generic words, "the request is not a JSON object" (「リクエストが JSON オブジェクトでは
ありません」), which is wrong for text that is an object nested too deeply and says
nothing of what is wrong with text that is no JSON at all."""

from __future__ import annotations

import pytest

from keizai.i18n import LANGUAGES, tr
from keizai.web.app import MAX_DEPTH
from tests.web.conftest import create, live, next_state

TOO_DEEP = '{"type": "act", "action": ' + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "}"


@pytest.mark.parametrize(("raw", "key"), [("{oops", "web.err.json_unreadable"),
                                          (TOO_DEEP, "web.err.json_too_deep")])
def test_a_message_that_is_no_json_or_nests_too_deeply_is_told_in_its_own_words(
        client, raw: str, key: str) -> None:
    game = create(client, seats=["human", "human"], seed=9)
    with live(client, game, 0) as ws:
        next_state(ws)
        ws.send_text(raw)
        error = next_state(ws, lambda m: False)["error"]
    assert error["code"] == "bad_json"
    assert error["id"] == key
    for lang in LANGUAGES:
        words = tr(error["id"], lang, **error.get("params", {}))
        assert words != tr("error.bad_json", lang) and "{" not in words
    if key == "web.err.json_too_deep":
        assert str(MAX_DEPTH) in tr(key, "ja", **error["params"])


def test_a_request_body_gets_the_same_words(client) -> None:
    answer = client.post("/api/games", content=TOO_DEEP,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["error"]["id"] == "web.err.json_too_deep"
    answer = client.post("/api/games", content="{oops",
                         headers={"content-type": "application/json"})
    assert answer.json()["error"]["id"] == "web.err.json_unreadable"
    assert "not valid JSON" in answer.json()["error"]["message"]
