// The score breakdown: one column per seat (best first), one row per score category, so
// it fits the narrow side column and a phone.

import { h } from "./dom.js";
import { has, seatName, sentence, t, tr } from "./i18n.js";

/** A row's heading, a capital first as the table's "Ranking" and "Total" ("Buildings",
 * "Won"): the catalogue's words are lower case, for the final score's log line and the
 * terminal's ranking, which put them mid-sentence ("buildings 26, bonuses 0"). */
function categoryName(key) {
  const text = t(`score_${key}`);
  return sentence(text === `score_${key}` ? key.replace(/_/g, " ") : text);
}

// A part's figure: money as money (企業帝國's cash "$4300", the catalogue's
// `score_value_<key>`, as the terminal's ranking writes it), anything else as the number.
function figure(key, value) {
  return has(`score_value_${key}`) ? tr(`score_value_${key}`, { n: value }) : String(value);
}

// Whether "total" only orders the seats (企業帝國: won × W + companies × C + cash, a
// number nobody scored): the parts then stand without it, as in the terminal's ranking.
function keyed(scores) {
  return scores.some((row) => Object.entries(row)
    .filter(([k]) => !["total", "target", "won"].includes(k))
    .reduce((sum, [, v]) => sum + v, 0) !== row.total);
}

// `places` (optional, the game-over payload's): seats grouped by place, tied seats in one
// place; a shared place shows the same number, a shared first place "Shared victory".
// `pawnClass`: the seat's colour as the board draws it (企業帝國's pawns are not p0-p3).
export function scoreTable(scores, ranking, title, places, pawnClass = (seat) => `p${seat}`) {
  if (!scores) return null;
  // "won" is no score part: a solo game's headline says won or lost; where the total only
  // orders the seats it heads the parts (the terminal's "won, companies 4, cash $4300")
  // a solo game's target is no part of its total: it comes after it
  const keys = Object.keys(scores[0]).filter((k) => !["total", "won", "target"].includes(k));
  const byParts = keyed(scores);
  if (scores.length === 1) ranking = null;   // solo: a place of 1 among 1 says nothing
  const order = ranking ?? scores.map((_, i) => i);
  const placeOf = {};
  (places ?? []).reduce((n, place) => {
    place.forEach((seat) => { placeOf[seat] = n; });
    return n + place.length;
  }, 1);
  const shared = places && places[0] && places[0].length > 1;
  return h("section", { class: "panel scores", id: "scores" }, h("h3", {}, title),
    shared ? h("p", { class: "shared-victory" }, `${t("shared_victory")}${t("colon")}`,
      places[0].map((seat) => seatName(seat)).join(t("list.sep"))) : null,
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, ranking ? t("ranking") : t("seat")),
        order.map((seat, place) => h("th", {}, ranking ? `${placeOf[seat] ?? place + 1}. ` : "",
          h("span", { class: `pawn ${pawnClass(seat)}` }), seatName(seat))))),
      h("tbody", {},
        byParts && "won" in scores[0] ? h("tr", { class: "won" }, h("th", {}, categoryName("won")),
          order.map((seat) => h("td", {}, scores[seat].won ? "✓" : ""))) : null,
        keys.map((k) => h("tr", {}, h("th", {}, categoryName(k)),
          order.map((seat) => h("td", {}, figure(k, scores[seat][k]))))),
        byParts ? null : h("tr", { class: "total" }, h("th", {}, t("total")),
          order.map((seat) => h("td", {}, String(scores[seat].total)))),
        "target" in scores[0] ? h("tr", { class: "target" }, h("th", {}, categoryName("target")),
          order.map((seat) => h("td", {}, String(scores[seat].target)))) : null)));
}
