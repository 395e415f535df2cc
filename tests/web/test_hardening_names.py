"""A name must not pass for another person's, the host's or a seat's by characters a
browser draws as nothing.

Found by the session-21 attack pass: display names and usernames kept Unicode's default
ignorable characters that are not control or format characters (the combining grapheme
joiner U+034F, the variation selectors U+FE00-FE0F and U+E0100-E01EF, the Mongolian
ones, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0). Chromium draws "P\\u034f2" and
"ho\\u034fst" exactly as "P2" and "host" (the same glyphs, the same width), so a seat took
another seat's default name or the host's and chatted as them, took a name another seat
has ("Al\\u180bice" beside "Alice"), or a blank name of Hangul fillers; and an account
"alice\\u1160" read as "alice " beside the player "alice" on the leaderboard."""

from __future__ import annotations

from keizai.web.accounts import clean_username
from keizai.web.social import clean_name
from tests.web.social_helpers import new_table, token_of, view

HIDDEN = ("\u034f", "\ufe00", "\ufe0f", "\U000e0101", "\u180b", "\u17b4", "\u115f",
          "\u1160", "\u3164", "\uffa0")


def test_characters_drawn_as_nothing_are_left_out_of_display_names() -> None:
    for hidden in HIDDEN:
        assert clean_name(f"Bo{hidden}b") == "Bob", repr(hidden)
        assert clean_name(f"P{hidden}2") == "P2", repr(hidden)


def test_a_seat_cannot_pass_for_another_by_an_invisible_character(client) -> None:
    created = new_table(client, ["human", "human", "human"])
    game_id = created["id"]

    def join(seat: int, name: str):
        return client.post(f"/api/games/{game_id}/seats/{seat}/join", json={"name": name},
                           headers={"x-keizai-token": token_of(created, seat)})

    assert join(1, "Alice").status_code == 200
    for name in ("P\u034f1", "P\ufe0f2", "ho\u034fst", "HO\U000e0101ST"):
        refused = join(2, name)
        assert refused.status_code == 400, (repr(name), refused.text)
        assert refused.json()["error"]["id"] == "web.err.name_reserved"
    for name in ("Al\u180bice", "Alice\u1160", "A\u3164lice"):
        taken = join(2, name)
        assert taken.status_code == 409, (repr(name), taken.text)
        assert taken.json()["error"]["code"] == "name_taken"
    blank = join(2, "\u1160\u3164\uffa0")
    assert blank.status_code == 400 and blank.json()["error"]["code"] == "invalid_name"
    assert join(2, "Iv\u034fy").status_code == 200
    names = [s["name"] for s in view(client, game_id, 2, token_of(created, 2))["seats"]]
    assert names == [None, "Alice", "Ivy"]


def test_a_username_with_a_character_drawn_as_nothing_is_refused(client) -> None:
    assert client.post("/api/account/register", json={
        "username": "alice", "password": "correct horse battery"}).status_code == 201
    for name in ("alice\u1160", "ali\u3164ce", "\uffa0alice"):
        refused = client.post("/api/account/register", json={
            "username": name, "password": "correct horse battery"})
        assert refused.status_code == 400, (repr(name), refused.text)
        assert refused.json()["error"]["code"] == "invalid_username"
    assert clean_username("ありす_2") == "ありす_2"   # other scripts stay welcome
