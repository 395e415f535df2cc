// Futuropia: every community (resources, loans, residents, robots, generators, houses,
// action tiles), the food and power markets with their price markers, the subsidy track
// and the house supply. Clicks: your action tiles (action:<tile>), the market's left or
// right generator (buy:left / buy:right), houses (house:<id>), your generators
// (discard:<id>), your resources (pay:<resource>) and loans (repay:loan); the rest
// (refresh, stop, invite:n, robots:n, buy:none, house:done, repay:done) are buttons.

import { h } from "../dom.js";
import { actionLabel, parts, seatName, t, tr } from "../i18n.js";
import { markJustNow, ownFirst, youMark } from "./seat.js";

const TILES = ["food", "power", "invite", "robots", "subsidy"];
const RESOURCES = ["money", "food", "energy"];

/** A label and its figure: "Food 3", 「食料3」 (web.stat). */
function stat(label, value, el = "span") {
  return h(el, { class: "stat" }, parts("web.stat", { label: h("span", {
    class: "stat-label" }, label), figure: h("b", {}, String(value)) }));
}

/** A generator's price as the market's marker makes it: "$4", or below nothing what its
 * buyer is paid ("pays you $1", 買うと$1もらえる; it read "$-1"), as the terminal says. */
function generatorPrice(g) {
  const cost = g.cost ?? g.price;
  return cost < 0 ? tr("web.fu_paid", { paid: -cost }) : `$${cost}`;
}

// What the "Just now" lines' moves took (ctx.justNow, renderers/seat.js), by the log's
// own events: an action tile turned down (the subsidy's is told by its one line,
// fu.log.subsidy), a generator or a house bought.
const TAKEN = { "fu.log.tile": (p) => `tile:${p.tile}`, "fu.log.subsidy": () => "tile:subsidy",
  "fu.log.house": (p) => `house:${p.house}`,
  "fu.log.buy_left": (p) => `gen:${p.gen}`, "fu.log.buy_right": (p) => `gen:${p.gen}`,
  "fu.log.buy_left_paid": (p) => `gen:${p.gen}` };

/** "<seat>:tile:<tile>", "<seat>:gen:<id>" and "<seat>:house:<id>" -> the seat, for each
 * thing a move of the "Just now" lines took. */
function takenJustNow(ctx) {
  const taken = new Map();
  for (const entry of ctx.justNow ?? []) {
    const key = TAKEN[entry?.id]?.(entry.params ?? {});
    if (key) taken.set(`${entry.params.seat}:${key}`, entry.params.seat);
  }
  return taken;
}

/** A generator's name as the rulebook names it and the terminal writes it: its kind and
 * printed price ("$4 food", 食料$4), a starting one its kind and output ("starting food 1");
 * its id (F04, P06) read like a seat (P1) and stays in the actions only. */
function generatorName(g) {
  const kind = t(`fu.kind.${g.kind}`);
  return g.price === null || g.price === undefined
    ? tr("fu.tui.gen_start", { kind, output: g.output })
    : tr("fu.tui.gen_bought", { kind, price: g.price });
}

function generator(g, extra = null) {
  return h("div", { class: `card fu-gen ${g.kind}`, dataset: { generator: g.id } },
    h("div", { class: "card-head" }, h("span", { class: "card-name" }, generatorName(g)),
      g.price !== null && g.price !== undefined ? h("span", { class: "card-value" },
        generatorPrice(g)) : null),
    h("div", { class: "card-text" }, t("fu_generator", g.output, g.spaces)), extra);
}

function house(x) {
  // named as its choice and the log name it, its price in its name; the A side of a `!`
  // tile is the starting house, never bought, with no price (it read "S1 $0", the id of
  // the special house on its other side)
  const start = x.name === "starting house";
  return h("div", { class: `card fu-house${x.special ? " special" : ""}`,
    dataset: { house: x.id } },
  h("div", { class: "card-head" }, h("span", { class: "card-name" },
    start ? t("fu.card.starting_house") : houseName(x))),
  h("div", { class: "card-text" }, houseFigures(x)));
}

