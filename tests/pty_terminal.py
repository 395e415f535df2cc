"""`keizai` in a pseudo-terminal, as a player's terminal runs it: keys typed at its
prompts, its output read back (tests of what only a real terminal does: line editing,
input typed ahead)."""

from __future__ import annotations

import os
import pty
import re
import select
import struct
import sys
import time

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
