// Any game's view as readable panels; its legal actions become buttons (table.js).

import { h } from "../dom.js";
import { actionLabel, t } from "../i18n.js";

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

function isScalar(value) { return value === null || typeof value !== "object"; }

function humanKey(key) { return String(key).replace(/_/g, " "); }

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
        h("table", {}, h("thead", {}, h("tr", {}, flat.map((k) => h("th", {}, humanKey(k))))),
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
    h("dt", {}, humanKey(k)), h("dd", {}, jsonBlock(v, depth + 1))]));
}

export const genericRenderer = {
  render(view) {
    const simple = Object.entries(view).filter(([, v]) => isScalar(v));
    const complex = Object.entries(view).filter(([, v]) => !isScalar(v));
    return h("div", { class: "generic" },
      h("p", { class: "muted" }, t("unknown_game_table")),
      h("section", { class: "panel" }, h("h3", {}, t("state")),
        jsonBlock(Object.fromEntries(simple))),
      complex.map(([k, v]) => h("section", { class: "panel" }, h("h3", {}, humanKey(k)),
        jsonBlock(v))));
  },
  label(action, view) { return actionLabel(view?.game, action.name, action.label); },
};
