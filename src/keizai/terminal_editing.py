"""Line editing at the terminal's prompts (`keizai play`, `keizai replay`).

Python's input() reads a terminal's line as the terminal's own line discipline does
unless the readline module is loaded: then Backspace alone edits, and ←, →, Home, End
and Delete type their escape codes into the answer ("4^[[D3", refused as no number)
where a player fixing "1 3 4" into "1 3 3" expects them to move and delete. Once it is
loaded they edit the line as a shell's prompt does (GNU readline, or libedit on macOS).

No history: ↑ brings back nothing, for in a hot seat it would bring the last player's
answers to the next. Tab types a tab (Python's readline binds it so, not to file-name
completion), which the prompts read as a space.
"""

from __future__ import annotations

import functools


@functools.cache
def enable_line_editing() -> bool:
    """Load readline for input()'s prompts, without history; False where this Python
    has no readline (Windows), whose console edits the line itself."""
    try:
        import readline
    except ImportError:
        return False
    readline.set_auto_history(False)
    return True
