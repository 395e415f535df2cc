"""The Futuropia game: options, set-up and the terminal picture."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import Any

from keizai.engine import Action, Game, InvalidSetup, State
from keizai.rules.futuropia.actions import ActionTable
from keizai.rules.futuropia.data import Components, components
from keizai.rules.futuropia.render import describe_action, render_text
from keizai.rules.futuropia.state import FuturopiaState, Setup

HOUSE_SIDES = ("A", "B", "random")
# The software safety limit (not a rule of the game, docs/rules-notes.md): after this many
# turns of all players together the final phase begins. No real game comes near it.
SAFETY_TURN_CAP = 1000


class FuturopiaGame(Game):
    """Futuropia (富途共樂), Friedemann Friese, 2F-Spiele 2018: 2-4 players."""

    def __init__(self, comps: Components | None = None) -> None:
        self.components = comps or components()
        self.table = ActionTable(self.components)
        super().__init__(self.table.space)
        # Instance attributes, not class attributes: a mypyc-compiled engine reads the
        # base class's slots and does not see class attributes of interpreted subclasses.
        self.id = "futuropia"
        self.title = "Futuropia"
        self.min_players = 2
        self.max_players = 4
        self.has_hidden_information = False

    def default_options(self) -> dict[str, Any]:
        """`advanced`: advanced set-up (special houses, opening purchases);
        `houses`: side of the regular houses, "A", "B" or "random" (expert rule);
        `expert_tiles`: None (off), "random" (draw the rule's number of tiles, 2) or a
        list of exactly 2 expert tile ids; `refresh_on_credit`: loans may pay an early refresh
        (default: only resources in stock can, see docs/rules-notes.md);
        `loans_when_cash_short`: interest short of cash takes loans at once (the special
        case read literally; default: all resources are paid before a loan);
        `house_stacks`: the supply houses lie in stacks by price (each in a random order
        drawn at set-up, public) and only the top house of a stack can be bought (default:
        every supply house can); `max_turns`: the software safety limit (turns of all
        players together before the final phase); when it is reached the final phase
        begins as if triggered (docs/rules-notes.md: not a rule of the game)."""
        return {"advanced": False, "houses": "A", "expert_tiles": None,
                "refresh_on_credit": False, "loans_when_cash_short": False,
                "house_stacks": False, "max_turns": SAFETY_TURN_CAP}

    def option_bounds(self) -> dict[str, tuple[int, int]]:
        """`max_turns` up to its default: the limit is there to end a game that would not
        end, and the default is already five times the longest random game (187 turns,
        docs/rules-notes.md); a larger one would only let a game run longer."""
        return {"max_turns": (1, SAFETY_TURN_CAP)}

    def option_choices(self) -> dict[str, list[Any]]:
        """`houses`: "A", "B" or "random"; `expert_tiles`: None, "random" or any set of
        as many tiles as the expert rule turns up (two), their ids in order."""
        ids = [e.id for e in self.components.expert_tiles]
        drawn = self.components.rules.expert_tiles_drawn
        return {"houses": list(HOUSE_SIDES),
                "expert_tiles": [None, "random", *map(list, combinations(ids, drawn))]}

    def _expert_ids(self, choice: Any, state: FuturopiaState) -> list[str]:
        known = [e.id for e in self.components.expert_tiles]
        if choice is None:
            return []
        if choice == "random":
            pool = known.copy()
            state.rng.shuffle(pool)
            return sorted(pool[: self.components.rules.expert_tiles_drawn])
        if isinstance(choice, list) and all(isinstance(x, str) for x in choice):
            unknown = list(dict.fromkeys(x for x in choice if x not in known))
            if unknown:   # only the wrong ids: the message names no right one
                raise InvalidSetup.refuse("setup.fu.expert_ids", ids=unknown[:20], known=known)
            repeated = [x for x, times in Counter(choice).items() if times > 1]
            if repeated:
                raise InvalidSetup.refuse("setup.fu.expert_repeated", ids=repeated)
            drawn = self.components.rules.expert_tiles_drawn
            if len(choice) != drawn:  # rulebook 專家規則: 「翻開其中兩張」
                raise InvalidSetup.refuse("setup.fu.expert_count", n=drawn, given=len(choice))
            return sorted(choice)
        raise InvalidSetup.refuse("setup.fu.expert_type", known=known)

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> FuturopiaState:
        if options["houses"] not in HOUSE_SIDES:
            raise InvalidSetup.refuse("setup.fu.houses", sides=list(HOUSE_SIDES))
        state = FuturopiaState(self, players, seed, options)
        expert = self._expert_ids(options["expert_tiles"], state)
        rules = self.components.rules
        for tile in self.components.expert_tiles:
            if tile.id in expert:
                changes: dict[str, Any] = dict(tile.change)
                rules = replace(rules, **changes)
        state.set_up(Setup(self.components, rules, self.table, players, options, expert))
        return state

    def render_text(self, view: dict[str, Any], lang: str = "en", width: int = 80) -> str:
        return render_text(view, lang, width)  # lines of text, lists folded at `width`

    def round_number(self, state: State) -> int:
        """Once round the table, from the start player (seat 1) clockwise; finished
        seats skipped (in the final phase)."""
        assert isinstance(state, FuturopiaState)
        return state.round

    def ends_seat(self, action: Action) -> bool:
        """Stop (reference §9, final phase: "On your turn you may instead stop"; "Your game
        ends when all your tiles are down or you stop"): nothing takes it back."""
        return action.name == "stop"

    def describe_action(self, view: dict[str, Any], action: Action, lang: str = "en") -> str:
        return describe_action(view, action.name, super().describe_action(view, action, lang),
                               lang, repay_cost=self.components.rules.repay_cost)


def futuropia() -> FuturopiaGame:
    """The registered game (`keizai.rules` registers it as "futuropia")."""
    return FuturopiaGame()
