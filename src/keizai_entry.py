"""The `keizai` command's entry point (pyproject.toml's [project.scripts]).

A module of its own beside the keizai package, not inside it: the installed script
imports its entry point before it calls it, and importing a module of the package first
imports the package itself (its build's choice, the engine and the games), where a Ctrl-C
printed Python's traceback. Here nothing of keizai is imported until the call: the
package, keizai.cli (Typer, Rich, the bots: most of the quarter of a second keizai takes
to start) and Typer building the command line from it all come inside it, before any of
the commands' own Ctrl-C handling. A Ctrl-C earlier still, in the first tens of
milliseconds, is Python's to report: while its start-up runs site (and the .pth file of an
editable install), while the script the installer wrote imports re, or while it imports
this module; no code of keizai runs before then, so none can catch it (session 25: of 60
Ctrl-Cs at random in the first half second, 5 printed a traceback, each from there).
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
