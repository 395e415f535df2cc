// National Economy (Progress, Mecenat, Glory): round, wage, Budget, workplaces with
// workers, your hand as cards, everyone's buildings. Clicks map to action names:
// place:<id>, place:public:<id>, place:own:<id>, build:<id>, pay:<id>, pay:item,
// sell:<id>, take:<id>; option:* are offered as buttons by the table.

import { h } from "../dom.js";
import { actionLabel, cardName, cardText, parts, seatName, t } from "../i18n.js";
import { scoreTable } from "../scores.js";
import { gapAfter, markJustNow, ownFirst, youMark } from "./seat.js";

// Names and effect texts come from the message catalogue by card id, so switching the
// language redraws them (the views' English `name`/`text` are the fallback).
const GAME = "national-economy";
function nameOf(c) { return cardName(GAME, c.id); }
function textOf(c) { return cardText(GAME, c.id) || c.text; }

function pawns(seats) {
  return h("span", { class: "pawns" }, seats.map((s) => h("span", { class: `pawn p${s}`,
    title: seatName(s) })));
}

// Category and restriction icons, drawn by us (24×24 SVG paths, no font glyphs).
const ICON_PATHS = {
  agriculture: "M12 21v-8m0 0C12 8 8 5 4 5c0 4 3 8 8 8zm0-2c0-4 3-7 8-7 0 4-3 7-8 7z",
  industry: "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0-5v3m0 12v3M3 12h3m12 0h3M5.6 5.6l2.1 " +
    "2.1m8.6 8.6 2.1 2.1M5.6 18.4l2.1-2.1m8.6-8.6 2.1-2.1",
  facility: "M4 21V9l8-5 8 5v12M9 21v-6h6v6M4 21h16",
  no_sale: "M12 4v16m4-12.5C15 6.5 13.7 6 12 6c-2.2 0-4 1-4 3s2 2.6 4 3 4 1 4 3-1.8 3-4 " +
    "3c-1.8 0-3.2-.6-4-1.6M4 4l16 16",
  no_worker: "M12 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM6 20v-3a6 6 0 0 1 12 0v3M4 4l16 16",
};

function icon(kind, label) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICON_PATHS[kind]);
  svg.append(path);
  return h("span", { class: `icon ${kind}${kind.startsWith("no_") ? " lock" : ""}`,
    title: label, dataset: { icon: kind } }, svg, h("span", { class: "icon-label" }, label));
}

/** Why a card's cost drops ("−4 with 5+ VP cards"), from the view's reduction. */
function reductionText(r) {
  const icon = r.icon ? t(`icon_${r.icon}`) : "";
  if (r.kind === "vp_at_least") return t("reduction_vp", r.amount, r.n);
  if (r.kind === "icon_at_least") return t("reduction_icon", r.amount, r.n, icon);
  if (r.kind === "per_icon") return t("reduction_per_icon", r.amount, icon);
  return "";
}

function card(c, { cost = c.cost, extra = null, used = false } = {}) {
  const reduced = cost < c.cost;
  const why = c.reduction ? reductionText(c.reduction) : "";
  return h("div", { class: `card${used ? " used" : ""}`, dataset: { card: c.id } },
    // the figures' words, for a screen reader ("Cost 3 Settler Value 14", not "3 Settler
    // 14"): the title of a figure is no part of the card's name
    h("div", { class: "card-head" }, h("span", { class: "sr-only" }, t("cost")),
      h("span", { class: `card-cost${reduced ? " reduced" : ""}`,
        title: reduced ? t("reduction_now", c.cost, cost, why) : t("cost") },
      String(cost)), h("span", { class: "card-name" }, nameOf(c)),
      h("span", { class: "sr-only" }, t("value")),
      h("span", { class: "card-value", title: t("value") }, `${c.value}`)),
    h("div", { class: "card-icons" }, c.icons.map((i) => icon(i, t(`icon_${i}`))),
      c.no_sale ? icon("no_sale", t("icon_no_sale")) : null,
      c.no_worker ? icon("no_worker", t("icon_no_worker")) : null),
    why ? h("div", { class: `card-reduction${reduced ? " active" : ""}` },
      reduced ? t("reduction_now", c.cost, cost, why) : t("reduction_rule", why)) : null,
    h("div", { class: "card-text" }, textOf(c)), extra);
}

