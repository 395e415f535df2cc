"""The `keizai` command's entry point (pyproject.toml's [project.scripts]).

The installed script imports its entry point before it calls it. Importing keizai.cli
(Typer, Rich, the bots: most of the quarter of a second keizai takes to start) and Typer
building the command line from it come before any of the commands' own Ctrl-C handling,
so a Ctrl-C then printed Python's traceback; both happen here, inside the call. The keizai
package itself is imported before this module (the engine and the games), and a Ctrl-C
during it still reaches Python's default handling.
"""

from __future__ import annotations


def main() -> object:
    """Run `keizai`; a Ctrl-C while it starts ends it with status 130, as a shell reports
    a command stopped by Ctrl-C, without a traceback (what keizai's commands do later)."""
    try:
        from keizai.cli import app

        return app()
    except KeyboardInterrupt:
        return 130
