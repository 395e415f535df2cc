"""`keizai play`'s save file is never lost: not to a second `keizai play` of the same
game, not to a save path that is a link (found in session 21 by helper 99, driving two
terminals at one save with pexpect)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr

runner = CliRunner()
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"),
       "COLUMNS": "200"}


def _saved_futuropia(save: Path) -> None:
    """A two-player Futuropia saved before its first move (P1 human, P2 the heuristic)."""
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,heuristic", "--save", str(save)],
                           input="q\n")
    assert result.exit_code == 0, result.output


def test_a_save_played_in_one_terminal_is_refused_to_a_second(tmp_path: Path) -> None:
    """Two `keizai play --resume game.json` at once both played, each writing its own
    game over the other's after every move: the moves made in the one that wrote first
    were lost without a word. The second is now refused while the first plays, in the
    language asked, the save untouched; once the first has left it may resume."""
    import pexpect  # type: ignore[import-untyped]

    save = tmp_path / "game.json"
    _saved_futuropia(save)
    notes = tmp_path / "game.json.lock"   # a player's own file, named as a lock might be
    notes.write_text("my notes\n")
    first = pexpect.spawn(sys.executable, ["-m", "keizai.cli", "play", "--resume", str(save),
                                           "--lang", "en"],
                          env=ENV, encoding="utf-8", timeout=60)
    first.expect(r"q = quit\) >")
    before = save.read_bytes()
    for lang, words in (("en", "is being played by another keizai play"),
                        ("ja", "別の 'keizai play' で対局中です"),
                        ("zh-TW", "正由另一個 'keizai play' 進行中")):
        second = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                               input="1\nq\n")
        assert second.exit_code == 2, second.output
        assert words in second.output and str(save) in second.output
        assert "Traceback" not in second.output
        assert save.read_bytes() == before
    first.sendline("3")          # Invite residents: the first terminal's move is kept
    first.expect(r"q = quit\) >")
    first.sendline("q")
    first.expect(pexpect.EOF)
    first.close()
    assert first.exitstatus == 0
    actions = json.loads(save.read_text())["actions"]
    assert actions and actions[0].startswith("action:invite")
    again = runner.invoke(app, ["play", "--resume", str(save)], input="q\n")
    assert again.exit_code == 0, again.output
    assert json.loads(save.read_text())["actions"] == actions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.lock"]
    assert notes.read_text() == "my notes\n"


def test_a_save_through_a_link_updates_the_file_it_names(tmp_path: Path) -> None:
    """`--resume link.json`, a link to the save kept elsewhere (a synced folder): the
    first save replaced the link by a file of its own, so the game went on beside it
    and the file the link named kept the game as it was. The save is written to the
    file the link names, the link left as it is, and so are the file's permissions
    (a save the player made private stayed 0o600 only until the first move)."""
    real = tmp_path / "kept" / "game.json"
    real.parent.mkdir()
    _saved_futuropia(real)
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    result = runner.invoke(app, ["play", "--resume", str(link)], input="3\nq\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == real
    assert json.loads(real.read_text())["actions"][0].startswith("action:invite")
    assert real.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in real.parent.iterdir()) == ["game.json"]


def test_a_file_system_that_cannot_lock_still_saves(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A save (or a `keizai sim --out`) on a file system without locks (NFS without its
    lock daemon answers ENOLCK) was refused as held by another keizai: the game could
    not be saved there at all. It is played and saved unlocked, as where there is no
    fcntl."""
    import errno
    import fcntl

    def no_locks(fd: int, operation: int, *args: object) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "lockf", no_locks)
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "futuropia", "--players", "2", "--seed", "4",
                                 "--seats", "human,heuristic", "--save", str(save)],
                           input="3\nq\n")
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["actions"][0].startswith("action:invite")
    out = tmp_path / "out"
    result = runner.invoke(app, ["sim", "--game", "futuropia", "--players", "2", "--games",
                                 "2", "--workers", "1", "--out", str(out), "--no-plots",
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    assert (out / "progress.jsonl").read_text().count("\n") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "out"]


@pytest.mark.parametrize(("lang", "full", "denied"), [
    ("en", "the disk is full", "permission denied"),
    ("ja", "ディスクがいっぱいです", "アクセスする権限がありません"),
    ("zh-TW", "磁碟已滿", "沒有存取權限"),
])
def test_a_file_the_system_refuses_is_told_in_the_language_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, full: str,
        denied: str) -> None:
    """A full disk at a save said '[Errno 28] No space left on device:
    '/…/game.json.partial'' (Python's English, in 日本語 and 中文 too, naming a file the
    player never named), a save that may not be read '[Errno 13] Permission denied:
    'game.json''. The system's reasons a player meets are said in the language asked,
    without the temporary file."""
    from tests.test_cli_languages import english_left

    save = tmp_path / "game.json"
    _saved_futuropia(save)
    kept = save.read_text()
    real_write = Path.write_text

    def disk_full(self: Path, text: str, *args: Any, **kwargs: Any) -> int:
        if self.name.endswith(".partial"):
            raise OSError(28, "No space left on device", str(self))
        return real_write(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", disk_full)
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input="3\nq\n", env={"COLUMNS": "1000"})
    monkeypatch.undo()
    assert result.exit_code == 2, result.output
    said = result.output.strip().splitlines()[-1]
    assert full in said and ".partial" not in said and "Errno" not in said, said
    assert lang == "en" or not english_left(said, str(save)), said
    assert save.read_text() == kept

    def refused(self: Path) -> bytes:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refused)
    for command in (["play", "--resume"], ["replay"]):
        result = runner.invoke(app, [*command, str(save), "--lang", lang])
        assert result.exit_code == 2, result.output
        said = result.output.strip()
        assert denied in said and "Errno" not in said, said
        assert lang == "en" or not english_left(said, str(save)), said


