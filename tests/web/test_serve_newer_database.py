"""keizai serve on a database a newer keizai upgraded (a host went back to an older
version): refused before serving, saying what happened and what to do, in the host's
language; the database is left as it was. Before, the host read Alembic's words inside
'cannot open the database …' ("Can't locate revision identified by '0099'"), in English
whatever the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app, shown_database
from keizai.i18n import tr
from keizai.store.migrations import head
from tests.postgres import free_port
from tests.store.test_newer_database import NEWER, as_a_newer_keizai_left_it, schema_and_rows


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_serve_refuses_a_database_a_newer_keizai_upgraded_in_the_hosts_language(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    database = tmp_path / "keizai.sqlite3"
    url = f"sqlite:///{database}"
    as_a_newer_keizai_left_it(url)
    before = schema_and_rows(url)
    result = CliRunner().invoke(app, ["serve", "--port", str(free_port()), "--database-url",
                                      url, "--lang", lang])
    assert result.exit_code == 2 and not started, result.output
    refusal = tr("cli.serve.err_database_newer", lang, database=shown_database(url),
                 revision=NEWER, known=head())
    assert "".join(refusal.split()) in "".join(result.output.split()), result.output
    assert "Can't locate" not in result.output and "Traceback" not in result.output
    assert schema_and_rows(url) == before
