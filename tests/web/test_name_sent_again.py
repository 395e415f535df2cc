"""A seat's name sent again, unchanged, is not written and tells nobody.

Found by session 32's strangers' pass (h199; h207): `SocialStore.name_seat` wrote the name
and sent its notice whatever it was, so `POST /api/games/{id}/seats/{seat}/join` with the
seat's own name again cost a write, a NOTIFY that every process holding the game reads
(its seat rows read again), and a presence to every page: now only its budget."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import create, live, next_state
from tests.web.test_handover_flood import nothing_waiting

GAME = "enterprise-empire"


def test_a_name_sent_again_unchanged_tells_nobody(client: TestClient) -> None:
    game = create(client, GAME, ["human"] * 4)
    base = f"/api/games/{game['id']}"
    with live(client, game) as spectator:
        next_state(spectator)
        for _ in range(3):
            named = client.post(f"{base}/seats/0/join", json={
                "token": game["seats"][0]["token"], "name": "Ann"})
            assert named.status_code == 200, named.text
            assert named.json()["name"] == "Ann"
        message = spectator.receive_json()
        assert message["type"] == "presence" and message["seats"][0]["name"] == "Ann"
        nothing_waiting(spectator)
        # a new name is told again
        renamed = client.post(f"{base}/seats/0/join", json={
            "token": game["seats"][0]["token"], "name": "Bo"})
        assert renamed.status_code == 200, renamed.text
        message = spectator.receive_json()
        assert message["type"] == "presence" and message["seats"][0]["name"] == "Bo"
