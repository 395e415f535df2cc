"""The fixed action space of one National Economy game.

Layout (T = number of building types):
  place:<initial workplace>       one per initial workplace kind (Carpenter copies are one)
  place:<round face>              the 8 round-card workplaces
  place:public:<building>         a sold building (or solo building A) in the general row
  place:own:<building>            one of your own buildings
  build:<building>                choose the building to construct
  pay:<building>, pay:item        pay (or discard) one card; payments go in index order
  sell:<building>                 sell a building at payday
  take:<building>                 keep one revealed card (Design Office; Progress only)
  option:items, option:trade      Farm Village's two effects (Glory only)
"""

from __future__ import annotations

from dataclasses import dataclass

from keizai.engine import ActionSpace
from keizai.engine.pickling import pickle_by_fields
from keizai.i18n import action_label
from keizai.rules.national_economy.cards import CardSet


@dataclass(frozen=True, slots=True)
class Layout:
    """Offsets of each action group in the game's action space."""

    place_initial: int
    place_face: int
    place_public: int
    place_own: int
    build: int
    pay: int
    sell: int
    take: int
    option: int
    size: int


def has_step(cards: CardSet, name: str) -> bool:
    return any(step[0] == name for b in cards.buildings for step in b.effect)


def build_action_space(cards: CardSet) -> tuple[ActionSpace, Layout]:
    """The action space; each action's label is its catalogue entry in English, the one
    source of its words in every language (keizai.i18n.action_label)."""
    t = len(cards.buildings)
    names = [f"place:{w.id}" for w in (*cards.initial, *cards.faces)]
    names += [f"place:public:{b.id}" for b in cards.buildings]
    names += [f"place:own:{b.id}" for b in cards.buildings]
    names += [f"build:{b.id}" for b in cards.buildings]
    names += [f"pay:{b.id}" for b in cards.buildings]
    names.append("pay:item")
    names += [f"sell:{b.id}" for b in cards.buildings]
    takes = has_step(cards, "reveal_pick")
    if takes:
        names += [f"take:{b.id}" for b in cards.buildings]
    options = has_step(cards, "choose")
    if options:
        names += ["option:items", "option:trade"]
    place_face = len(cards.initial)
    place_public = place_face + len(cards.faces)
    place_own = place_public + t
    build = place_own + t
    pay = build + t
    sell = pay + t + 1
    take = sell + t
    option = take + (t if takes else 0)
    layout = Layout(0, place_face, place_public, place_own, build, pay, sell, take, option,
                    len(names))
    return ActionSpace([(name, action_label("national-economy", name)) for name in names]), \
        layout


pickle_by_fields(Layout)
