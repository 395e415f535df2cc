"""The terminal picture of a National Economy view says things plainly (issue 14)."""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

import keizai
from keizai.engine import Rng
from keizai.i18n import tr
from keizai.rules.national_economy.cards import card_set
from keizai.rules.national_economy.state import NationalEconomyState
from keizai.rules.national_economy.text import _card as render_card
from keizai.rules.national_economy.text import render
from keizai.rules.national_economy.view import card_json
from tests.rules.national_economy.helpers import (
    new,
    own,
    pass_turn,
    play,
    set_hand,
    stack_deck,
)


def test_workers_are_described_plainly() -> None:
    """School: hire a worker who works from the next round."""
    state = new("mecenat", 2)
    play(state, "place:school")
    text = render(state.view(0), width=120)  # the player's line whole
    assert "P1 (you): $5 · 3 workers: 1 still to place, 1 in training (works from next " \
           "round)" in text
    assert "ready of" not in text


def test_a_player_with_every_worker_placed_has_none_left_to_place() -> None:
    """The table said "2 workers: 0 still to place" (「労働者2人：未配置0人」, 「工人2名：尚未
    派出0名」) once a player's workers were all out; it says none is left."""
    state = new("mecenat", 2)
    for seat in (0, 1, 0):
        pass_turn(state, seat)   # the Mine takes any number of workers
    assert state.view(None)["players"][0]["workers_ready"] == 0
    for lang, line in (("en", "2 workers: none left to place"), ("ja", "労働者2人：未配置なし"),
                       ("zh-TW", "工人2名：無人待派出")):
        text = render(state.view(1), lang=lang)
        assert line in text and "0 still" not in text and "未配置0" not in text, lang


def test_payday_shows_no_worker_on_a_workplace() -> None:
    """Payday: the workers have come home; the table must not show them on workplaces."""
    state = new("mecenat", 2)
    set_hand(state, 0, ["cathedral"] * 2, items=3)
    for _ in range(4):
        play(state, "place:mine")
    assert state.view(0)["phase"] == "payday"
    text = render(state.view(0))
    workplaces = text.split("Workplaces:")[1].split("\nP1")[0]
    assert "[P1" not in workplaces and "[P2" not in workplaces
    assert "still to place" not in text


def test_design_office_names_the_revealed_cards() -> None:
    """Design Office (Progress): reveal cards and keep one; no raw ids on the screen."""
    state = own("progress", "design_office")
    stack_deck(state, ["coffee_shop", "farm", "warehouse", "law_office", "orchard"])
    play(state, "place:own:design_office")
    assert state.view(0)["decision"]["kind"] == "take"
    text = render(state.view(0))
    assert "Revealed: Coffee Shop, Farm, Warehouse, Law Office, Orchard" in text
    assert "coffee_shop" not in text and "law_office" not in text


def test_the_menu_follows_the_table_order() -> None:
    """Issue 14: the action menu listed round cards before buildings sold earlier, unlike
    the Workplaces list; now it follows the table and names each workplace's number."""
    from keizai.rules.national_economy.workplaces import FACE
    from tests.rules.national_economy.helpers import add_public, set_budget

    state = new("mecenat", 2)
    set_budget(state, 30)  # so the Stall (round 2's card) can pay out
    add_public(state, "laboratory")  # sold at the first payday ...
    state.wp_key.append(FACE + 0)  # ... before round 2's card opened
    state.wp_who.append(())
    state.wp_side.append(False)
    state._legal = None
    view = state.view(0)
    table = [w["id"] for w in view["workplaces"]]
    menu = state.game.menu_order(view, state.legal_actions())
    placed = [a.name.split(":")[-1] for a in menu]
    assert placed == [w for w in table if w in placed]
    assert placed.index("laboratory") < placed.index("stall")  # canonical: the other way
    assert table.index("laboratory") < len(table) - 1  # the face opened after the sale
    number = table.index("laboratory") + 1
    field = next(a for a in menu if a.name == "place:public:laboratory")
    assert state.game.describe_action(view, field).endswith(f"(workplace {number})")


def test_glory_relics_workplace_and_building_are_told_apart() -> None:
    """Issue 14: Glory's Relics workplace and Relics building share the English name."""
    state = new("glory", 2)
    text = state.game.render_text(state.view(0))
    assert "Relics (the workplace)" in text


