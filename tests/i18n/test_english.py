"""English as a native reader expects it: counts agree with their nouns ("1 card", "2
cards", never "card(s)" or "1 cards"), in the catalogue and in what whole games show.

The catalogue says a count's noun with the `{n:plural:card:cards}` spec (keizai.i18n); a
noun written after a bare count field reads wrong once the count is 1."""

from __future__ import annotations

import random
import re
import string

import pytest

import keizai
from keizai.i18n import catalogue, render
from tests.i18n.test_cjk_typography import lines_of_a_game

# Countable nouns that follow a count in keizai's English (their plural forms).
NOUNS = ("cards", "Items", "workers", "points", "pts", "players", "moves", "residents",
         "robots", "beds", "loans", "resources", "spaces", "steps", "turns", "companies",
         "seats", "tiles", "games", "errors", "messages", "buildings", "dollars", "ids")
# A count field ({n} or {0}, no spec) and then, within two words, one of the nouns.
# A noun followed by a value is a label ("energy 1 loans 0"), not a count's noun.
BARE_COUNT = re.compile(r"\{(\w+)\}\s((?:[\w'-]+\s){0,2}?)(" + "|".join(NOUNS)
                        + r")\b(?!\s*[{$\d-])")
# Counts that are never 1, said in the plural on purpose: ranges ("{low}-{high} beds",
# "{least} to {most} characters"), the turn cap, a finished game's counts; and fields
# that are no counts ("{2} buildings": a category icon's name).
NEVER_ONE = {
    ("fu.tui.beds", "high"), ("fu.whole.bed_range", "high"),
    ("setup.players", "most"), ("cli.game_line", "most"), ("ee.log.cap", "n"),
    ("fu.log.final_phase_residents", "n"), ("cli.err_choose_game", "n"),
    ("reduction_icon", "2"),
}
# In what a player reads: "(s)", or the count 1 before a plural noun ("1 cards",
# "1 Consumer Items", "1 building cards"); "-1 points" and "$1" are other numbers.
ONE_PLURAL = re.compile(r"(?<![\w$.,/-])1 (?:[A-Za-z']+ ){0,2}?(?:" + "|".join(NOUNS)
                        + r")\b(?!\s*[$\d-])")


def bare_counts(key: str, template: str) -> list[str]:
    """The bare count fields of an English template followed by a plural noun."""
    plural = {name for _, name, spec, _ in string.Formatter().parse(template)
              if name is not None and (spec or "").startswith("plural:")}
    return [m.group(0) for m in BARE_COUNT.finditer(template)
            if m.group(1) not in plural and (key, m.group(1)) not in NEVER_ONE]


def test_no_english_entry_writes_a_plural_in_brackets() -> None:
    bad = {k: v for k, v in catalogue("en").items() if re.search(r"\w\((?:s|es)\)", v)}
    assert not bad, bad


def test_a_count_before_a_noun_says_it_with_the_plural_spec() -> None:
    bad = {k: found for k, v in catalogue("en").items() if (found := bare_counts(k, v))}
    assert not bad, bad


def test_an_action_label_reads_right_for_everyone() -> None:
    """An action's label is read by its mover and by everyone else: the other seats, the
    spectators and replays ("P1: Place a worker on …" in `keizai replay` and the web
    replay). Found in session 14: "P1: Place a worker on your Potato Field" and "Put your
    pawn and group card on …" spoke to the mover only."""
    bad = {k: v for k, v in catalogue("en").items()
           if ".action." in k and re.search(r"\byours?\b", v, re.IGNORECASE)}
    assert not bad, bad


def test_the_checks_catch_what_they_are_for() -> None:
    assert bare_counts("x", "{seat:seat} draws {n} building cards.") == ["{n} building cards"]
    assert bare_counts("x", "{n} {n:plural:card:cards}") == []
    assert bare_counts("fu.tui.beds", "buy {low}-{high} more beds") == []
    assert ONE_PLURAL.search("P2 draws 1 building cards.")
    assert ONE_PLURAL.search("hand 13 (1 Consumer Items)")
    assert ONE_PLURAL.search("P1 takes 1 loans")
    assert not ONE_PLURAL.search("P1 draws 1 building card. P2: 11 cards, -1 points, $1 beds")


def test_the_plural_spec_reads_one_in_every_form_a_count_comes() -> None:
    # an action's argument comes as text ("invite:1"), a count as an int
    assert render(("fu.log.loans", {"seat": 0, "n": 1})) == "P1 takes 1 loan."
    assert keizai.i18n.action_label("futuropia", "invite:1") == "Invite 1 resident"
    assert keizai.i18n.action_label("futuropia", "invite:2") == "Invite 2 residents"
    assert keizai.i18n.action_label("futuropia", "robots:1") == "Take 1 robot"


def whole_decision_prompts(game: str, seed: int) -> list[str]:
    """The English prompts of the whole decisions of a random game (terminal and page)."""
    state = keizai.new_game(game, 2, seed=seed)
    chooser = random.Random(seed)
    prompts: list[str] = []
    for _ in range(600):
        if state.is_over:
            break
        decision = state.pending_decision()
        if decision is not None:
            prompts.append(decision.prompt)
            if decision.prompt_msg is not None:
                prompts.append(render(decision.prompt_msg))
        state.apply(chooser.choice(state.legal_actions()))
    return prompts


@pytest.mark.parametrize("game", keizai.games())
def test_a_whole_game_in_english_says_its_counts_right(game: str) -> None:
    lines: list[str] = []
    for seed in (3, 11):
        lines += lines_of_a_game(game, "en", seed=seed)
        lines += whole_decision_prompts(game, seed)
    assert len(lines) > 100
    bad = sorted({line for line in lines if "(s)" in line or ONE_PLURAL.search(line)})
    assert not bad, bad[:8]