// The placements the "Just now" lines tell (ctx.justNow: this seat's latest moves and all
// that followed them), by the log's own events: a workplace, or a seat's own building.
const PLACED = new Set(["ne.log.place", "ne.log.place_public"]);

/** Where the workers of the "Just now" lines went: workplace id -> the seat that placed
 * there last, and "<seat>:<building id>" -> that seat for a building of its own. */
function placedJustNow(ctx) {
  const placed = new Map();
  for (const entry of ctx.justNow ?? []) {
    const { seat, card: id } = entry?.params ?? {};
    if (PLACED.has(entry?.id)) placed.set(id, seat);
    else if (entry?.id === "ne.log.place_own") placed.set(`${seat}:${id}`, seat);
  }
  return placed;
}

/** The workplaces on a tile of which a seat the "Just now" lines placed there still
 * stands: of two tiles of one workplace (three or four players' Carpenters) that tile is
 * marked, not its free twin too. (Once payday has sent the workers home, the tile or tiles
 * are marked without them, as any workplace the lines tell.) */
function stillThere(workplaces, placed) {
  return new Set(workplaces.filter((w) => w.workers.includes(placed.get(w.id)))
    .map((w) => w.id));
}

/** The tiles no click places on: of twin tiles (three or four players' Carpenters, both
 * the action `place:carpenter`) a worker goes to the first usable one, as the rules place
 * it (not sideways, free unless many may stand there), so only that one is the target; a
 * click on the other put the worker on its twin. */
function notPlacedOn(workplaces) {
  const key = (w) => `${w.kind}:${w.id}`;
  const counts = new Map();
  for (const w of workplaces) counts.set(key(w), (counts.get(key(w)) ?? 0) + 1);
  const first = new Map();
  workplaces.forEach((w, i) => {
    const usable = !w.sideways && (!w.workers.length || w.capacity !== "one");
    if (usable && !first.has(key(w))) first.set(key(w), i);
  });
  return new Set([...workplaces.keys()]
    .filter((i) => counts.get(key(workplaces[i])) > 1 && first.get(key(workplaces[i])) !== i));
}

function workplace(w, ctx, placed, there, targeted = true) {
  const name = w.kind === "building" ? `place:public:${w.id}` : `place:${w.id}`;
  const tile = h("div", { class: `workplace ${w.kind}${w.sideways ? " sideways" : ""}`,
    dataset: { workplace: w.id } },
  h("div", { class: "wp-name" }, nameOf(w), w.kind === "building"
    ? h("span", { class: "muted" }, t("paren", t("public_building"))) : null),
  h("div", { class: "wp-text" }, textOf(w)),
  h("div", { class: "wp-workers" }, w.sideways ? t("sideways")
    : w.workers.length ? pawns(w.workers) : h("span", { class: "muted" }, t("free"))));
  const by = placed.get(w.id);
  const twin = there.has(w.id) && !w.workers.includes(by);
  const marked = markJustNow(tile, twin ? undefined : by);
  return targeted ? ctx.target(marked, name) : marked;
}

/** A label and its figure ("Money $5", 「お金$5」), or its word ("Phase work",
 * 「フェイズ：労働」: two words side by side would read as one). */
function stat(label, value, key = "web.stat") {
  return h("span", { class: "stat" }, parts(key, { label: h("span", { class: "stat-label" },
    label), figure: h("b", {}, String(value)), word: h("b", {}, String(value)) }));
}

/** During the work phase: the wages this payday will ask against the money in hand. */
function paydayForecast(p, view) {
  if (view.phase !== "action") return null;
  const due = view.wage * p.workers;
  const short = due - p.money;
  return h("p", { class: `payday-forecast${short > 0 ? " short" : ""}`, id: "payday-forecast" },
    t("payday_forecast", due, p.workers, view.wage, p.money), " — ",
    short > 0 ? t("payday_short", short) : t("payday_covered"));
}

/** A seat panel's heading: "P2 (you) ★" ("P2（你）★": no space after the bracket). */
function heading(seat, view, ctx) {
  const label = `${seatName(seat)}${youMark(seat, ctx)}`;
  return ` ${label}${view.start_player === seat ? `${gapAfter(label)}★` : ""}`;
}

