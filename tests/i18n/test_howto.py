"""How to play each game (keizai/i18n/howto.<lang>.json): a player who opened keizai for
the first time found no word on how any game is played. Every game has its text in every
language, whole (no section or paragraph missing, the same figures as the English), in
the typography of the catalogue (no English left in 日本語 or 繁體中文, full-width marks),
and the figures it states are the engine's."""

from __future__ import annotations

import re

import pytest

import keizai
from keizai.i18n import LANGUAGES, howto
from keizai.rules.enterprise_empire import data as enterprise_empire
from keizai.rules.futuropia import data as futuropia
from keizai.rules.national_economy.cards import card_set
from keizai.rules.national_economy.state import ROUNDS
from tests.i18n.test_cjk_spacing import SPACED
from tests.i18n.test_cjk_typography import (
    CHINESE_ONLY,
    ENGLISH,
    HALF_WIDTH,
    JAPANESE_ONLY,
    LATIN_OK,
)


def paragraphs(game_id: str, lang: str) -> list[str]:
    text = howto.how_to_play(game_id, lang)
    return [text["title"], *(part for section in text["sections"]
                             for part in [section["heading"], *section["paragraphs"]])]


def figures(text: str) -> set[str]:
    """The numbers a text states ("$2,000" is 2000); 1 is left out, as 日本語 and 中文
    write "1人" where English says "a worker"."""
    return {n.replace(",", "") for n in re.findall(r"\d+(?:,\d{3})*", text)} - {"1"}


def test_every_game_has_its_text() -> None:
    assert set(howto.SECTIONS) == set(keizai.games())
    used = {key for order in howto.SECTIONS.values() for key in order}
    for lang in LANGUAGES:
        texts = howto.texts(lang)
        assert set(texts) == used, (lang, set(texts) ^ used)
        for key, section in texts.items():
            assert section["heading"].strip() and section["text"], (lang, key)
            assert all(p.strip() for p in section["text"]), (lang, key)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_each_translation_is_whole_and_says_the_same_figures(lang: str) -> None:
    english, own = howto.texts("en"), howto.texts(lang)
    for key, section in english.items():
        assert len(own[key]["text"]) == len(section["text"]), (lang, key)
        for i, (en, translated) in enumerate(zip(section["text"], own[key]["text"],
                                                 strict=True)):
            assert figures(en) == figures(translated), (lang, key, i, en, translated)
            assert translated != en, (lang, key, i)


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game_id", sorted(howto.SECTIONS))
def test_a_translation_has_no_english_and_keeps_its_typography(lang: str,
                                                                 game_id: str) -> None:
    for text in paragraphs(game_id, lang):
        assert not set(ENGLISH.findall(text)) - LATIN_OK, text
        assert not HALF_WIDTH.search(text), text
        assert not SPACED.search(text), text
        wrong_script = JAPANESE_ONLY if lang == "zh-TW" else CHINESE_ONLY
        # 企業帝國 is the game's own title in 日本語 too
        assert not wrong_script.search(text.replace("企業帝國", "")), text


def section_text(key: str, lang: str = "en") -> str:
    return " ".join(howto.texts(lang)[key]["text"])


def dollars(amounts: list[int]) -> str:
    return ", ".join(f"${n}" for n in amounts)


def test_national_economy_figures_are_the_engines() -> None:
    for game in ("progress", "mecenat", "glory"):
        cards = card_set(game)
        assert len(cards.wages) == ROUNDS == 9
        assert f"{dollars(list(cards.wages))} in rounds 1 to {ROUNDS}" in section_text("ne.round")
        setup = cards.setup
        assert f"{setup['starting_workers']} workers, {setup['starting_hand']} building cards" \
            in section_text("ne.goal")
        assert f"${setup['starting_money_first_seat']} for the start player" \
            in section_text("ne.goal")
        assert f"down to {setup['hand_limit']} cards" in section_text("ne.round")
        assert f"minus {-setup['unpaid_wage_points']} points per Unpaid Wage card" \
            in section_text("ne.score")
        assert f"every {setup['vp_set_size']} VP cards score {setup['vp_set_points']} points" \
            in section_text("ne.mecenat")
        assert f"{setup['worker_limit']} workers" in section_text(f"ne.{game}")
    targets = {game: card_set(game).solo_win_points for game in ("progress", "glory")}
    assert set(targets.values()) == {100}
    assert card_set("mecenat").solo_win_points == 125
    assert "You win with 100 points or more (Mecenat: 125)" in section_text("ne.solo")


def test_futuropia_figures_are_the_engines() -> None:
    rules = futuropia.components().rules
    goal, turn = section_text("fu.goal"), section_text("fu.turn")
    assert f"${rules.start_money}, {rules.start_food} food, {rules.start_energy} energy" in goal
    assert f"{rules.start_residents} residents" in goal
    assert f"${rules.turn_order_bonus[1]}, ${rules.turn_order_bonus[2]} and " \
        f"${rules.turn_order_bonus[3]} more" in goal
    assert f"Invite {rules.invite_min} to {rules.invite_max} residents" in turn
    assert f"take {rules.robots_min} to {rules.robots_max}" in turn
    assert f"${rules.shortfall_cost} for each food" in turn
    assert f"{rules.repay_cost} resources each" in turn
    assert f"{rules.end_residents} residents or more" in section_text("fu.end")
    score = section_text("fu.score")
    assert f"{rules.idle_resident_vp} points per resident in bed" in score
    assert f"{rules.face_up_tile_vp} per action tile left face up" in score
    assert f"1 per {rules.resources_per_vp} resources left" in score
    assert f"minus {rules.loan_penalty} per unpaid loan" in score
    mistakes = section_text("fu.mistakes")
    assert f"own {rules.max_generators} generators" in mistakes
    assert f"at most {rules.max_empty_beds} empty beds" in mistakes
    assert f"${rules.loan_value} each" in mistakes


def test_enterprise_empire_figures_are_the_engines() -> None:
    amounts = enterprise_empire.components()
    goal, turn = section_text("ee.goal"), section_text("ee.turn")
    assert f"found {amounts.win_companies} companies or to hold ${amounts.win_cash}" in goal
    assert f"${amounts.starting_cash}, and ${amounts.corner_revenue} of revenue" in goal
    assert f"{amounts.die_sides}-sided die" in turn
    assert f"and ${amounts.revenue_raise_per_company} more per company" in turn
    assert f"for ${amounts.demand_sale}" in turn
    assert f"jump {amounts.research_jump} spaces" in turn
