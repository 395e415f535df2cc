"""The replay thread (`keizai.web.table.off_loop`: replay frames, the whole log of a
first view or a WebSocket's hello, loading a game, an undo) is taken in turns by client,
an IPv6 client's /48 being one: a client asking for many frames of a long replay at once
delays another client's first view by one of them, not by all. Before session 29 it
served the work in the order asked: measured with `keizai serve` (docs/web.md, Rate
limits), 16 clients of one /48 asking for the last frame of a 1,042-step 企業帝國 game
within their budgets made a player's WebSocket wait 4.6 s for its hello (18 ms without).

The thread is held by the attacker's first frame while the others are asked for; what
it then runs is noted in order."""

from __future__ import annotations

import asyncio
import threading
import warnings
from collections.abc import Callable
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.engine import replay_outline
from keizai.web import app as app_module
from keizai.web import create_app
from keizai.web import table as table_module
from keizai.web.app import Limits
from keizai.web.table import REPLAY_EACH
from tests.web.conftest import portal_of
from tests.web.social_helpers import finished_table, other_game

HONEST = "192.0.2.7"
ONE_ADDRESS = ["198.51.100.1"]
ONE_48 = [f"2001:db8:5:{n:x}::1" for n in range(REPLAY_EACH)]   # a /64 each


class Thread:
    """The replay thread's work noted in order ("frame", "log"), the first frame held
    until `release`; and how many requests have asked for the thread."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.order: list[str] = []
        self.started, self.release = threading.Event(), threading.Event()
        self.asked = 0
        real_frame, real_log = app_module.replay_frame, table_module.render_log
        real_off_loop = table_module.off_loop

        def frame(*args: Any) -> Any:
            self.order.append("frame")
            if not self.started.is_set():
                self.started.set()
                assert self.release.wait(20)
            return real_frame(*args)

        def log(*args: Any) -> Any:
            self.order.append("log")
            return real_log(*args)

        async def off_loop(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            self.asked += 1
            return await real_off_loop(function, *args, **kwargs)

        monkeypatch.setattr(app_module, "replay_frame", frame)
        monkeypatch.setattr(table_module, "render_log", log)
        monkeypatch.setattr(app_module, "off_loop", off_loop)
        monkeypatch.setattr(table_module, "off_loop", off_loop)

    async def until(self, done: Callable[[], bool]) -> None:
        for _ in range(2000):
            if done():
                return
            await asyncio.sleep(0.01)
        raise AssertionError("not reached")


def client_at(app: Any, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=(address, 5000)),
                             base_url="http://keizai.test")


async def frames_asked(app: Any, thread: Thread, addresses: list[str], game_id: str,
                       count: int) -> list[asyncio.Task[httpx.Response]]:
    """`count` frames of `game_id` asked for by `addresses` in turn, the first holding the
    thread, all of them asking for it."""
    clients = [client_at(app, address) for address in addresses]
    frames = [asyncio.create_task(clients[n % len(clients)].get(
        f"/api/games/{game_id}/replay", params={"step": 1})) for n in range(count)]
    await thread.until(lambda: thread.started.is_set() and thread.asked >= count)
    return frames


@pytest.mark.parametrize("addresses", [ONE_ADDRESS, ONE_48], ids=["one_address", "one_48"])
def test_a_first_view_waits_for_one_frame_of_another_client_not_all(
        db_url: str, monkeypatch: pytest.MonkeyPatch, addresses: list[str]) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        finished, other = finished_table(client)["id"], other_game(client)
        thread = Thread(monkeypatch)

        async def scenario() -> tuple[list[int], int]:
            frames = await frames_asked(app, thread, addresses, finished, REPLAY_EACH)
            async with client_at(app, HONEST) as honest:
                view = asyncio.create_task(honest.get(f"/api/games/{other}/view"))
                await thread.until(lambda: thread.asked == REPLAY_EACH + 1)
                thread.release.set()
                answers = await asyncio.gather(*frames)
                return [a.status_code for a in answers], (await view).status_code

        frames, view = portal_of(client).call(scenario)
    assert frames == [200] * REPLAY_EACH and view == 200
    # the held frame, at most one more of the other client's, then the view's log
    # (before: after all of them, at index REPLAY_EACH)
    assert thread.order.index("log") <= 2, thread.order


@pytest.mark.parametrize("addresses", [ONE_ADDRESS, ONE_48], ids=["one_address", "one_48"])
def test_a_client_waits_for_the_replay_thread_with_a_bounded_number_of_requests(
        db_url: str, monkeypatch: pytest.MonkeyPatch, addresses: list[str]) -> None:
    """Past the one running and REPLAY_EACH waiting, a client's (a /48's) frames are
    refused as a spent budget is (429 with Retry-After); another client's are not."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        finished = finished_table(client)["id"]
        thread = Thread(monkeypatch)
        asked = REPLAY_EACH + 5

        async def scenario() -> tuple[list[httpx.Response], int]:
            frames = await frames_asked(app, thread, addresses, finished, asked)
            async with client_at(app, HONEST) as honest:
                mine = asyncio.create_task(honest.get(f"/api/games/{finished}/replay"))
                await thread.until(lambda: thread.asked == asked + 1)
                thread.release.set()
                return await asyncio.gather(*frames), (await mine).status_code

        frames, mine = portal_of(client).call(scenario)
    refused = [answer for answer in frames if answer.status_code == 429]
    assert len(refused) == asked - 1 - REPLAY_EACH   # before: none (all 200)
    assert [a.status_code for a in frames].count(200) == 1 + REPLAY_EACH
    assert all(a.json()["error"]["code"] == "rate_limited" and a.headers["retry-after"]
               for a in refused)
    assert mine == 200
    assert thread.order.count("frame") == 2 + REPLAY_EACH


def test_frames_asked_at_once_replay_the_outline_once_in_the_replay_thread(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's outline (its rounds and movers, `app.Outlines`) is replayed once
    for the frames that ask for it before it is kept, in the replay thread: each replayed
    the whole game again in the default worker threads, which the reads share."""
    app = create_app(db_url, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        finished = finished_table(client)["id"]
        threads: list[str] = []
        first, release = threading.Event(), threading.Event()
        real = replay_outline   # what app.py calls, from the engine

        def outline(record: dict[str, Any]) -> Any:
            threads.append(threading.current_thread().name)
            if not first.is_set():
                first.set()
                assert release.wait(20)
            return real(record)

        monkeypatch.setattr(app_module, "replay_outline", outline)
        asked = [0]
        real_of = app_module.Outlines.of

        async def of(self: Any, *args: Any) -> Any:
            asked[0] += 1
            return await real_of(self, *args)

        monkeypatch.setattr(app_module.Outlines, "of", of)

        async def scenario() -> list[int]:
            async with client_at(app, ONE_ADDRESS[0]) as attacker:
                frames = [asyncio.create_task(attacker.get(
                    f"/api/games/{finished}/replay", params={"step": 1})) for _ in range(8)]
                for _ in range(2000):
                    if first.is_set() and asked[0] == 8:
                        break
                    await asyncio.sleep(0.01)
                release.set()
                return [answer.status_code for answer in await asyncio.gather(*frames)]

        assert portal_of(client).call(scenario) == [200] * 8
    # before: 8 replays, in the default pool's threads ("asyncio_0", ...)
    assert len(threads) == 1 and threads[0].startswith("keizai-replay"), threads
