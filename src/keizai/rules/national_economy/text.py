"""Plain-text rendering of a National Economy view for the terminal, in the reader's
language (the words come from the message catalogue, keizai.i18n)."""

from __future__ import annotations

from typing import Any

from keizai.i18n import tr
from keizai.rules.folding import LIST, fold, words
from keizai.rules.folding import columns as _columns


def _pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal columns."""
    return text + " " * max(0, width - _columns(text))


def _seat(seat: int) -> str:
    return f"P{seat + 1}"


def _card(card: dict[str, Any], lang: str, cost_key: str = "cost") -> str:
    sep = tr("list.sep", lang)
    tags = [tr("ne.tui.cost", lang, n=card.get(cost_key, card["cost"])),
            tr("ne.tui.value", lang, n=card["value"])]
    # each icon a tag of its own, as the page's chips: Old District's three ran together
    # into 「農工鍵」 / "AIF", read as one word
    tags += [tr(f"ne.tui.icon_{i}", lang) for i in card["icons"]]
    if card["no_sale"]:
        tags.append(tr("icon_no_sale", lang))
    return tr("ne.tui.card", lang, name=tr("ne.card." + card["id"], lang), tags=sep.join(tags))


def _workers(p: dict[str, Any], payday: bool, lang: str) -> str:
    """ "3 workers: 1 still to place, 1 in training (works from next round)"."""
    parts = []
    if not payday:   # none left to place said so, not "0 still to place"
        ready = p["workers_ready"]
        parts.append(tr("ne.tui.to_place", lang, n=ready) if ready
                     else tr("ne.tui.none_to_place", lang))
    if p["trainees"]:
        parts.append(tr("ne.tui.in_training", lang, n=p["trainees"]))
    text = tr("ne.tui.workers", lang, n=p["workers"])
    return text + (tr("ne.tui.colon", lang) + tr("list.sep", lang).join(parts) if parts else "")


def _pieces(parts: list[str], lang: str) -> list[str]:
    """A player's line's parts ("$3", "4 workers: none left to place, 2 in training")
    as pieces for `fold` with the separator "": each ends with its " · ", and a part that
    is a list ends each of its entries with the list's separator, so the line folds
    between parts or between a part's entries."""
    sep = tr("list.sep", lang)
    pieces = []
    for i, part in enumerate(parts):
        entries = part.split(sep)
        pieces += [entry + sep for entry in entries[:-1]]
        pieces.append(entries[-1] + (" · " if i < len(parts) - 1 else ""))
    return pieces


def _card_lines(head: str, card: str, rest: list[str], width: int, glue: str = ""
                ) -> list[str]:
    """A card after its label `head` ("      hand: "), then `rest` (its effect's words, a
    building's worker mark) after `glue` ("  — "), in lines of at most `width` columns.
    The card stays on one line wherever it fits in one: beside its label, else on a line of
    its own 8 columns in, or less for a card wider than that leaves (at 40 to 58 columns a
    41-51 column card was cut in two by the 8). `rest` follows on the card's line with its
    glue where the glue fits there, else below it without the glue: a line never starts
    with the dash ('        — Draw 3 building cards.')."""
    room = width - _columns(card)  # below 0: cut between its words, 8 columns in
    at = head if _columns(head + card) <= width else " " * (min(8, room) if room >= 0 else 8)
    lines = ([] if at == head else [head.rstrip()]) + fold(at, [card], "", width, 8)
    if _columns(lines[-1] + glue.rstrip()) <= width:
        return lines[:-1] + fold(lines[-1] + glue, rest, "", width, 8)
    return lines + fold(" " * 8, rest, "", width, 8)


