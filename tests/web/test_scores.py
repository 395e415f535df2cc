"""The score table of a finished 企業帝國 game (end screen and replay): its cash read "4300"
where the log and the terminal write money "$4300", and its "Total" row showed the number
that only orders the seats (won × W + companies × C + cash, e.g. 1400300). A solo
game's target stood among the parts its total adds up. The rows of English read
"buildings", "money", "won", "cash" in lower case (the catalogue's words, which the log's
final score line puts mid-sentence) under "Ranking" and above "Total"."""

from __future__ import annotations

import random

import pytest

import keizai
from tests.web.browser import language_page, unavailable_reason
from tests.web.live_server import game_at

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
OPTIONS = {"max_turns": 12}


def _heading(text: str) -> str:
    """A row's heading as the table writes a catalogue word: a capital first."""
    return text[:1].upper() + text[1:]


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_enterprise_empire_scores_show_cash_as_money(browser, server, lang: str) -> None:
    state = keizai.new_game("enterprise-empire", 2, seed=5, options=OPTIONS)
    chooser = random.Random(5)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    game = game_at(server, "enterprise-empire", ["human", "human"], 5,
                   state.record()["actions"], OPTIONS)
    page = language_page(browser, lang)
    page.goto(f"{server.url}/#/replay/{game['id']}")
    page.wait_for_selector("#scores")
    rows = page.eval_on_selector_all(
        "#scores tbody tr", "trs => trs.map((r) => [...r.children].map((c) => c.textContent))")
    order = state.ranking()
    by_name = {row[0]: row[1:] for row in rows}
    cash = _heading(keizai.i18n.tr("score_cash", lang))
    assert by_name[cash] == [f"${state.scores()[seat]['cash']}" for seat in order], rows
    won = _heading(keizai.i18n.tr("score_won", lang))
    assert by_name[won] == ["✓" if state.scores()[seat]["won"] else "" for seat in order]
    assert all(name[0].isupper() for name in by_name) or lang != "en", rows
    assert keizai.i18n.tr("total", lang) not in by_name, rows
    assert not page.errors, page.errors


def test_a_solo_game_s_target_comes_after_its_total(browser, server) -> None:
    """National Economy's solo score listed "target 100" between the unpaid wages and the
    total, as if it were one of the parts the total adds up; it now follows the total."""
    state = keizai.new_game("national-economy/progress", 1, seed=3)
    chooser = random.Random(3)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    game = game_at(server, "national-economy/progress", ["human"], 3,
                   state.record()["actions"])
    page = language_page(browser)
    page.goto(f"{server.url}/#/watch/{game['id']}")
    page.wait_for_selector("#scores tbody tr")
    rows = [row.split("\t")[0].strip() for row in
            page.locator("#scores tbody tr").all_inner_texts()]
    assert rows[-2:] == ["Total", "Target"], rows
    # every row a heading, as "Total" is: "Buildings", "Money", not "buildings", "money"
    assert rows[0] == "Buildings" and all(row[0].isupper() for row in rows), rows
    assert not page.errors, page.errors
