"""The web's record download of a finished game says what made it: the record format
and the keizai version, as every record does, and its final scores (docs/records.md)."""

from __future__ import annotations

import keizai
from keizai.engine.made_by import RECORD_FORMAT
from tests.web.conftest import create, live


def test_a_downloaded_record_names_its_format_and_keizai(client) -> None:
    game = create(client, seats=["random", "random"])
    with live(client, game) as ws:
        message = ws.receive_json()
        while message["type"] != "state" or not message["over"]:
            message = ws.receive_json()
    record = client.get(f"/api/games/{game['id']}/record").json()
    assert record["format"] == RECORD_FORMAT and record["keizai"] == keizai.__version__
    final = keizai.replay(record)
    assert final.record() == record
    assert record["scores"] == [row["total"] for row in final.scores()]
