"""The fixed action space of 企業帝國 and where each family of actions starts.

Index layout (K price-card kinds, 4 seats; labels call seat s "P{s+1}" like the CLI):

    roll | play:<price>:<steps> x K | buy | take-from:<seat> x 4 | pass | jump | stay
    | draw-from:<seat> x 4 | corner:<letter> x 4

`take-from:<seat>` is the whole purchase when the bank is out of the material: buy,
taking the token from that seat (one atomic decision instead of "buy" then "whom").
"""

from __future__ import annotations

from dataclasses import dataclass

from keizai.engine import ActionSpace
from keizai.engine.pickling import pickle_by_fields
from keizai.i18n import action_label
from keizai.rules.enterprise_empire.data import CORNERS, Components


@dataclass(frozen=True, slots=True)
class ActionIndex:
    """First index of each action family."""

    roll: int
    play: int  # + price-card kind
    buy: int
    take_from: int  # + seat
    pass_: int
    jump: int
    stay: int
    draw_from: int  # + seat
    corner: int  # + corner number (set-up with the `choose_corners` option)


def build_action_space(parts: Components) -> tuple[ActionSpace, ActionIndex]:
    """The action space; each action's label is its catalogue entry in English, the one
    source of its words in every language (keizai.i18n.action_label)."""
    names = ["roll", *(f"play:{kind.price}:{kind.steps}" for kind in parts.price_kinds)]
    buy = len(names)
    names.append("buy")
    take_from = len(names)
    names += [f"take-from:{seat}" for seat in range(CORNERS)]
    pass_ = len(names)
    names.append("pass")
    jump = len(names)
    names += ["jump", "stay"]
    draw_from = len(names)
    names += [f"draw-from:{seat}" for seat in range(CORNERS)]
    corner = len(names)
    names += [f"corner:{letter}" for letter in "ABCD"[:len(parts.corner_spaces)]]
    index = ActionIndex(roll=0, play=1, buy=buy, take_from=take_from, pass_=pass_, jump=jump,
                        stay=jump + 1, draw_from=draw_from, corner=corner)
    return ActionSpace([(name, action_label("enterprise-empire", name)) for name in names]), \
        index


pickle_by_fields(ActionIndex)
