// The page: a hash router between the lobby, a live table and the replay viewer.

import { LANGUAGES, lang, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

let leave = null;   // the current screen's clean-up (closes its WebSocket)

function route() {
  if (leave) { leave(); leave = null; }
  const root = document.getElementById("app");
  root.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "play" && parts.length >= 4) {
    leave = showTable(root, { gameId: parts[1], seat: Number(parts[2]), token: parts[3] });
  } else if (parts[0] === "watch" && parts[1]) {
    leave = showTable(root, { gameId: parts[1], seat: null, token: null });
  } else if (parts[0] === "replay" && parts[1]) {
    leave = showReplay(root, parts[1]);
  } else {
    leave = showLobby(root);
  }
}

function chrome() {
  document.getElementById("tagline").textContent = t("tagline");
  document.getElementById("lang-label").textContent = t("language");
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
  select.addEventListener("change", () => {
    setLang(select.value);
    chrome();
    window.dispatchEvent(new Event("keizai:lang"));
  });
  chrome();
  window.addEventListener("hashchange", route);
  route();
}

start();
