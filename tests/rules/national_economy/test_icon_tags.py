"""A building's icons in the terminal's table are tags of their own, as its cost and value
are: Mecenat's Old District read 「旧市街（コスト2、価値10、農工鍵、売却不可）」 /
「舊市街（建設費用2、價值10、農工鎖、不可出售）」 / "(cost 2, value 10, AIF, no sale)",
its three icons run together into what reads as one word (found in h222's new-player pass
in 日本語 and 繁體中文, `keizai play national-economy/mecenat`), where the page shows each
icon as a chip of its own."""

from __future__ import annotations

import pytest

from keizai.i18n import tr
from keizai.rules.national_economy.cards import card_set
from keizai.rules.national_economy.text import _card as render_card

ICONS = ("agriculture", "industry", "facility")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_each_icon_of_a_building_is_a_tag_of_its_own(lang: str) -> None:
    old_district = next(b for b in card_set("mecenat").buildings if b.id == "old_district")
    assert old_district.icons == 0b111   # agriculture, industry and facility
    card = {"id": "old_district", "cost": old_district.cost, "value": old_district.value,
            "icons": list(ICONS), "no_sale": True}
    shown = render_card(card, lang)
    sep = tr("list.sep", lang)
    tags = [tr("ne.tui.cost", lang, n=old_district.cost),
            tr("ne.tui.value", lang, n=old_district.value),
            *(tr(f"ne.tui.icon_{icon}", lang) for icon in ICONS), tr("icon_no_sale", lang)]
    assert shown == tr("ne.tui.card", lang, name=tr("ne.card.old_district", lang),
                       tags=sep.join(tags)), shown
