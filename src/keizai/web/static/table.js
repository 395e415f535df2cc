// A live table: the game's renderer draws the view and marks what can be clicked; what
// no renderer claimed is offered as buttons, so every game is playable.

import { api } from "./api.js";
import { announce, banner, counted, h, isolated, isolatedText, listen } from "./dom.js";
import { howToLink } from "./howto.js";
import { errorLine, errorText, gameTitle, lang, nameSeats, parts, renderEvent, seatName,
  seatStatus, sentence, t, tr } from "./i18n.js";
import { connectLive } from "./live.js";
import { morph, morphChildren } from "./morph.js";
import { rendererFor } from "./renderers.js";
import { genericRenderer } from "./renderers/generic.js";
import { scoreTable } from "./scores.js";
import { forgetSeat, rememberSeat } from "./seats.js";
import { playerName, tableSocial } from "./table_social.js";
import { candidateFor, chosenObject, countOf, newSelection, toggle, wholePanel }
  from "./whole.js";

export function showTable(root, { gameId, seat, token }) {
  let message = null;
  let log = [];
  let pending = null;     // {name, question} waiting for confirmation
  let busy = false;       // a decision (move, undo) is on its way: further clicks wait
  let flight = null;      // the step the decision on its way was sent at
  const sentAt = new Map();   // step -> how many decisions this page sent at it
  let offline = false;    // the connection is down: clicks would be lost
  let selection = newSelection();  // a compound decision's picked set (whole.js)
  let since = 0;          // where "Just now" begins in the log (justNow)
  let openNow = false;    // "Just now" shows every line, not only the latest
  let snapshot = null;    // {step, values}: what the panels showed, to mark changes
  let changed = new Set();
  let flashed = new Set();  // the elements markChanges marked at the last draw
  let autoStep = null;    // the step whose single option the page sent by itself (the latest)
  const autoSent = new Set();  // every step it sent one at (a refusal of one may come late)
  let autoQueued = null;  // the step whose single option the page's timer is to send
  let autoNote = null;    // {action, view}: worded at each draw, in the page's language
  let autoAt = null;      // where that step's log lines begin, once it is done
  let undoneTo = null;    // the step an Undo brought the table back to (applySingle)
  let folded = false;     // the Choices panel folded to its prompt (phones)
  let wasMine = false;    // for the turn alert: sound only when the turn becomes ours
  let wasAway = false;    // the clock had handed this seat to a bot (said once)
  let wasOver = null;     // whether the game was over at the last draw (null: no draw yet)
  let answered = false;   // the state just come answers the reader's own decision or undo
  let seatKeys = null;    // each seat's presence as last said (sayPresence; null: no draw)
  let offered = new Set();  // the seats the Seats panel offered to hand to a bot then
  let presenceTimer = null;
  let lastError = null;   // the server's last error (a refusal's reason)
  let whyOpen = null;     // the words beside Undo, shown whole (undoButton)
  let oneStep = false;    // a whole decision is being taken one step at a time (render)
  let closeOneStep = false;  // the next draw starts "one step at a time" closed (onState)
  let sentAction = null;  // the last move this page sent (a step of it: its button again)
  let seatsAt = 0;        // when the seat lines came: their `handover_in` counts from then
  let handoverTimer = null;
  let frame = null;       // {table, body, side}: the elements every draw keeps (draw)
  let logShown = null;    // {lang, entries, section, list}: the Log panel as drawn (logPanel)
  const baseTitle = document.title;
  const social = tableSocial({ gameId, seat, token, shown: () => message });
  // The page's first Tab stop, before the site's links and the table's switches: straight
  // to the choices (WCAG 2.4.1); out of sight until it has the focus (style.css).
  const skip = h("a", { href: "#choices", class: "skip-link", id: "skip-link", hidden: true,
    onclick: (event) => { event.preventDefault(); skipToChoices(); } });
  document.body.prepend(skip);

  const live = connectLive({
    gameId, seat, token,
    onChat: (entry) => social.chat(entry),
    onState(next, lines) {
      nameSeats(next.seats);   // the panels, the log and what is said name the players
      if (!message || next.step !== message.step) selection = newSelection();
      // "One step at a time" stays open for the decision's next step, not for another
      // decision (a payment that brings the next: it starts with its prompt and chips)
      if (!next.whole || !next.legal?.length || next.whole.kind !== message?.whole?.kind) {
        closeOneStep = true;
      }
      // the server took this seat's link: the lobby offers the way back until the end
      if (seat !== null && (!message || next.over !== message.over)) {
        if (next.over) forgetSeat(gameId); else rememberSeat(gameId, seat, token);
      }
      answered = Boolean(message) && seat !== null && (next.step < message.step
        || (next.step > message.step && message.current_player === seat && !botPlaysMine()));
      if (message && next.step < message.step) undoneTo = next.step;
      justNow(next, lines);
      sayMoves(next, lines);
      sayUndone(next, lines);
      // a state of the same step (a player sat down, a seat was handed over) is not the
      // answer to the decision on its way: its buttons stay disabled until that comes
      if (next.step !== flight) { busy = false; flight = null; }
      message = next; log = lines; pending = null; seatsAt = performance.now();
      social.state();
      banner(""); render();
    },
    onPresence(seats) {
      if (!message) return;
      const change = presenceChange(message.seats, seats);
      nameSeats(seats);   // a name saved now: "table" (name is no Seats-panel-only field)
      message = { ...message, seats }; seatsAt = performance.now();
      if (change === "seats") drawSeats(); else if (change === "table") render();
    },
    onError(error) {
      // the page's own decision sent again at a step it had already sent one at (the
      // first was taken), or a single option it applied by itself made by the seat's
      // other page (a step of one option has one move): nothing went wrong, the table
      // shows the game as it is. The refusal may come after the state of a later single
      // option the page has sent since: that one is still on its way
      const sent = error.params?.sent;
      if (error.code === "stale" && ((sentAt.get(sent) ?? 0) > 1 || autoSent.has(sent))) {
        if (sent === flight) { busy = false; flight = null; }
        // the other page's single option was taken, not this page's: it applied nothing
        if (sent === autoStep && sentAt.get(sent) === 1) { autoNote = null; autoAt = null; }
        render(); return;
      }
      busy = false; flight = null;
      lastError = error;
      banner(errorLine(errorText(error))); render(); },
    onStatus(next, why) {
      const was = offline;
      offline = next === "reconnecting";
      if (next === "reconnecting") banner(t("reconnecting"), "info");
      if (next === "refused") {
        banner(refusal(why));
        if (seat !== null) forgetSeat(gameId, token);   // the lobby does not offer it back
      }
      if (next === "open" && was) banner("");
      // a decision sent on the lost connection may never have arrived: the table's new
      // state says whether it did, and its buttons are live again. A single option the
      // page applied goes again, at the step it was offered at (refused as stale where
      // the first arrived after all): no player's click would send it
      if (next === "open") { busy = false; flight = null; }
      if (next === "open" && was && autoStep === message?.step) autoStep = null;
      if (was !== offline && message) render();
    },
  });

  /** Why the server would not let this page in, in the page's language. */
  function refusal(why) {
    // a game whose stored record does not replay: the server's reason is the whole story
    // (the link is right; "the server refused this address" would send the player to it)
    if (lastError?.code === "unreadable") return errorLine(errorText(lastError));
    const text = { forbidden: t("refused_token"), bad_request: t("refused_request"),
      not_found: t("not_found") }[why] ?? t("not_found");
    const detail = why === "bad_request" && lastError ? t("paren", errorText(lastError)) : "";
    return errorLine(text) + detail;
  }

  /** Send a decision (a move, a whole decision, an undo) at the step the table shows,
   * once: until its answer comes the table is busy and a second click (a double click,
   * Enter pressed twice) sends nothing. Whether it went. */
  function dispatch(body) {
    if (offline) { banner(t("reconnecting"), "info"); return false; }
    if (busy) return false;
    if (!live.send({ ...body, step: message.step })) return false;
    busy = true; pending = null; flight = message.step;
    sentAt.set(message.step, (sentAt.get(message.step) ?? 0) + 1);
    render();
    return true;
  }

  function send(name) { sentAction = name; return dispatch({ type: "act", action: name }); }

  function sendWhole() { dispatch({ type: "act_whole", chosen: chosenObject(selection) }); }

  function choose(name, question) {
    if (busy || offline) return;
    if (question) { pending = { name, question }; render(); return; }
    send(name);
  }

  async function handToBot(target) {
    try {
      await api(`/api/games/${gameId}/seats/${target}/bot`, { token });
    } catch (error) { banner(errorLine(errorText(error))); }
  }

  function statusLine() {
    if (message.over) return t("game_over");
    if (seat === null) {
      return tr("web.watching_turn", { watching: t("spectating"),
        turn: t("turn_of", seatName(message.current_player)) });
    }
    if (message.current_player === seat) {
      return botPlaysMine() ? t("bot_plays_your_turn") : t("your_turn");
    }
    return t("waiting", seatName(message.current_player));
  }

  /** Whether a bot plays this page's seat (its player ran out of time or was away): its
   * turns are then no turns of the reader's (no alert, no chime, nothing to click). */
  function botPlaysMine() {
    return seat !== null && message.seats?.[seat]?.kind === "bot";
  }

  /** Seconds before this page may offer to hand seat line `s` to a bot (its player away
   * the server's `handover_after`), or null when it may not at all. */
  function handoverLeft(s) {
    if (s.kind !== "human" || s.connected || s.handover_in == null || seat === null
      || message.over) return null;
    return s.handover_in - (performance.now() - seatsAt) / 1000;
  }

  /** Draw the Seats panel again when a seat's hand-over becomes possible. */
  function awaitHandover() {
    clearTimeout(handoverTimer);
    const waits = message.seats.map(handoverLeft).filter((left) => left !== null && left > 0);
    if (waits.length) handoverTimer = setTimeout(drawSeats, Math.min(...waits) * 1000 + 50);
  }

  /** The seat lines' fields only the Seats panel shows (a player coming or going, sitting
   * at an invited seat, the time before their seat may be handed to a bot): their name,
   * kind, account and away are read by the status line, the bars and Undo too. */
  const SEATS_PANEL_ONLY = new Set(["connected", "handover_in", "claimed", "open"]);

  /** What a presence message's seat lines change on the page: "none" (the same lines, no
   * hand-over counting: a player's reload within the grace that shows them online),
   * "seats" (the Seats panel alone) or "table". */
  function presenceChange(before, after) {
    if (before.length !== after.length) return "table";
    let change = "none";
    for (const [i, line] of after.entries()) {
      const old = before[i];
      const keys = new Set([...Object.keys(old), ...Object.keys(line)]);
      for (const key of keys) {
        if (JSON.stringify(old[key]) === JSON.stringify(line[key])) continue;
        if (!SEATS_PANEL_ONLY.has(key)) return "table";
        change = "seats";
      }
      if (line.handover_in != null) change = "seats";   // it counts from now
    }
    return change;
  }

  /** The Seats panel alone drawn again (the rest of the table shows nothing of what
   * changed), what changed said, and the next hand-over awaited. */
  function drawSeats() {
    const panel = root.querySelector(".seats-panel");
    if (!panel) { render(); return; }
    const focus = focusKey();
    morph(panel, seatsPanel());
    awaitHandover();
    sayPresence();
    restoreFocus(focus);
  }

  /** A seat's colour as the game draws it (企業帝國's pawns are its own), the same on the
   * plain table, whose log still names them ("P1 (yellow)"). */
  function pawnClass(seatNo) {
    return rendererFor(message.game).pawnClass?.(message.view, seatNo) ?? `p${seatNo}`;
  }

  /** A seat's line in the Seats panel: a bot's level, an open seat (anyone may join),
   * an invited seat whose player has not come yet, online or away, or away with a bot
   * standing in. */
  function seatsPanel() {
    return h("section", { class: "panel seats-panel" }, h("h3", {}, t("seats")),
      h("ul", {}, message.seats.map((s) => h("li", { class: s.seat === message.current_player
        ? "current" : "" }, h("span", { class: `pawn ${pawnClass(s.seat)}` }),
      seatLineShown(s),
      offersHandover(s)
        ? h("button", { type: "button", class: "small", id: `hand-to-bot-${s.seat}`,
          onclick: () => handToBot(s.seat),
          "aria-label": t("hand_to_bot_seat", s.seat) }, t("hand_to_bot")) : null,
      social.seatTools(s)))));
  }

  /** A player's name as the live region says it: isolated (isolatedText), a seat's
   * number ("P2") as it is. */
  function nameSaid(s) { return s.name ? isolatedText(s.name) : playerName(s); }

  /** A seat's line as the live region says its change. */
  function seatLine(s) {
    const label = nameSaid(s) + (s.seat === seat ? t("paren", t("you")) : "");
    return tr("web.seat_line", { seat: label, what: seatStatus(s, message.over) });
  }

  /** A seat's line in the Seats panel: a player's name isolated (`isolated`). */
  function seatLineShown(s) {
    if (!s.name) return ` ${seatLine(s)}`;
    const you = s.seat === seat ? t("paren", t("you")) : "";
    return [" ", parts("web.seat_line", { seat: [isolated(s.name), you],
      what: seatStatus(s, message.over) })];
  }

  /** Whether the Seats panel offers to hand seat line `s` to a bot now. */
  function offersHandover(s) {
    const left = handoverLeft(s);
    return left !== null && left <= 0;
  }

  /** How long the seats must stay as they are before a change is said: changes that
   * come in a burst (a seat handed to a bot and taken back) are worth a word only where
   * they end. (A player's reload, or their link taking the seat back, no longer shows
   * them away: the server holds their seat here meanwhile, keizai.web.table.) */
  const SETTLED_MS = 500;

  function seatKeysNow() {
    return new Map(message.seats.map((s) => [s.seat,
      JSON.stringify([s.name, s.kind, s.claimed, s.open, s.connected, s.away])]));
  }

  function offersNow() {
    return new Set(message.seats.filter(offersHandover).map((s) => s.seat));
  }

  /** Another seat's player coming or going or sitting down under a name, and a seat
   * handed to a bot or taken back, changed the Seats panel only: the live region says the
   * seat's new line as the panel shows it ("P2 away", "Hana online"), and that the panel
   * now offers to hand a seat to a bot, once the seats have settled (SETTLED_MS). Not on
   * the page's first draw, nor a change of the reader's own seat (its bot is said with
   * the away bar's words). */
  function sayPresence() {
    if (!seatKeys) { seatKeys = seatKeysNow(); offered = offersNow(); return; }
    const same = (a, b) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
    const keys = seatKeysNow();
    const offers = offersNow();
    if (same(keys, seatKeys) && [...offers].every((s) => offered.has(s))) {
      offered = offers;
      return;
    }
    clearTimeout(presenceTimer);
    presenceTimer = setTimeout(() => {
      const settled = seatKeysNow();
      const offering = offersNow();
      for (const s of message.seats) {
        if (s.seat !== seat && settled.get(s.seat) !== seatKeys.get(s.seat)) {
          announce(seatLine(s));
        }
        if (offering.has(s.seat) && !offered.has(s.seat)) {
          announce(t("hand_to_bot_offered", nameSaid(s)));
        }
      }
      seatKeys = settled;
      offered = offering;
    }, SETTLED_MS);
  }

  function looseButtons(actions, renderer) {
    return h("div", { class: "loose" }, actions.map((a) => h("button", { type: "button",
      class: "action legal", dataset: { action: a.name }, disabled: busy || offline,
      onclick: () => choose(a.name, a.ends
        ? t("confirm_action", renderer.label(a, message.view)) : null) },
    counted(renderer.label(a, message.view)))));
  }

  /** Undo when the server would accept it; else, when the player's last decision can no
   * longer be taken back because something hidden was shown since, the button disabled
   * with the server's reason beside it (until the player's next move), as its title and
   * its accessible description. An Undo that would make a rated game unrated says that
   * so, before it is pressed. On a phone the words keep to one line (they took three of
   * the Choices panel that stays on top); a tap on them shows them whole (fitUndoWhy). */
  function undoButton() {
    const blocked = message.undo ? null : message.undo_blocked;
    if (!message.undo && !blocked) return null;
    // beside the button a sentence of its own ("Undo your last decision showed ..." read
    // as an instruction); an Undo that would make a rated game unrated says so before
    const why = blocked ? sentence(tr(blocked.id, blocked.params ?? {}))
      : undoUnrates() ? t("undo_unrates") : null;
    const id = blocked ? "undo-why" : "undo-note";
    const open = why !== null && whyOpen === why;
    return h("span", { class: "undo" }, h("button", { type: "button", id: "undo",
      class: "small", disabled: Boolean(blocked) || busy || offline, title: why,
      "aria-describedby": why ? id : null,
      onclick: () => dispatch({ type: "undo" }) }, t("undo")),
    why ? h("span", { class: `hint${open ? " whole" : ""}`, id,
      onclick: (event) => {
        const el = event.currentTarget;
        if (!open && el.scrollWidth <= el.clientWidth) return;   // whole already
        whyOpen = open ? null : why;
        render();
      } }, ` ${why}`) : null);
  }

  /** Whether an Undo now would make a game unrated that may be rated at its end: Undo is
   * offered against bots only, so the game is rated when this seat's player has an
   * account (keizai.web.ratings), unless something made it unrated already. */
  function undoUnrates() {
    const info = message.table;
    return Boolean(info && !info.rated && !info.unrated && !message.over
      && message.seats.length > 1 && message.seats[seat]?.account);
  }

  /** The words beside Undo (why it is disabled, or that it makes the game unrated), once
   * drawn: cut to one line (a phone) or opened, they are a control the keyboard reaches
   * too (Tab, Enter, Space), which says whether it shows them whole; whole anyway (a
   * wide screen), they are only words. */
  function fitUndoWhy() {
    const el = root.querySelector("#undo-why, #undo-note");
    if (!el) return;
    const open = el.classList.contains("whole");
    if (!open && el.scrollWidth <= el.clientWidth) return;
    keyboard(el);
    el.setAttribute("aria-expanded", String(open));
  }

  function choicesHead() {
    return h("h3", {}, t("choices"), h("button", { type: "button", class: "small",
      id: "choices-toggle", "aria-expanded": folded ? "false" : "true",
      onclick: () => { folded = !folded; render(); } }, folded ? t("show") : t("hide")));
  }

  function wholeChoices(whole, renderer) {
    return h("section", { class: `panel choices${folded ? " collapsed" : ""}`, id: "choices",
      tabindex: -1 },
      choicesHead(),
      wholePanel(whole, selection, { decision: message.step, onChange: render,
        onConfirm: sendWhole, disabled: busy || offline }),
      // open as oneStep says (as the reader left it, but closed for a new decision), not
      // kept by morph
      h("details", { class: "one-step", open: oneStep, "data-open-drawn": true },
      h("summary", {}, t("whole_one_step")),
        looseButtons(message.legal, renderer)),
      undoButton());
  }

  function choicesPanel(ctx, renderer) {
    if (message.whole && message.legal.length) return wholeChoices(message.whole, renderer);
    const loose = message.legal.filter((a) => !ctx.mapped.has(a.name));
    const prompt = renderer.prompt?.(message.view) ?? t("prompt_generic");
    return h("section", { class: `panel choices${folded ? " collapsed" : ""}`, id: "choices",
      tabindex: -1 },
      choicesHead(),
      h("p", { class: "prompt", id: "prompt", tabindex: -1 },
        message.legal.length ? prompt : statusLine()),
      // the choices drawn in place (Futuropia's tiles, below its markets and houses) can be
      // screens away from the prompt on a phone: a button goes to the first
      message.legal.length > loose.length ? h("button", { type: "button", class: "small",
        id: "to-choices", onclick: goToChoices }, t("to_choices")) : null,
      pending ? h("div", { class: "confirm", id: "confirm-bar" }, pending.question, " ",
        h("button", { type: "button", id: "confirm-yes", onclick: () => send(pending.name) },
          t("confirm")),
        h("button", { type: "button", id: "confirm-no", onclick: cancelPending },
          t("cancel"))) : null,
      looseButtons(loose, renderer),
      undoButton());
  }

  /** The first choice drawn in place, in sight (below the Choices panel that stays at
   * the top of a phone's screen) and with the keyboard on it. */
  function goToChoices() {
    const first = root.querySelector(".board .legal");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }

  /** The skip link: the keyboard on the first thing the player can choose now (as after
   * a move: firstChoice), else on the Choices panel's line that says whose turn it is. */
  function skipToChoices() {
    const shown = (el) => el.getClientRects().length > 0;
    const target = firstChoice(shown) ?? root.querySelector("#prompt");
    if (!target) return;
    target.scrollIntoView({ block: target.closest(".board") ? "center" : "nearest" });
    target.focus({ preventScroll: true });
  }

  /** The end of the game: who won (solo: won or lost against the target), why where the
   * score table does not say it (the renderer's wonLine: 企業帝國's four companies or cash
   * reached) and the score breakdown, at the top of the table. */
  function gameOverPanel() {
    const why = rendererFor(message.game).wonLine?.(message.view);
    return h("section", { class: "panel game-over", id: "game-over" },
      h("h2", {}, gameOverHeadline()),
      why ? h("p", { class: "won-by" }, why) : null,
      scoreTable(message.scores, message.ranking, t("final_scores"), message.places,
        pawnClass));
  }

  /** Who won (solo: won or lost against the target), the game-over panel's headline. */
  function gameOverHeadline() {
    const scores = message.scores ?? [];
    if (scores.length === 1 && scores[0].target !== undefined) {
      return t(scores[0].won ? "game_over_solo_won" : "game_over_solo_lost",
        scores[0].total, scores[0].target);
    }
    const winners = message.winners ?? message.ranking?.slice(0, 1) ?? [];
    const names = winners.map((s) => seatName(s) + (s === seat ? t("paren", t("you")) : ""))
      .join(t("list.sep"));
    return t(winners.length > 1 ? "game_over_shared" : "game_over_winner", names);
  }

  /** What each seat panel and the top bar show, by a stable key: the stats in order and
   * how many of each card. Used to highlight what a move changed. */
  function panelValues(container) {
    const values = new Map();
    for (const panel of container.querySelectorAll("[data-seat]")) {
      const seatKey = panel.dataset.seat;
      panel.querySelectorAll(".stats > *").forEach((el, i) => values.set(
        `${seatKey}:stat:${i}`, { text: el.textContent, el }));
      const cards = new Map();
      for (const el of panel.querySelectorAll("[data-card]")) {
        const key = `${seatKey}:card:${el.dataset.card}`;
        cards.set(key, [...(cards.get(key) ?? []), el]);
      }
      for (const [key, els] of cards) values.set(key, { text: String(els.length), el: els.at(-1) });
    }
    container.querySelectorAll(".ne-top > *").forEach((el, i) => values.set(`top:${i}`,
      { text: el.textContent, el }));
    return values;
  }

  function markChanges(container) {
    const values = panelValues(container);
    if (!snapshot || snapshot.step !== message.step) {
      changed = new Set();
      if (snapshot) {
        for (const [key, now] of values) {
          const before = snapshot.values.get(key);
          if (!before || before.text !== now.text) changed.add(key);
        }
      }
      snapshot = { step: message.step, values };
      // an element kept from the step before and changed again flashes again: the draw
      // took its class off, and a style pass without it ends the flash it had (marked
      // again at once, it would go on with that one, or stay still once it was over)
      const again = [...changed].map((key) => values.get(key)?.el).find((el) => flashed.has(el));
      if (again) void getComputedStyle(again).animationName;
    }
    const marked = [...changed].map((key) => values.get(key)?.el).filter(Boolean);
    for (const el of marked) el.classList.add("changed");
    flashed = new Set(marked);
  }

  /** Move "Just now" on with state `next` (its log `lines`) to where the server says it
   * begins: to a seated player their own latest run of moves (from the first step of a
   * turn of several) and everything the others did after it, so a long run of bot moves
   * is not cut to its end; to a spectator the latest decision, all its steps. The page
   * open all along, after an Undo and after a reload shows the same (until session 29 a
   * seated page followed the runs itself, and after an Undo of a later decision of its
   * reader's turn, the others having played since, and that decision played again, it
   * began at that decision, leaving out the turn's first). */
  function justNow(next, lines) {
    const start = since;
    since = Math.min(next.just_now_from ?? 0, lines.length);
    if (since !== start) openNow = false;
    if (message && next.step > message.step && autoStep === message.step) autoAt = log.length;
    if (autoAt !== null && (autoAt < since || autoAt > lines.length)) {
      autoNote = null; autoAt = null;
    }
  }

  /** The lines "Just now" shows before it is opened (the newest). */
  const JUST_NOW = 6;

  /** A screen reader hears what each move did, the reader's own (what it gave or cost:
   * the focus only goes on to the next choice) and the others' (a bot, another player, a
   * bot standing in for this seat): the new lines of the log as this seat reads them (a
   * card another drew is not named there), the newest JUST_NOW after a long absence,
   * never the whole log, nor anything on the page's first state. */
  function sayMoves(next, lines) {
    if (!message || next.step <= message.step) return;
    const fresh = lines.slice(Math.min(next.log_from ?? log.length, log.length));
    const hidden = Math.max(0, fresh.length - JUST_NOW);
    const said = fresh.slice(hidden).map(renderEvent);
    if (said.length) announce(...(hidden ? [t("last_move_earlier", hidden)] : []), ...said);
  }

  /** An Undo took moves back, which only the board showed: the live region says so and
   * the lines of the log it took back as this seat read them (the newest JUST_NOW), then
   * what follows (sayNext). */
  function sayUndone(next, lines) {
    if (!message || next.step >= message.step) return;
    const gone = log.slice(lines.length);
    const hidden = Math.max(0, gone.length - JUST_NOW);
    announce(t("undone"), ...(hidden ? [t("last_move_earlier", hidden)] : []),
      ...gone.slice(hidden).map(renderEvent));
  }

  /** After the reader's own move (its lines said by sayMoves) or Undo (sayUndone), what
   * follows it: the decision as the Choices panel asks it, or whose turn it is now. The
   * end of the game says who won instead (draw), a single option the page applies now
   * says so (`applied`, applySingle). */
  function sayNext(applied) {
    if (!answered) return;
    answered = false;
    if (message.over || applied) return;
    const mine = message.current_player === seat && !botPlaysMine();
    const prompt = root.querySelector("#choices .prompt")?.textContent;
    announce(mine && prompt ? prompt : statusLine());
  }

  /** "Just now" (justNow), the newest lines and a button for the earlier ones, and the
   * note of a single choice the page applied: it heads that move's lines once they are
   * here (the end of the game, say, comes last), and stays in sight when they are folded
   * away; while the move travels it comes last. The whole log is one click away. The note
   * is worded here, at each draw, so it follows a change of the page's language. */
  function lastMovePanel(renderer) {
    const lines = log.slice(since).map((entry) => h("li", {}, counted(renderEvent(entry))));
    if (!lines.length && !autoNote) return null;
    const hidden = openNow ? 0 : Math.max(0, lines.length - JUST_NOW);
    const fold = lines.length > JUST_NOW ? h("li", { class: "more" }, h("button", {
      type: "button", class: "small", id: "last-move-more", "aria-expanded": String(openNow),
      onclick: () => { openNow = !openNow; render(); } },
    counted(openNow ? t("last_move_fewer") : t("last_move_earlier", hidden)))) : null;
    let items = [fold, ...lines.slice(hidden)];
    if (autoNote) {
      const note = h("li", { class: "auto-note", id: "auto-note" },
        counted(t("auto_single", renderer.label(autoNote.action, autoNote.view))));
      const at = (autoAt === null ? log.length : autoAt) - since;   // among all the lines
      items = at === 0 || at < hidden ? [note, ...items]
        : [...items.slice(0, at - hidden + 1), note, ...items.slice(at - hidden + 1)];
    }
    return h("section", { class: "panel last-move", id: "last-move" },
      h("h3", {}, t("last_move"), h("button", { type: "button", class: "small",
        id: "whole-log", onclick: showLog }, t("whole_log"))),
      h("ul", {}, items));
  }

  /** The Log panel in sight, with the keyboard on it (on a phone it is far below). */
  function showLog() {
    const list = root.querySelector("#log");
    list.scrollIntoView({ block: "nearest" });
    list.focus({ preventScroll: true });
  }

  /** A decision with one option is no decision: apply it and say so (unless turned off),
   * once, and not where an Undo brought the reader back (applied again, it would bring
   * them forward to where they undid: Undo would do nothing). Whether it applies it. */
  function applySingle(renderer) {
    if (localStorage.getItem("keizai.auto_single") === "no" || busy || offline) return false;
    if (message.over || message.current_player !== seat || message.legal.length !== 1) {
      return false;
    }
    if (autoStep === message.step || undoneTo === message.step) return false;
    if (autoQueued === message.step) return true;   // its timer is set
    autoQueued = message.step;
    autoAt = null;
    autoNote = null;
    const only = message.legal[0];
    const view = message.view;
    // once drawn; not if the next state came meanwhile (the seat's other page applied it
    // first): sent then, the option went at that step, as a decision there. Not sent
    // while the page cannot send (the connection down, its move on its way): the step
    // waits for a draw once it can (the option is no click of the player's). Only a page
    // that sends it says it applied it (the other page's move is no move of this one's)
    const at = message.step;
    setTimeout(() => {
      if (autoQueued === at) autoQueued = null;
      if (message.step !== at || autoStep === at || busy || offline) return;
      autoNote = { action: only, view };
      if (!send(only.name)) { autoNote = null; return; }   // the connection is closing
      autoStep = at;
      autoSent.add(at);
      // said too: a screen-reader player would not know a move was made for them
      announce(t("auto_single", renderer.label(only, view)));
    }, 0);
    return true;
  }

  /** A short two-note chime for the turn alert (Web Audio; no sound file). */
  function chime() {
    try {
      const Context = window.AudioContext ?? window.webkitAudioContext;
      const audio = new Context();
      [660, 880].forEach((hz, i) => {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = hz;
        gain.gain.value = 0.08;
        tone.connect(gain).connect(audio.destination);
        tone.start(audio.currentTime + i * 0.15);
        tone.stop(audio.currentTime + i * 0.15 + 0.12);
      });
    } catch { /* no audio available: the title still says it */ }
  }

  /** A board element one can click is reachable by Tab and works with Enter and Space,
   * like a button (a workplace, a card, a space: the renderers draw them as divs). */
  function keyboard(el) {
    if (el.tagName === "BUTTON") return;
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    listen(el, "keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      e.currentTarget.click();
    });
  }

  /** Where the keyboard focus is in the table, by what the focused element is (its id,
   * its action or pick), to put it back after the redraw: morph.js keeps the elements in
   * their places, and the one in this one's place may now stand for another choice. */
  function focusKey() {
    const el = document.activeElement;
    if (!el || !root.contains(el)) return null;
    // a box found by what it counts, not by the decision it is for (data-value-for): the
    // focus stays in it when another decision comes
    const data = (node) => Object.entries(node.dataset).filter(([k]) => k !== "valueFor")
      .map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${
        CSS.escape(v)}"]`).join("");
    let sel = el.id ? `#${CSS.escape(el.id)}` : el.tagName.toLowerCase() + data(el)
      + ["plus", "minus", "whole-number"].filter((c) => el.classList.contains(c))
        .map((c) => `.${c}`).join("");
    const holder = el.id ? null : el.parentElement?.closest("[data-pick], [data-seat]");
    if (holder && !el.dataset.pick && !el.dataset.action) sel = `${holder.tagName.toLowerCase()}${
      data(holder)} ${sel}`;
    // where the caret was in a box being typed in (the seat's name): the new box's is at
    // its start, and the next key went there
    const caret = typeof el.selectionStart === "number" ? [el.selectionStart, el.selectionEnd]
      : null;
    return { sel, i: [...root.querySelectorAll(sel)].indexOf(el),
      parked: el.id === "choices" || el.id === "prompt",
      caret, keys: el.matches(":focus-visible") };
  }

  /** On a phone the Choices panel stays at the top of the screen over the board, and a
   * whole decision's total and Confirm at the panel's bottom over its chips: the page's
   * and the panel's scroll paddings keep what the keyboard reaches (Tab, or the focus
   * after a move) out from under them. */
  function roomForSticky() {
    const slot = root.querySelector(".choices-slot");
    const sticky = slot !== null && getComputedStyle(slot).position === "sticky";
    document.documentElement.style.scrollPaddingTop = sticky ? `${slot.offsetHeight + 8}px` : "";
    const foot = slot?.querySelector(".whole-foot");
    if (sticky && foot) {
      slot.querySelector(".panel").style.scrollPaddingBottom = `${foot.offsetHeight}px`;
    }
  }

  /** Whether `el` is in the window below the panel that stays on top: whole, or from its
   * top down where it is taller than that room. */
  function inSight(el) {
    const slot = root.querySelector(".choices-slot");
    const top = parseFloat(document.documentElement.style.scrollPaddingTop) || 0;
    if (top && slot.contains(el)) return true;   // the panel on top is always in sight
    const r = el.getBoundingClientRect();
    return r.top >= top && r.top < innerHeight
      && (r.bottom <= innerHeight || r.height > innerHeight - top);
  }

  /** The first thing one can choose now (that `usable` accepts): a question's answer; in
   * a whole decision taken one step at a time `steps` (the same step again, else the
   * first); in a whole decision its first set or chip's + (not Confirm with nothing
   * chosen); else the first choice the game draws in place (a tile, a workplace, the die),
   * before the buttons the Choices panel adds for the rest (pay to turn the tiles face up,
   * buy nothing: never what Enter should do by habit). */
  function firstChoice(usable, steps = []) {
    const firsts = ["#confirm-yes", ...steps,
      ".whole-set, #whole .plus:not([aria-disabled]), #whole-confirm",
      ".board .legal, .board .pick", ".legal, .pick"];
    for (const sel of firsts) {
      const found = [...root.querySelectorAll(sel)].find(usable);
      if (found) return found;
    }
    return null;
  }

  /** Back to the same element, else (it went with the move) to the first thing one can
   * choose now (firstChoice); else the Choices panel (or its prompt, where the skip link
   * put the keyboard) until there is one. A button disabled while the move travels
   * (Confirm, the Choices panel's) cannot hold the focus, which fell to the page's start:
   * it waits on the Choices panel. */
  function restoreFocus(key) {
    if (!key) return;
    const usable = (el) => (el && !el.disabled ? el : null);
    let next = key.parked ? null : usable(root.querySelectorAll(key.sel)[key.i]);
    const same = next;
    // taken one step at a time, a whole decision's next step: the same card or resource
    // again while there is one, else the first step
    const steps = oneStep ? [`.one-step [data-action="${CSS.escape(sentAction ?? "")}"]`,
      ".one-step .legal"] : [];
    if (!busy) next ??= firstChoice(usable, steps);
    // parked on the prompt (the skip link, nothing to choose): there until a choice comes
    next ??= root.querySelector(key.parked ? key.sel : "#choices")
      ?? root.querySelector("#choices");
    next?.focus({ preventScroll: true });
    if (same && key.caret) same.setSelectionRange(...key.caret);
    // the keyboard's focus moved on to the next choice: in sight, not screens away (a
    // redraw that keeps it where it was, or parks it on the panel, scrolls nothing)
    if (next && next !== same && next.id !== "choices" && key.keys && !inSight(next)) {
      next.scrollIntoView({ block: "nearest" });
    }
  }

  let drawing = false;     // a draw is under way (render)
  let drawAgain = false;   // and something asked for another meanwhile

  function render() {
    // Taking the focused element out of the page can fire its change event (a number
    // typed in a whole decision's box), whose handler asks for a draw: it comes once this
    // one is done, not in the middle of it.
    if (drawing) { drawAgain = true; return; }
    drawing = true;
    // "One step at a time" as the reader left it: their Enter or click opens or closes it
    // at once, its toggle event is a task that can come after this draw (a card picked or
    // a state come first, under load), which drew it as it was: closed again
    oneStep = !closeOneStep && Boolean(root.querySelector("details.one-step")?.open);
    closeOneStep = false;
    const focus = focusKey();
    try { draw(); } finally {
      roomForSticky();
      restoreFocus(focus);
      // a question just asked: its answer is where the keyboard is (Enter confirms)
      if (pending && !pending.asked) {
        pending.asked = true;
        root.querySelector("#confirm-yes")?.focus({ preventScroll: true });
      }
      drawing = false;
    }
    if (drawAgain) { drawAgain = false; render(); }
  }

  /** Escape takes back the question (the focus returns to what asked it). */
  function cancelPending() {
    const name = pending?.name;
    pending = null;
    render();
    root.querySelector(`[data-action="${CSS.escape(name)}"]`)?.focus({ preventScroll: true });
  }

  const onKey = (e) => {
    if (e.key === "Escape" && pending) { e.preventDefault(); cancelPending(); }
  };
  root.addEventListener("keydown", onKey);

  function draw() {
    if (!message) { root.replaceChildren(h("p", {}, "…")); return; }
    const plain = localStorage.getItem("keizai.plain") === "yes";
    const renderer = plain ? genericRenderer : rendererFor(message.game);
    // While a move is on its way the highlights stay (no flash of dead buttons); clicks
    // are ignored until the next state arrives.
    const legal = new Map(message.legal.map((a) => [a.name, a]));
    const whole = message.whole && message.legal.length ? message.whole : null;
    const ordinals = new Map();
    const ctx = {
      seat,          // the table is this page's seat's (renderers/seat.js)
      yours: true,
      mapped: new Set(),
      pendingName: pending?.name,
      justNow: log.slice(since),   // the lines of "Just now" (a renderer marks their moves)
      /** Whether `name` can be chosen now (a renderer shows some choices only then). */
      isLegal(name) { return whole ? Boolean(candidateFor(whole, name)) : legal.has(name); },
      /** Make `el` the click target of action `name` when it is legal now (or, in a
       * compound decision, a copy of a candidate to pick). */
      target(el, name, question = null) {
        const candidate = whole ? candidateFor(whole, name) : null;
        if (candidate) {
          const ordinal = ordinals.get(candidate.id) ?? 0;
          ordinals.set(candidate.id, ordinal + 1);
          el.classList.add("pick");
          keyboard(el);
          el.dataset.pick = candidate.id;
          // a toggle: picked or not is said, not only drawn
          const picked = Boolean(selection.get(candidate.id)?.has(ordinal));
          if (picked) el.classList.add("picked");
          el.setAttribute("aria-pressed", String(picked));
          listen(el, "click", (e) => {
            e.stopPropagation();
            if (busy || offline) return;
            toggle(selection, candidate, ordinal);
            render();
          });
          return el;
        }
        if (whole) return el;
        if (!legal.has(name)) return el;
        keyboard(el);
        ctx.mapped.add(name);
        el.classList.add("legal");
        el.dataset.action = name;
        if (pending?.name === name) el.classList.add("selected");
        listen(el, "click", (e) => { e.stopPropagation(); choose(name, question); });
        return el;
      },
    };
    const board = renderer.render(message.view, ctx);
    const mine = message.current_player === seat && !message.over && !botPlaysMine();
    document.title = mine ? `● ${t("your_turn")} — ${baseTitle}` : baseTitle;
    if (mine && !wasMine && localStorage.getItem("keizai.sound") === "yes") chime();
    if (mine && !wasMine) announce(t("your_turn"));
    wasMine = mine;
    // the clock handed the seat to a bot: the away bar says so, and the reader hears it
    const away = seat !== null && !message.over && Boolean(message.seats[seat]?.away);
    if (away && !wasAway) announce(t("away_bot"));
    wasAway = away;
    // the game ended while the page was open: who won is said, after the last move's
    // lines (the focus has no choice left to go to)
    if (message.over && wasOver === false) announce(gameOverHeadline());
    wasOver = message.over;
    const head = h("div", { class: "table-head" },
      h("h2", {}, gameTitle(message.game, message.title)),
      howToLink(message.game, true),
      h("span", { class: "status", id: "status" }, statusLine()),
      message.over ? h("a", { class: "button", href: `#/replay/${gameId}` }, t("replay"))
        : null,
      // a spectator has no turn and no choice: no switches for them
      seat === null ? null : h("label", { class: "plain-toggle" }, h("input", {
        type: "checkbox", id: "turn-sound",
        checked: localStorage.getItem("keizai.sound") === "yes", onchange: (e) => {
          localStorage.setItem("keizai.sound", e.target.checked ? "yes" : "no");
        } }), ` ${t("turn_sound")}`),
      seat === null ? null : h("label", { class: "plain-toggle" }, h("input", {
        type: "checkbox", id: "auto-single",
        checked: localStorage.getItem("keizai.auto_single") !== "no", onchange: (e) => {
          localStorage.setItem("keizai.auto_single", e.target.checked ? "yes" : "no");
          render();
        } }), ` ${t("auto_single_toggle")}`),
      h("label", { class: "plain-toggle" }, h("input", { type: "checkbox", id: "plain-table",
        checked: plain, onchange: (e) => {
          localStorage.setItem("keizai.plain", e.target.checked ? "yes" : "no");
          render();
        } }), ` ${t("data_view")}`));
    // the table drawn afresh and morphed into the page's: only what changed changes there
    // (the frame, the Log panel's lines and the chat panel are kept as they are)
    frame ??= tableFrame();
    frame.table.className = `table${busy ? " busy" : ""}${offline ? " offline" : ""}`;
    Object.assign(frame.table.dataset, { step: message.step, turn: mine ? "mine" : "other",
      over: message.over ? "yes" : "no" });
    if (whole) {
      frame.table.dataset.picked = String(whole.candidates
        .reduce((n, c) => n + countOf(selection, c.id), 0));
    } else delete frame.table.dataset.picked;
    const logGrew = logPanel();
    morphChildren(root, [frame.table]);
    morphChildren(frame.table, [head, social.bar(), frame.body]);
    morphChildren(frame.body, [
      seat !== null && !message.over ? h("div", { class: "choices-slot" },
        choicesPanel(ctx, renderer)) : null,
      h("div", { class: "board" }, message.over ? gameOverPanel() : null,
        lastMovePanel(renderer), board),
      frame.side]);
    morphChildren(frame.side, [seatsPanel(), social.chatPanel(), logShown.section]);
    skip.hidden = seat === null || message.over;   // no Choices panel
    skip.textContent = t("web.skip_to_choices");
    markChanges(root);
    fitUndoWhy();
    awaitHandover();
    sayNext(applySingle(renderer));
    sayPresence();
    if (logGrew) logShown.list.scrollTop = logShown.list.scrollHeight;   // the newest line
    social.after();
  }

  /** The elements every draw keeps, so that what they hold and the draw does not make
   * anew (the Log panel, the chat) stays in the page as it was: the table, its body and
   * the side column. */
  function tableFrame() {
    return { table: h("div"), body: h("div", { class: "table-body" }),
      side: h("aside", { class: "side" }) };
  }

  /** The Log panel brought up to date, kept from one draw to the next: only the new lines
   * are added (a long game's log was drawn anew at each move, most of the page's work);
   * drawn anew when the language changed or the lines it shows are no longer the log's
   * (an Undo took them back), and then put in the old one's place at once: the morph
   * would keep the old one's elements, and the lines added later would go to the new,
   * detached list. Whether to bring its newest line into sight: it has lines it did not
   * have, and it is new or was scrolled to its end. */
  function logPanel() {
    const same = logShown && logShown.lang === lang() && logShown.entries.length <= log.length
      && logShown.entries.every((entry, i) => entry === log[i]);
    if (!same) {
      const old = logShown?.section;
      const list = h("ol", { id: "log", tabindex: -1 });
      logShown = { lang: lang(), entries: [], list,
        section: h("section", { class: "panel log" }, h("h3", {}, t("log")), list) };
      if (old?.isConnected) old.replaceWith(logShown.section);
    }
    // a reader scrolled up to earlier lines keeps their place when a move adds lines (the
    // list jumped to its end at each bot's move): only a list at its end follows them
    const list = logShown.list;
    const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight <= 8;
    const fresh = log.slice(logShown.entries.length);
    list.append(...fresh.map((entry) => h("li", {}, counted(renderEvent(entry)))));
    logShown.entries = log;
    return atEnd && (!same || fresh.length > 0);
  }

  const onLang = () => render();
  window.addEventListener("keizai:lang", onLang);
  render();
  return () => { live.close(); social.close(); clearTimeout(handoverTimer); nameSeats([]);
    clearTimeout(presenceTimer); skip.remove();
    root.removeEventListener("keydown", onKey);
    window.removeEventListener("keizai:lang", onLang); document.title = baseTitle;
    document.documentElement.style.scrollPaddingTop = ""; };
}
