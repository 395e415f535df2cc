// How to play a game, in one screen and the page's language (#/rules/<game>): the text
// (keizai/i18n/howto.<lang>.json) is fetched when a player opens it, never with the page.

import { api } from "./api.js";
import { banner, h } from "./dom.js";
import { errorLine, errorText, gameTitle, lang, t, tr } from "./i18n.js";

/** The link to `gameId`'s how-to-play; `newTab` keeps the page it is on (a live table). */
export function howToLink(gameId, newTab = false) {
  return h("a", { class: "howto-link", id: "howto-link", href: `#/rules/${gameId}`,
    "aria-label": tr("howto.title", { game: gameTitle(gameId) }),
    ...(newTab ? { target: "_blank", rel: "noopener" } : {}) }, t("howto.link"));
}

// a game's id: never a path into the rest of the API ("../games")
const GAME = /^[a-z][a-z-]*(\/[a-z][a-z-]*)?$/;

export function showHowTo(root, gameId) {
  if (!GAME.test(gameId)) {
    banner(errorLine(t("not_found")));
    return null;
  }
  let open = true;
  async function draw() {
    const asked = lang();
    try {
      const text = await api(`/api/howto/${encodeURIComponent(asked)}/${gameId}`);
      if (!open || asked !== lang()) return;   // left, or another language chosen since
      root.replaceChildren(h("article", { class: "panel howto" },
        h("h1", {}, text.title),
        text.sections.map((section) => h("section", {},
          h("h2", {}, section.heading),
          h("ul", {}, section.paragraphs.map((p) => h("li", {}, p))))),
        h("p", {}, h("a", { href: "#/", class: "button" }, t("lobby")))));
    } catch (error) { banner(errorLine(errorText(error))); }
  }
  window.addEventListener("keizai:lang", draw);
  draw();
  return () => { open = false; window.removeEventListener("keizai:lang", draw); };
}
