"""Keys typed before a question is shown are no answer to it (`keizai play`).

A terminal keeps the lines typed while a program is busy and hands them to its next
read: a line typed while a bot thought answered the menu that came after it, before the
player saw it, and a second Enter pressed at a hot seat's "press Enter to hide your
table" answered the hand-over after it at once, showing the next seat's hand to the
player still at the screen. The prompts drop such input before they ask.
"""

from __future__ import annotations

import select
import sys


def discard_typed_ahead() -> bool:
    """Drop what was typed at the terminal and not read yet; True if that held a whole
    line (an answer, Enter included), which the player may be told was not read. Nothing
    is dropped where the input is no terminal (a file or a pipe of answers is read line
    by line, as typed), nor where this system has no termios (Windows)."""
    stream = sys.stdin
    if stream is None or not stream.isatty():
        return False
    try:
        import termios
    except ImportError:
        return False
    fd = stream.fileno()
    # a terminal's line discipline makes a line readable once its Enter is pressed
    readable, _, _ = select.select([fd], [], [], 0)
    termios.tcflush(fd, termios.TCIFLUSH)
    return bool(readable)
