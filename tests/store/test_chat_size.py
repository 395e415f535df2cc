"""A game's chat grows for as long as its seats talk (5 messages per seat per 10 s, a
client 20 then one a second): reading its last messages and counting a seat's recent
ones before a new message must not read all of them."""

from __future__ import annotations

from sqlalchemy import text

from tests.postgres import rows_read
from tests.store.sizes import filled, plans_read


def test_a_long_chat_is_read_and_counted_by_its_newest_messages(postgres_url: str) -> None:
    """20,000 messages in one game, then 20,000 in another. Before, the last 50 of the
    first were found by reading and sorting all of its messages, and each new message
    counted its seat's messages of the last 10 s by reading every message of the game,
    under the game's row lock (which the game's moves wait for): 40-50 ms each with
    200,000 (measured), growing with the chat. Now by indexes on (game, id) and (game,
    seat, time)."""
    games = text(
        "INSERT INTO games (id, game, players, seed, options, host_token, created, version)"
        " SELECT id, 'national-economy/mecenat', 2, 1, '{}', 'h', now(), 0"
        " FROM (VALUES ('g'), ('other')) v(id)")
    chats = (text(
        "INSERT INTO chat_messages (game_id, seat, name, text, at) SELECT :g, n % 4, 'P',"
        " 'hello ' || n, now() - interval '" + age + "' - (20000 - n) * interval '1 ms'"
        " FROM generate_series(1, 20000) n").bindparams(g=game_id)
        for game_id, age in (("g", "1 hour"), ("other", "0 s")))
    with filled(postgres_url, "chat", games, *chats) as social:
        last = social.chat("g")
        assert [m["text"] for m in last] == [f"hello {n}" for n in range(19951, 20001)]
        assert plans_read(social, lambda: social.chat("g"), "chat_messages") == [50, 50]
        said = rows_read(social.engine, lambda: social.add_chat("g", 0, "P1", "hi", 5, 10.0),
                         "chat_messages", "count(")
        assert said <= 1   # the new message itself, if the EXPLAIN runs after it
        assert social.add_chat("g", 0, "P1", "again", 5, 10.0) is not None
