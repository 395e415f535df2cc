"""A bot named with parameters that are wrong (`--seats`, `keizai sim --agents`): the
refusal says what is wrong with them, in the player's language."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from keizai.agents import make_agent
from keizai.agents.base import LEVELS
from keizai.cli import app
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
    assert flat(tr("cli.err_seat_params", lang, spec=spec, error=str(error.value))) in said
    assert str(error.value) in said and "docs/bots.md" in said


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
    assert flat(tr("cli.sim.err_agent", lang, spec="robot", error=str(error.value),
                   known=known)) in said
