"""National Economy: Progress (base game), Mecenat and Glory, 1–4 players."""

from __future__ import annotations

from typing import Any

from keizai.engine import Action, Game, State
from keizai.engine.decision import PendingDecision
from keizai.i18n import Message, tr
from keizai.rules.national_economy import padding
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
        self._building_names = frozenset(b.name_en for b in cards.buildings)
        self._widest_entry: int | None = None   # of a hand (view_padding), when first asked
        self._widest_ids: tuple[str, str] | None = None   # of a draw, when first asked

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

    def render_text(self, view: dict[str, Any], lang: str = "en", width: int = 80) -> str:
        return render(view, self._building_names, lang, width)  # lines folded at `width`

    def view_padding(self, view: dict[str, Any]) -> int:
        """The hand padded to its size's widest: its card names and texts differ in length."""
        if self._widest_entry is None:
            self._widest_entry = padding.widest_entry(
                self.new_state(1, 0, self.default_options()))
        return padding.hand_padding(view, self._widest_entry)

    def legal_room(self, view: dict[str, Any]) -> list[tuple[list[Action], int]] | None:
        """Its moves name the cards it may build or pay, and the workplaces it may use."""
        return padding.legal_room(self.action_space, self.cards, view)

    def decision_padding(self, view: dict[str, Any], decision: PendingDecision) -> int:
        """A payment lists the cards it may pay."""
        return padding.decision_padding(self.cards, view, decision)

    def private_entry_room(self, public: Message | str, private: Message | str
                           ) -> list[Message | str]:
        """Its own draws name the cards."""
        if self._widest_ids is None:
            self._widest_ids = padding.widest_ids(self.cards)
        return padding.private_entry_room(self._widest_ids, public, private)

    def round_number(self, state: State) -> int:
        assert isinstance(state, NationalEconomyState)
        return state.round

    def menu_order(self, view: dict[str, Any], actions: list[Action]) -> list[Action]:
        """Placements in the order of the Workplaces list (then your own buildings), so
        the menu's order is the table's."""
        return sorted(actions, key=lambda a: _table_place(view, a.name))

    def describe_action(self, view: dict[str, Any], action: Action, lang: str = "en") -> str:
        """A placement names its number in the Workplaces list."""
        label = super().describe_action(view, action, lang)
        place = _table_place(view, action.name)
        if place[0] == 0:
            return tr("ne.tui.workplace_number", lang, label=label, n=place[1] + 1)
        return label


def _table_place(view: dict[str, Any], name: str) -> tuple[int, int]:
    """(0, i) for the i-th workplace of the table, (1, j) for your j-th building, (2, 0)
    for any other action (kept in the canonical order by a stable sort)."""
    parts = name.split(":")
    if parts[0] != "place":
        return (2, 0)
    if parts[1] == "own":
        seat = view.get("seat")
        mine = view["players"][seat]["buildings"] if seat is not None else []
        return (1, next((j for j, b in enumerate(mine) if b["id"] == parts[2]), 0))
    public = parts[1] == "public"
    wanted = parts[2] if public else parts[1]
    for i, w in enumerate(view["workplaces"]):
        if w["id"] == wanted and (w["kind"] == "building") == public:
            return (0, i)
    return (2, 0)


def progress() -> NationalEconomy:
    return NationalEconomy(card_set("progress"))


def mecenat() -> NationalEconomy:
    return NationalEconomy(card_set("mecenat"))


def glory() -> NationalEconomy:
    return NationalEconomy(card_set("glory"))