/** A house's name as the rulebook, the menus and the log name it, by its printed price
 * and beds: "$8 house (5 beds)", 住宅$8（ベッド5） (keizai.rules.futuropia.names); its
 * tile id (L13) stays in the actions and the card's data-house. */
function houseName(x) {
  return tr(x.special ? "fu.house.special_name" : "fu.house.name",
    { price: x.price, beds: x.beds });
}

/** A house's beds, energy and points as the lists of houses write them (the whole
 * decision, the terminal): "3 beds · energy 1 · -1 VP", with a sign on positive points.
 * Each figure keeps to one line (dom.js `counted`'s class): a narrow card broke 勝利点-1
 * as 「勝」 / 「利点-1」 and "+1 VP" as "+1" / "VP". */
function houseFigures(x) {
  const figures = [t("whole_beds", x.beds), t("whole_energy", x.energy),
    t("whole_vp", x.vp > 0 ? `+${x.vp}` : x.vp)];
  return figures.flatMap((figure, i) => [i ? " · " : null,
    h("span", { class: "counted" }, figure)]).filter((part) => part !== null);
}

/** A market's slot its supply could no longer fill (the end of the game nears). */
function emptySlot(side) {
  return h("div", { class: "card fu-gen empty", dataset: { slot: side } },
    h("div", { class: "card-text muted" }, t("fu_market_empty")));
}

function market(kind, m, ctx, view) {
  const buying = view.decision?.market === kind;
  const left = m.left ? generator(m.left) : emptySlot("left");
  const right = m.right ? generator(m.right) : emptySlot("right");
  if (buying) {
    if (m.left) ctx.target(left, "buy:left");
    if (m.right) ctx.target(right, "buy:right");
  }
  return h("section", { class: "panel fu-market", dataset: { market: kind } },
    h("h3", {}, parts("web.fu_market_head", { market: t(`fu_market_${kind}`),
      marker: h("span", { class: "muted" }, tr("web.stat", { label: t("fu_marker"),
        figure: m.marker })) })),
    h("div", { class: "cards" }, left, right),
    h("details", {}, h("summary", {}, `${t("fu_supply")}${t("paren", m.supply.length)}`),
      h("div", { class: "cards" }, m.supply.map((g) => generator(g, h("div", {
        class: "muted" }, `×${g.count}`))))));
}

function subsidy(view) {
  const track = view.subsidy.track;
  return h("section", { class: "panel fu-subsidy" }, h("h3", {}, parts("web.stat", {
    label: t("fu_subsidy"), figure: h("b", {}, `$${view.subsidy.value}`) })),
  h("div", { class: "fu-track" }, track.map((value, i) => h("span", {
    class: `fu-step${i === view.subsidy.position ? " here" : ""}` },
  value === null ? "·" : String(value)))));
}