def test_every_workplace_effect_starts_in_one_column() -> None:
    """Found in session 13: a name longer than 28 columns ("Board Game Cafe (sold
    building)") or two workers on a spot ("[P1, P2]") pushed that row's effect to the
    right. The columns now take their widest entry, counted in terminal columns (CJK
    characters take two), in a terminal wide enough for every effect beside its row."""
    state = keizai.new_game("national-economy/glory", 2, seed=4)
    state.play_out(Rng(4))
    for lang in ("en", "ja", "zh-TW"):
        text = render(state.view(None), lang=lang, width=200)
        rows = [line for line in text.splitlines() if line[:6].strip().rstrip(".").isdigit()]
        assert len(rows) == len(state.view(None)["workplaces"]) > 12
        label_ends = [re.match(r".*?[\]］]\s+", row) for row in rows]
        assert all(label_ends), (lang, rows)
        starts = {columns(end.group()) for end in label_ends if end}
        assert len(starts) == 1, (lang, text)


def columns(text: str) -> int:
    """The terminal columns `text` takes: East Asian wide and full-width characters two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_solo_score_row_says_in_words_whether_the_target_was_reached(lang: str) -> None:
    """Revival rulebook, Solo Play Rules: "You win if your score at the end of the game
    meets the following victory condition" (Progress: 100 pt or more). The score row
    showed the won flag as a number ("target 100, won 0", 「目標100、達成0」); it now says
    the target and whether it was reached in words."""
    state = keizai.new_game("national-economy/progress", 1, seed=3)
    state.play_out(Rng(3))
    view = state.view(0)
    row = view["scores"][0]
    assert row["target"] == 100 and not row["won"]
    text = render(view, lang=lang)
    assert tr("ne.tui.target_missed", lang, n=100) in text
    assert tr("score_part", lang, name=tr("score_won", lang), figure=0) not in text
    won = {**view, "scores": [{**row, "total": 104, "won": 1}]}
    assert tr("ne.tui.target_reached", lang, n=100) in render(won, lang=lang)
    if lang == "en":
        assert "target 100 not reached)" in text
        assert "target 100 reached)" in render(won, lang=lang)


@pytest.mark.parametrize(("lang", "kept"), [
    ("en", "P1 keeps the Start Player marker."),
    ("ja", "P1はスタートプレイヤーのまま。"),
    ("zh-TW", "P1仍是起始玩家。")])
def test_quarry_by_the_start_player_says_the_marker_stays(lang: str, kept: str) -> None:
    """The start player placing on Quarry read "P1 takes the Start Player marker." /
    「P1がスタートプレイヤーカードを取る。」 though it already held it (Quarry: "stay
    start player if you already hold it"; found playing National Economy in the
    terminal): the log says it stays; another seat still takes it."""
    state = new("progress", 2)
    assert state.start_player == 0 and state.current_player == 0
    play(state, "place:quarry")
    assert state.log(0, lang)[-1] == kept
    assert tr("ne.log.start_player", lang, seat=0) not in state.log(0, lang)
    other = new("progress", 2)
    pass_turn(other, 0)
    play(other, "place:quarry")
    assert tr("ne.log.start_player", lang, seat=1) in other.log(1, lang)


def _mid_game(variant: str, seed: int) -> NationalEconomyState:
    """A three-player game 45 random decisions in (seeded)."""
    state = keizai.new_game(f"national-economy/{variant}", 3, seed=seed)
    assert isinstance(state, NationalEconomyState)
    chooser = random.Random(seed)
    for _ in range(45):
        state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("width", [60, 80, None])
@pytest.mark.parametrize("variant", ["progress", "mecenat", "glory"])
def test_the_table_folds_at_the_terminal_s_width(variant: str, width: int | None,
                                                 lang: str) -> None:
    """Each workplace's row (its name, who is on it, its effect) was one line of up to 205
    columns, a card in hand with its effect up to 190, a player's line up to 144: the
    terminal folded them wherever it reached its edge, inside a word or a card's figures.
    In fewer columns than the rows need, each effect goes below its workplace, its words
    folded with a hanging indent; a player's line folds between its parts; a card in hand
    stays whole. Every line fits, wide characters counted as two columns."""
    state = _mid_game(variant, 3)
    view = state.view(state.current_player)
    text = state.game.render_text(view, lang) if width is None else \
        state.game.render_text(view, lang, width)
    lines = text.splitlines()
    assert max(columns(line) for line in lines) <= (width or 80), text
    me = next(p for p in view["players"] if "hand" in p)
    cards = [render_card(c, lang, "cost_now") for c in me["hand"]]
    cards += [render_card(b, lang) for p in view["players"] for b in p["buildings"]]
    for card in cards:
        assert any(card in line for line in lines), (card, text)
    squashed = re.sub(r"\s+", " " if lang == "en" else "", text)
    for w in view["workplaces"]:
        effect = tr("ne.text." + w["id"], lang)
        assert (effect if lang == "en" else re.sub(r"\s+", "", effect)) in squashed, effect
        assert any(re.match(r"\s+\d+\. " + re.escape(tr("ne.card." + w["id"], lang)), line)
                   for line in lines), w["id"]  # its name whole, after its number


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("variant", ["progress", "mecenat", "glory"])
def test_every_building_owned_fits_a_60_column_terminal(variant: str, lang: str) -> None:
    """A player's building was one line, its card whole after "building: ": Glory's
    "      building: Mechanical Doll (cost 4, value 2, F, no sale)" took 61 columns, which a
    60-column terminal folded inside the card's figures (found driving `keizai play` at 60
    columns, session 22). The card now goes below its label when the two do not fit, still
    whole. Every building of the edition, owned and used, in each language."""
    state = _mid_game(variant, 3)
    view = state.view(state.current_player)
    buildings = [{**card_json(b, state, None), "used": True}
                 for b in card_set(variant).buildings]
    view["players"][0]["buildings"] = buildings
    text = state.game.render_text(view, lang, 60)
    lines = text.splitlines()
    assert max(columns(line) for line in lines) <= 60, text
    for card in {render_card(b, lang) for b in buildings}:
        assert any(card in line for line in lines), (card, text)


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("variant", ["progress", "mecenat", "glory"])
def test_each_workplace_s_name_stays_whole_in_a_40_column_terminal(variant: str,
                                                                   lang: str) -> None:
    """Where a workplace's line padded to the longest name ('Coffee Shop (sold
    building)') took more than the terminal's 40 columns, a short name was folded inside
    itself after its padding: '   1. 採石' / '      場' / '      ［P2］'. Each line is then
    its name, whole after its number, and who is on it, each whole."""
    state = _mid_game(variant, 3)
    view = state.view(state.current_player)
    lines = state.game.render_text(view, lang, 40).splitlines()
    assert max(columns(line) for line in lines) <= 40
    for i, w in enumerate(view["workplaces"], 1):
        name = tr("ne.card." + w["id"], lang)
        at = next(j for j, line in enumerate(lines) if re.match(rf"\s+{i}\. ", line))
        assert lines[at].split(". ", 1)[1].startswith(name), (name, lines[at])
        # who is on it ("[P1, P2]", 「［空き］」) on its line or the next, not cut in two
        assert re.search(r"[\[［][^\]］\n]*[\]］]", "\n".join(lines[at:at + 2])), lines[at]


def _random_positions(variant: str, seed: int):
    """Every 5th position of a seeded random game of `variant` as its player sees it."""
    state = keizai.new_game(f"national-economy/{variant}", 2 + seed % 3, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over and len(state.history) < 400:
        if len(state.history) % 5 == 0:
            yield state.view(state.current_player)
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize("variant", ["progress", "mecenat", "glory"])
def test_a_card_stays_on_one_line_and_no_line_starts_with_a_dash(variant: str,
                                                                 lang: str) -> None:
    """At 40 to 60 columns a card in hand was followed by its "  — " and the dash went to
    the next line when it did not fit ('        — Draw 3 building cards.'); a card wider
    than the 8-column indent left (41-51 columns) was cut in two though the terminal had
    room for it, and Design Office's revealed cards were folded as words ('Car' /
    'Factory'). A card (its name and figures) stays on one line wherever it fits in one,
    and no line starts with the dash."""
    dashes, cut = [], []
    for seed in (1, 2):
        for view in _random_positions(variant, seed):
            for width in range(40, 61, 3):
                lines = render(view, lang=lang, width=width).splitlines()
                dashes += [line for line in lines if line.lstrip().startswith(("—", "–"))]
                cards = [render_card(c, lang, "cost_now") for p in view["players"]
                         for c in p.get("hand", [])]
                cards += [render_card(b, lang) for p in view["players"] for b in p["buildings"]]
                decision = view.get("decision") or {}
                cards += [tr("ne.card." + c, lang) for c in decision.get("revealed", [])]
                cut += [(width, card) for card in cards if columns(card) <= width
                        and not any(card in line for line in lines)]
    assert not dashes, dashes[:5]
    assert not cut, cut[:5]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_consumer_items_in_hand_fold_in_a_very_narrow_terminal(lang: str) -> None:
    """Every line of the table folds at a phone's narrow terminal but one: the hand's
    Consumer Items, '      hand: Consumer Item ×3' (28 columns, 「      手札：消費財×3」
    20), written whole whatever the width (found playing `keizai play` at 25 columns).
    They fold as a card in hand does: below their label where the two do not fit."""
    state = _mid_game("mecenat", 3)
    view = state.view(state.current_player)
    me = next(p for p in view["players"] if "hand" in p)
    me["consumer_items"] = 3
    items = tr("ne.tui.items", lang, n=3)
    for width in range(20, 41):
        lines = state.game.render_text(view, lang, width).splitlines()
        assert max(columns(line) for line in lines) <= width, (width, lines)
        squashed = re.sub(r"\s+", "", "".join(lines))
        assert re.sub(r"\s+", "", items) in squashed, (width, items, lines)
