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
    entries: list[tuple[str, str]] = [("roll", "Roll the die and move")]
    for kind in parts.price_kinds:
        entries.append((f"play:{kind.price}:{kind.steps}",
                        f"Play a ${kind.price} price card: move {kind.steps} spaces"))
    buy = len(entries)
    entries.append(("buy", "Buy the material at the revealed price"))
    take_from = len(entries)
    entries += [(f"take-from:{seat}", f"Buy the material, taking it from P{seat + 1}")
                for seat in range(CORNERS)]
    pass_ = len(entries)
    entries.append(("pass", "Do not buy"))
    jump = len(entries)
    entries.append(("jump", f"Research: jump {parts.research_jump} spaces and meet the demand"))
    entries.append(("stay", "Research: stay here"))
    draw_from = len(entries)
    entries += [(f"draw-from:{seat}", f"Draw a random price card from P{seat + 1}'s hand")
                for seat in range(CORNERS)]
    corner = len(entries)
    entries += [(f"corner:{letter}", f"Put your pawn and group card on corner {letter} "
                 f"(space {space})")
                for letter, space in zip("ABCD", parts.corner_spaces, strict=True)]
    index = ActionIndex(roll=0, play=1, buy=buy, take_from=take_from, pass_=pass_, jump=jump,
                        stay=jump + 1, draw_from=draw_from, corner=corner)
    return ActionSpace(entries), index


pickle_by_fields(ActionIndex)