function community(c, view, ctx, taken) {
  const mine = c.seat === ctx.seat;
  // The clicks belong to the community deciding now: the current player's (the page
  // offers them only to that seat; the view is the same for every seat).
  const deciding = c.seat === view.current_player;
  // a button only while it can be chosen (paid, a loan repaid): else a figure, no Tab stop
  const resource = (label, value, name) => {
    const choice = deciding && Boolean(ctx.isLegal?.(name));
    const el = stat(label, value, choice ? "button" : "span");
    if (choice) el.type = "button";
    el.classList.add("fu-resource");
    return choice ? ctx.target(el, name) : el;
  };
  // money as every price of the game reads ("$12"; it read 「お金12」, a count)
  const resources = RESOURCES.map((r) => resource(t(`fu_${r}`),
    r === "money" ? `$${c[r]}` : c[r], `pay:${r}`));
  const loans = resource(t("fu_loans"), c.loans, "repay:loan");
  const tiles = TILES.map((tile) => {
    const up = c.tiles_face_up.includes(tile);
    const el = markJustNow(h("div", { class: `fu-tile${up ? " up" : ""}`, dataset: { tile } },
      t(`fu_tile_${tile}`)), taken.get(`${c.seat}:tile:${tile}`));
    return deciding ? ctx.target(el, `action:${tile}`) : el;
  });
  const gens = c.generators.map((g) => {
    const el = markJustNow(generator(g), taken.get(`${c.seat}:gen:${g.id}`));
    return deciding ? ctx.target(el, `discard:${g.id}`, t("confirm_action", t("fu_discard", t(`fu.gen.${g.id}`))))
      : el;
  });
  return h("section", { class: `panel player${mine ? " me" : ""}${view.current_player ===
    c.seat ? " current" : ""}`, dataset: { seat: c.seat } },
  h("h3", {}, h("span", { class: `pawn p${c.seat}` }), ` ${seatName(c.seat)}`,
    youMark(c.seat, ctx), c.finished ? ` · ${t("fu_finished")}` : ""),
  h("div", { class: "stats" }, resources, loans,
    stat(t("fu_residents"), `${c.residents}${t("paren", t("fu_idle", c.idle_residents))}`),
    stat(t("fu_robots"), c.robots_waiting ? `${c.robots} +${c.robots_waiting}` : c.robots),
    stat(t("fu_beds"), c.beds), stat(t("fu_house_energy"), c.house_energy),
    stat(t("fu_refresh_cost"), c.refresh_cost)),
  h("div", { class: "fu-tiles" }, tiles),
  h("div", { class: "muted" }, `${t("fu_best_runs")}${t("colon")}`
    + ["food", "power"].map((kind) => tr("web.stat", { label: t(`fu_market_${kind}`),
      figure: c.best_runs[kind].output })).join(t("list.sep"))),
  h("div", { class: "cards" }, gens),
  h("div", { class: "cards" }, c.houses.map((x) => markJustNow(house(x),
    taken.get(`${c.seat}:house:${x.id}`)))));
}

export const futuropiaRenderer = {
  render(view, ctx) {
    // the advanced set-up's opening purchase picks houses on the board as a later one does
    const buyingHouses = ["buy houses", "buy opening houses"].includes(view.decision?.phase);
    const taken = takenJustNow(ctx);
    return h("div", { class: "fu" },
      // no one's turn once the game is over (its current player is null only then)
      h("div", { class: "panel ne-top" }, view.current_player === null
        ? h("b", {}, t("game_over")) : stat(t("fu_turn_of"), seatName(view.current_player)),
        view.final_phase && view.current_player !== null ? h("b", {}, t("fu_final_phase"))
          : null,
        view.decision?.owed ? stat(t("fu_owed"), view.decision.owed) : null,
        view.decision?.beds_to_buy ? stat(t("fu_beds_to_buy"),
          view.decision.beds_to_buy.join("–")) : null),
      subsidy(view),
      h("div", { class: "fu-markets" }, ["food", "power"].map((k) => market(k,
        view.markets[k], ctx, view))),
      h("section", { class: "panel" }, h("h3", {}, t("fu_houses")),
        h("div", { class: "cards" }, view.house_supply.map((x) => (buyingHouses
          ? ctx.target(house(x), `house:${x.id}`) : house(x))))),
      ownFirst(view.communities, ctx).map((c) => community(c, view, ctx, taken)));
  },

  prompt(view) {
    const phase = view.decision?.phase ?? "";
    const key = `fu_prompt_${phase.replace(/ /g, "_")}`;
    const text = t(key);
    return text === key ? phase : text;
  },

  /** A count to choose says what it asks of the run that follows, as the terminal's
   * menu does: taking n robots needs robots + n + house energy in energy, inviting n
   * residents needs residents + n food (the community deciding is the current player's,
   * as in the terminal: Futuropia's view names no seat of its own). */
  label(action, view) {
    const label = actionLabel("futuropia", action.name, action.label);
    const me = view?.communities?.find((c) => c.seat === view.current_player);
    const [verb, arg] = action.name.split(":");
    const n = Number(arg);
    let extra = null;
    if (me && verb === "robots") {
      extra = tr("fu.menu.robots", { need: me.robots + n + me.house_energy, energy: me.energy });
    } else if (me && verb === "invite") {
      extra = tr("fu.menu.invite", { need: me.residents + n, food: me.food });
    } else if (verb === "house" && arg !== "done") {
      const x = view?.house_supply?.find((s) => s.id === arg);
      if (x) return tr("fu.menu.buy_house", { name: houseName(x) });
    }
    return extra ? tr("fu.menu.line", { label, extra }) : label;
  },
};
