"""A replay frame carries a seat's events from `since` (how many of them the page already
holds for that seat), at most `FRAME_EVENTS` of them, and says from where and how many
there are in all; the page asks again for the rest. Until session 30 every frame carried
all of them: the last frame of a 1,177-step 企業帝國 game, 3,176 events and 276 KB, of
which a step forward needed a few, and a stranger asking for that frame within the
budget cost the replay thread their encoding each time (docs/web.md, Rate limits)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai import i18n
from keizai.engine.rng import Rng
from keizai.store.db import SeatRow, Store
from keizai.web import create_app
from keizai.web.app import FRAME_EVENTS, Limits

GAME_ID = "0123456789ab"


def long_game(db_url: str) -> dict[str, Any]:
    """A finished 4-player 企業帝國 game (random moves) stored as the server stores one;
    its record."""
    state = keizai.new_game("enterprise-empire", 4, 1)
    state.play_out(Rng(1))
    record = state.record()
    store = Store(db_url)
    try:
        store.create_game(GAME_ID, record, "host", [
            SeatRow(seat, "bot", "random", f"token{seat}", True) for seat in range(4)])
    finally:
        store.close()
    return record


def events_at(record: dict[str, Any], step: int, seat: int | None) -> list[Any]:
    """The events `seat` may read after `step` actions, from a replay of its own."""
    state = keizai.replay({**record, "actions": record["actions"][:step]})
    return [i18n.to_json(entry) for entry in state.events(seat)]


def frame(client: TestClient, step: int, **params: Any) -> Any:
    answer = client.get(f"/api/games/{GAME_ID}/replay",
                        params={"step": step, "log": "false", **params})
    assert answer.status_code == 200, answer.text[:200]
    return answer.json()


@pytest.fixture
def game(db_url: str) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    record = long_game(db_url)
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        yield client, record


@pytest.mark.parametrize("seat", [None, 0, 3])
def test_a_frame_carries_the_seat_s_events_from_since_at_most_frame_events(
        game: tuple[TestClient, dict[str, Any]], seat: int | None) -> None:
    client, record = game
    steps = len(record["actions"])
    seat_param = {} if seat is None else {"seat": str(seat)}
    for step in [steps, steps // 2, 70, 0]:
        whole = events_at(record, step, seat)
        if step == steps:
            assert len(whole) > 2 * FRAME_EVENTS   # a game long enough to tell
        for since in sorted({0, 1, len(whole) // 2, max(0, len(whole) - 3), len(whole),
                             len(whole) + 100}):
            got = frame(client, step, since=since, **seat_param)
            start = min(since, len(whole))
            assert (got["events_from"], got["event_count"]) == (start, len(whole))
            assert got["events"] == whole[start:start + FRAME_EVENTS], (step, since)
        # asked without `since`: from the first, as a page holding none asks
        assert frame(client, step, **seat_param)["events"] == whole[:FRAME_EVENTS]


def test_the_rest_of_a_frame_is_as_before(game: tuple[TestClient, dict[str, Any]]) -> None:
    """Only the events are cut: the view, the last action, the scores and the rounds of
    a frame asked with `since` are those of the frame asked without."""
    client, record = game
    step = len(record["actions"]) - 1
    whole, cut = frame(client, step, seat="2"), frame(client, step, seat="2", since=100)
    assert {k: v for k, v in cut.items() if k not in ("events", "events_from")} \
        == {k: v for k, v in whole.items() if k not in ("events", "events_from")}


def test_a_frame_encodes_at_most_frame_events_events(
        game: tuple[TestClient, dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    """The work a frame asks of the replay thread no longer grows with the game's log."""
    client, record = game
    encoded = []
    real = i18n.to_json

    def to_json(entry: Any) -> Any:
        encoded.append(entry)
        return real(entry)

    monkeypatch.setattr(i18n, "to_json", to_json)
    frame(client, len(record["actions"]))
    assert 0 < len(encoded) <= FRAME_EVENTS


@pytest.mark.parametrize("since", ["-1", "x", "1.5"])
def test_since_is_a_whole_number(game: tuple[TestClient, dict[str, Any]],
                                 since: str) -> None:
    client, _record = game
    answer = client.get(f"/api/games/{GAME_ID}/replay",
                        params={"step": 5, "log": "false", "since": since})
    assert answer.status_code == 400, answer.text[:200]
    assert answer.json()["error"]["code"] == "invalid_request"
