// Leaderboards per game and a player's page (ratings, history, rating curve).

import { api } from "./api.js";
import { banner, h } from "./dom.js";
import { botName, errorLine, errorText, gameTitle, lang, t, tr, when } from "./i18n.js";

const fmt = (x) => x.toFixed(1);

function playerLink(entry) {
  return entry.player.startsWith("bot:")
    ? `#/bot/${encodeURIComponent(entry.player.slice(4))}`
    : `#/player/${encodeURIComponent(entry.name)}`;
}

export function showLeaderboard(root, gameId) {
  let catalog = null;
  let rows = [];
  let left = false;   // an answer that comes once the page was left draws nothing

  async function load() {
    try {
      catalog ??= await api("/api/catalog");
      gameId ||= catalog.games[0].id;
      rows = (await api(`/api/leaderboard?game=${encodeURIComponent(gameId)}`)).players;
      render();
    } catch (error) { if (!left) banner(errorLine(errorText(error))); }
  }

  function render() {
    if (!catalog || left) return;
    root.replaceChildren(h("section", { class: "panel leaderboard" },
      h("h2", {}, t("leaderboard"), " ",
        h("select", { id: "board-game", "aria-label": t("game"), onchange: (e) => {
          location.hash = `#/leaderboard/${e.target.value}`; } },
        catalog.games.map((g) => h("option", { value: g.id, selected: g.id === gameId },
          gameTitle(g.id, g.title))))),
      rows.length ? h("table", { id: "board" }, h("tr", {}, h("th", {}, "#"),
        h("th", {}, t("player")), h("th", {}, t("rating")), h("th", {}, "μ ± σ"),
        h("th", {}, t("games_played"))),
      rows.map((r, i) => h("tr", {}, h("td", {}, String(i + 1)),
        h("td", {}, h("a", { href: playerLink(r), class: "board-player" },
          r.player.startsWith("bot:") ? botName(r.name) : r.name)),
        h("td", {}, fmt(r.rating)), h("td", {}, `${fmt(r.mu)} ± ${fmt(r.sigma)}`),
        h("td", {}, String(r.games)))))
        : h("p", {}, t("no_ratings")),
      h("p", { class: "hint" }, t("rating_hint"))));
  }

  const onLang = () => render();
  window.addEventListener("keizai:lang", onLang);
  load();
  return () => { left = true; window.removeEventListener("keizai:lang", onLang); };
}

export function showPlayer(root, { name, bot }) {
  const query = bot ? `bot=${encodeURIComponent(bot)}` : `name=${encodeURIComponent(name)}`;
  let data = null;
  let left = false;   // an answer that comes once the page was left draws nothing

  async function load() {
    try {
      data = await api(`/api/player?${query}`);
      render();
    } catch (error) { if (!left) banner(errorLine(errorText(error))); }
  }

  function render() {
    if (!data || left) return;
    root.replaceChildren(h("div", { class: "player-page" },
      h("h2", { id: "player-name" }, bot ? botName(data.name) : data.name),
      data.ratings.length ? null : h("p", {}, t("no_ratings")),
      data.ratings.map((r) => h("section", { class: "panel" },
        h("h3", {}, h("a", { href: `#/leaderboard/${r.game}` }, gameTitle(r.game, r.game)),
          ` · ${tr("web.stat", { label: t("rating"), figure: fmt(r.rating) })} · ${tr(
            "web.stat", { label: t("games_played"), figure: r.games })}`),
        // titled in the page's language (shown as the tab's title when opened alone)
        h("img", { class: "curve", alt: t("rating_curve"), src: `/api/player/curve.svg?${
          query}&game=${encodeURIComponent(r.game)}&lang=${encodeURIComponent(lang())}` }))),
      data.history.length ? h("section", { class: "panel" }, h("h3", {}, t("history")),
        h("table", { id: "history" }, h("tr", {}, h("th", {}, t("game")),
          h("th", {}, t("place")), h("th", {}, t("rating"))),
        data.history.slice().reverse().map((g) => h("tr", {},
          h("td", {}, h("a", { href: `#/replay/${g.game_id}` },
            `${gameTitle(g.game, g.game)} · ${when(g.at)}`)),
          h("td", {}, `${g.place}/${g.players}`),
          h("td", {}, `${fmt(g.before)} → ${fmt(g.rating)}`))))) : null));
  }

  const onLang = () => render();
  window.addEventListener("keizai:lang", onLang);
  load();
  return () => { left = true; window.removeEventListener("keizai:lang", onLang); };
}
