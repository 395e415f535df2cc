"""Asked again after an answer it cannot read, the confirmation of a whole decision says
Enter with the words it first said: it asked '(Enter = yes, n = choose again, q = quit)'
and then 'Enter = confirm, ...' (「Enter = はい」 then 「Enter = 確定」, 「Enter = 是」 then
「Enter = 確定」), as if Enter now did something else."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app

runner = CliRunner()


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_confirmation_asked_again_says_enter_as_it_first_did(tmp_path: Path,
                                                                 lang: str) -> None:
    save = tmp_path / "game.json"
    runner.invoke(app, ["play", "futuropia", "--seats", "human,random", "--seed", "3",
                        "--save", str(save)], input="q\n")
    record = json.loads(save.read_text())
    save.write_text(json.dumps({**record, "actions": ["action:invite", "invite:3"]}))
    # the 4th menu line (a house), then an answer that is no answer, then Enter
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input="4\nx\n\nq\n")
    said = re.findall(r"Enter = ([^,、，)）]+)", result.output)
    assert len(said) == 2, result.output
    assert said[0] == said[1], said
