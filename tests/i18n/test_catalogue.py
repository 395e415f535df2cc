"""The message catalogue: complete in the three languages, consistent with the game data,
and its renderer's format specs."""

from __future__ import annotations

import json
import string
from importlib import resources

import pytest

import keizai
from keizai import i18n
from keizai.i18n import LANGUAGES, action_key, action_label, catalogue, msg, render, tr
from keizai.rules.enterprise_empire.data import components as ee_components
from keizai.rules.futuropia.data import components as fu_components
from keizai.rules.national_economy.cards import card_set

NE_GAMES = ("national-economy/progress", "national-economy/mecenat", "national-economy/glory")


def test_every_message_id_has_all_three_translations() -> None:
    english = catalogue("en")
    for lang in LANGUAGES:
        found = catalogue(lang)
        assert set(found) == set(english), lang
        assert all(isinstance(v, str) and (v or k.endswith("_over")) for k, v in found.items())


def test_every_template_uses_only_the_known_format_specs() -> None:
    for lang in LANGUAGES:
        for key, template in catalogue(lang).items():
            for _, name, spec, _ in string.Formatter().parse(template):
                if name is not None and spec:
                    kind = spec.split(":")[0]
                    assert kind in ("seat", "t", "plural", "m", "action"), (lang, key, spec)


def test_keys_translated_without_a_printed_source_are_marked() -> None:
    for lang in ("ja", "zh-TW"):
        raw = json.loads(resources.files("keizai.i18n").joinpath(f"{lang}.json").read_text())
        unsourced = set(raw["@unsourced"])
        assert "ne.text.farm" in unsourced and "ne.log.payday" in unsourced
        assert "ne.card.farm" not in unsourced or lang == "zh-TW"
    zh = json.loads(resources.files("keizai.i18n").joinpath("zh-TW.json").read_text())
    assert "ne.card.potato_field" not in zh["@unsourced"]  # from the Chinese Mecenat rulebook
    assert "ne.card.coffee_shop" in zh["@unsourced"]  # Progress: no Chinese source


def ne_cards(game: str) -> list:
    cards = card_set(game.split("/")[1])
    return [*cards.initial, *cards.faces, *cards.buildings]


@pytest.mark.parametrize("game", NE_GAMES)
def test_every_national_economy_card_has_a_name_and_text_in_three_languages(game: str) -> None:
    for card in ne_cards(game):
        for lang in LANGUAGES:
            assert i18n.has(f"ne.card.{card.id}", lang), (card.id, lang)
            assert i18n.has(f"ne.text.{card.id}", lang), (card.id, lang)
        assert tr(f"ne.card.{card.id}", "en") == card.name_en
        assert tr(f"ne.text.{card.id}", "en") == card.text_en
        # The printed names kept in the game data are the catalogue's names.
        assert tr(f"ne.card.{card.id}", "ja") == card.name_ja
        if card.name_zh:
            assert tr(f"ne.card.{card.id}", "zh-TW") == card.name_zh


def test_progress_and_glory_buildings_have_chinese_names() -> None:
    for game in ("national-economy/progress", "national-economy/glory"):
        for card in card_set(game.split("/")[1]).buildings:
            name = tr(f"ne.card.{card.id}", "zh-TW")
            assert name and name != card.name_en and not name.isascii(), card.id


def test_every_enterprise_empire_component_is_named_in_three_languages() -> None:
    parts = ee_components()
    keys = [f"ee.material.{m.id}" for m in parts.materials]
    keys += [f"ee.group.{g.id}" for g in parts.groups]
    keys += [f"ee.space.{s.kind}" for s in parts.board]
    keys += [f"ee.card.{c.id}" for c in parts.companies]
    keys += [f"ee.text.{c.id}" for c in parts.companies]
    keys += [f"ee.pawn.{g.pawn}" for g in parts.groups]
    for lang in LANGUAGES:
        assert all(i18n.has(key, lang) for key in keys), lang
    assert tr("ee.card.B1", "zh-TW") == "航空公司"  # the rulebook's own Chinese


def test_every_futuropia_component_is_named_in_three_languages() -> None:
    parts = fu_components()
    keys = [f"fu.gen.{g.id}" for g in parts.generators]
    keys += [f"fu.house.{t.id}" for t in parts.house_tiles]
    keys += [f"fu.card.{x.id}" for x in parts.expert_tiles]
    keys += [f"fu.text.{x.id}" for x in parts.expert_tiles]
    keys += [f"fu.tile.{t}" for t in ("food", "power", "invite", "robots", "subsidy")]
    for lang in LANGUAGES:
        assert all(i18n.has(key, lang) for key in keys), lang


@pytest.mark.parametrize("game", keizai.games())
def test_every_action_has_a_label_in_three_languages(game: str) -> None:
    for action in keizai.get_game(game).action_space.actions:
        for lang in LANGUAGES:
            assert action_key(game, action.name, lang) is not None, (action.name, lang)
            label = action_label(game, action.name, lang)
            assert "{" not in label and label != action.name


def test_the_format_specs() -> None:
    assert tr("ne.log.draws_cards", "en", seat=1, cards=["farm", "mine"]) == \
        "P2 draws Farm, Mine."
    assert tr("ne.log.draws_cards", "ja", seat=0, cards=["farm", "mine"]) == \
        "P1が農場、鉱山を引く。"
    assert tr("ne.log.draws_cards", "en", seat=0, cards=[]) == "P1 draws nothing."
    assert tr("ne.log.place", "en", seat=0, card="mine", workers=1) == "P1 places a worker on Mine."
    assert tr("ne.log.place", "en", seat=0, card="coal_mine", workers=2) == \
        "P1 places two workers on Coal Mine."
    assert tr("fu.log.loans", "en", seat=2, n=1) == "P3 takes 1 loan"
    assert tr("fu.log.loans", "en", seat=2, n=3) == "P3 takes 3 loans"
    assert tr("no.such.key") == "no.such.key"


def test_old_plain_text_events_still_render() -> None:
    assert render("P1 did something.", "ja") == "P1 did something."
    assert render(msg("ne.log.over"), "zh-TW") == "遊戲結束。"
    assert i18n.to_json("plain") == {"text": "plain"}
    assert i18n.to_json(msg("ne.log.payday", round=3)) == {"id": "ne.log.payday",
                                                           "params": {"round": 3}}


def test_language_codes_from_locales() -> None:
    assert i18n.normalize("ja_JP.UTF-8") == "ja"
    assert i18n.normalize("zh_TW") == "zh-TW"
    assert i18n.normalize("zh-Hant") == "zh-TW"
    assert i18n.normalize("de_DE.UTF-8") == "en"
    assert i18n.normalize(None) == "en"
    with pytest.raises(ValueError):
        catalogue("fr")
