"""A bot spec is stored as the bots read it (`keizai.web.bots.canonical_spec`), and is
short enough to name its player on the rating ladder.

Found in the session-25 attack pass: the spec was kept as sent, and it names the seat's
player on the ladder ("bot:<spec>"), so "random " (drawn exactly as "random"), "RANDOM"
and "Random<tab>" were each a rated player of their own beside "random" (a game of bots
alone, which anyone may start, made one). And a spec of 61-64 characters made a ladder
key past its 64 characters: on PostgreSQL the rating failed (DataError) and the game was
never rated (checked, scratch h126/p4.py)."""

from __future__ import annotations

import time

from keizai.web.bots import MAX_SPEC
from tests.web.conftest import TestClient
from tests.web.social_helpers import new_table


def test_a_bot_spec_is_stored_as_the_bots_read_it(client: TestClient) -> None:
    created = new_table(client, ["human", "RANDOM", " Random\t", "mcts: Time = 0.5 :c=1"])
    assert [seat["agent"] for seat in created["seats"]] \
        == [None, "random", "random", "mcts:c=1:time=0.5"]


def test_a_spelling_of_random_is_not_a_player_of_its_own(client: TestClient) -> None:
    """Two spellings of one level: one player, so the game is not rated (one_player),
    and the ladder gains no look-alike "random "."""
    created = new_table(client, ["random ", "random"])
    deadline = time.monotonic() + 60
    while not client.get(f"/api/games/{created['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.05)
    board = client.get("/api/leaderboard",
                       params={"game": "national-economy/mecenat"}).json()
    assert board["players"] == []


def test_a_spec_longer_than_max_spec_is_refused(client: TestClient) -> None:
    """Past `MAX_SPEC` (60 then, 200 since the columns were widened: migration 0016)."""
    base = "mcts:iterations=1:time=0.1:cap=0.1:depth=0:c=1."
    spec = base + "0" * (MAX_SPEC + 1 - len(base))
    refused = client.post("/api/tables", json={"game": "national-economy/mecenat",
                                               "seats": [spec, "random"]})
    assert refused.status_code == 400
    assert refused.json()["error"]["id"] == "web.err.bot_spec_long"
    assert f"at most {MAX_SPEC}" in refused.json()["error"]["message"]
    shorter = spec[:-1]
    assert len(shorter) == MAX_SPEC
    assert client.post("/api/tables", json={"game": "national-economy/mecenat",
                                            "seats": [shorter, "random"]}).status_code == 201