function playerPanel(p, view, ctx, placed) {
  const mine = p.seat === ctx.seat;
  const buildings = p.buildings.map((b) => {
    const el = markJustNow(card(b, { used: b.used }), placed.get(`${p.seat}:${b.id}`));
    if (mine) {
      ctx.target(el, `place:own:${b.id}`);
      ctx.target(el, `sell:${b.id}`, t("confirm_sell", nameOf(b)));
    }
    return el;
  });
  return h("section", { class: `panel player${mine ? " me" : ""}${view.current_player ===
    p.seat ? " current" : ""}`, dataset: { seat: p.seat } },
  h("h3", {}, h("span", { class: `pawn p${p.seat}` }), heading(p.seat, view, ctx)),
  h("div", { class: "stats" }, stat(t("money"), `$${p.money}`),
    stat(t("workers"), `${p.workers_ready}/${p.workers}${p.trainees ? ` +${p.trainees}` : ""}`),
    stat(t("hand"), p.hand_size), stat(t("items"), p.consumer_items),
    view.vp_cards_in_game ? stat(t("vp"), p.vp_cards) : null,
    p.unpaid_wages ? stat(t("unpaid"), p.unpaid_wages) : null),
  mine ? paydayForecast(p, view) : null,
  h("div", { class: "cards buildings" }, buildings));
}

function handPanel(me, view, ctx) {
  const cards = me.hand.map((c) => {
    const el = card(c, { cost: c.cost_now ?? c.cost });
    ctx.target(el, `build:${c.id}`);
    ctx.target(el, `pay:${c.id}`, t("confirm_pay", nameOf(c)));
    return el;
  });
  // the count as the decision list writes it (web.count: "Consumer Item ×2", 消費財×2),
  // the name on its own line and the rest in bold under it
  const items = me.consumer_items ? ctx.target(h("div", { class: "card item" },
    parts("web.count", { name: h("div", { class: "card-name" }, t("consumer_item")),
      n: me.consumer_items }).map((part) => (typeof part === "string" ? h("b", {}, part) : part))),
  "pay:item", t("confirm_pay", t("consumer_item"))) : null;
  return h("section", { class: "panel hand", id: "hand" }, h("h3", {}, t("your_hand")),
    cards.length || items ? h("div", { class: "cards" }, cards, items)
      : h("p", { class: "muted", id: "hand-empty" }, t("hand_empty")));
}

function revealedPanel(view, ctx) {
  const decision = view.decision;
  if (!decision || decision.kind !== "take") return null;
  return h("section", { class: "panel revealed" }, h("h3", {}, t("revealed")),
    h("div", { class: "cards" }, decision.revealed.map((id) => ctx.target(
      h("div", { class: "card" }, h("div", { class: "card-name" }, cardName(GAME, id))),
      `take:${id}`))));
}

export const nationalEconomyRenderer = {
  render(view, ctx) {
    const players = ownFirst(view.players, ctx);
    const me = players.find((p) => p.seat === ctx.seat);
    const placed = placedJustNow(ctx);
    const there = stillThere(view.workplaces, placed);
    const untargeted = notPlacedOn(view.workplaces);
    return h("div", { class: "ne" },
      h("div", { class: "ne-top panel" },
        stat(t("round"), `${view.round}/${view.rounds}`), stat(t("wage"), `$${view.wage}`),
        stat(t("budget"), `$${view.budget}`), stat(t("deck"), view.deck_size),
        stat(t("phase"), t(`phase_${view.phase}`), "web.stat_word"),
        stat(t("start_player"), seatName(view.start_player))),
      h("section", { class: "panel" }, h("h3", {}, t("workplaces")),
        h("div", { class: "workplaces" }, view.workplaces.map((w, i) => workplace(w, ctx,
          placed, there, !untargeted.has(i))))),
      view.players_count === 1 && view.phase !== "over" && view.scores
        ? scoreTable(view.scores, null, t("solo_target")) : null,
      revealedPanel(view, ctx),
      me ? handPanel(me, view, ctx) : null,
      players.map((p) => playerPanel(p, view, ctx, placed)));
  },

  prompt(view) {
    const d = view.decision;
    if (!d) return t("prompt_generic");
    if (d.kind === "pay") return t("prompt_pay", d.cards_left);
    return t(`prompt_${d.kind}`);
  },

  /** An action's label in the page's language, from its stable name. */
  label(action, view) { return actionLabel(view.game, action.name, action.label); },
};
