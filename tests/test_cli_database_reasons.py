"""keizai serve: a database that cannot be opened is refused with the reason in the
language asked, not the driver's English, and never with the URL's password."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr
from tests.postgres import free_port

runner = CliRunner()
LANGS = ["en", "ja", "zh-TW"]


def _serve(url: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """keizai serve's refusal of `url`: it exits 2 and starts nothing."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    result = runner.invoke(app, ["serve", "--port", str(free_port()), "--database-url", url,
                                 "--lang", lang])
    assert result.exit_code == 2 and not started, result.output
    assert "Traceback" not in result.output
    return "".join(result.output.split())


def _says(output: str, key: str, lang: str, database: str, **params: object) -> bool:
    reason = tr(key, lang, **params)
    refusal = tr("cli.serve.err_database", lang, database=database, error=reason)
    return "".join(refusal.split()) in output


@pytest.mark.parametrize("lang", LANGS)
def test_a_closed_port_a_bad_url_and_an_at_in_the_password_are_said_in_the_language(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found starting keizai serve --lang ja as a new host: a PostgreSQL URL to a port
    nothing listens on said 「データベース … を開けません：(psycopg.OperationalError)
    connection failed: connection to server at "127.0.0.1", port 1 failed: Connection
    refused」; a URL SQLAlchemy cannot read 'Could not parse SQLAlchemy URL from given URL
    string'; and a password holding '@' (se@cret) 'failed to resolve host
    'cret@127.0.0.1'', half of the password on the screen."""
    port = free_port()
    output = _serve(f"postgresql+psycopg://keizai:secret@127.0.0.1:{port}/keizai", lang,
                    tmp_path, monkeypatch)
    assert _says(output, "cli.serve.db.no_server", lang, f"127.0.0.1:{port}/keizai",
                 host="127.0.0.1", port=port), output
    assert "secret" not in output and "Connectionrefused" not in output
    output = _serve("keizai.sqlite3", lang, tmp_path, monkeypatch)
    assert _says(output, "cli.serve.db.bad_url", lang, "keizai.sqlite3"), output
    output = _serve(f"postgresql+psycopg://keizai:se@cret@127.0.0.1:{port}/keizai", lang,
                    tmp_path, monkeypatch)
    assert _says(output, "cli.serve.db.at_in_password", lang, f"127.0.0.1:{port}/keizai")
    assert "cret" not in output, output
    assert not list(tmp_path.iterdir())   # nothing made


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_that_is_no_database_is_said_so_and_kept(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite said 'file is not a database' (sqlite3.DatabaseError) in every language."""
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: rice, miso\n" * 40)
    output = _serve(f"sqlite:///{notes}", lang, tmp_path, monkeypatch)
    assert _says(output, "cli.serve.db.not_sqlite", lang, f"sqlite:///{notes}"), output
    assert notes.read_text() == "shopping: rice, miso\n" * 40
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_database_and_an_unknown_user_are_said_in_the_language(
        lang: str, postgres_url: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL's 'FATAL: database "…" does not exist' and 'role "…" does not exist'
    (what a wrong password gets too: the server's refusal of the user) were passed on in
    English; nothing is created on the server."""
    from sqlalchemy import create_engine, text

    server = postgres_url.rsplit("/", 1)[0]
    shown = server.split("@")[-1]
    output = _serve(f"{server}/h169_nowhere", lang, tmp_path, monkeypatch)
    assert _says(output, "cli.serve.db.no_database", lang, f"{shown}/h169_nowhere",
                 name="h169_nowhere"), output
    ghost = server.replace("//postgres@", "//h169ghost:secret@", 1)
    output = _serve(f"{ghost}/keizai", lang, tmp_path, monkeypatch)
    assert _says(output, "cli.serve.db.login", lang, f"{shown}/keizai", user="h169ghost")
    assert "secret" not in output and "FATAL" not in output
    engine = create_engine(postgres_url)
    with engine.connect() as conn:
        names = conn.execute(text("SELECT datname FROM pg_database")).scalars().all()
    engine.dispose()
    assert "h169_nowhere" not in names