def test_ctrl_c_while_a_move_is_saved_leaves_no_half_written_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C among bots that move fast lands now and then while a move is being saved:
    the save kept the game as of the move before, but a half-written game.json.partial
    was left beside it (2 of 40 four-bot 企業帝國 games interrupted at random times). It
    is removed; the save and the resume line are as before."""
    save = tmp_path / "game.json"
    real_write = Path.write_text
    writes = []

    def interrupted(self: Path, text: str, *args: Any, **kwargs: Any) -> int:
        writes.append(self)
        if len(writes) == 5:
            real_write(self, text[:len(text) // 2])
            raise KeyboardInterrupt
        return real_write(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", interrupted)
    result = runner.invoke(app, ["play", "enterprise-empire", "--players", "4", "--seed", "3",
                                 "--seats", "random,random,random,random", "--save",
                                 str(save)], env={"COLUMNS": "1000"})
    monkeypatch.undo()
    assert result.exit_code == 130, result.output
    assert f"resume with --resume {save}" in result.output
    assert len(json.loads(save.read_text())["actions"]) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_save_s_game_name_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """`keizai play GAME --resume FILE` with a save of another game named the save's game
    as the file wrote it: escape sequences in a shared file reached the terminal (here a
    window title and a colour). They are shown escaped."""
    save = tmp_path / "game.json"
    save.write_text(json.dumps({"game": "\x1b]0;PWNED\x07\x1b[31mfuturopia", "players": 2,
                                "seed": 1, "actions": []}))
    result = CliRunner().invoke(app, ["play", "futuropia", "--resume", str(save)],
                                env={"COLUMNS": "1000"})
    assert result.exit_code == 2, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output, repr(result.output)
    assert "holds a game of \\x1b]0;PWNED\\x07\\x1b[31mfuturopia, not futuropia" \
        in result.output


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("args", [["futuropia", "--save", "/"], ["--resume", "/"],
                                  ["--resume", "/.", "--save", "game.json"]])
def test_the_root_directory_as_a_save_is_refused_as_a_directory(
        args: list[str], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`keizai play futuropia --save /` (or --resume /) ended in a traceback, ValueError
    "PosixPath('/') has an empty name", while the lock file beside the save was named:
    the root directory has no name. It is refused as any other directory is."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", *args, "--lang", lang], input="q\n")
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    path = args[args.index("--resume" if "--resume" in args else "--save") + 1]
    key = "cli.err_not_file" if "--resume" in args else "cli.err_is_dir"
    assert tr(key, lang, path=str(Path(path)), what="--save") in result.output
    assert not (tmp_path / "game.json").exists()
