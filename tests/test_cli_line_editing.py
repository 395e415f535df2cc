"""The arrow keys edit the answer typed at `keizai play`'s prompt, in a real terminal.

Found playing through a pty as a new player: a wrong digit fixed with ← and Delete
("4", ←, Delete, "3") reached the game as '4\\x1b[D\\x1b[3~3' and was refused as no
number; the terminal showed "4^[[D^[[3~3". Python's input() edits a line only once the
readline module is loaded (keizai.terminal_editing).
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import struct
import sys
import time
from pathlib import Path

import pytest

import keizai
from keizai.i18n import tr

# How long the game may take to show its next prompt (start-up, a bot's move) before the
# test gives up: a bound on a hang, not a measure of speed
PROMPT_WITHIN = 120.0

# The escape codes of a terminal's keys, as an xterm sends them
LEFT, DELETE = "\x1b[D", "\x1b[3~"


class Terminal:
    """`keizai …` in a pseudo-terminal of 80 × 24, as a player's terminal runs it."""

    def __init__(self, *args: str) -> None:
        import fcntl
        import termios

        self.pid, self.fd = pty.fork()
        if self.pid == 0:   # the child: keizai, as the `keizai` command starts it
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            env["TERM"] = "xterm"
            os.execvpe(sys.executable, [sys.executable, "-W", "ignore", "-c",
                                        "import sys; from keizai_entry import main; "
                                        "sys.exit(main())", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = b""

    def _read(self, until: float) -> bool:
        """Read what came within `until` (a time.monotonic()); False at the end."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, until - time.monotonic()))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:   # the child has gone: the terminal's other end is closed
            return False
        self.output += data
        return bool(data)

    def text(self) -> str:
        """The output so far, without the terminal's control sequences."""
        text = self.output.decode("utf-8", "replace").replace("\r", "")
        return re.sub(r"\x1b(\[[0-9;?]*[A-Za-z~]|.)", "", text)

    def prompt(self) -> None:
        """Wait for the next prompt: the output ends with "> " and nothing more comes."""
        end = time.monotonic() + PROMPT_WITHIN
        seen = len(self.output)
        while time.monotonic() < end:
            quiet = time.monotonic() + 0.3
            while time.monotonic() < quiet and self._read(quiet):
                pass
            if self.text().endswith("> ") and len(self.output) > seen:
                return
        raise AssertionError(f"no prompt came: {self.text()[-2000:]}")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        """Wait for keizai to end; its exit status."""
        end = time.monotonic() + PROMPT_WITHIN
        while time.monotonic() < end and self._read(end):
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_left_and_delete_fix_a_digit_typed_at_the_menu(lang: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    terminal = Terminal("play", "futuropia", "--players", "2", "--seed", "4",
                        "--seats", "human,random", "--save", str(save), "--lang", lang)
    try:
        terminal.prompt()
        terminal.type(f"4{LEFT}{DELETE}3\r")   # 4 was a slip: ←, Delete, then 3
        terminal.prompt()
        terminal.type("q\r")
    finally:
        status = terminal.close()
    assert status == 0, terminal.text()
    assert tr("cli.bad_number", lang, n=5) not in terminal.text()
    state = keizai.new_game("futuropia", 2, seed=4)
    menu = state.game.menu_order(state.view(0), state.legal_actions())
    assert json.loads(save.read_text())["actions"] == [menu[2].name]   # Invite residents
