"""企業帝國's end screen says who won and why, as the log does: found by session 32's
new-player pass in the browser (h205): the headline said only "P2 wins"; the four companies
or the cash reached were only in the log (National Economy's and Futuropia's score tables
say why: the points). A line under the headline says it in the log's words
(renderers/enterprise_empire.js wonLine; the terminal: test_end_says_why.py)."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from tests.web.browser import language_page, play_seat, unavailable_reason
from tests.web.live_server import http

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 30_000


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_end_screen_says_why_the_winner_won(browser, server, lang: str) -> None:
    game = http().post(f"{server.url}/api/tables", json={
        "game": "enterprise-empire", "seats": ["human", "random"],
        "options": {"max_turns": 2}}).json()
    page = language_page(browser, lang)
    play_seat(page, server, game)
    page.wait_for_selector(".table", timeout=WAIT)
    handed = http().post(f"{server.url}/api/games/{game['id']}/seats/0/bot",
                         json={"token": game["seats"][0]["token"], "agent": "random"})
    assert handed.status_code == 200, handed.text
    page.wait_for_selector("#game-over .won-by", timeout=WAIT)
    view = http().get(f"{server.url}/api/games/{game['id']}/view", params={"seat": 0},
                      headers={"x-keizai-token": game["seats"][0]["token"]}).json()["view"]
    winner = view["players"][view["winner"]]
    assert view["won_by"] == "richest"   # the turn limit of 2 ended it
    line = page.inner_text("#game-over .won-by")
    assert line == tr("ee.log.win_richest", lang, seat=winner["seat"],
                      seat_pawn=winner["pawn"], n=winner["cash"]), line
    # the other two reasons, worded by the same renderer from a view that says them
    for why, n in (("companies", 4), ("cash", 10_500)):
        said = page.evaluate("""async ([why, n]) => {
          const module = await import('/static/renderers/enterprise_empire.js');
          const four = why === 'companies';
          return module.enterpriseEmpireRenderer.wonLine({ winner: 1, won_by: why, players: [
            { seat: 0, pawn: 'yellow', cash: 3000, companies_founded: 1 },
            { seat: 1, pawn: 'green', cash: four ? 7000 : n, companies_founded: four ? n : 2 }],
          });
        }""", [why, n])
        assert said == tr(f"ee.log.win_{why}", lang, seat=1, seat_pawn="green", n=n), said
    assert not page.errors, page.errors
