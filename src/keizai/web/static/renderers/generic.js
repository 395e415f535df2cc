// Any game's view as readable panels; its legal actions become buttons (table.js). It is
// the data view: the table of a game the page has no table for, and the "data view" switch
// shows it for any game, every field the server sends. It shows the data as the server
// names it (field names in English, ids, seats counted from 0), and says so in the page's
// language (data_view_note): the three games' views hold some 190 field names and 400
// ids and English texts, which no catalogue words; its own tables are what a player reads.

import { h } from "../dom.js";
import { actionLabel, t } from "../i18n.js";

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

function isScalar(value) { return value === null || typeof value !== "object"; }

function humanKey(key) { return String(key).replace(/_/g, " "); }

/** A field's name as an element's attributes: English on a page in any language, so a
 * screen reader of a 日本語 or 中文 page says it in English, as it is written. */
const FIELD = { lang: "en" };

/** A nested JSON value as definition lists, tables and sub-panels. */
export function jsonBlock(value, depth = 0) {
  if (isScalar(value)) return h("span", {}, scalar(value));
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "—");
    if (value.every(isScalar)) return h("span", {}, value.map(scalar).join(", "));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      const flat = keys.filter((k) => value.every((v) => isScalar(v[k]) ||
        (Array.isArray(v[k]) && v[k].every(isScalar))));
      const deep = keys.filter((k) => !flat.includes(k));
      return h("div", { class: "json-list" },
        h("table", {}, h("thead", {}, h("tr", {}, flat.map((k) => h("th", FIELD,
          humanKey(k))))),
          h("tbody", {}, value.map((v) => h("tr", {}, flat.map((k) => h("td", {},
            jsonBlock(v[k], depth + 1))))))),
        deep.length ? value.map((v, i) => h("details", { class: "json-deep" },
          h("summary", {}, `#${i + 1}`), jsonBlock(Object.fromEntries(deep.map((k) =>
            [k, v[k]])), depth + 1))) : null);
    }
    return h("ol", {}, value.map((v) => h("li", {}, jsonBlock(v, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "muted" }, "—");
  return h("dl", { class: `json-dict depth-${depth}` }, entries.map(([k, v]) => [
    h("dt", FIELD, humanKey(k)), h("dd", {}, jsonBlock(v, depth + 1))]));
}

export const genericRenderer = {
  render(view) {
    const simple = Object.entries(view).filter(([, v]) => isScalar(v));
    const complex = Object.entries(view).filter(([, v]) => !isScalar(v));
    return h("div", { class: "generic" },
      h("p", { class: "muted", id: "data-view-note" }, t("data_view_note")),
      h("section", { class: "panel" }, h("h3", {}, t("state")),
        jsonBlock(Object.fromEntries(simple))),
      complex.map(([k, v]) => h("section", { class: "panel" }, h("h3", FIELD, humanKey(k)),
        jsonBlock(v))));
  },
  label(action, view) { return actionLabel(view?.game, action.name, action.label); },
};
