"""Japanese and Chinese text folds as those languages fold lines (kinsoku shori, JIS X
4051): a line never begins with a closing bracket, a comma or stop, a middle dot, a
prolonged sound mark 「ー」, a small kana or an iteration mark, nor ends with an opening
bracket; and no line is wider than the terminal, a wide character counted as two cells.
The terminal folds `keizai rules`, `--help`, the log of `keizai play` and `keizai replay`
and its messages with keizai.rules.folding.words (Rich breaks CJK at any character)."""

from __future__ import annotations

import random
import re

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

import keizai
from keizai.cli import app
from keizai.rules.folding import fold, words
from keizai.terminal_text import log_line

runner = CliRunner()

# JIS X 4051's classes a line may not begin with: closing brackets (cl-02), hyphens
# (cl-03), dividing punctuation (cl-04), middle dots (cl-05), full stops (cl-06), commas
# (cl-07), iteration marks (cl-09), the prolonged sound mark (cl-10), small kana (cl-11);
# and ASCII's closing marks. The wave dash is written 「～」 (the fullwidth tilde, as the
# catalogues write a range: 1～4人) as often as 「〜」.
NOT_FIRST = set(
    "’”）〕］｝〉》」』】〙〗»〟" "‐〜～゠–" "！？‼⁇⁈⁉" "・：；" "。．" "、，" "ヽヾゝゞ々〻" "ー"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ")]},.;:!?")
# cl-01, opening brackets, may not end one
NOT_LAST = set("‘“（〔［｛〈《「『【〘〖«〝" "([{")
WIDTHS = range(30, 81)
WIDE_NOT_FIRST = {c for c in NOT_FIRST if not c.isascii()}


