"""The registered game: id, player counts, options and action space of 企業帝國."""

from __future__ import annotations

from typing import Any

from keizai.engine import Action, Game, State
from keizai.engine.lengths import json_length, list_room
from keizai.rules.enterprise_empire.actions import build_action_space
from keizai.rules.enterprise_empire.data import Components, components
from keizai.rules.enterprise_empire.render import describe_action, render_view
from keizai.rules.enterprise_empire.state import EmpireState


class EnterpriseEmpire(Game):
    id = "enterprise-empire"
    title = "企業帝國 Enterprise Empire"
    rounds_are_turns = True   # no rounds; its table counts the turns
    min_players = 2
    max_players = 4

    def __init__(self, parts: Components | None = None) -> None:
        self.parts = parts or components()
        space, self.index = build_action_space(self.parts)
        super().__init__(space)

    def default_options(self) -> dict[str, Any]:
        """`max_turns`: the software safety limit (turns of all seats together); when it is
        reached the richest seat wins. Random play never comes near the default.
        `choose_corners`: each player in turn order, from the start player, chooses a free
        corner (the seed's set-up, default); false deals the corners in turn order.
        `demand_stays`: the demand card turned up at set-up stays for the whole game (the
        literal text, which only speaks of the top card); by default a sold demand card goes
        under its pile and the next is turned up (a designed reading, docs/rules-notes.md)."""
        return {"max_turns": self.parts.safety_turn_cap, "choose_corners": True,
                "demand_stays": False}

    def option_bounds(self) -> dict[str, tuple[int, int]]:
        """`max_turns` up to its default: the limit is there to end a game that would not
        end, and the default is already more than twice the longest of 20,000 random
        4-player games (1,307 turns, docs/rules-notes.md); a larger one would only let a
        game run longer."""
        return {"max_turns": (1, self.parts.safety_turn_cap)}

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> EmpireState:
        return EmpireState(self, players, seed, options)

    def render_text(self, view: dict[str, Any], lang: str = "en", width: int = 80) -> str:
        return render_view(self.parts, view, lang, width)

    def describe_action(self, view: dict[str, Any], action: Action, lang: str = "en") -> str:
        return describe_action(self.parts, view, action.name,
                               super().describe_action(view, action, lang), lang)

    def view_padding(self, view: dict[str, Any]) -> int:
        """The hand holds one entry per kind of price card held, its count with it: how
        many cards there are is public (price_cards), not how they group. It is padded to
        as many entries as the cards (at most one per kind), each the widest a kind's
        entry can be with that count."""
        seat = view.get("seat")
        if seat is None:
            return 0
        row = view["players"][seat]
        hand = row.get("hand")
        if hand is None:
            return 0
        cards = row["price_cards"]
        kinds = self.parts.price_kinds
        widest = max(json_length({"price": k.price, "steps": k.steps, "count": cards})
                     for k in kinds)
        return max(list_room(min(cards, len(kinds)), widest) - json_length(hand), 0)

    def legal_room(self, view: dict[str, Any]) -> list[tuple[list[Action], int]] | None:
        """On its move the seat may roll or play a price card of any kind it holds: at
        most as many kinds as it holds cards (price_cards). Its other choices are public."""
        seat = view.get("seat")
        if seat is None or view["phase"] != "move" or view["current_player"] != seat:
            return None
        space = self.action_space
        plays = [a for a in (space.by_name(f"play:{k.price}:{k.steps}")
                             for k in self.parts.price_kinds) if a is not None]
        roll = [a for a in (space.by_name("roll"),) if a is not None]
        return [(roll, 1), (plays, min(view["players"][seat]["price_cards"], len(plays)))]

    def round_number(self, state: State) -> int:
        """The turn (all seats' turns are counted together, as the safety limit counts
        them; the table shows it as "Turn n"): the one under way, counted from 1 (the
        state counts the turns done); a game the safety limit ended is in its last."""
        assert isinstance(state, EmpireState)
        return state.turn if state.capped else state.turn + 1


def enterprise_empire() -> EnterpriseEmpire:
    """The game with the components shipped in data/enterprise_empire.json."""
    return EnterpriseEmpire()
