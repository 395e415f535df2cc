"""House purchase feasibility (rulebook 邀請住民: residents ≤ beds ≤ residents + 5;
進階規則: at most one `!` house per purchase)."""

from __future__ import annotations

from keizai.rules.futuropia.data import HouseFace
from keizai.rules.futuropia.house_purchase import choices, hits, reachable


def _house(beds: int, special: bool = False, vp: int = 0) -> HouseFace:
    return HouseFace("T", "A", "test", 1, beds, 0, vp, special)


def test_reachable_bed_totals() -> None:
    """Subset sums of beds, as bit sets."""
    reach = reachable([_house(2), _house(3)], 0, 10)
    assert reach[0][0] == 0b101101  # 0, 2, 3, 5 beds
    assert hits(reach[0][0], 4, 4) is False and hits(reach[0][0], 4, 5) is True


def test_a_house_is_offered_only_if_the_rest_can_complete_the_purchase() -> None:
    """Houses are bought in supply order: a 1-bed house is offered for a 4..4 window only
    if a later house brings the 3 missing beds."""
    faces = [_house(1), _house(2), _house(3)]
    assert choices(faces, 0, 4, 4) == [0]  # 1 + 3; 2 alone cannot be completed later
    assert choices(faces, 0, 5, 5) == [1]  # 2 + 3 (1 + ... never reaches 5 with 3 after)


def test_special_houses_are_limited_per_purchase() -> None:
    """At most one `!` house per purchase."""
    faces = [_house(2, True), _house(2, True, vp=1)]
    assert choices(faces, 1, 4, 4) == []
    assert choices(faces, 1, 2, 2) == [0, 1]
    assert choices(faces, 0, 2, 2) == []


def test_houses_that_look_the_same_are_one_choice() -> None:
    """Identical choices are one choice (architecture: decisions are atomic): two tiles
    showing the same price, beds, energy and VP are offered once, the first of them."""
    faces = [_house(2), _house(1), _house(2)]
    assert choices(faces, 0, 2, 4) == [0, 1]
    assert choices(faces[1:], 0, 2, 4) == [0, 1]  # after buying the first 2-bed house


def _priced(price: int, beds: int) -> HouseFace:
    return HouseFace("T", "A", "test", price, beds, 0, 0, False)


def test_stacks_offer_only_the_top_house_of_each_price() -> None:
    """Rulebook 遊戲準備 6: 「將房舍依價格分類堆疊，形成房舍供應區」 — option `house_stacks`:
    only a stack's top can be bought, so leaving a house leaves the rest of its stack."""
    faces = [_priced(3, 1), _priced(3, 3), _priced(5, 2)]  # stack $3: 1 bed on 3 beds
    assert choices(faces, 0, 2, 2) == [2]  # the 3-bed $3 house lies under the 1-bed one
    assert choices(faces, 0, 2, 2, stacks=True) == [2]
    assert choices(faces, 0, 3, 3) == [0, 1]
    assert choices(faces, 0, 3, 3, stacks=True) == [0]  # 1 + 2: the 3-bed is not on top
    assert choices(faces, 0, 4, 4, stacks=True) == [0]  # 1 + 3, the top first
    reach = reachable(faces, 0, 10, stacks=True)
    assert reach[0][0] == 0b1011111  # 0, 1, 2, 3, 4 and 6 beds
    assert not hits(reach[0][0], 5, 5)  # 3 + 2 needs the 3-bed house without the top
    assert hits(reachable(faces, 0, 10)[0][0], 5, 5)
