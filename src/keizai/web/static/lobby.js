// The lobby: create a game (game, options, seats human or bot), invite links, the list of
// games with join / watch / replay.

import { api } from "./api.js";
import { banner, h, isolated } from "./dom.js";
import { howToLink } from "./howto.js";
import { botName, cardName, clockName, errorLine, errorText, gameTitle, has, parts,
  seatName, seatNameIn, seatStatus, t, tr } from "./i18n.js";
import { forgetSeat, rememberedSeats } from "./seats.js";

// A seed the lobby sends: a whole number of at most 15 digits, which JavaScript's numbers
// hold exactly (below 2**53) and the server takes (0 to 2**63-1); blanks around it are cut.
const SEED = /^\s*\d{0,15}\s*$/;

/** Copy the link in `box`, left selected: with the clipboard API, which a page has only
 * in a secure context (https, or this machine's own address), else with the selection's
 * copy (a LAN server over plain http: Copy copied nothing there and said "Copied").
 * Whether it was copied. */
async function copyLink(box) {
  box.focus();
  box.select();
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(box.value);
      return true;
    }
  } catch { /* refused: the selection's copy below */ }
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

function inviteUrl(gameId, seat, token) {
  return `${location.origin}/#/play/${gameId}/${seat}/${token}`;
}

/** An option's name in the page's language (its key when no translation is known). */
function optionName(key) {
  const text = t(`opt_${key}`);
  return text === `opt_${key}` ? key : text;
}

/** One value of an option that takes one of a few, in the page's language: the
 * catalogue's `opt_<option>_<value>` (`_none` for null), a set of cards by their names. */
function choiceName(gameId, key, value) {
  if (Array.isArray(value)) return value.map((id) => cardName(gameId, id)).join(t("list.sep"));
  const name = `opt_${key}_${value ?? "none"}`;
  return has(name) ? t(name) : String(value);
}

function optionInput(gameId, key, value, choices, bounds) {
  // one of a few values: a list of them (a typed "a" or "Random" was refused in English)
  if (choices) {
    const current = JSON.stringify(value);
    return h("label", { class: "opt" }, optionName(key), " ",
      h("select", { name: key, dataset: { kind: "choice" } }, choices.map((c) => h("option", {
        value: JSON.stringify(c), selected: JSON.stringify(c) === current },
      choiceName(gameId, key, c)))));
  }
  if (typeof value === "boolean") {
    return h("label", { class: "opt" }, h("input", { type: "checkbox", name: key,
      checked: value, dataset: { kind: "bool" } }), " ", optionName(key));
  }
  // a number (a turn limit) is typed as one: the browser refuses letters, an empty box
  // and a number past the game's bounds before the server is asked (it answered "must be
  // int, not None")
  const [least, most] = bounds ?? [1, undefined];
  const number = typeof value === "number"
    ? { type: "number", min: least, max: most, step: 1, required: true,
      oninput: (e) => sayBounds(e.target, least, most) } : {};
  return h("label", { class: "opt" }, optionName(key), " ",
    h("input", { name: key, value: String(value ?? ""), dataset: { kind: typeof value },
      ...number }));
}

/** A number box out of its bounds says them in the page's language (the browser's own
 * "Value must be greater than or equal to 1." is in the browser's). */
function sayBounds(box, least, most) {
  box.setCustomValidity("");
  if (!box.validity.valid && most !== undefined) {
    box.setCustomValidity(tr("option_whole_number", { least, most }));
  }
}

function readOptions(box) {
  const options = {};
  for (const input of box?.querySelectorAll("input, select") ?? []) {
    const kind = input.dataset.kind;
    if (kind === "choice") options[input.name] = JSON.parse(input.value);
    else if (kind === "bool") options[input.name] = input.checked;
    else if (kind === "number") options[input.name] = Number(input.value);
    else if (kind === "object") options[input.name] = input.value === "" ? null : input.value;
    else options[input.name] = input.value;
  }
  return options;
}

