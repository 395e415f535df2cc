// The page: a hash router between the lobby, a live table and the replay viewer.

import { showAccount } from "./account.js";
import { banner } from "./dom.js";
import { showHowTo } from "./howto.js";
import { LANGUAGES, errorLine, lang, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showLeaderboard, showPlayer } from "./ratings.js";
import { showReplay } from "./replay.js";
import { account, loadAccount } from "./session.js";
import { showTable } from "./table.js";

let leave = null;   // the current screen's clean-up (closes its WebSocket)
const GAME_ID = /^[\w-]+$/;   // letters, digits, "_" and "-" (the server's ids are hex)

function route() {
  if (leave) { leave(); leave = null; }
  banner("");   // a message of the last page is not this page's
  const root = document.getElementById("app");
  root.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, "").split("/").map((part) => {
    try { return decodeURIComponent(part); } catch { return part; }   // a stray "%"
  });
  if (["play", "watch", "replay"].includes(parts[0]) && parts[1] && !GAME_ID.test(parts[1])) {
    banner(errorLine(t("not_found")));   // never a path into the rest of the API
  } else if (parts[0] === "play" && parts.length >= 4 && !/^\d+$/.test(parts[2])) {
    banner(errorLine(t("bad_seat", parts[2])));
  } else if (parts[0] === "play" && parts.length >= 4) {
    leave = showTable(root, { gameId: parts[1], seat: Number(parts[2]), token: parts[3] });
  } else if (parts[0] === "watch" && parts[1]) {
    leave = showTable(root, { gameId: parts[1], seat: null, token: null });
  } else if (parts[0] === "replay" && parts[1]) {
    leave = showReplay(root, parts[1]);
  } else if (parts[0] === "rules" && parts[1]) {
    leave = showHowTo(root, parts.slice(1).join("/"));
  } else if (parts[0] === "account") {
    leave = showAccount(root);
  } else if (parts[0] === "leaderboard") {
    leave = showLeaderboard(root, parts.slice(1).join("/"));
  } else if (parts[0] === "player" && parts[1]) {
    leave = showPlayer(root, { name: parts[1] });
  } else if (parts[0] === "bot" && parts[1]) {
    leave = showPlayer(root, { bot: parts[1] });
  } else {
    leave = showLobby(root);
  }
  focusFromTheTop();
}

/** A screen opened by a link of the last one (gone with it): the keyboard goes on from the
 * top of the new screen, as after a page load, so its first Tab is the table's skip link
 * rather than whatever followed the vanished link. A screen that put the focus somewhere
 * keeps it. */
function focusFromTheTop() {
  const body = document.body;
  if (document.activeElement && document.activeElement !== body) return;
  body.tabIndex = -1;   // focusable for a moment: focus() moves the Tab's starting point
  body.focus({ preventScroll: true });
  body.removeAttribute("tabindex");
}

function chrome() {
  document.getElementById("tagline").textContent = t("tagline");
  document.getElementById("lang-label").textContent = t("language");
  document.getElementById("lang-select").setAttribute("aria-label", t("language"));
  document.getElementById("board-link").textContent = t("leaderboard");
  const me = account();
  document.getElementById("account-link").textContent = me ? me.username : t("log_in");
}

function start() {
  setLang(lang());
  const select = document.getElementById("lang-select");
  for (const [code, label] of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = label;
    select.append(option);
  }
  select.value = lang();
  select.addEventListener("change", async () => {
    // the chosen language's catalogue is fetched first: until it is here, and if it cannot
    // be, the page stays in the language it shows
    const chosen = select.value;
    if (!await setLang(chosen)) {
      if (select.value === chosen) select.value = lang();   // not a later choice's
      return;
    }
    chrome();
    window.dispatchEvent(new Event("keizai:lang"));
  });
  chrome();
  window.addEventListener("keizai:account", chrome);
  window.addEventListener("hashchange", route);
  loadAccount().finally(route);
}

start();
