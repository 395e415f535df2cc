"""A plain-text picture of a Futuropia view for the terminal, in the reader's language
(words from the message catalogue, keizai.i18n). A generator is named as the rulebook
names it, by its kind and printed price ("$4 food"), a starting one by its kind and
output ("starting food 1"): its id (F04, P06) read like a seat (P1, P2) and stays in
records only. A house is named by its printed price and beds, "$8 house (5 beds)" /
住宅$8（ベッド5） (keizai.rules.futuropia.names), its tile id (L13) never shown."""

from __future__ import annotations

from typing import Any

from keizai.i18n import tr
from keizai.rules.folding import LIST, aside, fold, words
from keizai.rules.futuropia.names import view_house_message


def gen_name(g: dict[str, Any], lang: str) -> str:
    """A generator's short name: "$4 food", or "starting food 1" for a starting one (never
    sold, so no price: its output tells the two starting food generators apart)."""
    kind = tr(f"fu.kind.{g['kind']}", lang)
    if g["price"] is None:
        return tr("fu.tui.gen_start", lang, kind=kind, output=g["output"])
    return tr("fu.tui.gen_bought", lang, kind=kind, price=g["price"])


def _gen(g: dict[str, Any], lang: str) -> str:
    return tr("fu.tui.gen", lang, name=gen_name(g, lang), spaces=g["spaces"],
              output=g["output"])


def _side(market: dict[str, Any], name: str, lang: str) -> str:
    side = market[name]
    label = tr(f"fu.tui.{name}", lang)
    if side is None:
        return tr("fu.tui.side_empty", lang, side=label)
    # the printed price only where the marker changes it; below nothing it pays the buyer
    key = "fu.tui.side_printed" if side["cost"] == side["price"] else \
        "fu.tui.side" if side["cost"] >= 0 else "fu.tui.side_paid"
    return tr(key, lang, side=label, gen=_gen(side, lang), cost=side["cost"],
              paid=-side["cost"], price=side["price"], count=side["count"])


def _vp(h: dict[str, Any], lang: str) -> str:
    """A house's points as the whole decision's list and the page write them: "-1 VP",
    "+1 VP", "0 VP" (with its sign only when more than none)."""
    vp = h["vp"]
    return tr("whole_vp", lang, f"+{vp}" if vp > 0 else vp)


def _house(h: dict[str, Any], lang: str) -> str:
    """A house in the table: "$1 house, 1 bed, energy 1, -1 VP", in the page's words."""
    beds, energy = tr("whole_beds", lang, h["beds"]), tr("whole_energy", lang, h["energy"])
    if h["name"] == "starting house":
        return tr("fu.tui.starting_house", lang, beds=beds, energy=energy, vp=_vp(h, lang))
    key = "fu.tui.house_special" if h["special"] else "fu.tui.house"
    return tr(key, lang, price=h["price"], beds=beds, energy=energy, vp=_vp(h, lang))


def house_choice(house: dict[str, Any], lang: str) -> str:
    """A house of the view as a menu names it: "$3 house (2 beds)". Two of the supply's
    houses of one price and beds are told apart by the energy and points the menu line
    gives; houses alike in all of these are one choice (the engine offers the first)."""
    name = view_house_message(house)
    return tr(name["id"], lang, **name["params"])


def _subsidy(subsidy: dict[str, Any]) -> list[str]:
    cells = []
    for i, value in enumerate(subsidy["track"]):
        cell = "." if value is None else str(value)
        cells.append(f"[{cell}]" if i == subsidy["position"] else cell)
    return cells


def _phase(phase: str, lang: str) -> str:
    return tr("fu.phase." + phase.replace(" ", "_"), lang)


