"""Found by the session-31 attack pass (h190): the page's files were compressed anew at
every request, and nothing bounds how many a client asks for.

gzip of the Japanese catalogue (143 KB) is about 9 ms of the event loop's CPU (a lobby's
listing costs 11, and is held to one a second per client): one client asking for it in a
loop from four threads was answered 106 times a second, a core of the server, and another
client's reads took twice as long (p50 2.0 -> 4.4 ms, p90 6.9 -> 13.9; 509 a second
uncompressed). The files never change while the server runs: each is compressed once, its
answer kept (`keizai.web.delivery.PageDelivery`); an address naming a file otherwise, or a
conditional or partial request, is answered uncompressed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.middleware import gzip as starlette_gzip

from keizai.web.app import CATALOGUES, STATIC

GZIP = {"accept-encoding": "gzip"}


@pytest.fixture
def compressions(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many bodies the gzip middleware compressed (their sizes)."""
    done: list[int] = []
    compress = starlette_gzip.GZipResponder._compress_body

    def counted(self: Any, body: bytes, more_body: bool) -> bytes:
        done.append(len(body))
        return compress(self, body, more_body)

    monkeypatch.setattr(starlette_gzip.GZipResponder, "_compress_body", counted)
    yield done


def _version(client) -> str:
    return client.get("/").headers["etag"].strip('"')


def test_a_file_is_compressed_once_however_often_it_is_asked_for(
        client, compressions: list[int]) -> None:
    version = _version(client)
    address = f"/static/{version}/i18n/ja.json"
    first = client.get(address, headers=GZIP)
    assert first.headers["content-encoding"] == "gzip"
    done = len(compressions)
    assert done >= 1
    for _ in range(20):
        again = client.get(address, headers=GZIP)
        assert again.content == (CATALOGUES / "ja.json").read_bytes()
        # the same answer, kept (now with its length: the first came in parts)
        assert {**again.headers, "content-length": None} == {
            **first.headers, "content-length": None}
    assert len(compressions) == done   # before: 20 times more


def test_each_file_and_its_rule_is_kept_apart(client, compressions: list[int]) -> None:
    """The versioned file (kept for good) and the same file asked for under no version
    (asked again at each use) keep their own caching rules."""
    version = _version(client)
    for _ in range(3):
        kept = client.get(f"/static/{version}/table.js", headers=GZIP)
        asked = client.get("/static/table.js", headers=GZIP)
        assert kept.content == asked.content == (STATIC / "table.js").read_bytes()
        assert kept.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert asked.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize("headers", [
    {"if-none-match": '"no such tag"'}, {"range": "bytes=0-9999"},
], ids=["conditional", "partial"])
def test_other_spellings_and_requests_are_answered_uncompressed(
        client, compressions: list[int], headers: dict[str, str]) -> None:
    """An address that names a file otherwise than its own (`/static//table.js/`: any
    number of them), or a conditional or partial request: answered, never compressed
    (before: each anew)."""
    for number in range(10):
        other = client.get("/static/" + "/" * number + "table.js/", headers=GZIP)
        assert other.status_code == 200 and "content-encoding" not in other.headers
        assert other.content == (STATIC / "table.js").read_bytes()
        odd = client.get("/static/table.js", headers={**GZIP, **headers})
        assert odd.status_code in (200, 206) and "content-encoding" not in odd.headers
    assert compressions == []
