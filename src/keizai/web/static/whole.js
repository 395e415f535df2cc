// A compound decision chosen whole: the server describes it (message.whole: pay 3 cards
// from these, sell one of these sets, buy houses for 5-10 beds ...); the page lets the
// player pick the whole set — on the board or with the chips here — and confirm once.
// The server's one helper applies it as atomic steps or refuses it with the reason.

import { h } from "./dom.js";
import { lang, t, tr } from "./i18n.js";

/** A candidate's name: its catalogue term in every language (the engine's English label
 * carries the figures too, which the page shows beside the name), else that label. */
function labelOf(c) { return c.term ? tr(c.term, c.term_params ?? {}) : c.label; }

/** The decision's prompt in the page's language. */
function promptOf(whole) {
  const m = whole.prompt_msg;
  return lang() !== "en" && m ? tr(m.id, m.params) : whole.prompt;
}

/** The selection: candidate id -> set of picked copies (ordinals). */
export function newSelection() {
  return new Map();
}

export function countOf(selection, id) {
  return selection.get(id)?.size ?? 0;
}

export function chosenObject(selection) {
  const out = {};
  for (const [id, copies] of selection) if (copies.size) out[id] = copies.size;
  return out;
}

/** The most copies of `c` the decision can take: no more than the player holds, nor
 * than the amount asks for ("discard 3 cards" with 4 Consumer Items: 3), nor than a
 * limit or the largest allowed set holds. The chips, the number box and clicks on the
 * board all stop there, so what the panel says and what it lets one pick agree. */
export function most(whole, c) {
  const weight = Math.max(1, c.weight);
  let cap = c.count;
  if (whole.constraint === "exactly") cap = Math.floor(whole.amount / weight);
  else if (whole.constraint === "cover") cap = Math.ceil(whole.amount / weight);
  else if (whole.constraint === "range") cap = Math.floor((whole.maximum ?? c.count) / weight);
  else if (whole.constraint === "one_of") {
    cap = Math.max(0, ...whole.sets.map((set) => set.filter((id) => id === c.id).length));
  }
  for (const tag of c.tags ?? []) cap = Math.min(cap, whole.limits?.[tag] ?? cap);
  return Math.max(0, Math.min(c.count, cap));
}

// The decision each candidate came from (candidateFor), for the bound of a board click.
const decisionOf = new WeakMap();

function setCount(selection, whole, candidate, n) {
  const copies = new Set();
  for (let k = 0; k < Math.max(0, Math.min(n, most(whole, candidate))); k += 1) copies.add(k);
  selection.set(candidate.id, copies);
}

/** Click on the board: pick or unpick copy `ordinal` of the candidate (up to `most`). */
export function toggle(selection, candidate, ordinal) {
  const copies = selection.get(candidate.id) ?? new Set();
  const whole = decisionOf.get(candidate);
  const bound = whole ? most(whole, candidate) : candidate.count;
  if (copies.has(ordinal)) copies.delete(ordinal);
  else if (copies.size < bound) copies.add(ordinal);
  selection.set(candidate.id, copies);
}

/** The candidate an atomic action name belongs to (pay:x, sell:x, house:x). */
export function candidateFor(whole, name) {
  const found = whole.candidates.find((c) => c.action === name || c.copy_actions.includes(name));
  if (found) decisionOf.set(found, whole);
  return found ?? null;
}

/** The candidate's figures its name does not show already ("住宅01（ベッド1）" names its
 * beds), as the terminal does. */
function figures(whole, c) {
  const info = c.info ?? {};
  const parts = [];
  // a card paid or discarded counts as one card whatever its value: its name is all
  if (info.price !== undefined) {
    parts.push(whole.kind === "sell" ? t("whole_sells_for", info.price) : `$${info.price}`);
  }
  if (info.beds !== undefined) parts.push(t("whole_beds", info.beds));
  if (info.energy !== undefined) parts.push(t("whole_energy", info.energy));
  if (info.vp !== undefined) parts.push(t("whole_vp", info.vp > 0 ? `+${info.vp}` : info.vp));
  const name = labelOf(c);
  return parts.filter((part) => !name.includes(part)).join(" · ");
}

function total(whole, selection) {
  return whole.candidates.reduce((sum, c) => sum + c.weight * countOf(selection, c.id), 0);
}

function goal(whole) {
  if (whole.constraint === "range") {
    const low = Math.max(0, whole.amount);
    return low === whole.maximum ? String(low) : `${low}–${whole.maximum}`;
  }
  return String(whole.amount);
}

/** "Chosen: 3 of 5 cards"; money reads as every price on the page does ("Chosen: $3 of
 * $8", not 3ドル / 3元). */