def render_text(view: dict[str, Any], lang: str = "en", width: int = 80) -> str:
    """The table in `lang`, its lists folded between entries at `width` columns."""
    lines: list[str] = []
    current = view["current_player"]
    decision = view["decision"]
    sep = tr("list.sep", lang)
    head = [tr("fu.tui.title", lang)]  # folded between its parts
    if view["final_phase"]:
        head.append(tr("fu.tui.final_phase", lang))
    if current is not None:
        head.append(tr("fu.tui.deciding", lang, seat=current,
                       phase=_phase(decision["phase"], lang)))
        if "owed" in decision:
            head.append(tr("fu.tui.owed", lang, n=decision["owed"],
                           purpose=tr(f"fu.purpose.{decision['for']}", lang)))
        if "beds_to_buy" in decision:
            low, high = decision["beds_to_buy"]
            inviting = tr("fu.tui.inviting", lang, n=decision["inviting"]) \
                if decision["inviting"] else ""
            head.append(tr("fu.tui.beds_exactly" if low == high else "fu.tui.beds", lang,
                           inviting=inviting, low=low, high=high))
    lines += fold("", head, "", width, 2)
    sep_long = tr("list.sep_long", lang)
    if view["expert_tiles"]:
        # a tile a line, its rule folded before its parenthesis where the line is too long
        lines.append(tr("fu.tui.experts", lang).rstrip())
        for x in view["expert_tiles"]:
            lines += fold("  ", aside(tr("fu.tui.expert", lang, id=x["id"],
                                         name=tr("fu.card." + x["id"], lang),
                                         text=tr("fu.text." + x["id"], lang))), "", width, 4)
    lines += fold(tr("fu.tui.subsidy", lang, value=view["subsidy"]["value"], track=LIST),
                  _subsidy(view["subsidy"]), " ", width, 2)
    for kind, market in view["markets"].items():
        supply = [tr("fu.tui.supply_gen", lang, gen=_gen(g, lang), count=g["count"])
                  for g in market["supply"]]
        # a marker on 0 changes no price: said so, not "-0/+0"
        unmoved = "_unmoved" if market["marker"] == 0 else ""
        lines += fold("", words(tr(f"fu.tui.market_{kind}{unmoved}", lang,
                                   marker=market["marker"])), "", width, 2)
        for side in ("left", "right"):
            lines += fold("  ", aside(_side(market, side, lang)), "", width, 4)
        lines += fold(tr("fu.tui.supply", lang, supply=LIST),
                      supply or [tr("fu.tui.empty", lang)], sep, width, 4)
    houses = [_house(h, lang) for h in view["house_supply"]]
    lines += fold(tr("fu.tui.house_supply", lang, houses=LIST),
                  houses or [tr("fu.tui.empty", lang)], sep_long, width, 2)
    for c in view["communities"]:
        mark = ">" if c["seat"] == current else " "
        status = tr("fu.tui.finished", lang) if c["finished"] else ""
        lines += fold("", (mark + tr("fu.tui.community", lang, seat=c["seat"], status=status,
                                     money=c["money"], food=c["food"], energy=c["energy"],
                                     loans=c["loans"])).split(sep), sep, width, 3)
        # the residents' figures, a list of their own ("beds 13, robots 2 (0 waiting)")
        figures = tr("fu.tui.residents", lang, residents=c["residents"],
                     idle=c["idle_residents"], beds=c["beds"], robots=c["robots"],
                     waiting=c["robots_waiting"], house_energy=c["house_energy"]).split(sep)
        lines += fold("", figures, sep, width, 5)
        lines += fold(tr("fu.tui.generators", lang),
                      [_gen(g, lang) for g in c["generators"]], sep, width, 5)
        owned = {g["id"]: gen_name(g, lang) for g in c["generators"]}
        runs = [tr("fu.tui.run", lang, kind=tr(f"fu.kind.{kind}", lang), output=run["output"],
                   running=sep.join(owned[i] for i in run["running"])
                   or tr("fu.tui.nothing_runs", lang))
                for kind, run in c["best_runs"].items()]
        lines += fold(tr("fu.tui.best_runs", lang), runs, sep, width, 5)
        lines += fold(tr("fu.tui.houses", lang),
                      [_house(h, lang) for h in c["houses"]] or [tr("fu.tui.none", lang)],
                      sep_long, width, 5)
        tiles = [tr(f"fu.tile_short.{t}", lang) for t in c["tiles_face_up"]] \
            or [tr("fu.tui.none", lang)]
        if c["tiles_face_up"] and len(c["tiles_face_up"]) < 5 and not view["final_phase"]:
            tiles[-1] += tr("fu.tui.refresh_cost", lang, n=c["refresh_cost"])
        lines += fold(tr("fu.tui.tiles_up", lang), tiles, sep, width, 5)
    if "scores" in view:
        lines.append(tr("fu.tui.scores", lang))
        for seat, s in enumerate(view["scores"]):
            parts = [tr("score_part", lang, name=tr("score_" + k, lang), figure=v)
                     for k, v in s.items() if k != "total"]
            lines += fold(tr("fu.tui.score_row", lang, seat=seat, total=s["total"], parts=LIST),
                          parts, sep, width, 4)
    return "\n".join(lines)


