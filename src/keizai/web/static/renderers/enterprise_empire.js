// 企業帝國 (Enterprise Empire): the 36-space board with pawns and corner headquarters,
// the revealed price card, the demand card, the bank, every group's cash, materials and
// company card. Clicks: the die (roll), price cards in hand (play:<price>:<steps>),
// corners (corner:<letter>), opponents (draw-from:<seat>); buy / pass / take-from /
// jump / stay are offered in place on the offer and research panels, to the seat deciding.

import { counted, h } from "../dom.js";
import { actionLabel, cardName, has, parts, seatName, t, tr } from "../i18n.js";
import { markJustNow, ownFirst, youMark } from "./seat.js";

const SIDE = 9;   // spaces per side; corners at 0, 9, 18, 27

// Names come from the message catalogue (the rulebook's Chinese terms in zh-TW).
const GAME = "enterprise-empire";

function named(id) {
  if (has(`ee.material.${id}`)) return tr(`ee.material.${id}`);
  if (has(`ee.space.${id}`)) return tr(`ee.space.${id}`);
  return id.replace(/_/g, " ");
}

function cellPlace(space) {
  if (space <= SIDE) return { row: 1, col: space + 1 };
  if (space <= 2 * SIDE) return { row: space - SIDE + 1, col: SIDE + 1 };
  if (space <= 3 * SIDE) return { row: SIDE + 1, col: 3 * SIDE - space + 1 };
  return { row: 4 * SIDE - space + 1, col: 1 };
}

// What the "Just now" lines' moves did (ctx.justNow, renderers/seat.js), by the log's own
// events: the spaces pawns arrived on, the materials bought.
const ARRIVED = new Set(["ee.log.move", "ee.log.move_corner", "ee.log.jump",
  "ee.log.jump_corner"]);
const BOUGHT = new Set(["ee.log.buy", "ee.log.buy_from"]);

/** "space:<n>" and "<seat>:material:<id>" -> the seat that arrived there or bought it. */
function doneJustNow(ctx) {
  const done = new Map();
  for (const entry of ctx.justNow ?? []) {
    const p = entry?.params ?? {};
    if (ARRIVED.has(entry?.id)) done.set(`space:${p.space}`, p.seat);
    else if (BOUGHT.has(entry?.id)) done.set(`${p.seat}:material:${p.material}`, p.seat);
  }
  return done;
}

/** `el` marked with the pawn colour of the seat `done` names for `key`, if any. */
function mark(el, view, done, key) {
  const seat = done.get(key);
  return seat === undefined ? el : markJustNow(el, seat, `pawn-${view.players[seat].pawn}`);
}

function pawn(player) {
  return h("span", { class: `pawn pawn-${player.pawn}`, title: seatName(player.seat) });
}

function money(n) { return `$${n}`; }

/** A label and its figure in bold ("Cash $100", 「現金$100」), or its word ("Phase move",
 * 「フェイズ：移動」). */
function stat(label, value, key = "web.stat") {
  return h("span", {}, parts(key, { label, figure: h("b", {}, String(value)),
    word: h("b", {}, String(value)) }));
}

/** A space's short code for narrow screens, explained by the legend under the board: the
 * catalogue's, which the terminal's board writes too (a supply space's material, 需求 and
 * 調查 for 原料需求 and 市場調查). */
function code(kind) { return tr(`ee.code.${kind}`); }

function legend(view) {
  const kinds = [...new Set(view.board)];
  return h("div", { class: "ee-legend", id: "ee-legend" }, kinds.map((kind) =>
    h("span", { class: `chip ee-space-chip ${kind}` }, parts("web.ee_legend", {
      code: h("b", {}, code(kind)), name: named(kind) }))));
}

/** A corner as a screen reader says it: its space, letter, revenue and whose
 * headquarters it is. */
function cornerName(corner, view) {
  const params = { space: corner.space, corner: corner.letter, revenue: corner.revenue,
    owner: corner.owner === null ? null : view.players[corner.owner].seat };
  return tr(corner.owner === null ? "web.ee_corner" : "web.ee_corner_owned", params);
}

function board(view, ctx, done) {
  const cells = view.board.map((kind, space) => {
    const { row, col } = cellPlace(space);
    const corner = view.corners.find((c) => c.space === space);
    const here = view.players.filter((p) => p.position === space);
    const cell = h("div", { class: `ee-space ${kind}${corner ? " corner" : ""}`,
      style: { gridRow: String(row), gridColumn: String(col) }, dataset: { space } },
    h("span", { class: "ee-num" }, String(space)),
    h("span", { class: "ee-kind" }, corner ? `${corner.letter}` : named(kind)),
    corner ? null : h("span", { class: "ee-code" }, code(kind)),
    corner ? h("span", { class: "ee-rev" }, money(corner.revenue),
      corner.owner !== null ? h("span", { class: "ee-owner" },
        pawn(view.players[corner.owner])) : null) : null,
    h("span", { class: "ee-pawns" }, here.map(pawn)));
    mark(cell, view, done, `space:${space}`);
    if (corner) {
      // said as one name ("Space 0: corner A, revenue $500"), not its parts run together
      // ("0A$500"), when it is a button (choosing headquarters) and when it is not
      cell.setAttribute("aria-label", cornerName(corner, view));
      cell.setAttribute("role", "group");
      ctx.target(cell, `corner:${corner.letter}`);
    }
    return cell;
  });
  return [h("div", { class: "ee-board" }, cells,
    h("div", { class: "ee-center" }, centre(view, ctx))), legend(view)];
}