function totalLine(whole, selection) {
  const chosen = total(whole, selection);
  if (whole.unit === "$") {
    return t("whole_total_money", `$${chosen}`, goal(whole).split("–").map((n) => `$${n}`)
      .join("–"));
  }
  return t("whole_total", chosen, goal(whole), t(`whole_unit_${whole.unit}`, goal(whole)));
}

/** What the prompt does not say: a house purchase's money and loans (a payday sale's
 * prompt says its wages, cash and shortfall itself). */
function infoLine(whole) {
  if (whole.kind !== "houses") return null;
  return h("p", { class: "whole-info", id: "whole-info" },
    t("whole_houses_money", whole.info.money, whole.info.loan_value));
}

/** A chip's − or +, named for a screen reader by what it does ("One more: Consumer
 * Item"): at its limit (none picked, or as many as the chip takes) it says so and does
 * nothing (aria-disabled, not disabled: the keyboard's focus stays on it). */
function stepButton(cls, text, name, atLimit, onclick) {
  return h("button", { type: "button", class: `small ${cls}`, "aria-label": name,
    "aria-disabled": atLimit ? "true" : null, onclick: atLimit ? null : onclick }, text);
}

/** The panel: prompt, figures, chips with − n/N +, the running total and Confirm.
 * `decision` names the decision the selection is for (a number typed for another is not
 * kept in its box: morph.js). */
export function wholePanel(whole, selection, { decision, onChange, onConfirm, disabled }) {
  const sets = whole.constraint === "one_of" ? h("div", { class: "whole-sets" },
    whole.sets.map((set, i) => {
      const counts = {};
      for (const id of set) counts[id] = (counts[id] ?? 0) + 1;
      const same = whole.candidates.every((c) => (counts[c.id] ?? 0) === countOf(selection, c.id));
      const labels = Object.entries(counts).map(([id, n]) => {
        const c = whole.candidates.find((x) => x.id === id);
        return n > 1 ? tr("web.count", { name: labelOf(c), n }) : labelOf(c);
      });
      const worth = set.reduce((sum, id) => sum + whole.candidates.find((x) => x.id === id)
        .weight, 0);
      // a toggle: a screen reader says whether it is the set picked, as its colour shows
      return h("button", { type: "button", class: `whole-set${same ? " picked" : ""}`,
        "aria-pressed": String(same), dataset: { set: String(i) }, onclick: () => {
          for (const c of whole.candidates) setCount(selection, whole, c, counts[c.id] ?? 0);
          onChange();
        } }, labels.join(" + ") + t("paren", `$${worth}`));
    })) : null;
  const chips = h("ul", { class: "whole-candidates" }, whole.candidates.map((c) => {
    const n = countOf(selection, c.id);
    const bound = most(whole, c);
    const set = (k) => { setCount(selection, whole, c, k); onChange(); };
    // the figures and what the card counts for, as one text ("$3 (counts 2)", 「$3（2枚分）」);
    // the row's flex gap stands between it and the name (no space of its own)
    const shown = [figures(whole, c), c.weight !== 1 && whole.unit === "card"
      ? t("whole_counts", c.weight) : ""].filter(Boolean)
      .reduce((line, part) => (line ? tr("web.stat", { label: line, figure: part }) : part), "");
    // one the decision cannot take at all (a house of more beds than it allows) is dimmed
    return h("li", { class: `whole-candidate${n ? " picked" : ""}${bound ? "" : " out"}`,
      dataset: { pick: c.id } },
      h("span", { class: "whole-label" }, labelOf(c)),
      shown ? h("span", { class: "muted" }, shown) : null,
      h("span", { class: "whole-count" },
        stepButton("minus", "−", t("whole_one_fewer", labelOf(c)), n <= 0, () => set(n - 1)),
        " ", bound > 3 ? h("input", { type: "number", class: "whole-number", min: 0,
          max: bound, value: n, "aria-label": labelOf(c), dataset: { valueFor: decision },
          onchange: (e) => {
            set(Number(e.target.value) || 0); } })
          : String(n), `/${bound} `,
        stepButton("plus", "+", t("whole_one_more", labelOf(c)), n >= bound,
          () => set(n + 1))));
  }));
  // a group named by its prompt: a screen reader says what is asked as the focus enters
  return h("div", { class: "whole", id: "whole", role: "group",
    "aria-labelledby": "whole-prompt" },
    h("p", { class: "prompt whole-prompt", id: "whole-prompt" }, promptOf(whole)),
    infoLine(whole),
    sets,
    chips,
    h("div", { class: "whole-foot" },   // on a phone it stays in sight (style.css)
      h("p", { class: "whole-total", id: "whole-total" }, totalLine(whole, selection)),
      h("div", { class: "whole-buttons" },
        h("button", { type: "button", id: "whole-confirm", class: "primary", disabled,
          onclick: onConfirm }, t("confirm")),
        h("button", { type: "button", id: "whole-clear", disabled, onclick: () => {
          selection.clear(); onChange(); } }, t("whole_clear")))));
}
