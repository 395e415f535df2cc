// The logged-in account (or null for a guest), shared by every screen.

import { api, setCsrf } from "./api.js";

let current = null;

export function account() { return current; }

/** Ask the server who we are; screens hear "keizai:account" when it changes. */
export async function loadAccount() {
  try {
    current = (await api("/api/account")).account;
  } catch { current = null; }
  setCsrf(current?.csrf ?? null);
  window.dispatchEvent(new Event("keizai:account"));
  return current;
}
