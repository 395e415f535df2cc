// Whose table a renderer draws. The page tells every renderer in `ctx`, one way for every
// game: `ctx.seat` is the seat the table is seen from (a live table's own seat, the seat a
// replay shows; null for a spectator or a replay seen by everyone) and `ctx.yours` whether
// that seat is the reader's (at a live table; a replay is watched, not played). A game's
// view need not name the seat it was made for (Futuropia's is the same for every seat).
// `ctx.justNow` (a live table's) holds the log entries of its "Just now" lines: the seat's
// latest moves and all that followed them.

import { t } from "../i18n.js";

/** `items` (each with a `seat`) with the table's own seat first, the others in order. */
export function ownFirst(items, ctx) {
  return [...items.filter((x) => x.seat === ctx.seat),
    ...items.filter((x) => x.seat !== ctx.seat)];
}

/** " (you)" / "（你）" after the reader's own seat at a live table, else "". */
export function youMark(seat, ctx) {
  return ctx.yours && seat === ctx.seat ? t("paren", t("you")) : "";
}

/** The space between a seat's label and a mark after it (National Economy's start
 * player, "P2 (you) ★"): none after a full-width bracket ("P2（你）★"; docs/i18n.md). A
 * label and words meet through `web.seat_line` instead. */
export function gapAfter(label) {
  return label.endsWith("）") ? "" : " ";
}

/** `el` marked as a thing a move of the "Just now" lines took or used (a dashed border of
 * `seat`'s colour, `colour` where the game has its own: 企業帝國's pawns; its title names
 * that panel: "Just now", 直前の手, 剛才); `el` as it is when `seat` is undefined. */
export function markJustNow(el, seat, colour = `p${seat}`) {
  if (seat === undefined) return el;
  el.classList.add("just-now", `by-${colour}`);
  el.title = t("last_move");
  return el;
}
