"""Which house purchases are possible: bed totals reachable from the supply.

After inviting, beds must lie between the residents and the residents plus the empty-bed
limit (rulebook 邀請住民), and one purchase holds at most a set number of `!` houses.
Houses of one purchase are bought in supply order, so a house may be offered only if
the houses after it can still complete a legal total; that is a subset-sum question,
answered with integers used as bit sets (bit k set: k beds can be bought). With the
`house_stacks` option only the top house of each price stack can be bought.
"""

from __future__ import annotations

from keizai.rules.futuropia.data import HouseFace


def reachable(faces: list[HouseFace], specials_left: int, limit: int,
              stacks: bool = False) -> list[list[int]]:
    """reach[j][c]: bit set of bed totals buyable from faces[j:] with at most c `!`
    houses (c = 0..specials_left), counting totals up to `limit`; reach[len] is {0}.

    `stacks` (option `house_stacks`): faces of one price form a stack, top first, and only
    a stack's top may be bought, so leaving a house means leaving the rest of its stack.
    """
    mask = (1 << (limit + 1)) - 1
    n = len(faces)
    reach = [[1] * (specials_left + 1) for _ in range(n + 1)]
    stack_end = n
    for j in range(n - 1, -1, -1):
        face = faces[j]
        if j + 1 < n and faces[j + 1].price != face.price:
            stack_end = j + 1
        after = reach[j + 1]
        skip = reach[stack_end] if stacks else after
        if face.special:
            reach[j] = [skip[0]] + [(skip[c] | after[c - 1] << face.beds) & mask
                                    for c in range(1, specials_left + 1)]
        else:
            reach[j] = [(k | a << face.beds) & mask for k, a in zip(skip, after, strict=True)]
    return reach


def hits(bits: int, low: int, high: int) -> bool:
    """Whether the bit set holds a total between low (at least 0) and high."""
    low = max(low, 0)
    return high >= low and (bits >> low) & ((1 << (high - low + 1)) - 1) != 0


def choices(faces: list[HouseFace], specials_left: int, low: int, high: int,
            stacks: bool = False) -> list[int]:
    """Positions in `faces` that may be bought next, for a total of `low`..`high` beds.

    Houses that look the same (price, beds, energy, VP; different tiles can show the
    same side) are one choice: only the first of them is offered. Whatever the later
    one could complete, the earlier one can too. With `stacks` only the top (first) house
    of each price is offered.
    """
    reach = reachable(faces, specials_left, max(high, 0), stacks)
    offered = []
    seen = set()
    for j, face in enumerate(faces):
        if stacks and j and faces[j - 1].price == face.price:
            continue
        looks = (face.price, face.beds, face.energy, face.vp, face.special)
        if looks in seen:
            continue
        seen.add(looks)
        if face.beds > high or (face.special and specials_left == 0):
            continue
        rest = reach[j + 1][specials_left - 1 if face.special else specials_left]
        if hits(rest, low - face.beds, high - face.beds):
            offered.append(j)
    return offered
