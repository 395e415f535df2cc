"""`keizai sim`'s numbers typed wrong, in English: one line saying what was typed and
why, no traceback. A seed or a count that is no number was refused in pydantic's words,
"Input should be a valid integer, unable to parse string as an integer", while 日本語 and
繁體中文 said "'abc' is not a whole number" from the catalogue (found checking h210's
findings on the sim's numbers)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from keizai.cli import app

runner = CliRunner()
NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def sim(*args: str) -> tuple[int, str]:
    """The exit code and all that `keizai sim <args>` writes, in English."""
    result = runner.invoke(app, ["sim", "--game", "national-economy/progress", "--no-table",
                                 "--no-progress", *args],
                           env={**NO_LOCALE, "COLUMNS": "200"}, prog_name="keizai")
    return result.exit_code, result.output


@pytest.mark.parametrize(("args", "said"), [
    (["--seed", "abc"], "'abc' is not a whole number"),
    (["--seed", "2.5"], "'2.5' is not a whole number"),
    (["--games", "3.5"], "'3.5' is not a whole number"),
    (["--players", "x"], "'x' is not a whole number"),
    (["--games", "0"], "games must be at least 1"),
    (["--games", "-3"], "games must be at least 1"),
    (["--games", "99999999999"], "at most 10,000,000 games in one run, not 99,999,999,999"),
    (["--players", "0"], "is for 1-4 players, not 0"),
    (["--players", "9"], "is for 1-4 players, not 9"),
    (["--seed", "-1"], "seed must be at least 0, not -1"),
    (["--seed", str(2**70)], "seed is too large: 71 bits, at most 64"),
])
def test_a_number_typed_wrong_is_refused_in_one_clear_line(args: list[str], said: str) -> None:
    code, out = sim(*args)
    assert code != 0 and "Traceback" not in out
    assert "Input should be" not in out  # pydantic's words
    lines = [line for line in out.splitlines() if said in line]
    assert len(lines) == 1, out
