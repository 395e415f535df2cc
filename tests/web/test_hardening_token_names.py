"""Found by the session-27 attack pass: a token sent under a percent-encoded name was
logged.

The server refuses a token in an address, and its log hides the value of every query
parameter named like a token (`keizai.web.logs`, session 21). It read the names as they
were written, while the server decodes them first: `?%74oken=…` and `?to%6Ben=…` are
`token` to the server, which refused them as such, and uvicorn's line for the request
(`--log-level info`) kept the token. Now the log hides a parameter whose decoded name is
a token's."""

from __future__ import annotations

import logging

from fastapi.testclient import TestClient

from keizai.web.logs import HIDDEN, HideTokens
from tests.web.conftest import create

SECRET = "Zq3x-secret-token-value_0123456789"


def access_line(path: str) -> str:
    """The line uvicorn's access log writes for a GET of `path`, through the filter."""
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 0,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", path, "1.1", 400), None)
    HideTokens().filter(record)
    return record.getMessage()


def test_a_token_under_an_encoded_name_is_refused_and_not_logged(client: TestClient
                                                                    ) -> None:
    game = create(client)
    for query in (f"%74oken={SECRET}", f"seat=0&to%6Ben={SECRET}",
                  f"seat=0&host%5Ftoken={SECRET}", f"seat=0&token={SECRET}"):
        path = f"/api/games/{game['id']}/view?{query}"
        if "host" not in query:   # the server reads it as a token, and refuses it
            refused = client.get(path)
            assert refused.status_code == 400, (query, refused.text)
        line = access_line(path)
        assert SECRET not in line and HIDDEN in line, line
    # other parameters stay as they were sent
    assert access_line("/api/games/abc/replay?step=3&seat=1&log=false").endswith(
        '"GET /api/games/abc/replay?step=3&seat=1&log=false HTTP/1.1" 400')