def render(view: dict[str, Any], building_names: frozenset[str] = frozenset(),
           lang: str = "en", width: int = 80) -> str:
    """The table as text in `lang`, folded at `width` columns: its lists between entries,
    an effect's words with a hanging indent; `building_names` tells a workplace apart from
    a building of the same name."""
    lines: list[str] = []
    lines += fold("", tr("ne.tui.head", lang, round=view["round"], rounds=view["rounds"],
                         phase=tr(f"ne.tui.phase_{view['phase']}", lang),
                         wage=view["wage"], budget=view["budget"], deck=view["deck_size"],
                         start=view["start_player"]).split(" · "), " · ", width, 2)
    lines.append(tr("ne.tui.workplaces", lang))
    payday = view["phase"] == "payday"  # the workers are home: nobody stands on a workplace
    rows = []
    for w in view["workplaces"]:
        who = "" if payday else tr("list.sep", lang).join(_seat(s) for s in w["workers"])
        who = who or tr("free", lang)
        if w["sideways"]:
            who = tr("ne.tui.sideways", lang)
        name = tr("ne.card." + w["id"], lang)
        if w["kind"] in ("building", "round"):
            name = tr(f"ne.tui.kind_{w['kind']}", lang, name=name)
        elif w["name"] in building_names:
            name = tr("ne.tui.the_workplace", lang, name=name)  # Glory: Relics twice
        rows.append((name, tr("ne.tui.on_workplace", lang, who=who),
                     tr("ne.text." + w["id"], lang)))
    # the columns as wide as their widest entry, so every effect starts in one column
    name_width = max((_columns(name) for name, _, _ in rows), default=0)
    who_width = max((_columns(who) for _, who, _ in rows), default=0)
    table = [(f"  {i:2}. {_pad(name, name_width)} {_pad(who, who_width)}", effect)
             for i, (name, who, effect) in enumerate(rows, 1)]
    # each effect beside its workplace where every one fits, else each below its own
    if all(_columns(f"{head}  {effect}") <= width for head, effect in table):
        lines += [f"{head}  {effect}" for head, effect in table]
    else:
        # each below its workplace's line: in its columns where every such line fits, else
        # as it is (padded to the longest name, 「採石場」 was folded inside itself)
        heads = [(f"  {i:2}. {_pad(name, name_width)} ", who)
                 for i, (name, who, _) in enumerate(rows, 1)]
        if any(_columns(name + who) > width for name, who in heads):
            heads = [(f"  {i:2}. {name} ", who) for i, (name, who, _) in enumerate(rows, 1)]
        for (name, who), (_, effect) in zip(heads, table, strict=True):
            # its name's words, then who is on it whole (a crowded Mine folds too)
            lines += fold("", [*words(name), who], "", width, 6)
            lines += fold("      ", words(effect), "", width, 6)
    for p in view["players"]:
        me = tr("ne.tui.you", lang) if p["seat"] == view["seat"] else ""
        extras = []
        if view["vp_cards_in_game"]:
            extras.append(tr("ne.tui.vp_cards", lang, n=p["vp_cards"]))
        if p["unpaid_wages"]:
            extras.append(tr("ne.tui.unpaid", lang, n=p["unpaid_wages"]))
        if p["dolls"]:
            extras.append(tr("ne.tui.dolls", lang, n=p["dolls"]))
        if p["brewery_items"]:
            extras.append(tr("ne.tui.brewery", lang, n=p["brewery_items"]))
        line = tr("ne.tui.player", lang, seat=p["seat"], me=me, money=p["money"],
                  workers=_workers(p, payday, lang), hand=p["hand_size"],
                  items=p["consumer_items"])
        lines += fold("", _pieces([*line.split(" · "), *extras], lang), "", width, 4)
        colon = tr("ne.tui.colon", lang)
        building, hand = tr("ne.tui.building", lang), tr("ne.tui.hand", lang)
        for b in p["buildings"]:
            used = tr("ne.tui.used", lang) if b["used"] else ""
            lines += _card_lines(f"      {building}{colon}", _card(b, lang), [used], width)
        if "hand" in p:
            for c in p["hand"]:
                lines += _card_lines(f"      {hand}{colon}", _card(c, lang, "cost_now"),
                                     words(tr("ne.text." + c["id"], lang)), width, "  — ")
            if p["consumer_items"]:   # folded as a card is (a 25-column terminal)
                lines += _card_lines(f"      {hand}{colon}",
                                     tr("ne.tui.items", lang, n=p["consumer_items"]), [], width)
    decision = view.get("decision")
    if decision and decision["kind"] == "pay":
        reason = tr(f"ne.tui.reason_{decision['reason'].replace(' ', '_')}", lang)
        lines += fold("", words(tr("ne.tui.paying", lang, n=decision["cards_left"],
                                   reason=reason)), "", width, 2)
    if decision and decision["kind"] == "take":
        # each card's name whole (folded as words, 'Car' ended a line and 'Factory' began one)
        lines += fold(tr("ne.tui.revealed", lang, cards=LIST),
                      [tr("ne.card." + c, lang) for c in decision["revealed"]],
                      tr("list.sep", lang), width, 2)
    if "scores" in view:
        lines.append(tr("ne.tui.scores", lang))
        for seat, row in enumerate(view["scores"]):
            parts = [tr("score_part", lang, name=tr("score_" + k, lang), figure=v)
                     for k, v in row.items() if k not in ("total", "target", "won")]
            if "target" in row:   # solo: the target and, in words, whether it was reached
                parts.append(tr("ne.tui.target_reached" if row["won"] else "ne.tui.target_missed",
                                lang, n=row["target"]))
            lines += fold(tr("ne.tui.score_row", lang, seat=seat, total=row["total"],
                             parts=LIST), parts, tr("list.sep", lang), width, 4)
    return "\n".join(lines)
