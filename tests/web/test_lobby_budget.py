"""The lobby's listing has a budget of its own (`Limits.lobby`: 10, then one a second),
besides the reads' (60, then 10 a second): a listing is about 11 ms of server CPU (200
games with their seats and names, 105 KB of JSON), against a read's 1-3 ms. Found by the
session-29 pass on shared pools (docs/web.md, Rate limits): with the reads' budget alone,
16 clients of one IPv6 /48 listing the lobby made a player's WebSocket wait 0.74 s for
its hello (median; 4 ms quiet) and its moves 0.44 s (p90; 4 ms quiet)."""

from __future__ import annotations

import time
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from keizai.web import create_app
from keizai.web.app import Limits


def test_a_client_lists_the_lobby_ten_times_then_once_a_second(db_url: str) -> None:
    app = create_app(db_url, bot_workers=1, limits=Limits())
    with TestClient(app) as client, TestClient(app, client=("192.0.2.9", 5000)) as other:
        began = time.monotonic()
        answers = [client.get("/api/games") for _ in range(20)]
        spent = time.monotonic() - began
        refused = [a for a in answers if a.status_code == 429]
        # 10 at once, and as many more as one a second refilled meanwhile (before: all
        # 20 answered, the reads' budget being 60)
        assert len(answers) - len(refused) <= 10 + int(spent) + 1
        assert refused and all(a.json()["error"]["code"] == "rate_limited"
                               and int(a.headers["retry-after"]) >= 1 for a in refused)
        assert other.get("/api/games").status_code == 200   # another client's is its own
        assert client.get("/api/catalog").status_code == 200   # not limited