def _me(view: dict[str, Any]) -> dict[str, Any] | None:
    current = view["current_player"]
    return next((c for c in view["communities"] if c["seat"] == current), None)


def describe_action(view: dict[str, Any], name: str, label: str, lang: str = "en", *,
                    repay_cost: int) -> str:
    """A menu line with the figures of the tile or choice (issue 14: every Futuropia choice
    shows what it yields and costs), read from the view (a repayment's cost, a rule, from
    the game's data), in `lang`."""
    me = _me(view)
    if me is None:
        return label
    verb, _, arg = name.partition(":")
    extra = ""
    if verb == "action" and arg in ("food", "power"):
        market = view["markets"][arg]
        sides = [tr("fu.menu.side" if market[side]["cost"] >= 0 else "fu.menu.side_paid",
                    lang, side=tr(f"fu.tui.{side}", lang), name=gen_name(market[side], lang),
                    cost=market[side]["cost"], paid=-market[side]["cost"],
                    spaces=market[side]["spaces"], output=market[side]["output"])
                 for side in ("left", "right") if market[side] is not None]
        run = me["best_runs"][arg]["output"]
        extra = tr("fu.menu.market", lang,
                   sides=tr("list.sep_long", lang).join(sides) or tr("fu.menu.empty", lang),
                   kind=tr(f"fu.kind.{arg}", lang), run=run)
    elif verb == "action" and arg == "invite":
        extra = tr("fu.menu.invite_tile", lang, residents=me["residents"], beds=me["beds"],
                   food=me["food"])
    elif verb == "action" and arg == "robots":
        extra = tr("fu.menu.robots_tile", lang, house=me["house_energy"], energy=me["energy"],
                   robots=me["robots"])
    elif verb == "action" and arg == "subsidy":
        extra = f"${view['subsidy']['value']}"
    elif verb == "refresh":
        extra = tr("fu.menu.resources", lang, n=me["refresh_cost"])
    elif name == "repay:loan":
        extra = tr("fu.menu.resources", lang, n=repay_cost)
    elif verb == "buy" and arg in ("left", "right"):
        market = view["markets"][view["decision"].get("market", "food")]
        side = market.get(arg)
        if side is not None:
            extra = tr("fu.menu.generator" if side["cost"] >= 0 else "fu.menu.generator_paid",
                       lang, name=gen_name(side, lang), spaces=side["spaces"],
                       output=side["output"],
                       cost=side["cost"], paid=-side["cost"])
    elif verb == "invite":
        extra = tr("fu.menu.invite", lang, need=me["residents"] + int(arg), food=me["food"])
    elif verb == "robots":
        need = me["robots"] + int(arg) + me["house_energy"]
        extra = tr("fu.menu.robots", lang, need=need, energy=me["energy"])
    elif verb == "house" and arg != "done":
        house = next((h for h in view["house_supply"] if h["id"] == arg), None)
        if house is not None:
            label = tr("fu.menu.buy_house", lang, name=house_choice(house, lang))
            extra = tr("fu.menu.house", lang, energy=tr("whole_energy", lang, house["energy"]),
                       vp=_vp(house, lang))
    elif verb == "discard":
        gen = next((g for g in me["generators"] if g["id"] == arg), None)
        if gen is not None:
            extra = tr("fu.menu.output", lang, spaces=gen["spaces"], output=gen["output"])
    elif verb == "pay":   # money held in dollars ("you have $20"), as the tables say it
        extra = tr("fu.menu.have", lang, n=f"${me[arg]}" if arg == "money" else me[arg])
    return tr("fu.menu.line", lang, label=label, extra=extra) if extra else label