function centre(view, ctx) {
  const die = ctx.target(h("button", { type: "button", class: "ee-die" }, t("ee_roll")),
    "roll");
  const offer = view.offer;
  // The offer's and the research's choices, shown only to the seat deciding them now.
  const button = (name, text) => (ctx.isLegal?.(name)
    ? ctx.target(h("button", { type: "button" }, text), name) : null);
  return [
    // the turn under way, counted from 1 as the replay's step line and the terminal do
    // (the view counts the turns done; a game the turn limit ended is in its last)
    h("div", { class: "stats" }, stat(t("ee_turn"), view.capped ? view.turn : view.turn + 1),
      stat(t("phase"), t(`ee_phase_${view.phase}`), "web.stat_word"),
      stat(t("ee_price_pile"), view.price_pile)),
    view.phase === "move" && view.current_player === ctx.seat ? die : null,
    offer ? h("div", { class: "ee-offer panel" }, parts("web.stat_word", {
      label: h("b", {}, t("ee_offer")), word: counted(tr("web.stat", {
        label: named(offer.material), figure: money(offer.price) })
        + t("paren", tr("ee.menu.jump", { n: offer.steps }))) }),
      h("div", { class: "ee-offer-actions" },
        button("buy", t("ee_buy")),
        view.players.map((p) => button(`take-from:${p.seat}`,
          t("ee_take_from", seatName(p.seat)))),
        button("pass", t("ee_pass")))) : null,
    view.phase === "research" ? h("div", { class: "ee-offer panel" },
      h("b", {}, named("market_research")), " ",
      button("jump", t("ee_jump")), button("stay", t("ee_stay"))) : null,
    // the demand card alone: its pile's size (a sold demand goes under it) never changes
    h("div", { class: "ee-demand" }, `${t("ee_demand")}${t("colon")}`,
      h("b", {}, named(view.demand.material))),
    h("div", { class: "ee-bank" }, `${t("ee_bank")}${t("colon")}`,
      Object.entries(view.bank_materials).map(([m, n]) => h("span", { class: "chip" },
        tr("web.stat", { label: named(m), figure: n })))),
  ];
}

function playerPanel(p, view, ctx, done) {
  const mine = p.seat === ctx.seat;
  const company = p.company_card;
  const panel = h("section", { class: `panel player${mine ? " me" : ""}${view.current_player
    === p.seat ? " current" : ""}`, dataset: { seat: p.seat } },
  h("h3", {}, pawn(p), ` ${tr("web.seat_line", { seat: seatName(p.seat),
    what: tr(`ee.group.${p.group}`) })}`,
    // its headquarters' corner by name, as the board and the log say it (角C, 角落C)
    youMark(p.seat, ctx), p.corner ? ` · ${tr(`ee.corner.${p.corner}`)}` : ""),
  h("div", { class: "stats" }, stat(t("ee_cash"), money(p.cash)),
    stat(t("ee_companies"), p.companies_founded), stat(t("ee_price_cards"), p.price_cards)),
  h("div", {}, Object.entries(p.materials).map(([m, n]) => mark(h("span", { class: "chip",
    dataset: { material: m } }, tr("web.count", { name: named(m), n })), view, done,
  `${p.seat}:material:${m}`))),
  company ? h("div", { class: "ee-company" }, h("b", {}, cardName(GAME, company.id)), t("colon"),
    company.materials.map((m) => h("span", { class: `chip${p.materials[m] ? " have" : ""}` },
      named(m)))) : null,
  mine && p.hand ? h("div", { class: "cards ee-hand", id: "hand" }, p.hand.map((c) =>
    ctx.target(h("div", { class: "card ee-price" }, h("b", {}, money(c.price)),
      counted(` → ${tr("ee.menu.jump", { n: c.steps })} · ×${c.count}`)),
    `play:${c.price}:${c.steps}`))) : null);
  if (!mine) ctx.target(panel, `draw-from:${p.seat}`);
  return panel;
}

export const enterpriseEmpireRenderer = {
  render(view, ctx) {
    const done = doneJustNow(ctx);
    return h("div", { class: "ee" }, board(view, ctx, done),
      ownFirst(view.players, ctx).map((p) => playerPanel(p, view, ctx, done)));
  },

  prompt(view) { return t(`ee_prompt_${view.phase}`); },

  /** Seats wear their group's pawn colour everywhere on the page. */
  pawnClass(view, seat) { return `pawn-${view.players[seat].pawn}`; },

  label(action) { return actionLabel(GAME, action.name, action.label); },

  /** Who won and why (four companies, the cash reached, the richest at the safety
   * limit), in the log's words: the end screen says it under its headline. */
  wonLine(view) {
    if (!view.won_by) return null;
    const p = view.players[view.winner];
    return tr(`ee.log.win_${view.won_by}`, { seat: p.seat, seat_pawn: p.pawn,
      n: view.won_by === "companies" ? p.companies_founded : p.cash });
  },
};