def broken_rules(lines: list[str], width: int, not_first: set[str] = NOT_FIRST) -> list[str]:
    """The lines of `lines` that break a rule at `width` cells, each said why."""
    bad = []
    for line in lines:
        text = line.strip().removeprefix("- ").removeprefix("· ")
        if cell_len(line) > width:
            bad.append(f"{cell_len(line)} cells: {line!r}")
        elif text[:1] in not_first:
            bad.append(f"begins with {text[0]}: {line!r}")
        elif text[-1:] in NOT_LAST:
            bad.append(f"ends with {text[-1]}: {line!r}")
    return bad


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game_id", sorted(keizai.games()))
def test_rules_folds_as_japanese_and_chinese_fold_lines(game_id: str, lang: str) -> None:
    bad = []
    for width in WIDTHS:
        result = runner.invoke(app, ["rules", game_id, "--lang", lang],
                               env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        bad += [f"{width}: {why}" for why in broken_rules(result.output.splitlines(), width)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_games_folds_as_japanese_and_chinese_fold_lines(lang: str) -> None:
    """`keizai games` at 35-40 columns began a line with 「～4人）」, the range 1～4 cut
    before its wave dash."""
    bad = []
    for width in WIDTHS:
        result = runner.invoke(app, ["games", "--lang", lang], env={"COLUMNS": str(width)})
        assert result.exit_code == 0, result.output
        bad += [f"{width}: {why}" for why in broken_rules(result.output.splitlines(), width)]
    assert not bad, "\n".join(bad)


def played_log(game_id: str, lang: str) -> list[str]:
    """The log in `lang` of a seeded game of `game_id` played at random to its end (or
    for 400 moves), as a spectator reads it."""
    state = keizai.new_game(game_id, 3, seed=7)
    rng = random.Random(7)
    while not state.is_over and len(state.history) < 400:
        state.apply(rng.choice(state.legal_actions()))
    return list(state.log(None, lang))


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game_id", sorted(keizai.games()))
def test_the_log_folds_as_japanese_and_chinese_fold_lines(
        game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log of `keizai play` and `keizai replay`, each line folded by log_line."""
    log = played_log(game_id, lang)
    bad = []
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        for line in log:
            bad += [f"{width}: {why}" for why in broken_rules(log_line(line).splitlines(),
                                                              width)]
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("command", ["", "play", "replay", "sim", "serve", "rules"])
def test_the_help_folds_as_japanese_and_chinese_fold_lines(command: str, lang: str) -> None:
    """`keizai [COMMAND] --help`: Rich draws its boxes and columns, keizai breaks the text
    in them (cli_help); each cell's text (the parts of a line between the box's edges and
    runs of spaces) keeps the rules, and the whole line fits the terminal."""
    bad = []
    for width in range(40, 81, 4):
        result = runner.invoke(app, ["--lang", lang, *([command] if command else []),
                                     "--help"],
                               env={"COLUMNS": str(width), "LANGUAGE": None, "LC_ALL": None,
                                    "LC_MESSAGES": None, "LANG": None},
                               prog_name="keizai")
        assert result.exit_code == 0, result.output
        cells = [cell for line in result.output.splitlines()
                 for cell in re.split(r"[│╭╮╰╯─]|\s{2,}", line) if cell.strip()]
        bad += [f"{width}: {why}" for why in broken_rules(cells, width)]
        bad += [f"{width}: {cell_len(line)} cells: {line!r}"
                for line in result.output.splitlines() if cell_len(line) > width]
    assert not bad, "\n".join(bad[:40])


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game_id", sorted(keizai.games()))
def test_the_table_folds_as_japanese_and_chinese_fold_lines(game_id: str, lang: str) -> None:
    """The table `keizai play` draws (National Economy's card effects fold between
    characters): no line begins with a wide closing mark, 「ー」 or a small kana, nor ends
    with an opening bracket, and every line fits, at 30-80 columns (a card or a house too
    wide for a line is cut between its words: rules/folding.fold). ASCII marks are left
    out: Futuropia's subsidy track draws its steps as '.'."""
    state = keizai.new_game(game_id, 3, seed=7)
    rng = random.Random(7)
    bad = []
    while not state.is_over and len(state.history) < 300:
        if len(state.history) % 25 == 0:
            view = state.view(state.current_player)
            for width in range(30, 81, 5):
                lines = state.game.render_text(view, lang, width).splitlines()
                bad += [f"{width}: {why}"
                        for why in broken_rules(lines, width, WIDE_NOT_FIRST)]
        state.apply(rng.choice(state.legal_actions()))
    assert not bad, "\n".join(bad[:40])


def test_words_keep_what_may_not_start_or_end_a_line_with_its_neighbour() -> None:
    """「ー」, a small kana and a closing mark join the piece before them, an opening
    bracket the piece after it; English words are the pieces they were."""
    assert words("カードを「ショップ」へ…… ") == ["カー", "ド", "を", "「ショッ", "プ」", "へ",
                                            "…… "]
    assert words("Draw 1 card (keep it).") == ["Draw ", "1 ", "card ", "(keep ", "it)."]
    lines = fold("", words("ゲームのルールはシンプル"), "", 4, 0)
    assert lines == ["ゲー", "ムの", "ルー", "ルは", "シン", "プル"]


def test_a_help_word_too_wide_for_its_column_is_not_cut_before_a_closing_mark() -> None:
    """A word no line of its column holds ('national-economy/mecenat］' in a 25-cell
    column of `keizai sim --help` in 日本語) is cut a character earlier than the width,
    not before its closing mark, which would begin a line alone."""
    from keizai.cli_help import _word_breaks

    text = "［既定：national-economy/mecenat］"
    cuts = _word_breaks(text, 25)
    lines = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    assert "".join(lines) == text
    assert all(cell_len(line) <= 25 for line in lines), lines
    assert not any(line[0] in NOT_FIRST for line in lines[1:]), lines


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_an_example_to_type_in_corner_brackets_stays_whole(lang: str) -> None:
    """A whole decision's prompt at 40 columns in 日本語 read '…（例：「1' then '3 3」
    または「3x2」）': the example of what to type, cut between its numbers, read as "1".
    What 「」 quote in Latin letters and digits (an answer, a value to type) folds as one
    word; the line still breaks around it."""
    from keizai.i18n import tr
    from keizai.rules.folding import columns

    text = tr("tdec.help", lang)
    assert "「1 3 3」" in words(text)
    for width in range(20, 81):
        lines = fold("", words(text), "", width, 2)
        assert any("「1 3 3」" in line for line in lines), (width, lines)
        assert max(columns(line) for line in lines) <= width
