"""A name or chat line holds no character drawn wider than the page.

Found in session 32's attack pass on words, in Chromium: a browser breaks a line between
the characters a reader takes as one (extended grapheme clusters), never inside one, and
session 29's breaking of long words (style.css `overflow-wrap: anywhere`) cannot break
a single such character. A chat line of "👍" under 100 skin-tone modifiers, a letter
under 100 spacing marks, 100 emoji or consonants each joined to the next (a zero-width
joiner, a virama) or 100 Hangul jamo was drawn 500 to 1,900 px wide, past any panel and
a phone's page; a name of 24 such characters up to 350 px. `keizai.web.clusters` keeps
`MOST_JOINED` code points of one cluster; real writing needs fewer.
"""

from __future__ import annotations

import unicodedata

import pytest

from tests.web.conftest import create

WIDE = {
    "skin-tone modifiers": ("\U0001F44D", "\U0001F3FB"),
    "spacing marks": ("\u0915", "\u0903"),
    "emoji joined": ("\U0001F468", "\u200d\U0001F468"),
    "consonants joined by viramas": ("\u0915", "\u094d\u0915"),
    "Hangul jamo": ("\u1161", "\u11a8"),
}
BOX = 200   # px, the width the text is drawn in (a phone's Seats panel: about 340)


def drawn_width(browser, texts: list[str]) -> list[int]:
    """How wide Chromium draws each text in a box of BOX px that breaks anywhere it may
    (as style.css breaks names and chat lines)."""
    page = browser.new_page()
    return page.evaluate("""([texts, box]) => texts.map((t) => {
      const div = document.createElement('div');
      div.style.width = box + 'px';
      const bdi = div.appendChild(document.createElement('bdi'));
      bdi.style.overflowWrap = 'anywhere';
      bdi.textContent = t;
      document.body.appendChild(div);
      return div.scrollWidth; })""", [texts, BOX])


def join(client, game: dict, seat: int, name: str):
    return client.post(f"/api/games/{game['id']}/seats/{seat}/join", json={
        "token": game["seats"][seat]["token"], "name": name})


@pytest.mark.parametrize("kind", list(WIDE))
def test_a_chat_line_or_a_name_of_one_wide_character_fits_its_box(client, browser,
                                                                 kind: str) -> None:
    first, more = WIDE[kind]
    game = create(client, seats=["human", "human"])
    line = first + more * (190 // len(more))
    said = client.post(f"/api/games/{game['id']}/chat", json={
        "seat": 1, "token": game["seats"][1]["token"], "text": line})
    assert said.status_code == 201, said.text
    joined = join(client, game, 1, first + more * (23 // len(more)))
    assert joined.status_code == 200, joined.text
    kept = [said.json()["text"], joined.json()["name"]]
    assert drawn_width(browser, kept) == [BOX, BOX]    # before: 480-1,900 px


# a family with skin tones (11 code points), a Tibetan stack, a Sanskrit conjunct of four
# consonants, Korean, old Hangul, Thai, Vietnamese, two flags, a Devanagari half form
@pytest.mark.parametrize("name", [
    "👨🏻\u200d👩🏻\u200d👧🏻\u200d👦🏻", "བསྒྲུབས", "कार्त्स्न्य", "한국어 게임", "ᄒᆞᆫ글",
    "ผู้เล่น", "Việt Nam", "🇯🇵🇹🇼", "क्\u200dष"])
def test_writing_keeps_its_characters(client, name: str) -> None:
    game = create(client, seats=["human", "human"])
    joined = join(client, game, 1, name)
    assert joined.status_code == 200, joined.text
    assert joined.json()["name"] == unicodedata.normalize("NFKC", name)


def test_a_username_of_one_wide_character_is_refused(client) -> None:
    """Usernames take letters alone (`accounts.USERNAME`), and Hangul jamo are letters:
    24 of them were one character 350 px wide in the header, the leaderboard and the
    Seats panel."""
    refused = client.post("/api/account/register", json={
        "username": "\u1100" * 23 + "\u1161", "password": "correct horse battery"})
    assert refused.status_code == 400, refused.text               # before: 201
    assert refused.json()["error"]["code"] == "invalid_username"
    taken = client.post("/api/account/register", json={
        "username": "한국어_플레이어", "password": "correct horse battery"})
    assert taken.status_code == 201, taken.text
