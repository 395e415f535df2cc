"""A Futuropia house's name as the rulebook names a house: by its printed price and its
beds ("the $3 house (2 beds)", 住宅$3（ベッド2）, 房舍$3（2床）), a `!` tile's B side a
special house, its A side the starting house. Its tile id (L01, S3) stays in actions and
records: a player never reads it, and the catalogue holds no designed figure (the price
and beds come from the data file, through the face or the view)."""

from __future__ import annotations

from typing import Any


def house_message(price: int, beds: int, special: bool, starting: bool) -> dict[str, Any]:
    """A house's name as a nested message (keizai.i18n's "m" format): the log's and the
    whole decision's candidates."""
    key = "fu.house.starting" if starting else \
        "fu.house.special_name" if special else "fu.house.name"
    return {"id": key, "params": {"price": price, "beds": beds}}


def view_house_message(house: dict[str, Any]) -> dict[str, Any]:
    """The name of a house of the view (view._house)."""
    return house_message(house["price"], house["beds"], house["special"],
                         house["name"] == "starting house")
