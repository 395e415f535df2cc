"""keizai serve --database-url: a database keizai does not keep games in is refused with
what it does keep them in."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr
from tests.postgres import free_port

runner = CliRunner()


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("url", ["mysql://keizai@127.0.0.1:1/keizai",
                                 "mssql+pyodbc://keizai@127.0.0.1:1/keizai"])
def test_a_database_keizai_does_not_support_is_refused_saying_which_it_does(
        url: str, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the session-23 new-user pass: a host who gave `mysql://` read "No module
    named 'MySQLdb'", which did not say that keizai keeps its games in SQLite or
    PostgreSQL, nor how to write the URL. Such a URL is now refused before anything is
    opened, with the two forms keizai reads, in the language asked; the URL's password
    is not repeated."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    with_password = url.replace("keizai@", "keizai:secret@")
    result = runner.invoke(app, ["serve", "--port", str(free_port()), "--database-url",
                                 with_password, "--lang", lang])
    assert result.exit_code == 2 and not started, result.output
    scheme = url.split("://")[0]
    refusal = tr("cli.serve.err_database_kind", lang, scheme=scheme)
    assert "".join(refusal.split()) in "".join(result.output.split()), result.output
    assert "secret" not in result.output and "Traceback" not in result.output
    assert not list(tmp_path.iterdir())   # nothing opened or made


def test_sqlite_and_postgresql_urls_are_still_opened(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The forms the docs give pass the check: a SQLite file is made and served; a
    PostgreSQL URL reaches the database (here none listens: its own refusal). So does
    `postgres://`, the form hosting services give in DATABASE_URL (found by the
    session-23 new-user pass: it read "Can't load plugin: sqlalchemy.dialects:postgres",
    a name SQLAlchemy no longer takes), with or without a driver."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    port = str(free_port())
    database = tmp_path / "games.sqlite3"
    result = runner.invoke(app, ["serve", "--port", port, "--database-url",
                                 f"sqlite:///{database}", "--lang", "en"])
    assert result.exit_code == 0 and started and database.exists(), result.output
    for url in ("postgresql+psycopg://keizai@127.0.0.1:1/keizai",
                "postgresql://keizai@127.0.0.1:1/keizai",
                "postgres://keizai@127.0.0.1:1/keizai",
                "postgres+psycopg://keizai@127.0.0.1:1/keizai"):
        result = runner.invoke(app, ["serve", "--port", port, "--database-url", url,
                                     "--lang", "en"])
        assert result.exit_code == 2, result.output
        assert "cannot open the database 127.0.0.1:1/keizai:" in result.output
        assert "SQLite" not in result.output


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_sqlite_file_in_a_directory_that_does_not_exist_is_refused_saying_so(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`keizai serve --database-url sqlite:///data/keizai.sqlite3 --lang ja` where ./data
    does not exist said SQLite's English: 'データベース … を開けません：(sqlite3.
    OperationalError) unable to open database file'. It is refused as a --save in a
    missing directory is, naming the directory, in the language asked."""
    import uvicorn

    monkeypatch.chdir(tmp_path)
    started: list = []
    monkeypatch.setattr(uvicorn, "run", lambda web_app, **kwargs: started.append(kwargs))
    for url, missing in ((f"sqlite:///{tmp_path}/nowhere/keizai.sqlite3",
                          f"{tmp_path}/nowhere"),
                         ("sqlite:///data/keizai.sqlite3", "data")):
        result = runner.invoke(app, ["serve", "--port", str(free_port()), "--database-url",
                                     url, "--lang", lang])
        assert result.exit_code == 2 and not started, result.output
        refusal = tr("cli.err_no_dir", lang, what="--database-url", path=url, dir=missing)
        assert "".join(refusal.split()) in "".join(result.output.split()), result.output
        assert "OperationalError" not in result.output
    assert not list(tmp_path.iterdir())   # nothing made
