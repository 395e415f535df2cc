"""A move, an undo or a hand-over to a bot sent without the seat's token reads nothing
of the store.

Found by h182 in session 30 (scratch probe_owner_reads.py): `/actions` and `/undo` asked
whether an account sat at the seat (`Social.check_owner`: a guest's seat is one read of
the store's seats) before the token was looked at, so a stranger without any token made
the process read the store once per request, as fast as the budget of moves lets one
client (100 such requests: 100 reads); so did a hand-over to a bot sent with no token at
all. The seat's owner is now asked only when the request carries the seat's own token;
every other request is refused by the token check as before (403 `forbidden`).

h186 (session 30) found one more: the rematch's seat (`/rematch/seat`) read the game's
seats and settings again (another process may have made the rematch) before the token
was looked at."""

from __future__ import annotations

from keizai.store.social import SeatPlayer, SocialStore
from tests.web.conftest import create
from tests.web.social_helpers import token_of


def test_moves_undos_rematch_seats_and_hand_overs_without_a_token_read_no_seat_owner(
        client, monkeypatch) -> None:
    reads: list[str] = []
    read = SocialStore.seat_players

    def counted(store: SocialStore, game_id: str) -> dict[int, SeatPlayer]:
        reads.append(game_id)
        return read(store, game_id)

    monkeypatch.setattr(SocialStore, "seat_players", counted)
    game = create(client, seats=["human", "human"])
    url = f"/api/games/{game['id']}"
    before = len(reads)
    for token in (None, "wrong", token_of(game, 0)):   # seat 0's token opens no seat 1
        sent = {"seat": 1} | ({} if token is None else {"token": token})
        for path, body in (("actions", {**sent, "action": "x"}), ("undo", sent),
                           ("rematch/seat", sent)):
            refused = client.post(f"{url}/{path}", json=body)
            assert refused.status_code == 403, refused.text
            assert refused.json()["error"]["code"] == "forbidden"
    assert len(reads) == before
    for nothing in ({}, {"token": None}):   # a hand-over to a bot without any token
        refused = client.post(f"{url}/seats/1/bot", json=nothing)
        assert refused.status_code == 403, refused.text
    assert len(reads) == before
    # the seat's own token still asks whose it is (an account's seat needs its session)
    client.post(f"{url}/undo", json={"seat": 1, "token": token_of(game, 1)})
    assert len(reads) == before + 1
