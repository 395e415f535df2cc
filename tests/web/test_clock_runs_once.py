"""Found in session 29 against a real `keizai serve --clock-fast 4`: a player could hold
their turn for good. A turn's clock that had stopped (run out, or stopped as a bot took
the seat) began a whole period when the seat was taken back at the same decision: "I'm
back" just after each time-out (before the bot, thinking and waiting `--bot-delay`,
moved), or a hand-over to a bot just before the deadline and "I'm back" just after,
gave the player 7 periods in 30 s and the game never moved on. A turn's clock now runs
once, with one more period once at that decision (a player back just after the bot
took the seat); taken back again after that ran out too, the seat goes back to the bot
at once, which plays the decision."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.social import SocialConfig
from tests.web.test_bot_churn import WAIT, GatedPool

GAME = "national-economy/mecenat"
PERIOD = 1.0   # seconds per decision


def table(client: TestClient) -> tuple[str, int, str]:
    """A clocked game of two people: its id, the seat to move and its token."""
    created = client.post("/api/tables", json={"game": GAME, "seats": ["human", "human"],
                                               "clock": "fast"})
    assert created.status_code == 201, created.text
    game = created.json()
    mover = client.get(f"/api/games/{game['id']}").json()["current_player"]
    return game["id"], mover, game["seats"][mover]["token"]


def deadline(client: TestClient, game_id: str, seat: int, token: str) -> Any:
    return client.get(f"/api/games/{game_id}/view", params={"seat": seat},
                      headers={"x-keizai-token": token}).json()["table"]["deadline"]


def until(check: Any) -> None:
    give_up = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < give_up
        time.sleep(0.02)


def kind(client: TestClient, game_id: str, seat: int) -> str:
    return client.get(f"/api/games/{game_id}").json()["seats"][seat]["kind"]


def back(client: TestClient, game_id: str, seat: int, token: str) -> Any:
    """The seat taken back ("I'm back"): its deadline then."""
    answer = client.post(f"/api/games/{game_id}/seats/{seat}/back", json={"token": token})
    assert answer.status_code == 200, answer.text
    return deadline(client, game_id, seat, token)


def out_of_time(client: TestClient, game_id: str, seat: int, token: str) -> None:
    """Waits until the seat's clock ran out: a bot has the seat, and no deadline runs."""
    until(lambda: kind(client, game_id, seat) == "bot"
          and deadline(client, game_id, seat, token) is None)


def no_more_period(client: TestClient, pool: GatedPool, game_id: str, seat: int,
                   token: str, last: Any) -> None:
    """The seat is taken back once more at the same decision, its one more period run
    out: the deadline is no later than the last (or none: a bot has it again), and the
    bot plays the decision."""
    after = back(client, game_id, seat, token)
    assert after is None or after["at"] <= last["at"], (
        f"a new period: {after['at'] - last['at']:.2f} s more")
    until(lambda: kind(client, game_id, seat) == "bot")
    for _answer in range(3):   # the bot's, or the clock's bot's after the player's
        asked = pool.asked
        pool.answer()
        until(lambda asked=asked: moved(client, game_id) or pool.asked > asked)
        if moved(client, game_id):
            return
    raise AssertionError("the bot did not move in 3 decisions")


def moved(client: TestClient, game_id: str) -> bool:
    return bool(client.get(f"/api/games/{game_id}").json()["step"] > 0)


def test_i_am_back_after_each_time_out_is_one_more_period_once(db_url: str) -> None:
    pool = GatedPool()
    config = SocialConfig(clock_seconds={"relaxed": PERIOD, "fast": PERIOD})
    try:
        with TestClient(create_app(db_url, pool=pool, limits=Limits.off(),
                                   social_config=config)) as client:
            game_id, seat, token = table(client)
            first = deadline(client, game_id, seat, token)
            assert first is not None and first["seat"] == seat
            assert pool.wait_asked(1)   # out of time: a bot has the seat and thinks
            more = back(client, game_id, seat, token)
            assert more is not None and more["at"] > first["at"]   # one more period
            out_of_time(client, game_id, seat, token)
            no_more_period(client, pool, game_id, seat, token, more)
    finally:
        pool.executor.shutdown(wait=False, cancel_futures=True)


def test_hand_overs_across_the_deadline_are_one_more_period_once(db_url: str) -> None:
    pool = GatedPool()
    config = SocialConfig(clock_seconds={"relaxed": PERIOD, "fast": PERIOD})
    try:
        with TestClient(create_app(db_url, pool=pool, limits=Limits.off(),
                                   social_config=config)) as client:
            game_id, seat, token = table(client)
            last = deadline(client, game_id, seat, token)
            for turn in range(2):
                handed = client.post(f"/api/games/{game_id}/seats/{seat}/bot",
                                     json={"token": token, "agent": "easy"})
                assert handed.status_code == 200, handed.text
                assert pool.wait_asked(1)
                until(lambda: deadline(client, game_id, seat, token) is None)   # ran out
                if turn == 0:
                    last = back(client, game_id, seat, token)   # one more period
                    assert last is not None
            no_more_period(client, pool, game_id, seat, token, last)
    finally:
        pool.executor.shutdown(wait=False, cancel_futures=True)
