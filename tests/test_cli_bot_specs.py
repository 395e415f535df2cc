"""A bot named with parameters that are wrong (`--seats`, `keizai sim --agents`): the
refusal says what is wrong with them, in the player's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import keizai
from keizai.agents import make_agent
from keizai.agents.base import LEVELS
from keizai.cli import app
from keizai.engine import InvalidSetup
from keizai.i18n import tr

runner = CliRunner()
LANGS = ["en", "ja", "zh-TW"]
COMMANDS = {"play": ["play", "futuropia", "--seats", "human,{spec}"],
            "sim": ["sim", "--game", "futuropia", "--players", "2", "--games", "1",
                    "--agents", "{spec},random"]}


def flat(text: str) -> str:
    return " ".join(text.split())


def refusal(command: str, spec: str, lang: str) -> str:
    args = [arg.format(spec=spec) for arg in COMMANDS[command]]
    result = runner.invoke(app, [*args, "--lang", lang], input="q\n")
    assert result.exit_code == 2, result.output
    return flat(result.output)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("spec", ["mcts:iterations=abc", "heuristic:depth=2",
                                  "mcts:rollout=sideways", "mcts:iterations"])
def test_a_bots_wrong_parameter_is_said(command: str, spec: str, lang: str) -> None:
    """In 日本語 and 中文 every such spec was refused as no bot's name ('give human or a
    bot's name: random, heuristic, mcts, …'), mcts and heuristic among them: the reason
    the agent gave was dropped. It is now said, with where the parameters are listed."""
    with pytest.raises(ValueError) as error:
        make_agent(spec)
    said = refusal(command, spec, lang)
    reason = error.value.render(lang)   # type: ignore[attr-defined]
    assert flat(tr("cli.err_seat_params", lang, spec=spec, error=reason)) in said
    assert flat(reason) in said and "docs/bots.md" in said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_level_given_parameters_says_the_spec_it_stands_for(command: str, lang: str) -> None:
    """`hard:iterations=500` was 'unknown agent 'hard:iterations=500' (known: …, hard,
    …)', naming hard among the known while refusing it. A level takes no parameters: the
    refusal now says so and gives the spec the level stands for, to change instead."""
    said = refusal(command, "hard:iterations=500", lang)
    assert flat(tr("cli.err_seat_level", lang, spec="hard:iterations=500", level="hard",
                   stands_for=LEVELS["hard"])) in said
    assert LEVELS["hard"] in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_that_is_no_bot_is_refused_as_before(lang: str) -> None:
    said = refusal("play", "robot", lang)
    assert "'robot'" in said or "「robot」" in said
    assert "heuristic" in said and "mcts" in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_tournament_s_unknown_bot_is_not_told_to_name_a_human(lang: str) -> None:
    """`keizai sim --agents robot` in 日本語 and 中文 said to give 'human or a bot's
    name' (the seats' message of keizai play), and sim refuses human in its line-up. It
    now asks for a bot's name and lists them."""
    said = refusal("sim", "robot", lang)
    assert "human" not in said
    known = tr("list.sep", lang).join(["random", "heuristic", "mcts", "solo", "easy",
                                       "normal", "hard", "expert"])
    with pytest.raises(ValueError) as error:
        make_agent("robot")
    reason = error.value.render(lang)   # type: ignore[attr-defined]
    assert flat(tr("cli.sim.err_agent", lang, spec="robot", error=reason,
                   known=known)) in said


# Specs each agent refuses for another reason: the parameters' parsing and types, and
# each agent's own bounds
WRONG_SPECS = ["mcts:iterations=abc", "mcts:time=inf", "mcts:foo=1", "random:x=1",
               "mcts:iterations", "mcts:c=-1", "mcts:iterations=0", "mcts:rollout=sideways",
               "heuristic:epsilon=2", "solo:reply=2", "solo:spread=0"]


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("spec", WRONG_SPECS)
def test_a_bots_reason_is_said_in_the_players_language(command: str, spec: str,
                                                       lang: str) -> None:
    """In 日本語 and 中文 the refusal's sentence was translated and the agent's reason
    inside it was English ('…のパラメータが正しくありません：parameter 'time' in
    'mcts:time=abc' must be float（…）'). The reason is now a catalogue message."""
    with pytest.raises(ValueError) as error:
        make_agent(spec)
    said = refusal(command, spec, lang)
    assert isinstance(error.value, InvalidSetup)
    reason = error.value.render(lang)
    assert flat(tr("cli.err_seat_params", lang, spec=spec, error=reason)) in said
    assert str(error.value) not in said
    assert not re.search(r"\b(must|needs?|parameter|unknown|known)\b", said), said


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_saves_wrong_bot_is_said_in_the_players_language(lang: str,
                                                            tmp_path: Path) -> None:
    """A save whose seats name a bot with a wrong parameter, resumed: the reason was
    English inside the translated refusal. It is said as keizai play --seats says it,
    after the file's name."""
    save = tmp_path / "game.json"
    record = keizai.new_game("futuropia", 2, seed=3).record()
    save.write_text(json.dumps({**record, "seats": ["human", "mcts:c=-1"]}))
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input="q\n", env={"COLUMNS": "1000"})
    assert result.exit_code == 2, result.output
    reason = tr("agent.at_least", lang, key="c", least=0)
    seat = tr("cli.err_seat_params", lang, spec="mcts:c=-1", error=reason)
    assert flat(tr("cli.err_in_file", lang, path=str(save), error=seat)) in flat(result.output)
    assert "must be" not in result.output


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("seat", ["mcts:" + "x" * 5000 + "=1", "robot" * 1000,
                                  "\x1b[2J\x07robot", "mcts:\x1b[2J=1"])
def test_a_saves_bot_is_quoted_short_and_without_control_characters(
        seat: str, lang: str, tmp_path: Path) -> None:
    """A save's seats may hold anything: a spec of 5,000 characters was quoted whole in
    the refusal, up to three times (15,000 characters on the screen), and a bell or an
    escape sequence in it reached the terminal as it was (a foreign save could clear
    the screen or ring). The spec and its pieces are now quoted as `printable` shows
    a file's text: cut after 60 characters, control characters escaped."""
    save = tmp_path / "game.json"
    record = keizai.new_game("futuropia", 2, seed=3).record()
    save.write_text(json.dumps({**record, "seats": ["human", seat]}))
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", lang],
                           input="q\n", env={"COLUMNS": "1000"})
    assert result.exit_code == 2, result.output
    assert len(result.output) < 600, len(result.output)
    assert not any(ord(c) < 32 and c != "\n" for c in result.output), repr(result.output)
    for command in COMMANDS:   # typed on the command line too
        said = refusal(command, seat.replace(",", ""), lang)
        assert len(said) < 600 and "\x1b" not in said and "\x07" not in said
