"""A person's name may not read as a bot's label, in any of the page's languages.

Found in session 32 (the strangers' pass on names): a seat's own default name is no
other seat's, so seat P2 named itself "P2 (bot: hard)" and its line in the Seats panel
and the lobby read as a hard bot's, "P2 (bot: hard) online", the way the page labels a
bot ("P2 (bot: hard)", 「P2（ボット：強い）」, 「P2（電腦玩家：困難）」). Players treat a bot
differently (they wait for it, hand it a seat), so a name that holds the word a bot is
labelled with in any language is refused (`web.err.name_bot`); a word that only holds it
("Robot", ロボット) is another word.
"""

from __future__ import annotations

import pytest

from keizai import i18n
from tests.web.conftest import create


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


def seat_label(lang: str, seat: int, level: str) -> str:
    """A bot's seat as the page and the terminal label it ("P2 (bot: hard)")."""
    bot = i18n.tr("seat_bot", lang, level=i18n.tr(f"bot.{level}", lang))
    return f"P{seat + 1}{i18n.tr('paren', lang, bot)}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_seat_named_as_a_bot_of_its_own_number_is_refused(client, lang: str) -> None:
    game = create(client, seats=["human", "human"])
    name = seat_label(lang, 1, "hard")   # "P2 (bot: hard)": its own default, then a bot
    refused = join(client, game, 1, name)
    assert refused.status_code == 400, (name, refused.text)       # before: 200
    assert refused.json()["error"]["id"] == "web.err.name_bot"
    assert i18n.tr("web.err.name_bot", lang, name=name)   # said in the page's language
    seats = client.get(f"/api/games/{game['id']}").json()["seats"]
    assert [s["name"] for s in seats] == [None, None]


@pytest.mark.parametrize("name", ["Bot", "bot: easy", "Alice (bot)", "B0T", "ｂｏｔ",
                                  "\u0412\u043e\u0442", "bot_2", "Alice（ボット）",
                                  "電腦玩家", "P1 (bot: hard)", "強いボット", "我是電腦玩家"])
def test_a_name_holding_a_bots_word_is_refused(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    refused = join(client, game, 1, name)
    assert refused.status_code == 400, (name, refused.text)       # before: 200 (P1 400)
    assert refused.json()["error"]["id"] == "web.err.name_bot"


@pytest.mark.parametrize("name", ["Robot", "Abbott", "Talbot", "Botan", "ロボット",
                                  "ロボットくん", "P2", "P2 (Tokyo)"])
def test_a_name_that_only_holds_the_letters_is_taken(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, (name, joined.text)
    assert joined.json()["name"] == name
