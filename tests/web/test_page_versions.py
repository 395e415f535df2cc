"""What a returning player's browser runs after the server is upgraded: the page names
its static files under the version of the whole set, keeps those for good and asks
again for everything else (keizai.web.delivery). Without a Cache-Control header a
browser guesses a file fresh for a tenth of its age and runs it without asking, so a
player coming back after an upgrade ran the previous version's modules against the new
server."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from keizai.web.app import CATALOGUES, STATIC
from keizai.web.delivery import Page, version_of
from tests.web.browser import language_page

KEPT = "public, max-age=31536000, immutable"
ADDRESS = re.compile(r'(?:src|href)="(/(?:static|i18n)/[^"]+)"')


def _version(client) -> str:
    return client.get("/").headers["etag"].strip('"')


def test_the_page_names_every_static_file_under_the_version_and_is_asked_for_again(
        client) -> None:
    page = client.get("/")
    version = _version(client)
    addresses = ADDRESS.findall(page.text)
    # the stylesheet, app.js, every module it reaches and the catalogues
    assert len(addresses) > 20 and f"/static/{version}/i18n/en.json" in addresses
    assert all(a.startswith(f"/static/{version}/") for a in addresses)
    assert page.headers["cache-control"] == "no-cache"
    again = client.get("/", headers={"If-None-Match": page.headers["etag"]})
    assert again.status_code == 304


def test_a_versioned_file_is_the_file_and_is_kept_for_good(client) -> None:
    version = _version(client)
    for name, file in (("app.js", STATIC / "app.js"), ("style.css", STATIC / "style.css"),
                       ("renderers/seat.js", STATIC / "renderers" / "seat.js"),
                       ("i18n/zh-TW.json", CATALOGUES / "zh-TW.json")):
        answer = client.get(f"/static/{version}/{name}")
        assert answer.status_code == 200
        assert answer.content == file.read_bytes()
        assert answer.headers["cache-control"] == KEPT


def test_unversioned_files_and_the_catalogues_are_asked_for_again(client) -> None:
    """Before, these had no Cache-Control at all: a browser's guess decided."""
    for path in ("/static/app.js", "/i18n/ja.json", "/i18n/en.json"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == "no-cache"


def test_an_older_versions_address_gets_todays_file_never_kept(client) -> None:
    """A tab opened before the upgrade asks under the old name: it gets the new file,
    and no cache keeps new bytes under a name that meant other bytes."""
    answer = client.get("/static/v-000000000000/table.js")
    assert answer.status_code == 200
    assert answer.content == (STATIC / "table.js").read_bytes()
    assert answer.headers["cache-control"] == "no-cache"


def test_what_is_not_a_file_stays_not_found_and_is_not_kept(client) -> None:
    version = _version(client)
    for path in (f"/static/{version}/nothing.js", f"/static/{version}/%2e%2e/app.py",
                 "/static/v-12/app.js", f"/static/{version}", f"/static/{version}/i18n/xx.json",
                 f"/static/{version}/i18n/__init__.py"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert "cache-control" not in answer.headers or \
            answer.headers["cache-control"] != KEPT


def test_any_change_to_a_static_file_or_a_catalogue_changes_the_version(
        tmp_path: Path) -> None:
    static, catalogues = tmp_path / "static", tmp_path / "i18n"
    shutil.copytree(STATIC, static)
    shutil.copytree(CATALOGUES, catalogues)
    before = version_of(static, catalogues)
    assert Page(static, catalogues).version == before == version_of(static, catalogues)
    (static / "renderers" / "seat.js").write_text("// changed\n", encoding="utf-8")
    after_module = version_of(static, catalogues)
    (catalogues / "ja.json").write_text("{}", encoding="utf-8")
    assert len({before, after_module, version_of(static, catalogues)}) == 3


def test_the_browser_loads_the_page_from_versioned_files_only(server, browser) -> None:
    """Every module and the stylesheet come under the version, none twice (the preloads
    and the imports name the same addresses), and the lobby is drawn without an error."""
    page = language_page(browser, fresh=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server.url + "/")
    page.wait_for_selector("#create-game")
    static = [url.split("/", 3)[3] for url in asked if "/static/" in url or "/i18n/" in url]
    assert len(static) > 20 and any(path.endswith("/i18n/en.json") for path in static)
    assert all(re.fullmatch(r"static/v-[0-9a-f]{12}/.+", path) for path in static), static
    assert len(static) == len(set(static))
    assert page.errors == []
