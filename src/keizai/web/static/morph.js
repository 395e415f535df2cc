// Bring the page's elements to what a draw made anew, changing only what differs: the
// table draws its parts afresh (h), and morph keeps the elements already in the page in
// their place, their text, attributes and listeners brought up to date. A node kept
// keeps the reader's focus, a half-typed number, its scroll and an opened <details>, and
// costs no new layout; only what the draw has and the page had not is added.

import { heldListening, holdsListeners, listen, listenersOf, unlisten } from "./dom.js";

/** What pairs a fresh element with one in the page, beyond its tag: its id. */
function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE && node.id ? node.id : null;
}

/** Whether the page's `old` can stand for the fresh `node` (same kind, tag and key: a
 * node's name is its tag, or #text, #comment). */
function matches(old, node) {
  return old.nodeName === node.nodeName
    && (old.nodeType !== Node.ELEMENT_NODE || old.id === node.id);
}

/** `old`'s attributes made `fresh`'s. A style is copied through the CSSOM: the page's
 * Content-Security-Policy refuses a style attribute set as such. A <details>' `open` is
 * the reader's (they opened it), unless the draw decides it (`data-open-drawn`). */
function syncAttributes(old, fresh) {
  const kept = old.nodeName === "DETAILS" && !fresh.hasAttribute("data-open-drawn")
    ? "open" : null;
  const theirs = fresh.attributes;
  for (let i = 0; i < theirs.length; i += 1) {
    const { name, value } = theirs[i];
    if (name === kept || old.getAttribute(name) === value) continue;
    if (name === "style") old.style.cssText = fresh.style.cssText;
    else old.setAttribute(name, value);
  }
  // an attribute of old's the fresh one has not (none when old has as many as it now:
  // the common case)
  if (kept === null && old.attributes.length === theirs.length) return;
  for (const { name } of [...old.attributes]) {
    if (name !== kept && !fresh.hasAttribute(name)) old.removeAttribute(name);
  }
}

/** A box's value and a checkbox's tick as drawn, but where the reader is `typing`. */
function syncInput(old, fresh, typing) {
  if (old.nodeName !== "INPUT" && old.nodeName !== "TEXTAREA") return;
  if (old.type === "checkbox" || old.type === "radio") old.checked = fresh.checked;
  else if (!typing && old.value !== fresh.value) old.value = fresh.value;
}

/** Make the page's node `old` what `fresh` is; the node now in the page in its place
 * (`old`, or `fresh` where they are of different kinds). */
export function morph(old, fresh) {
  if (old === fresh) return old;
  if (!matches(old, fresh)) { old.replaceWith(fresh); return fresh; }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  // the same markup and no listeners to hand over on either side: nothing to do (most of
  // a board a move did not touch; compared in the browser's own code)
  if (!holdsListeners(old) && !holdsListeners(fresh) && old.isEqualNode(fresh)) return old;
  if (holdsListeners(fresh)) heldListening(old);
  // the reader's typing in the focused box stays while the box is for the same thing (its
  // data-value-for, where the draw says: a whole decision's step); a number typed for a
  // decision another page's move took away is not one for the next
  const typing = old === document.activeElement
    && old.getAttribute("data-value-for") === fresh.getAttribute("data-value-for");
  syncAttributes(old, fresh);
  unlisten(old);
  for (const [type, handler] of listenersOf(fresh)) listen(old, type, handler);
  syncInput(old, fresh, typing);
  if (!pairwise(old, fresh)) morphChildren(old, [...fresh.childNodes]);
  return old;
}

/** Morph `old`'s children into `fresh`'s one for one where each can stand for the one in
 * its place (the common case: a move changes texts and classes, not what is drawn);
 * whether it could. */
function pairwise(old, fresh) {
  const mine = old.childNodes;
  const theirs = fresh.childNodes;
  const count = mine.length;
  if (count !== theirs.length) return false;
  for (let i = 0; i < count; i += 1) if (!matches(mine[i], theirs[i])) return false;
  // fresh's child lists as they are now (a morph below may move a node out of them)
  const kept = Array.from(mine);
  const into = Array.from(theirs);
  for (let i = 0; i < count; i += 1) morph(kept[i], into[i]);
  return true;
}

/** Make `children` (nulls left out) `parent`'s children, in that order: a node already
 * in `parent` stays as it is; any other is morphed into one of `parent`'s it can stand
 * for (the one with its id, else the next of its tag), else added. */
export function morphChildren(parent, children) {
  const wanted = children.filter((child) => child !== null && child !== undefined);
  const own = new Set(wanted.filter((child) => child.parentNode === parent));
  const byKey = new Map();
  for (const node of parent.childNodes) {
    if (keyOf(node) && !own.has(node)) byKey.set(keyOf(node), node);
  }
  let at = parent.firstChild;   // the unkeyed nodes before it are taken or let go
  /** The next of `parent`'s unkeyed nodes from `at` on that can stand for `child`. */
  const next = (child) => {
    for (let node = at; node; node = node.nextSibling) {
      if (!own.has(node) && !keyOf(node) && matches(node, child)) {
        at = node.nextSibling;
        return node;
      }
    }
    return null;
  };
  const nodes = wanted.map((child) => {
    if (own.has(child)) return child;
    const old = keyOf(child) ? byKey.get(keyOf(child)) : next(child);
    if (keyOf(child)) byKey.delete(keyOf(child));
    if (old) return morph(old, child);
    if (holdsListeners(child)) heldListening(parent);
    return child;
  });
  const keep = new Set(nodes);
  for (const node of [...parent.childNodes]) if (!keep.has(node)) node.remove();
  let cursor = parent.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}
