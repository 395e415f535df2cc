"""The lobby's form keeps the table's visibility, turn clock and seed when it is drawn
again (another number of players, a seat's kind, the page's language). Found in session 31
creating a private 企業帝國 table: after "private (invite only)", a relaxed clock and a seed,
a change of the players' number or of the language drew the form anew with "public", no
clock and no seed, and Create made a public table listed in the lobby."""

from __future__ import annotations

import pytest

from tests.web.browser import choose_language, language_page, unavailable_reason

reason = unavailable_reason()
pytestmark = pytest.mark.skipif(reason is not None, reason=reason or "")
WAIT = 10_000


def test_visibility_clock_and_seed_outlive_a_redraw(browser, server) -> None:
    page = language_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    page.select_option("select[name=game]", "enterprise-empire")
    page.select_option("select[name=visibility]", "private")
    page.select_option("select[name=clock]", "relaxed")
    page.fill("input[name=seed]", "42")
    page.select_option("select[name=players]", "3")      # the form is drawn anew
    page.select_option("select[name=kind-2]", "open")    # and again
    choose_language(page, "ja")                         # and again
    kept = {name: page.input_value(f"[name={name}]") for name in ("visibility", "clock", "seed")}
    assert kept == {"visibility": "private", "clock": "relaxed", "seed": "42"}
    with page.expect_request(lambda r: r.url.endswith("/api/tables")) as asked:
        page.click("#create-game")
    body = asked.value.post_data_json
    assert (body["visibility"], body["clock"], body["seed"]) == ("private", "relaxed", 42)
    assert not page.errors, page.errors
