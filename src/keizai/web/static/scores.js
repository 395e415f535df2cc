// The score breakdown: one column per seat (best first), one row per score category, so
// it fits the narrow side column and a phone.

import { h } from "./dom.js";
import { seatName, t } from "./i18n.js";

function categoryName(key) {
  const text = t(`score_${key}`);
  return text === `score_${key}` ? key.replace(/_/g, " ") : text;
}

// `places` (optional, the game-over payload's): seats grouped by place, tied seats in one
// place; a shared place shows the same number, a shared first place "Shared victory".
// `pawnClass`: the seat's colour as the board draws it (企業帝國's pawns are not p0-p3).
export function scoreTable(scores, ranking, title, places, pawnClass = (seat) => `p${seat}`) {
  if (!scores) return null;
  // "won" (a solo game's 0 or 1) is no score: the headline says won or lost
  const keys = Object.keys(scores[0]).filter((k) => k !== "total" && k !== "won");
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
        keys.map((k) => h("tr", {}, h("th", {}, categoryName(k)),
          order.map((seat) => h("td", {}, String(scores[seat][k]))))),
        h("tr", { class: "total" }, h("th", {}, t("total")),
          order.map((seat) => h("td", {}, String(scores[seat].total)))))));
}
