"""Asked again after an answer it cannot read, the confirmation of a whole decision says
Enter with the words it first said: it asked '(Enter = yes, n = choose again, q = quit)'
and then 'Enter = confirm, ...' (「Enter = はい」 then 「Enter = 確定」, 「Enter = 是」 then
「Enter = 確定」), as if Enter now did something else. It reads the language's yes and no
(はい/いいえ, 是/否) and the keys typed in full width as y and n."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr
from tests.test_cli import _futuropia_seat_that_may_stop

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


WORDS = {"en": (["yes", "Y", "ｙ"], ["no", "N", "ｎ"]),
         "ja": (["はい", "ｙ"], ["いいえ", "ｎ"]),
         "zh-TW": (["是", "好", "ｙ"], ["否", "不", "ｎ"])}


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_confirm_prompt_reads_the_language_s_yes_and_no(lang: str, tmp_path: Path) -> None:
    """Found playing Futuropia in 日本語 as a new user: Stop asks 「…（Enter = はい、n =
    選び直す、q = 終了）>」, and はい, the word the prompt gives, was not read: it asked
    again (「Enter = はい、n = 選び直す、q = 終了 >」), いいえ too (是/否 in 繁體中文)."""
    state = _futuropia_seat_that_may_stop()
    view = state.view(0)
    menu = state.game.menu_order(view, state.legal_actions())
    number = next(i for i, a in enumerate(menu, 1) if a.name == "stop")
    save = tmp_path / "game.json"
    record = {**state.record(), "seats": ["human", "human"]}
    again = tr("cli.confirm_again", lang)
    yes_words, no_words = WORDS[lang]
    for no in no_words:
        save.write_text(json.dumps(record))
        result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                               input=f"{number}\n{no}\nq\n", env={"COLUMNS": "1000"})
        assert result.exit_code == 0, result.output
        assert again not in result.output, (no, result.output)
        assert json.loads(save.read_text())["actions"] == record["actions"], no
    for yes in yes_words:
        save.write_text(json.dumps(record))
        result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                               input=f"{number}\n{yes}\nq\n", env={"COLUMNS": "1000"})
        assert result.exit_code == 0, result.output
        assert again not in result.output, (yes, result.output)
        assert json.loads(save.read_text())["actions"] == [*record["actions"], "stop"], yes
