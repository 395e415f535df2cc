// The social parts of a live table: the seat's name, the turn clock and the way back from
// a bot, rematch, and the chat (whose text the server sends HTML-escaped). The turn alert
// (title and chime) is table.js's.

import { api } from "./api.js";
import { announce, banner, h, isolated, isolatedText } from "./dom.js";
import { clockName, errorLine, errorText, lang, parts, seatName, t } from "./i18n.js";
import { account } from "./session.js";

/** The seconds left at which the reader hears how long they still have. */
const WARN_AT = [30, 10];

export function playerName(s) { return s.name ?? seatName(s.seat); }

/** `shown()` is the state the table shows (table.js's, its seat lines brought up to date
 * by presence messages too): the one copy both read, null before the first. */
export function tableSocial({ gameId, seat, token, shown }) {
  let messages = [];
  let rematchOffered = null;   // whether the last state offered a rematch (null: no state)
  let draft = "";
  let nameDraft = null;   // the name being typed to sit down (each move redraws the bar)
  const hostToken = localStorage.getItem(`keizai.host.${gameId}`);
  const timer = setInterval(tick, 1000);
  let ticked = null;   // the reader's seconds left at the last tick (warnTime)
  let asked = false;   // this page asked for the rematch (and goes there itself)
  let panel = null;    // {lang, section, list, fresh, names}: the chat panel as drawn (chatPanel)

  async function call(path, body) {
    try { return await api(path, body); } catch (error) {
      banner(errorLine(errorText(error)));
      return null;
    }
  }

  /** The chat so far; quietly none when it cannot be had (the table's own connection
   * says what is wrong with the game, e.g. that there is no such game). */
  async function loadChat() {
    const answer = await api(`/api/games/${gameId}/chat`).catch(() => null);
    if (answer && answer.messages.length) { messages = answer.messages; redrawChat(); }
  }

  /** New chat lines redraw only the chat's list, never the board under the pointer. */
  function redrawChat() {
    if (!panel) return;
    const list = chatList();
    panel.list.replaceWith(list);
    Object.assign(panel, { list, fresh: true, names: namesShown() });
    after();
  }

  function secondsLeft() {
    const at = shown()?.table?.deadline?.at;
    return at ? Math.max(0, Math.ceil(at - Date.now() / 1000)) : null;
  }

  function tick() {
    const el = document.getElementById("clock");
    const left = secondsLeft();
    if (el && left !== null) el.textContent = t("time_left", t("web.seconds", left));
    warnTime(left);
  }

  /** The reader's own time running out is said (WCAG 2.2.1) as its line reaches 30 and
   * 10 seconds: the line itself ticks silently (a live one would speak every second). */
  function warnTime(left) {
    const message = shown();
    const mine = seat !== null && !message?.over && message?.table?.deadline?.seat === seat;
    const before = ticked;
    ticked = mine ? left : null;
    if (ticked === null || before === null) return;
    if (WARN_AT.some((at) => before > at && left <= at)) {
      announce(t("time_left", t("web.seconds", left)));
    }
  }

  /** A new state shown; a rematch another player set up while the page was open puts "Go
   * to the rematch" in the bar, and the reader hears it (they did not ask for it). */
  function state() {
    const offered = Boolean(shown().table?.rematch);
    if (rematchOffered === false && offered && !asked) announce(t("rematch_ready"));
    rematchOffered = offered;
  }

  /** A new chat line: in the list, and said to a screen reader as the list shows it (the
   * list is drawn anew, no live region), unless it is the reader's own. */
  function chat(entry) {
    messages = messages.concat([entry]).slice(-100);
    redrawChat();
    const own = seat !== null ? entry.seat === seat : Boolean(hostToken) && entry.seat === null;
    const said = `${isolatedText(chatName(entry))}${t("colon")}${textOf(entry).textContent}`;
    if (!own) announce(said);
  }

  function joinBar() {
    const message = shown();
    if (seat === null || message.over) return null;
    const me = account();
    const mine = message.seats[seat];
    if (mine.name && (!me || mine.account === me.username)) return null;
    const input = h("input", { name: "player-name", id: "player-name", maxlength: 24,
      value: nameDraft ?? me?.username ?? "", placeholder: t("your_name"),
      oninput: (e) => { nameDraft = e.target.value; } });
    return h("form", { class: "join-bar", id: "join-bar", onsubmit: async (e) => {
      e.preventDefault();
      const body = { token };
      // the box in the page (the draw's own copy may not be it: morph.js)
      const typed = e.currentTarget.elements["player-name"].value;
      if (!me || typed.trim() !== me.username) body.name = typed;
      await call(`/api/games/${gameId}/seats/${seat}/join`, body);
    } }, t("your_name"), " ", input, " ",
    h("button", { type: "submit", id: "sit-down" }, t("save_my_name")),
    me ? h("span", { class: "hint" }, " ", parts("as_account", [isolated(me.username)]))
      : null);
  }

  /** The seat a bot plays until its player is back; none once the game is over (no bot
   * plays on, and "I'm back" has nothing to take back). */
  function awayBar() {
    if (seat === null || shown().over || !shown().seats[seat]?.away) return null;
    return h("div", { class: "away-bar", id: "away-bar" }, t("away_bot"), " ",
      h("button", { type: "button", id: "im-back", onclick: () =>
        call(`/api/games/${gameId}/seats/${seat}/back`, { token }) }, t("im_back")));
  }

  async function rematch() {
    asked = true;
    const answer = await call(`/api/games/${gameId}/rematch`, { token: token ?? hostToken });
    if (answer) await goToRematch();
  }

  async function goToRematch() {
    const next = shown().table?.rematch;
    if (seat === null) {
      if (next) location.hash = `#/watch/${next}`;
      return;
    }
    const answer = await call(`/api/games/${gameId}/rematch/seat`, { seat, token });
    if (answer) location.hash = `#/play/${answer.id}/${answer.seat}/${answer.token}`;
  }

  /** Whether the game is rated, with the reason as soon as a player's doing decided it
   * (an Undo, a chosen seed, a bot that is not on the ladder: the player who pressed
   * Undo saw a bare "unrated"); until the end, when the seats decide it, the promise.
   * A solo game is never rated (the
   * server notes it at the end): it says so from its first turn, and an Undo or a chosen
   * seed noted before does not take the blame. A game without table settings (made
   * through POST /api/games) is "unrated" until the end says why. */
  function ratedText(info) {
    const message = shown();
    if (info.rated) return t("rated");
    const solo = message.seats.length < 2 && info.unrated !== "no_settings";
    const why = solo ? "solo" : info.unrated ?? null;
    if (!why) return t("rated_at_end");
    return message.over || ["undo", "seed", "custom_bot", "solo"].includes(why)
      ? `${t("unrated")}${t("paren", t(`why_${why}`))}` : t("unrated");
  }

  /** The bar above the board: name, away, clock, rated, rematch. */
  function bar() {
    const message = shown();
    const info = message.table ?? {};
    const left = secondsLeft();
    const clockSeat = info.deadline ? message.seats[info.deadline.seat] : null;
    return h("div", { class: "social-bar" },
      joinBar(), awayBar(),
      left !== null ? h("span", { class: "clock", id: "clock" },
        t("time_left", t("web.seconds", left))) : null,
      clockSeat ? h("span", { class: "hint" }, parts("paren", [isolated(playerName(clockSeat))]))
        : null,
      info.clock && info.clock !== "none"
        ? h("span", { class: "chip" }, `${t("clock")}${t("colon")}${clockName(info.clock, info.clock_seconds)}`) : null,
      h("span", { class: "chip", id: "rated" }, ratedText(info)),
      message.over && info.rematch ? h("button", { type: "button", id: "go-rematch",
        onclick: goToRematch }, t("go_rematch"))
        : message.over && (seat !== null || hostToken) ? h("button", { type: "button",
          id: "rematch", onclick: rematch }, t("rematch")) : null);
  }

  /** Mute / unmute next to another player's seat, for the host: not a bot's (a bot says
   * nothing), but a seat handed to a bot is still its player's, who may chat. */
  function seatTools(s) {
    if (!hostToken || s.seat === seat || (s.kind === "bot" && !s.away)) return null;
    // named with its seat: a screen reader's list of buttons had "Mute" once a seat
    return h("button", { type: "button", class: "small mute", dataset: { seat: s.seat },
      "aria-label": t(s.muted ? "unmute_seat" : "mute_seat", s.seat),
      onclick: () => call(`/api/games/${gameId}/chat/mute`, { token: hostToken,
        seat: s.seat, muted: !s.muted }) }, s.muted ? t("unmute") : t("mute"));
  }

  /** Who said chat line `m`: the host, or its seat under the seat's name now, as the log
   * names each seat (the server's history and pushes do too). A line kept the name it
   * was sent under until session 32: a seat said "I resign" as "Carol", renamed itself,
   * and the Carol who sat down next had said it. */
  function chatName(m) {
    if (m.seat === null) return m.name === "host" ? t("chat.host") : m.name;
    const line = shown()?.seats?.[m.seat];
    return line ? line.name || `P${m.seat + 1}` : m.name;
  }

  /** The seats' names the chat's lines were drawn under (`chatName`). */
  function namesShown() { return JSON.stringify((shown()?.seats ?? []).map((s) => s.name)); }

  /** Chat line `m`'s words. */
  function textOf(m) {
    const text = h("span", { class: "text" });
    text.innerHTML = m.text;   // escaped by the server: shown as text, never as markup
    return text;
  }

  function chatLine(m) {
    return h("li", {}, h("b", {}, isolated(chatName(m))), t("colon"), textOf(m));
  }

  function chatList() {
    return h("ol", { id: "chat" }, messages.map(chatLine));
  }

  /** The chat panel, the same from one draw of the table to the next (a move changes
   * nothing in it: the message being typed keeps its box, the list its scroll); drawn
   * anew in another language, and put in the page's place of the old one at once: the
   * table's morph would keep the old one's elements, and the chat's lines and box would
   * go to the new, detached ones. */
  function chatPanel() {
    if (panel?.lang !== lang()) {
      const old = panel?.section;
      panel = { lang: lang(), fresh: true, names: namesShown(), ...newChatPanel() };
      if (old?.isConnected) old.replaceWith(panel.section);
    } else if (panel.names !== namesShown()) {
      redrawChat();   // a seat renamed: its lines are drawn under its new name
    }
    return panel.section;
  }

  function newChatPanel() {
    const canSay = seat !== null || hostToken;
    const list = chatList();
    const input = h("input", { id: "chat-input", maxlength: 200, value: draft,
      "aria-label": t("chat_message"),
      oninput: (e) => { draft = e.target.value; } });
    const form = canSay ? h("form", { class: "chat-form", onsubmit: async (e) => {
      e.preventDefault();
      if (!draft.trim()) return;
      const body = seat !== null ? { seat, token, text: draft } : { token: hostToken,
        text: draft };
      if (await call(`/api/games/${gameId}/chat`, body)) {
        draft = "";
        input.value = "";
        input.focus();
      }
    } }, input, h("button", { type: "submit", id: "chat-send" }, t("send")))
      // a spectator reads the chat but has no box: the panel says why (it was an empty box)
      : h("p", { class: "hint", id: "chat-players-only" }, t("chat_players_only"));
    return { section: h("section", { class: "panel chat-panel" }, h("h3", {}, t("chat")), list,
      form), list };
  }

  /** After the table is drawn: the newest lines in sight when the list is new (the table
   * keeps the focus; a list kept keeps where its reader scrolled it). */
  function after() {
    if (!panel?.fresh || !panel.section.isConnected) return;
    panel.list.scrollTop = panel.list.scrollHeight;
    panel.fresh = false;
  }

  loadChat();
  return { state, chat, bar, seatTools, chatPanel, after,
    close() { clearInterval(timer); } };
}