export function showLobby(root) {
  let catalog = null;
  let created = null;   // the answer to our last "create"
  let listing = [];
  let timer = null;
  let listBox = null;
  let mine = [];        // the unfinished games this browser plays a seat of (yourGames)
  // the lobby was left: an answer that comes later draws nothing (the next screen is in
  // root: a listing answered after "Back to my seat" drew the lobby over the table)
  let left = false;
  // options: the values chosen for the game shown (a change of seat redraws the form);
  // mine: the invited seat the creator plays ("none": they only invite; else the first);
  // visibility, clock and seed as chosen (a redrawn form showed "public", no clock and
  // no seed again, and a table meant to be private was made public)
  const state = { game: null, players: 2, seats: ["human", "bot"], bots: [], options: {},
    mine: undefined, visibility: "public", clock: "none", seed: "" };

  async function load() {
    try {
      const first = !catalog;
      catalog ??= await api("/api/catalog");
      listing = (await api("/api/games")).games;
      if (first) render();
      else redrawList();
    } catch (error) { if (!left) banner(errorLine(errorText(error))); }
  }

  /** The games list drawn anew (every 5 s): a keyboard's focus on one of its buttons or
   * links stays there (the element is new; it fell to the top of the page). */
  function redrawList() {
    const el = document.activeElement;
    const inList = Boolean(listBox?.contains(el));
    const row = inList ? el.closest("[data-game-id]") : null;
    const scope = (box) => (row
      ? box.querySelector(`[data-game-id="${CSS.escape(row.dataset.gameId)}"]`) : box);
    const i = inList ? [...scope(listBox).querySelectorAll("a, button")].indexOf(el) : -1;
    listBox?.replaceWith(listBox = gameList());
    if (i >= 0) scope(listBox)?.querySelectorAll("a, button")[i]?.focus({ preventScroll: true });
  }

  function gameInfo() { return catalog.games.find((g) => g.id === state.game); }

  /** The games whose seat this browser played (seats.js), asked once as the lobby opens:
   * those still going, with their turn; a finished or vanished one is forgotten. */
  async function loadMine() {
    const found = await Promise.all(rememberedSeats().map(async (entry) => {
      try {
        const game = await api(`/api/games/${encodeURIComponent(entry.game)}`);
        if (!game.over) return { entry, game };
        forgetSeat(entry.game);
      } catch (error) {
        if (error.code === "not_found") forgetSeat(entry.game);
        // kept, and said: a stored game that no longer replays (which keizai stored it,
        // which runs now) went missing from this list without a word
        if (error.code === "unreadable") return { entry, unreadable: error };
      }
      return null;
    }));
    mine = found.filter(Boolean);
    if (mine.length && catalog) render();
  }

  /** Whose turn it is, for a seat of this browser's; a seat handed to a bot (its player
   * ran out of time or left) is the bot's to play until its player is back. The player
   * to move is named as the table names them (their saved name). */
  function status(game, seat) {
    if (game.seats?.[seat]?.away) return t("your_games_bot_plays");
    return game.current_player === seat ? t("your_turn")
      : t("turn_of", seatNameIn(game.seats, game.current_player));
  }

  /** A seat's chip in a list of games: its player's saved name as the table shows it,
   * set apart (`isolated`), else its number; a bot's seat, its number. */
  function seatChip(seats, seat) {
    const name = (seats ?? []).find((s) => s.seat === seat)?.name;
    return name ? isolated(name) : seatName(seat);
  }

  /** "Your games": the way back to each seat this browser plays, whose turn it is; a
   * game that no longer replays says why, and leads nowhere. */
  function yourGames() {
    if (!mine.length) return null;
    return h("section", { class: "panel your-games", id: "your-games" },
      h("h2", {}, t("your_games")),
      h("ul", {}, mine.map(({ entry, game, unreadable }) => (unreadable
        ? h("li", { class: "game-row unreadable", dataset: { gameId: entry.game } },
          h("span", { class: "chip" }, seatName(entry.seat)),
          h("span", { class: "status" }, errorText(unreadable)))
        : h("li", { class: "game-row", dataset: { gameId: entry.game } },
          h("span", { class: "game-title" }, gameTitle(game.game, game.title)),
          h("span", { class: "chip" }, seatChip(game.seats, entry.seat)),
          h("span", { class: "status" }, status(game, entry.seat)),
          h("a", { class: "button", href: `#/play/${entry.game}/${entry.seat}/${entry.token}`,
            dataset: { playSeat: entry.seat } }, t("back_to_my_seat")))))));
  }

  // the levels offered for this game and player count (solo planner alone, not at a table)
  function offeredBots() {
    return gameInfo()?.bots?.[String(state.players)] || catalog.bots;
  }

  function botOf(i) {
    const bots = offeredBots();
    return bots.includes(state.bots[i]) ? state.bots[i] : bots[0];
  }

  function seatSpecs() {
    // "human": only the invite link gives the seat; "open": the lobby's join, first comer.
    return state.seats.slice(0, state.players).map((kind, i) => (kind === "human"
      || kind === "open" ? kind : botOf(i)));
  }

  /** The seats invited by their link (not open, not a bot's). */
  function invitedSeats() {
    return state.seats.slice(0, state.players).flatMap((kind, i) => (kind === "human"
      ? [i] : []));
  }

  /** The seat the creator plays: the one they chose among the invited seats, else the
   * first of them; null when they chose none (every link is one to send). */
  function mySeat() {
    const invited = invitedSeats();
    if (state.mine === "none") return null;
    return invited.includes(state.mine) ? state.mine : invited[0] ?? null;
  }

  async function create(form) {
    const body = { game: state.game, players: state.players, seats: seatSpecs(),
      options: readOptions(form.querySelector(".options")),
      visibility: form.querySelector("select[name=visibility]").value,
      clock: form.querySelector("select[name=clock]").value };
    const seed = form.querySelector("input[name=seed]").value.trim();
    if (seed) body.seed = Number(seed);
    const mine = mySeat();
    // a logged-in creator's seat is sat down at as their account at once (a guest's is
    // named once its player saves a name)
    if (mine !== null) body.own_seat = mine;
    try {
      created = { ...await api("/api/tables", body), mine };
      // the host's token lets this browser mute the table's chat
      localStorage.setItem(`keizai.host.${created.id}`, created.host_token);
      banner("");
      listing = (await api("/api/games")).games;
      render();
      // the form is drawn anew: the keyboard goes on to the new game's seat (or the first
      // link to send), not the top
      (root.querySelector(".own-seat [data-play-seat]") ?? root.querySelector(".invites input"))
        ?.focus();
    } catch (error) { banner(errorLine(errorText(error))); }
  }

  /** The seed box, with the seed typed so far: only a seed the page sends as typed (15
   * digits stay below 2**53) and the server takes; else the browser holds the form back
   * and says why, seed_invalid ("abc" was sent as no seed at all, "-5" refused without
   * naming the box). */
  function seedBox() {
    const say = (box) => box.setCustomValidity(SEED.test(box.value) ? "" : t("seed_invalid"));
    const box = h("input", { name: "seed", inputmode: "numeric", value: state.seed,
      pattern: SEED.source.slice(1, -1), size: 12, oninput: (e) => {
        state.seed = e.target.value;
        say(e.target);
      } });
    say(box);
    return box;
  }

  function createForm() {
    const info = gameInfo();
    if (state.players < info.min_players) state.players = info.min_players;
    if (state.players > info.max_players) state.players = info.max_players;
    const counts = [];
    for (let n = info.min_players; n <= info.max_players; n++) counts.push(n);
    const seatRows = [];
    for (let i = 0; i < state.players; i++) {
      state.seats[i] ??= "bot";
      seatRows.push(h("div", { class: "seat-row" }, `${t("web.lobby_seat", i)} `,
        h("select", { name: `kind-${i}`, "aria-label": t("web.lobby_seat", i),
          onchange: (e) => { state.seats[i] = e.target.value; render(); } },
        h("option", { value: "human", selected: state.seats[i] === "human" }, t("human")),
        h("option", { value: "open", selected: state.seats[i] === "open" }, t("seat_kind_open")),
        h("option", { value: "bot", selected: state.seats[i] === "bot" }, t("bot"))),
        state.seats[i] === "bot" ? h("select", { name: `bot-${i}`,
          "aria-label": t("lobby_seat_bot", i), onchange: (e) => {
            state.bots[i] = e.target.value; } },
        offeredBots().map((b) => h("option", { value: b, selected: b === botOf(i) },
          botName(b))))
          : null));
    }
    const form = h("form", { class: "panel create", onsubmit: (e) => { e.preventDefault();
      create(form); } },
      h("h2", {}, t("new_game")),
      h("label", {}, t("game"), " ", h("select", { name: "game", onchange: (e) => {
        state.game = e.target.value; state.options = {}; render(); } },
      catalog.games.map((g) => h("option", { value: g.id, selected: g.id === state.game },
        `${gameTitle(g.id, g.title)}${t("paren", `${g.min_players}–${g.max_players}`)}`)))),
      h("p", { class: "howto-line" }, howToLink(state.game)),
      h("label", {}, t("players"), " ", h("select", { name: "players", onchange: (e) => {
        state.players = Number(e.target.value); render(); } },
      counts.map((n) => h("option", { value: n, selected: n === state.players },
        n === 1 ? `1${t("paren", t("solo"))}` : String(n))))),
      h("div", { class: "seats" }, seatRows),
      youPlay(),
      // a game without options (Glory) shows no empty box
      Object.keys(info.options).length ? h("fieldset", { class: "options",
        onchange: (e) => { state.options = readOptions(e.currentTarget); } },
      h("legend", {}, t("options")),
      Object.entries({ ...info.options, ...state.options }).map(([k, v]) => optionInput(
        info.id, k, v, info.choices?.[k], info.bounds?.[k]))) : null,
      h("label", {}, t("visibility"), " ", h("select", { name: "visibility",
        onchange: (e) => { state.visibility = e.target.value; } },
      ["public", "private"].map((v) => h("option", { value: v,
        selected: v === state.visibility }, t(v))))),
      h("label", {}, t("clock"), " ", h("select", { name: "clock",
        onchange: (e) => { state.clock = e.target.value; } },
      ["none", "relaxed", "fast"].map((c) => h("option", { value: c,
        selected: c === state.clock }, clockName(c, catalog.clocks?.[c]))))),
      h("label", {}, t("seed"), " ", seedBox()),
      h("p", { class: "hint" }, t("seed_unrated")),
      h("button", { type: "submit", id: "create-game" }, t("create")));
    return form;
  }

  /** Which invited seat the creator plays, or none (they invite others only): the seat
   * was taken to be the first invited one, and a game for friends showed their link as
   * "Your seat". */
  function youPlay() {
    const invited = invitedSeats();
    if (!invited.length) return null;
    const mine = mySeat();
    return h("label", {}, t("your_seat"), " ", h("select", { name: "mine",
      onchange: (e) => { state.mine = e.target.value === "" ? "none" : Number(e.target.value); } },
    invited.map((i) => h("option", { value: i, selected: i === mine }, seatName(i))),
    h("option", { value: "", selected: mine === null }, t("lobby_you_play_none"))));
  }

  /** A seat's link: the address to copy (named for a screen reader), Copy, and a link
   * that opens the seat. */
  function seatLink(s, cls, openText) {
    const url = inviteUrl(created.id, s.seat, s.token);
    const box = h("input", { readonly: true, value: url, class: cls, dataset: { seat: s.seat },
      "aria-label": t("seat_link", seatName(s.seat)) });
    return h("li", { class: "invite" }, `${seatName(s.seat)} `, box,
      h("button", { type: "button", onclick: async (e) => {
        const button = e.currentTarget;
        button.textContent = t(await copyLink(box) ? "copied" : "copy_by_hand");
      } }, t("copy")),
      h("a", { href: url, class: "button", dataset: { playSeat: s.seat } }, openText));
  }

  /** The created game's links: the creator's own seat (the way back to it, no
   * invitation), the other invited seats' links to send. */
  function invitePanel() {
    if (!created) return null;
    const invited = created.seats.filter((s) => s.kind === "human" && !s.open);
    const own = invited.find((s) => s.seat === created.mine);
    const others = invited.filter((s) => s !== own);
    return [own ? h("section", { class: "panel own-seat" }, h("h2", {}, t("your_seat")),
      h("p", { class: "hint" }, t("your_seat_hint")),
      h("ul", {}, seatLink(own, "own-url", t("play")))) : null,
    others.length ? h("section", { class: "panel invites" }, h("h2", {}, t("invite_links")),
      h("ul", {}, others.map((s) => seatLink(s, "invite-url", t("open"))))) : null];
  }

  async function join(game, seat) {
    try {
      const answer = await api(`/api/games/${game.id}/seats/${seat}/claim`, {});
      location.hash = `#/play/${game.id}/${seat}/${answer.token}`;
    } catch (error) { banner(errorLine(errorText(error))); }
  }

  function gameList() {
    const rows = listing.map((g) => {
      const open = g.seats.filter((s) => s.kind === "human" && s.open && !s.claimed);
      return h("li", { class: "game-row", dataset: { gameId: g.id } },
        h("span", { class: "game-title" }, gameTitle(g.game, g.title)),
        h("span", { class: "seats-line" }, g.seats.map((s) => h("span", { class:
          `chip ${s.kind}` }, parts("web.seat_line", {
          seat: seatChip([s], s.seat), what: seatStatus(s, g.over) })))),
        h("span", { class: "status" }, g.over ? t("over") : t("web.step_n", g.step)),
        g.over ? null : open.map((s) => h("button", { type: "button", class: "join",
          onclick: () => join(g, s.seat) }, t("web.join_seat", s.seat))),
        h("a", { class: "button", href: `#/watch/${g.id}` }, t("watch")),
        g.over ? h("a", { class: "button", href: `#/replay/${g.id}` }, t("replay")) : null);
    });
    return h("section", { class: "panel list" }, h("h2", {}, t("games"), " ",
      h("button", { type: "button", onclick: load }, t("refresh"))),
    rows.length ? h("ul", {}, rows) : h("p", {}, t("no_games")));
  }

  function render() {
    if (!catalog || left) return;
    state.game ??= catalog.games.find((g) => g.id === "national-economy/mecenat")?.id
      ?? catalog.games[0].id;
    listBox = gameList();
    root.replaceChildren(h("div", { class: "lobby" }, createForm(), invitePanel(), yourGames(),
      listBox));
  }

  const onLang = () => render();
  window.addEventListener("keizai:lang", onLang);
  load();
  loadMine();
  timer = setInterval(load, 5000);
  return () => {
    left = true;
    clearInterval(timer);
    window.removeEventListener("keizai:lang", onLang);
  };
}
