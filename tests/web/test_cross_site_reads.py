"""Another site's page cannot spend its visitor's budgets of reads.

Found in session 30 with Chromium: a page elsewhere that made its visitor's browser load
80 images of `/api/games` (no CORS asked: an image, a script, a frame, a no-cors
`fetch`) spent the visitor's budget of lobby listings, and the visitor's own lobby was
answered 429 for as long as the page kept asking; so were the reads', a `/view`'s and a
game's load. The browser says another site's page made such a read (`Sec-Fetch-Site`,
`Sec-Fetch-Dest`), and `keizai.web.sites` now refuses it before the app counts it; a
link followed to the API from elsewhere (a top-level navigation) still opens."""

from __future__ import annotations

import dataclasses
import time
import warnings
from collections.abc import Iterator

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits
from tests.web.browser import unavailable_reason
from tests.web.live_server import LiveServer, http
from tests.web.test_cross_site import served_elsewhere

WAIT = 15_000
IMAGES = 40
# Another site's page: as many images of the address its fragment names, its title
# "done" once each loaded or failed.
READING_PAGE = f"""<!doctype html><title>waiting</title><body><script>
let ended = 0;
for (let i = 0; i < {IMAGES}; i++) {{
  const image = new Image();
  image.onload = image.onerror = () => {{
    if (++ended === {IMAGES}) document.title = "done"; }};
  image.src = location.hash.slice(1) + "?i=" + i;
}}
</script>""".encode()

# Another site's page: speculation rules prefetching the address its fragment names as
# many times (Chromium says they come from nowhere: `Sec-Fetch-Site: none`).
PREFETCHING_PAGE = f"""<!doctype html><body><script>
const urls = [];
for (let i = 0; i < {IMAGES}; i++) urls.push(location.hash.slice(1) + "?n=" + i);
const rules = document.createElement("script");
rules.type = "speculationrules";
rules.textContent = JSON.stringify({{prefetch: [{{source: "list", urls}}]}});
document.body.append(rules);
</script>""".encode()

# What Chromium sends with an image another site's page loads, with a link followed
# from another site's page, and with a page's speculation rules' prefetch.
IMAGE = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors",
         "sec-fetch-dest": "image"}
LINK = {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document", "sec-fetch-user": "?1"}
PREFETCH = {"sec-fetch-site": "none", "sec-fetch-mode": "navigate",
            "sec-fetch-dest": "document", "sec-purpose": "prefetch"}


@pytest.fixture
def limited(db_url: str) -> Iterator[TestClient]:
    """Two lobby listings and two reads, hardly refilled; named origin play.example."""
    limits = dataclasses.replace(Limits.off(), lobby=(2, 0.001), read=(2, 0.001))
    with TestClient(create_app(db_url, bot_workers=1, limits=limits,
                               origins=frozenset({"https://play.example"}))) as client:
        yield client


def test_another_sites_images_of_the_api_spend_none_of_the_visitors_budgets(
        limited: TestClient) -> None:
    images = [limited.get("/api/games", headers=IMAGE) for _ in range(3)]
    assert [image.status_code for image in images] == [403] * 3
    assert images[0].json()["error"]["code"] == "cross_site"
    # the visitor's own lobby (429 before: the images spent its two listings)
    assert limited.get("/api/games", headers={"sec-fetch-site": "same-origin",
                                              "sec-fetch-dest": "empty"}).status_code == 200
    # a frame, a script, a same-site page's fetch, a HEAD, a prefetch: refused alike
    assert limited.get("/api/games", headers=PREFETCH).status_code == 403
    for dest, site, method in (("iframe", "cross-site", "GET"), ("script", "same-site", "GET"),
                               ("empty", "same-site", "GET"), ("image", "cross-site", "HEAD")):
        refused = limited.request(method, "/api/games", headers={
            "sec-fetch-site": site, "sec-fetch-dest": dest})
        assert refused.status_code == 403, (dest, site, method)


def test_a_link_followed_from_elsewhere_and_named_origins_still_read(
        limited: TestClient) -> None:
    # a link to the lobby's listing on another site's page, followed
    assert limited.get("/api/games", headers=LINK).status_code == 200
    # a page of an origin `keizai serve --origin` names (its fetch carries its Origin)
    assert limited.get("/api/games", headers={
        "sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty",
        "origin": "https://play.example"}).status_code == 200
    # a program (no Sec-Fetch-*) is counted as before: the listings are spent now
    assert limited.get("/api/games").status_code == 429
    # what is not the API (the catalogues, the page) is left to the browser
    assert limited.get("/i18n/en.json", headers=IMAGE).status_code == 200


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory) -> Iterator[LiveServer]:
    """`keizai serve` with its rate limits, as a public server runs."""
    path = tmp_path_factory.mktemp("limited")
    live = LiveServer(f"sqlite:///{path / 'web.sqlite3'}", path / "server.log",
                      extra=("--log-level", "info"))
    yield live.start()
    live.stop()


def answered(server: LiveServer, marked: str, count: int) -> None:
    """Once the server's log shows `count` requests whose address holds `marked`."""
    deadline = time.monotonic() + WAIT / 1000
    while server.log_path.read_text().count(marked) < count:
        assert time.monotonic() < deadline, f"{marked}: not all asked"
        time.sleep(0.05)


browser_needed = pytest.mark.skipif(unavailable_reason() is not None,
                                    reason=unavailable_reason() or "")


@browser_needed
def test_another_sites_page_cannot_leave_its_visitors_lobby_refused(
        browser, limited_server) -> None:
    with served_elsewhere(READING_PAGE) as elsewhere:
        page = browser.new_context().new_page()
        page.goto(f"{elsewhere}#{limited_server.url}/api/games")
        page.wait_for_function("document.title === 'done'", timeout=WAIT)
    # the visitor's own lobby from the same address: 429 before (10 listings at once)
    assert http().get(f"{limited_server.url}/api/games").status_code == 200


@browser_needed
def test_another_sites_speculation_rules_cannot_leave_its_visitors_lobby_refused(
        browser, limited_server) -> None:
    with served_elsewhere(PREFETCHING_PAGE) as elsewhere:
        page = browser.new_context().new_page()
        page.goto(f"{elsewhere}#{limited_server.url}/api/games")
        answered(limited_server, "/api/games?n=", IMAGES)
    assert http().get(f"{limited_server.url}/api/games").status_code == 200   # 429 before
