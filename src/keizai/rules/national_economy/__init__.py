"""National Economy: Progress (base game), Mecenat and Glory, 1–4 players."""

from __future__ import annotations

from typing import Any

from keizai.engine import Game
from keizai.rules.national_economy.actions import build_action_space
from keizai.rules.national_economy.cards import CardSet, card_set
from keizai.rules.national_economy.state import NationalEconomyState
from keizai.rules.national_economy.text import render

TITLES = {"progress": "National Economy", "mecenat": "National Economy: Mecenat",
          "glory": "National Economy: Glory"}


class NationalEconomy(Game):
    min_players = 1
    max_players = 4

    def __init__(self, cards: CardSet) -> None:
        space, self.layout = build_action_space(cards)
        super().__init__(space)
        self.cards = cards
        self.id = f"national-economy/{cards.game}"
        self.title = TITLES[cards.game]

    def default_options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        ids = self.cards.by_id
        if "farm_resort" in ids:
            options["farm_resort_empty"] = True  # the text's only condition is the Budget
        if "burnt_field" in ids:
            options["burnt_field_immediate"] = False
        return options

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> NationalEconomyState:
        return NationalEconomyState(self, self.cards, self.layout, players, seed, options)

    def render_text(self, view: dict[str, Any], lang: str = "en") -> str:
        return render(view, lang)


def progress() -> NationalEconomy:
    return NationalEconomy(card_set("progress"))


def mecenat() -> NationalEconomy:
    return NationalEconomy(card_set("mecenat"))


def glory() -> NationalEconomy:
    return NationalEconomy(card_set("glory"))
