"""keizai serve on a database a newer keizai upgraded (a host went back to an older
version): refused before serving, saying what happened and what to do, in the host's
language; the database is left as it was. Before, the host read Alembic's words inside
'cannot open the database …' ("Can't locate revision identified by '0099'"), in English
whatever the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.pool import QueuePool
from typer.testing import CliRunner

from keizai.cli import app, shown_database
from keizai.i18n import tr
from keizai.store.migrations import current, head
from tests.postgres import free_port, new_database
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


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_serve_refuses_to_upgrade_beside_an_older_keizais_processes(
        lang: str, postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next keizai started while this one's processes serve (a rolling restart):
    refused, naming them, in the host's language, before anything changed."""
    import uvicorn

    from keizai.store import Store, migrations

    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    url = new_database(postgres_url, "rolling")
    known = head()
    following = f"{int(known) + 1:04d}"   # the next keizai's newest revision
    serving = Store(url)   # a process of this keizai, serving over TCP
    try:
        monkeypatch.setattr(migrations, "head", lambda: following)
        result = CliRunner().invoke(app, ["serve", "--port", str(free_port()),
                                          "--database-url", url, "--lang", lang])
        assert result.exit_code == 2 and not started, result.output
        pool = serving.engine.pool
        assert isinstance(pool, QueuePool)
        refusal = tr("cli.serve.err_database_in_use", lang, database=shown_database(url),
                     connected=f"{pool.checkedin()} × keizai {known}"
                               " @ 127.0.0.1", revision=following)
        assert "".join(refusal.split()) in "".join(result.output.split()), result.output
        monkeypatch.undo()
        with serving.engine.connect() as conn:
            assert current(conn) == known
    finally:
        serving.close()
