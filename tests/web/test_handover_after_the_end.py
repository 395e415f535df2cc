"""Nobody hands a seat to a bot once the game is over.

Found in session 32's attack pass on seat tokens: the hand-over took any token of the
table after the end, and the rematch makes a seat handed to a bot whose player never
named it a bot (docs/social.md, Rematch). So the other player (or the host), waiting
out the away time after the last move, handed the loser's seat to a bot and asked for
the rematch: the loser's seat there was a bot, and their `rematch/seat` was 404.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.social_helpers import new_table, play_out, token_of


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # a seat away at all may be handed over by the others: no waiting in the test
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off(),
                               handover_after=0.0)) as test_client:
        yield test_client


@pytest.mark.parametrize("by", ["other seat", "host", "own seat"])
def test_a_finished_games_seat_is_not_handed_to_a_bot(client, by: str) -> None:
    created = new_table(client, ["human", "human"])
    game_id, loser, other = created["id"], token_of(created, 0), token_of(created, 1)
    play_out(client, game_id, {0: loser, 1: other})
    token = {"other seat": other, "host": created["host_token"], "own seat": loser}[by]
    handed = client.post(f"/api/games/{game_id}/seats/0/bot",
                         json={"token": token, "agent": "random"})
    assert handed.status_code == 409, handed.text          # before: 200
    assert handed.json()["error"]["id"] == "refuse.game_over"
    seats = client.get(f"/api/games/{game_id}").json()["seats"]
    assert seats[0]["kind"] == "human"
    # the rematch keeps the seat its player's, who takes it with their old link
    rematch = client.post(f"/api/games/{game_id}/rematch", json={"token": other})
    new_id = rematch.json()["id"]
    assert client.get(f"/api/games/{new_id}").json()["seats"][0]["kind"] == "human"
    asked = client.post(f"/api/games/{game_id}/rematch/seat",
                        json={"seat": 0, "token": loser})
    assert asked.status_code == 200, asked.text            # before: 404
    assert asked.json()["id"] == new_id and asked.json()["token"]
