// A tiny element builder: h("div", {class: "x", onclick: f}, child, "text", …).
// `style` takes an object of CSSOM properties ({gridRow: "2"}): the server's
// Content-Security-Policy (style-src 'self') blocks inline style attributes.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) listen(el, key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") {
      if (typeof value !== "object") throw new TypeError("style: an object, not a string");
      Object.assign(el.style, value);
    }
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    if (listening.has(child)) listening.add(el);
  }
  return el;
}

const COUNTED = /(?<![$\dA-Za-z])\d+(?:[\u30a1-\u30ff]+|[\u3400-\u4dbf\u4e00-\u9fff])/g;

/** A number and its counter (「2マス」, 「3人」, 「2格」) in `text`, each kept on one line
 * (`.counted`): a browser breaks a line of 日本語 or 中文 between a figure and the kana or
 * ideograph after it, and a phone's Choices panel read 「…出す：2」 / 「マス進む」. A sum of
 * money ($3) has no counter, nor has a seat's name (「P2打出…」: the figure is the name's).
 * The text reads as before (its parts in order). */
export function counted(text) {
  const words = String(text);
  const out = [];
  let last = 0;
  for (const match of words.matchAll(COUNTED)) {
    out.push(words.slice(last, match.index), h("span", { class: "counted" }, match[0]));
    last = match.index + match[0].length;
  }
  return last ? [...out, words.slice(last)].filter((part) => part !== "") : [words];
}

/** Each element's listeners added by `listen` (h's on* attributes among them), so that
 * morph.js can hand an element drawn anew's listeners to the one it keeps in its place. */
const listeners = new WeakMap();

/** The elements that hold a listener of `listen`'s, or hold an element that does (h
 * marks an element built of such; `listen` and `heldListening` mark a tree's elements
 * up from one): morph.js compares the others by their markup alone. */
const listening = new WeakSet();

/** Whether `node` holds a listener of `listen`'s or an element that does (`listening`). */
export function holdsListeners(node) { return listening.has(node); }

/** `node` and the elements above it marked as holding a listener. */
export function heldListening(node) {
  for (let at = node; at && !listening.has(at); at = at.parentNode) listening.add(at);
}

/** `el.addEventListener(type, handler)`, remembered for `listenersOf`. A handler reaches
 * its element through the event (`currentTarget`), not a variable: the element it was
 * added to may be a fresh copy whose listeners go to the one kept in the page. */
export function listen(el, type, handler) {
  el.addEventListener(type, handler);
  listeners.set(el, [...(listeners.get(el) ?? []), [type, handler]]);
  heldListening(el);
}

/** The listeners `listen` added to `el`, as [type, handler] pairs. */
export function listenersOf(el) { return listeners.get(el) ?? []; }

/** Take away the listeners `listen` added to `el`. */
export function unlisten(el) {
  for (const [type, handler] of listenersOf(el)) el.removeEventListener(type, handler);
  listeners.delete(el);
}

/** A name the page writes inside a line (a player's, an account's) as a <bdi>, so that a
 * right-to-left name keeps to itself: it took the neutral characters and figures after it
 * into its own direction, and the chat line "שרה: 5 coins" was drawn "5 :שרה coins". */
export function isolated(name) { return h("bdi", {}, name); }

/** A name in a text the page hands on as plain text (the live region's announcements):
 * set apart by FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068, U+2069), as
 * `isolated` does with markup, so a right-to-left name does not reorder the sentence. */
export function isolatedText(name) { return `\u2068${name}\u2069`; }

/** Show a message in the banner (errors from the server, connection state); a screen
 * reader says it (announce), unless another replaces it at once (a refusal after its
 * error: only what stays on the screen is said). The same words shown again before they
 * are said (a refused retry's "Reconnecting…") stay to be said. A hidden banner keeps no
 * words: the same shown again (a second outage) is said again. */
export function banner(text, kind = "error") {
  const el = document.getElementById("banner");
  if (el.textContent !== text) toSay = toSay.filter((said) => said !== el.textContent);
  if (!text) { el.hidden = true; el.textContent = ""; return; }
  el.hidden = false;
  el.className = `banner ${kind}`;
  if (el.textContent !== text) announce(text);
  el.textContent = text;
}

/** What the live region says next: the texts asked for within its 50 ms (a move's log
 * lines, then "Your turn") are said together, one after the other. */
let toSay = [];
let saying = null;

/** Have a screen reader say `texts`, each a line (a live region outside the redrawn page: a
 * region drawn anew with its text in it is not read out). */
export function announce(...texts) {
  const el = document.getElementById("announce");
  if (saying === null) {
    el.replaceChildren();
    saying = setTimeout(() => {   // the same text again is said again
      el.replaceChildren(...toSay.map((text) => h("p", {}, text)));
      toSay = [];
      saying = null;
    }, 50);
  }
  toSay.push(...texts);
}
