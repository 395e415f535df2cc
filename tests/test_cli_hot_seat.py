"""The hot seat's hand-over: only Enter shows the next player's hand."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from keizai.cli import app
from keizai.i18n import tr
from keizai.rules.folding import columns

runner = CliRunner()
LANGS = ["en", "ja", "zh-TW"]
PLAY = ["play", "national-economy/mecenat", "--players", "2", "--seed", "5",
        "--seats", "human,human"]


def hand(lang: str) -> str:
    """A card of P1's opening hand in this game, by its name in `lang`."""
    return tr("ne.card.temple_carpenter", lang)


def flat(text: str, lang: str) -> str:
    """`text` joined whatever the terminal's width folded."""
    return (" " if lang == "en" else "").join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stray", ["1", "x", "yes"])
def test_a_stray_answer_at_the_hand_over_does_not_show_the_hand(lang: str, stray: str) -> None:
    """At '=== P1's turn: pass the screen to P1 ===' a key pressed by whoever still holds
    the screen (a number meant for the menu just answered) showed P1's hand at once. Only
    Enter goes on; anything else says so and asks again."""
    result = runner.invoke(app, [*PLAY, "--lang", lang], input=f"{stray}\nq\n")
    assert result.exit_code == 0, result.output
    assert hand(lang) not in result.output
    assert flat(tr("cli.press_enter_only", lang, seat=0), lang) in flat(result.output, lang)
    assert result.output.count(tr("cli.press_enter", lang)) == 2


@pytest.mark.parametrize("lang", LANGS)
def test_enter_after_a_stray_answer_shows_the_hand(lang: str) -> None:
    result = runner.invoke(app, [*PLAY, "--lang", lang], input="1\n\nq\n")
    assert result.exit_code == 0, result.output
    out = flat(result.output, lang)
    hint = out.index(flat(tr("cli.press_enter_only", lang, seat=0), lang))
    assert hint < out.index(hand(lang)) < out.index(flat(tr("cli.choose", lang, seat=0), lang))


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_over_fits_a_40_column_terminal(lang: str) -> None:
    """'=== P1の手番：画面をP1に渡してください ===' took 42 columns, so a 40-column
    terminal folded it itself; it folds between words, as the prompt under it does."""
    result = runner.invoke(app, [*PLAY, "--lang", lang], input="q\n", env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    screen = result.output.split(">")[0]   # up to the prompt (the answer is not echoed)
    assert all(columns(line) <= 40 for line in screen.splitlines()), screen
    assert flat(tr("cli.pass_screen", lang, seat=0), lang) in flat(screen, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", [["", "^C"], ["", "q"], ["", "1", "^C"], ["", "1", "q"]])
def test_leaving_a_hot_seat_does_not_leave_a_hand_on_the_screen(
        typed: list[str], lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at 'P1: press Enter to hide your table before the next player looks' left
    the game with P1's hand on the screen, where q and Ctrl-D at the same prompt clear
    it first; so did q or Ctrl-C at P1's own decision. Whoever sits down next (the other
    player, to resume the game) read the hand. Leaving a hot seat clears a hand on the
    screen, as a hand-over does (no terminal here: 60 blank lines push it up)."""
    answers = iter(typed)

    def typing(prompt: str = "") -> str:
        print(prompt)
        answer = next(answers)
        if answer == "^C":
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr("builtins.input", typing)
    result = runner.invoke(app, [*PLAY, "--lang", lang])
    assert result.exit_code in (0, 130), result.output
    assert hand(lang) in result.output   # P1's hand was shown
    before, _, after = result.output.rpartition("\n" * 60)
    assert before, result.output
    assert hand(lang) not in after and tr("ne.tui.hand", lang) not in after, after
