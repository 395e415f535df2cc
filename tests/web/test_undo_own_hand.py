"""Undo after the human's own build (issue #12, finding 5, read per seat): a card leaving
the human's own hand is news to the bots, not to the human, so it does not end the
human's undo; a whole decision (a payment chosen at once) is taken back whole; and the
steps of a whole decision are stored in one transaction (all or none)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.conftest import create, live, next_state
from tests.web.test_whole_api import _to_house_purchase

# Progress, 2 players, seed 4: P1 builds a Design Office paying a Farm from the hand; the
# random bot then trains at the School (nothing drawn or revealed).
SEED = 4
BUILD = ["place:carpenter", "build:design_office", "pay:farm"]


def _build_then_wait(client):
    game = create(client, "national-economy/progress", seats=["human", "random"],
                  seed=SEED)
    table = client.app.state.tables.get(game["id"])
    ws_cm = live(client, game, 0)
    ws = ws_cm.__enter__()
    next_state(ws)
    for step, name in enumerate(BUILD):
        ws.send_json({"type": "act", "action": name, "step": step})
        next_state(ws, lambda m, s=step: m["step"] >= s + 1)
    return game, table, ws_cm, ws


def test_the_humans_own_build_does_not_end_undo(client) -> None:
    game, table, ws_cm, ws = _build_then_wait(client)
    try:
        later = next_state(ws, lambda m: m["current_player"] == 0 and m["step"] >= 4)
        actions = table.state.record()["actions"]
        assert actions == [*BUILD, "place:school"]
        assert later["undo"], "the human only showed their own cards"
        ws.send_json({"type": "undo"})
        back = next_state(ws, lambda m: m["step"] == 2)
    finally:
        ws_cm.__exit__(None, None, None)
    assert back["current_player"] == 0
    assert table.store.action_count(game["id"]) == 2


@pytest.fixture
def two_humans(db_url: str) -> Iterator[TestClient]:
    """A known two-human Futuropia position (a chosen seed, as in test_whole_api)."""
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               chosen_seeds=True)) as test_client:
        yield test_client


def test_a_whole_decision_is_stored_all_or_nothing(two_humans, monkeypatch) -> None:
    """A storage failure in the middle of a whole decision leaves nothing of it stored or
    applied (it used to keep the steps written before the failure)."""
    client = two_humans
    game = _to_house_purchase(client)
    table = client.app.state.tables.get(game["id"])
    store = table.store
    written = []

    def guard(steps: int) -> None:
        written.append(steps)
        if sum(written) > 1:   # the first step of the purchase may be written
            raise OSError("disk full")

    for method, count in (("append_action", lambda a: 1),
                          ("append_actions", lambda a: len(a[2]))):
        real = getattr(store, method)

        def wrapped(*args, _real=real, _count=count, **kwargs):
            guard(_count(args))
            return _real(*args, **kwargs)

        monkeypatch.setattr(store, method, wrapped)
    with live(client, game, 0) as ws:
        first = next_state(ws)
        ws.send_json({"type": "act_whole", "chosen": {"L01A": 1, "L03A": 1, "L05A": 1},
                      "step": first["step"]})
        error = next_state(ws, lambda m: False)
    assert error["error"]["code"] == "storage_error"
    assert store.action_count(game["id"]) == first["step"]
    assert len(table.state.history) == first["step"]
