"""A replay frame of a finished game replays at most `EVERY` moves, from the game's
nearest kept state (`keizai.web.checkpoints`), once a frame of the game has been asked;
a frame with the English log counts as a `/view` too; and an IPv6 /48 has 4 clients'
frames and whole logs, not 16 (`app.WIDE_SHARES`). Before session 29 every frame
replayed the game from its set-up to its step: a stranger's /48 asking for the last frame
of a long 企業帝國 game within its budget kept the replay thread busy, and an honest
player's WebSocket hello waited 0.34 s for it (7 ms quiet; docs/web.md, Rate limits)."""

from __future__ import annotations

import dataclasses
import json
import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import keizai
from keizai.engine import replay_outline
from keizai.web import app as app_module
from keizai.web import create_app
from keizai.web.app import Limits, replay_frame
from keizai.web.checkpoints import EVERY, Checkpoints
from keizai.web.networks import WIDE_SHARE
from keizai.web.table import encode
from tests.web.conftest import portal_of
from tests.web.social_helpers import finished_table
from tests.web.test_replay_turns import client_at


class Replayed:
    """Moves replayed for frames: those of whole records replayed (`keizai.replay`) and
    those replayed from a checkpoint."""

    def __init__(self, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app, self.whole = app, 0
        real = keizai.replay

        def replay(record: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
            self.whole += len(record["actions"])
            return real(record, *args, **kwargs)

        monkeypatch.setattr(keizai, "replay", replay)

    def moves(self) -> int:
        checkpoints = getattr(self.app.state, "checkpoints", None)
        return self.whole + (checkpoints.replayed if checkpoints else 0)


def frame(client: TestClient, game_id: str, step: int, **params: Any) -> Any:
    return client.get(f"/api/games/{game_id}/replay", params={"step": step, **params})


EVERY_HERE = 16   # a mecenat game against a bot is about 80 steps


def test_a_frame_replays_at_most_every_moves_once_the_game_was_asked(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "Checkpoints", lambda: Checkpoints(every=EVERY_HERE),
                        raising=False)
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        game = finished_table(client)["id"]
        steps = frame(client, game, 0).json()["steps"]
        assert steps > 2 * EVERY_HERE   # a game long enough to tell
        replayed = Replayed(app, monkeypatch)
        assert frame(client, game, steps).status_code == 200   # the first: up to its step
        assert replayed.moves() <= steps
        for step in [steps, steps - 1, steps // 2, 1, EVERY_HERE, steps] * 2:
            before = replayed.moves()
            assert frame(client, game, step, log="false").status_code == 200
            assert replayed.moves() - before <= EVERY_HERE, (step, replayed.moves() - before)


@pytest.mark.parametrize("seat", [None, "0", "1"])
def test_a_frame_from_a_checkpoint_is_the_frame_of_a_whole_replay(
        client: TestClient, seat: str | None) -> None:
    game = finished_table(client)["id"]
    record = client.get(f"/api/games/{game}/record").json()
    steps = len(record["actions"])
    outline, final = replay_outline(record), keizai.replay(record)
    number = None if seat is None else int(seat)
    asked = [steps, EVERY, EVERY - 1, EVERY + 1, steps // 2, 0, 1, steps - 1, 2 * EVERY]
    for step in [n for n in asked if n <= steps]:
        params = {} if seat is None else {"seat": seat}
        got = frame(client, game, step, **params).json()
        alone = keizai.replay({**record, "actions": record["actions"][:step]})
        whole = json.loads(encode(replay_frame(alone, record, step, number, True, outline,
                                                final)))
        assert got == whole, step


@pytest.mark.parametrize("kind", ["replay", "view"])
def test_a_48_asks_for_frames_and_logs_with_four_clients_budgets_not_sixteen(
        db_url: str, kind: str) -> None:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game = finished_table(client)["id"]
    budget: dict[str, Any] = {kind: (2, 1e-6)}
    limits = dataclasses.replace(Limits.off(), **budget)
    app = create_app(db_url, bot_workers=1, limits=limits)
    one_48 = [f"2001:db8:5:{n:x}::1" for n in range(WIDE_SHARE)]   # a /64 each
    path, params = {"replay": (f"/api/games/{game}/replay", "step=1&log=false"),
                    "view": (f"/api/games/{game}/view", "")}[kind]

    async def asked() -> list[int]:
        answers = []
        for address in one_48 * 2:
            async with client_at(app, address) as asker:
                answers.append((await asker.get(path, params=params)).status_code)
        return answers

    with TestClient(app) as client:
        answers = portal_of(client).call(asked)
    # the /48's 4 clients' bursts of 2 (before: 16 clients', all 32)
    assert answers == [200] * 8 + [429] * (2 * WIDE_SHARE - 8)


def test_a_frame_with_the_log_counts_as_a_view(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        game = finished_table(client)["id"]   # (its play asks for views)
    limits = dataclasses.replace(Limits.off(), view=(3, 1e-6), replay=(100, 1.0))
    with TestClient(create_app(db_url, bot_workers=1, limits=limits)) as client:
        logged = [frame(client, game, 5).status_code for _ in range(5)]
        bare = [frame(client, game, 5, log="false").status_code for _ in range(5)]
        viewed = client.get(f"/api/games/{game}/view").status_code
    assert logged == [200, 200, 200, 429, 429]
    assert bare == [200] * 5
    assert viewed == 429


def test_a_frame_replaying_more_than_every_moves_counts_as_a_load(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame of a game whose states are not kept (the checkpoints keep the games asked
    last) replays it from its set-up up to its step, as loading a game does, and counts
    as a load; a frame from a kept state, or of a step before the first one kept, does
    not. Until session 30 a client asking for the last frame of 40 games in turn replayed
    a whole game each time, within the frames' budget alone (bench/web_load.py frames)."""
    monkeypatch.setattr(app_module, "Checkpoints",
                        lambda: Checkpoints(every=EVERY_HERE, games=1), raising=False)
    app = create_app(db_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), load=(2, 1e-6)))
    with TestClient(app) as client:
        first, second = finished_table(client)["id"], finished_table(client)["id"]
        last = {game: frame(client, game, 0, log="false").json()["steps"]
                for game in (first, second)}
        assert min(last.values()) > 2 * EVERY_HERE
        asked = [(first, last[first]), (first, last[first] - 1),   # a load, then kept
                 (second, last[second]), (second, last[second] - 2),   # a load, kept
                 (first, last[first]),   # a load again: refused, the budget spent
                 (first, EVERY_HERE - 1), (first, EVERY_HERE)]   # not more than EVERY
        answers = [frame(client, game, step, log="false").status_code
                   for game, step in asked]
    assert answers == [200, 200, 200, 200, 429, 200, 200]


def test_a_48_s_frames_replaying_whole_games_are_four_clients_loads(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Frames of two games in turn, the checkpoints keeping one: each replays its game
    from its set-up, a load each; the /64s of one /48 have 4 clients' loads together, as
    they have 4 clients' frames (before: 16 clients' loads, 32 whole replays where 8 are
    now)."""
    monkeypatch.setattr(app_module, "Checkpoints",
                        lambda: Checkpoints(every=EVERY_HERE, games=1), raising=False)
    app = create_app(db_url, bot_workers=1,
                     limits=dataclasses.replace(Limits.off(), load=(2, 1e-6)))
    one_48 = [f"2001:db8:5:{n:x}::1" for n in range(WIDE_SHARE)]   # a /64 each
    with TestClient(app) as client:
        games = [finished_table(client)["id"] for _ in range(2)]
        last = [frame(client, game, 0, log="false").json()["steps"] for game in games]

        async def asked() -> list[int]:
            answers = []
            for turn, address in enumerate(one_48 * 2):
                async with client_at(app, address) as asker:
                    answers.append((await asker.get(
                        f"/api/games/{games[turn % 2]}/replay",
                        params={"step": last[turn % 2], "log": "false"})).status_code)
            return answers

        answers = portal_of(client).call(asked)
    # the /48's 4 clients' bursts of 2 loads; then each refused frame leaves the other
    # game's checkpoints kept, whose next frame is no load
    assert answers == [200] * 8 + [429, 200] * (WIDE_SHARE - 4)
