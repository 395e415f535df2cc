// The score breakdown of every seat, best first.

import { h } from "./dom.js";
import { seatName, t } from "./i18n.js";

export function scoreTable(scores, ranking, title) {
  if (!scores) return null;
  const keys = Object.keys(scores[0]).filter((k) => k !== "total");
  const order = ranking ?? scores.map((_, i) => i);
  return h("section", { class: "panel scores", id: "scores" }, h("h3", {}, title),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, t("ranking")), h("th", {}, t("seat")),
      keys.map((k) => h("th", {}, t(`score_${k}`) === `score_${k}` ? k : t(`score_${k}`))),
      h("th", {}, t("total")))),
    h("tbody", {}, order.map((seat, place) => h("tr", {}, h("td", {}, String(place + 1)),
      h("td", {}, h("span", { class: `pawn p${seat}` }), ` ${seatName(seat)}`),
      keys.map((k) => h("td", {}, String(scores[seat][k]))),
      h("td", { class: "total" }, String(scores[seat].total)))))));
}
