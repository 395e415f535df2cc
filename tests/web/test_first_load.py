"""What a browser on a slow network fetches to draw the page the first time: the page,
its modules and catalogues compressed when it asks, the whole module graph announced by
the page itself (one round trip, not one per level of imports), and nothing of the API
compressed (a compressed answer that carries a token would leak it, BREACH-style)."""

from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from keizai import i18n
from keizai.web.app import CATALOGUES, STATIC
from tests.web.browser import choose_language, language_page
from tests.web.conftest import create

GZIP = {"Accept-Encoding": "gzip"}
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["']""",
                    re.MULTILINE)


def _served(client, path: str) -> tuple[bytes, dict[str, str]]:
    """The raw bytes `path` travels as when the browser takes gzip, and its headers."""
    with client.stream("GET", path, headers=GZIP) as response:
        assert response.status_code == 200, path
        return b"".join(response.iter_raw()), dict(response.headers)


@pytest.mark.parametrize(("path", "file"), [
    ("/static/table.js", STATIC / "table.js"),
    ("/static/style.css", STATIC / "style.css"),
    ("/static/renderers/national_economy.js", STATIC / "renderers" / "national_economy.js"),
    ("/i18n/ja.json", CATALOGUES / "ja.json"),
])
def test_the_page_its_files_and_catalogues_travel_compressed(client, path: str,
                                                              file: Path) -> None:
    raw, headers = _served(client, path)
    assert headers.get("content-encoding") == "gzip"
    assert gzip.decompress(raw) == file.read_bytes()
    assert len(raw) < file.stat().st_size * 0.6
    assert "accept-encoding" in headers.get("vary", "").lower()


def test_the_page_travels_compressed(client) -> None:
    raw, headers = _served(client, "/")
    assert headers.get("content-encoding") == "gzip"
    assert gzip.decompress(raw) == client.get("/", headers={"Accept-Encoding": "identity"}
                                              ).content
    assert len(raw) < len(gzip.decompress(raw)) * 0.6


def test_a_file_is_sent_plain_to_a_browser_that_does_not_take_gzip(client) -> None:
    response = client.get("/static/table.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in response.headers
    assert response.content == (STATIC / "table.js").read_bytes()


def test_an_unchanged_file_is_answered_not_modified(client) -> None:
    first = client.get("/static/table.js", headers=GZIP)
    again = client.get("/static/table.js",
                       headers={**GZIP, "If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_api_answers_that_carry_tokens_are_never_compressed(client) -> None:
    """Compressing an answer that holds a secret next to text an attacker chooses (a
    seat's name, an action) lets them guess the secret from its size (BREACH)."""
    with client.stream("POST", "/api/games", headers=GZIP,
                       json={"game": "national-economy/mecenat",
                             "seats": ["human", "human"]}) as response:
        raw = b"".join(response.iter_raw())
        assert response.status_code == 201 and b'"token"' in raw
        assert "content-encoding" not in response.headers
    game = create(client)
    with client.stream("GET", f"/api/games/{game['id']}/view?seat=0", headers={
            **GZIP, "x-keizai-token": game["seats"][0]["token"]}) as view:
        body = b"".join(view.iter_raw())
        assert view.status_code == 200 and len(body) > 2000   # big enough to compress
        assert "content-encoding" not in view.headers


def _imports(module: Path) -> set[Path]:
    return {(module.parent / name).resolve() for name in IMPORT.findall(module.read_text())}


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "link":
            self.links.append(dict(attrs))


def _links(rel: str) -> list[dict[str, str | None]]:
    parser = _Links()
    parser.feed((STATIC / "index.html").read_text())
    return [link for link in parser.links if link.get("rel") == rel]


def test_the_page_preloads_every_module_app_js_reaches_and_no_other() -> None:
    """A browser finds a module only once it has the one that imports it: without the
    list, each level of imports (app.js, table.js, renderers.js, renderers/…, seat.js)
    costs a round trip more on a phone's network."""
    reached: set[Path] = set()
    todo = [(STATIC / "app.js").resolve()]
    while todo:
        module = todo.pop()
        if module not in reached:
            reached.add(module)
            todo.extend(_imports(module))
    assert all(module.exists() for module in reached)
    preloaded = [link["href"] for link in _links("modulepreload")]
    assert len(preloaded) == len(set(preloaded))
    expected = {"/static/" + module.relative_to(STATIC.resolve()).as_posix()
                for module in reached}
    assert set(preloaded) == expected


def test_the_page_preloads_english_the_catalogue_every_page_fetches() -> None:
    """i18n.js fetches English (the fallback) and the page's own language before anything
    is drawn; English, asked for by the page, loads alongside the modules instead of after
    the last of them. The page's language is in its localStorage, which the page alone
    reads: a preload of every catalogue fetched all three on every first load."""
    preloads = {link["href"]: link for link in _links("preload")}
    # the page serves it as /static/<version>/i18n/…, beside i18n.js, which fetches it
    # from there (tests/web/test_page_versions.py)
    assert [href for href in preloads if (href or "").startswith("/i18n/")] == [
        "/i18n/en.json"]
    link = preloads["/i18n/en.json"]
    # as fetch() asks for it (same-origin, CORS mode), or the browser fetches it twice
    assert link.get("as") == "fetch" and link.get("crossorigin") == "anonymous"


def _catalogues_fetched(asked: list[str]) -> list[str]:
    return sorted(url.rsplit("/", 1)[1] for url in asked if "/i18n/" in url)


@pytest.mark.parametrize(("lang", "fetched"), [
    ("en", ["en.json"]), ("ja", ["en.json", "ja.json"]),
    ("zh-TW", ["en.json", "zh-TW.json"])])
def test_a_first_load_fetches_its_own_language_and_english_only(
        server, browser, lang: str, fetched: list[str]) -> None:
    """Found measuring the first load of the lobby: an English page fetched all three
    catalogues (some 95 KB compressed, 60 KB of them for languages it never showed). A
    language chosen later is fetched then, and the page is drawn in it."""
    page = language_page(browser, lang, fresh=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    assert _catalogues_fetched(asked) == fetched
    other = "ja" if lang != "ja" else "zh-TW"
    choose_language(page, other)
    assert _catalogues_fetched(asked) == sorted([*fetched, f"{other}.json"])
    expected = i18n.catalogue(other)["new_game"]
    assert page.inner_text(".create h2") == expected
    assert page.errors == []
