"""Every bot spec inside the server's bounds is accepted, stored, played and rematched,
however long (its game unrated since session 33: a custom spec is no player on the rating
ladder, `custom_bot`); a spec past `MAX_SPEC` is refused in the reader's language.

Found in session 26: 148963a capped specs at 60 characters (the rating ladder's
"bot:<spec>" had 64), which refused in-bounds specs such as the full solo planner's
`solo:policy=fast:halving=1:evaluation=learned:limit=40000:cap=1` (63), the rematch of a
game stored with such a spec (the rematch checks its seats again), and played random
moves for that game's bot."""

from __future__ import annotations

import itertools
import time
import warnings
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, update

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.agents import make_agent
from keizai.i18n import render
from keizai.store.db import seats
from keizai.store.social import seat_players
from keizai.web import create_app
from keizai.web.app import Limits
from keizai.web.bots import BOUNDS, MAX_SPEC, canonical_spec, check_spec
from tests.i18n.test_games_in_three_languages import english_words
from tests.web.social_helpers import new_table, play_out, token_of, view, wait_for

SOLO = "solo:policy=fast:halving=1:evaluation=learned:limit=40000:cap=1"
WHOLE = ("iterations", "depth", "reuse", "rollouts", "halving", "work", "limit")


def written(key: str, high: float) -> str:
    """A parameter's widest value as a person writes it: a whole number at its bound, any
    other with three decimals just under it."""
    return str(int(high)) if key in WHOLE else f"{high - 0.001:.3f}"


def specs_inside_the_bounds() -> Iterator[tuple[str, str]]:
    """Per kind, each spec inside `BOUNDS` naming each parameter once, with every choice
    of its worded parameters, that its agent accepts (its numbers as `written`)."""
    for kind, bounds in BOUNDS.items():
        numbers = [f"{key}={written(key, bound[1])}" for key, bound in bounds.items()
                   if not isinstance(bound[0], str)]
        words = [key for key, bound in bounds.items() if isinstance(bound[0], str)]
        for choice in itertools.product(*(bounds[key] for key in words)):
            spec = ":".join([kind, *numbers,
                             *(f"{key}={value}" for key, value in zip(words, choice, strict=True))])
            try:
                make_agent(spec)
            except ValueError:
                continue   # e.g. evaluation=learned needs policy=fast
            yield kind, spec


def longest_specs() -> dict[str, str]:
    """Per kind, the longest of `specs_inside_the_bounds`."""
    longest: dict[str, str] = {}
    for kind, spec in specs_inside_the_bounds():
        if len(spec) > len(longest.get(kind, "")):
            longest[kind] = spec
    return longest


def longest_stored_spec() -> str:
    """The longest spec the server stores: the longest canonical form (`canonical_spec`,
    defaults dropped) of a spec inside the bounds."""
    return max((canonical_spec(spec) for _, spec in specs_inside_the_bounds()), key=len)


LONGEST = max(longest_specs().values(), key=len)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as test_client:
        yield test_client


def test_every_spec_inside_the_bounds_is_accepted_with_room_to_spare() -> None:
    specs = longest_specs()
    assert set(specs) == set(BOUNDS)
    for spec in specs.values():
        check_spec(spec)   # accepted: a refusal raises ApiError
    assert LONGEST.startswith("solo:")   # the planner's every parameter
    assert len(LONGEST) + 50 <= MAX_SPEC   # room for numbers written longer


def test_the_full_solo_spec_makes_a_table_whose_bot_plays(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "national-economy/mecenat",
                                               "seats": [SOLO]})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    assert created.json()["seats"][0]["agent"] == canonical_spec(SOLO)
    wait_for(lambda: client.get(f"/api/games/{game_id}").json()["step"] >= 2, timeout=90)


def test_a_game_with_a_long_spec_ends_unrated_on_postgresql(own_database: str) -> None:
    app = create_app(own_database, bot_workers=1, limits=Limits.off())
    with TestClient(app) as client:
        game_id = new_table(client, ["random", LONGEST])["id"]
        deadline = time.monotonic() + 120
        while not client.get(f"/api/games/{game_id}").json()["over"]:
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.1)
        table = client.get(f"/api/games/{game_id}/view").json()["table"]
        assert table["rated"] is False and table["unrated"] == "custom_bot"
        assert client.get("/api/leaderboard", params={
            "game": "national-economy/mecenat"}).json()["players"] == []
        page = client.get("/api/player", params={"bot": LONGEST})
        assert page.status_code == 200, page.text
        assert page.json()["player"] == f"bot:{canonical_spec(LONGEST)}"
        assert page.json()["ratings"] == []


def test_a_game_stored_with_a_63_character_spec_is_rematched(db_url: str) -> None:
    """The game was stored by a server whose bounds took the spec; this one rematches it
    with the same bot."""
    assert len(SOLO) == 63
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        created = new_table(client, ["human", "random"])
    game_id, token = created["id"], token_of(created, 0)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == 1)
                     .values(agent=SOLO))
        conn.execute(update(seat_players).where(seat_players.c.game_id == game_id,
                                                seat_players.c.seat == 1).values(bot=SOLO))
    engine.dispose()
    with TestClient(create_app(db_url, bot_workers=1, limits=Limits.off())) as client:
        play_out(client, game_id, {0: token})
        rematch = client.post(f"/api/games/{game_id}/rematch", json={"token": token})
        assert rematch.status_code == 200, rematch.text
        seat = client.post(f"/api/games/{game_id}/rematch/seat",
                           json={"seat": 0, "token": token}).json()
        again = view(client, rematch.json()["id"], 0, seat["token"])
        assert [(s["kind"], s["agent"]) for s in again["seats"]] == [("human", None),
                                                                     ("bot", canonical_spec(SOLO))]


@pytest.mark.parametrize(("spec", "key", "params"), [
    ("x" * (MAX_SPEC + 1), "web.err.bot_spec_long", {"most": MAX_SPEC}),
    ("", "web.err.bot_name", {}),
    (7, "web.err.bot_name", {}),
])
def test_a_refused_bot_name_reads_in_each_language(client: TestClient, spec, key: str,
                                                   params: dict) -> None:
    refused = client.post("/api/tables", json={"game": "national-economy/mecenat",
                                               "seats": ["human", spec]})
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert (error["code"], error["id"], error["params"]) == ("invalid_request", key, params)
    assert render((key, params), "en") == error["message"]
    for lang in ("ja", "zh-TW"):
        words = render((key, params), lang)
        assert not english_words(words.replace("normal", "")), words
        assert str(MAX_SPEC) in words or key == "web.err.bot_name"
