// The score breakdown: one column per seat (best first), one row per score category, so
// it fits the narrow side column and a phone.

import { h } from "./dom.js";
import { seatName, t } from "./i18n.js";

function categoryName(key) {
  const text = t(`score_${key}`);
  return text === `score_${key}` ? key.replace(/_/g, " ") : text;
}

export function scoreTable(scores, ranking, title, pawnClass = (seat) => `p${seat}`) {
  if (!scores) return null;
  const keys = Object.keys(scores[0]).filter((k) => k !== "total");
  const order = ranking ?? scores.map((_, i) => i);
  return h("section", { class: "panel scores", id: "scores" }, h("h3", {}, title),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, ranking ? t("ranking") : t("seat")),
        order.map((seat, place) => h("th", {}, ranking ? `${place + 1}. ` : "",
          h("span", { class: `pawn ${pawnClass(seat)}` }), seatName(seat))))),
      h("tbody", {},
        keys.map((k) => h("tr", {}, h("th", {}, categoryName(k)),
          order.map((seat) => h("td", {}, String(scores[seat][k]))))),
        h("tr", { class: "total" }, h("th", {}, t("total")),
          order.map((seat) => h("td", {}, String(scores[seat].total)))))));
}
