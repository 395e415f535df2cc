// The logged-in account (or null for a guest), shared by every screen.

import { api, setCsrf } from "./api.js";

let current = null;

export function account() { return current; }

// Another tab of this browser logged in or out (`tellOtherTabs`): this one asks again, so
// that a screen left open shows no more of an account than a new page would (on a shared
// computer, a tab still showing the account's invite links after a logout in another).
const CHANGED = "keizai.account_changed";
window.addEventListener("storage", (event) => {
  if (event.key === CHANGED) loadAccount();
});

/** Tell this browser's other tabs that this one logged in or out. */
export function tellOtherTabs() {
  try {
    localStorage.setItem(CHANGED, `${Date.now()}:${Math.random()}`);
  } catch { /* no storage: the other tabs learn at their next ask */ }
}

/** Ask the server who we are; screens hear "keizai:account" when it changes. */
export async function loadAccount() {
  try {
    current = (await api("/api/account")).account;
  } catch { current = null; }
  setCsrf(current?.csrf ?? null);
  window.dispatchEvent(new Event("keizai:account"));
  return current;
}
