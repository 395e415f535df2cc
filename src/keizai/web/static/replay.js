// The replay viewer of a finished game: step forward and back through its record, seen by
// any seat or by everyone.

import { api } from "./api.js";
import { banner, counted, h } from "./dom.js";
import {
  actionLabel, errorLine, errorText, family, gameTitle, nameSeats, renderEvent, seatName, t,
  tr,
} from "./i18n.js";
import { rendererFor } from "./renderers.js";
import { scoreTable } from "./scores.js";

export function showReplay(root, gameId) {
  let summary = null;
  let frame = null;
  let step = 0;
  let seat = "";
  let scores = null;
  // The events held of each view ("": everyone's, else a seat's number): a view's events
  // at a step begin with its events at every step before, so a frame is asked only for
  // those after the ones held; it carries a few hundred at most, and says how many there
  // are in all (`event_count`), and the rest is asked for.
  const held = new Map();

  async function frameAt(at, view) {
    for (;;) {
      const since = (held.get(view) ?? []).length;
      const got = await api(
        `/api/games/${gameId}/replay?step=${at}&seat=${view}&log=false&since=${since}`);
      // held now: another frame's answer may have come meanwhile (never fewer events)
      const kept = held.get(view) ?? [];
      const reach = got.events_from + got.events.length;
      const events = kept.length >= reach ? kept
        : kept.slice(0, got.events_from).concat(got.events);
      held.set(view, events);
      if (events.length >= got.event_count) {
        return { ...got, events: events.slice(0, got.event_count) };
      }
    }
  }

  // Each go's number: a frame answered after a later go's (a slow network, a last frame
  // asked in parts) is not drawn under that go's step.
  let asked = 0;

  async function go(next) {
    const mine = ++asked;
    try {
      summary ??= await api(`/api/games/${gameId}`);
      step = Math.max(0, Math.min(next, summary.step));
      const got = await frameAt(step, seat);
      if (mine !== asked) return;
      // the seats named as the game's table names them (their players' saved names) in
      // the seat menu, the board's panels, the scores and the log
      nameSeats(summary.seats);
      frame = got;
      // every frame carries the finished game's scores: opening the replay needs no
      // frame of the last step (a replay of the whole record on the server) for them
      scores ??= frame.scores ? { scores: frame.scores, ranking: frame.ranking,
        places: frame.places } : null;
      banner("");
    } catch (error) {
      if (mine !== asked) return;
      // an unknown game is said as the live table says it, not the bare "not found"
      banner(errorLine(error.code === "not_found" ? t("not_found") : errorText(error)));
    }
    render();
  }

  // The steps at which the round before and the next round begin (National Economy's
  // rounds, Futuropia's rounds of the table, 企業帝國's turns): the start of this round,
  // or of the one before when already there; the end after the last round.
  function roundBack() {
    return frame.round_starts.filter((s) => s < step).pop() ?? 0;
  }

  function roundForward() {
    return frame.round_starts.find((s) => s > step) ?? frame.steps;
  }

  // The round buttons, and where the step is, in a game with rounds.
  function roundControls() {
    if (frame.round === null || frame.round === undefined) return [null, null, ""];
    const game = family(summary.game);
    return [
      h("button", { type: "button", id: "replay-round-back", onclick: () => go(roundBack()) },
        `◀◀ ${tr("replay_round_back", { game })}`),
      h("button", { type: "button", id: "replay-round-forward",
        onclick: () => go(roundForward()) }, `${tr("replay_round_forward", { game })} ▶▶`),
      ` · ${tr("replay_round", { game, round: frame.round })}`,
    ];
  }

  /** Each step draws the viewer anew: the control the keyboard was on (a button, the
   * slider, the seat's menu; each has an id) keeps the focus, which fell to the page's
   * start (Enter on "Forward" went one step, the next Enter nowhere). */
  function render() {
    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.id : "";
    draw();
    if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
  }

  function draw() {
    if (!frame) { root.replaceChildren(h("p", {}, "…")); return; }
    const renderer = rendererFor(summary.game);
    // seen from the seat shown (none: everyone's view); a replay is watched, not played,
    // so that seat is not "you" (renderers/seat.js)
    const ctx = { seat: frame.seat, yours: false, mapped: new Set(), target: (el) => el };
    const [roundBackButton, roundForwardButton, where] = roundControls();
    root.replaceChildren(h("div", { class: "replay", dataset: { step } },
      h("div", { class: "table-head" }, h("h2", {}, `${gameTitle(summary.game, summary.title)} — ${t("replay")}`),
        h("span", { class: "status", id: "replay-step" },
          `${t("web.replay_step", step, frame.steps)}${where}`)),
      h("div", { class: "replay-controls" },
        h("button", { type: "button", id: "replay-first", onclick: () => go(0) }, `|◀ ${t("first")}`),
        roundBackButton,
        h("button", { type: "button", id: "replay-back", onclick: () => go(step - 1) },
          `◀ ${t("back")}`),
        h("input", { type: "range", id: "replay-slider", min: 0, max: frame.steps, value: step,
          "aria-labelledby": "replay-step", onchange: (e) => go(Number(e.target.value)) }),
        h("button", { type: "button", id: "replay-forward", onclick: () => go(step + 1) },
          `${t("forward")} ▶`),
        roundForwardButton,
        h("button", { type: "button", id: "replay-last", onclick: () => go(frame.steps) },
          `${t("last")} ▶|`),
        h("label", {}, `${t("view_as")} `, h("select", { id: "replay-seat", onchange: (e) => { seat = e.target.value;
          go(step); } }, h("option", { value: "" }, t("everyone")),
        Array.from({ length: summary.players }, (_, i) => h("option", { value: String(i),
          selected: seat === String(i) }, seatName(i)))))),
      frame.last ? h("p", { class: "muted", id: "replay-last-action" },
        frame.last_seat === null || frame.last_seat === undefined ? ""
          : `${seatName(frame.last_seat)}${t("colon")}`,
        actionLabel(summary.game, frame.last, frame.last_label ?? frame.last)) : null,
      h("div", { class: "table-body" },
        h("div", { class: "board" }, renderer.render(frame.view, ctx)),
        h("aside", { class: "side" },
          scores ? scoreTable(scores.scores, scores.ranking, t("final_scores"),
            scores.places, (s) => renderer.pawnClass?.(frame.view, s) ?? `p${s}`) : null,
          h("section", { class: "panel log" }, h("h3", {}, t("log")),
            h("ol", { id: "log" }, (frame.events ?? frame.log).map((entry) => h("li", {},
              counted(renderEvent(entry))))))))));
    const logList = root.querySelector("#log");
    if (logList) logList.scrollTop = logList.scrollHeight;
  }

  const onLang = () => render();
  window.addEventListener("keizai:lang", onLang);
  go(0);
  // left: an answer on its way is dropped, as a later ask drops it (drawn, it covered the
  // next screen)
  return () => {
    asked += 1;
    nameSeats([]);   // the next screen's seats are not this game's
    window.removeEventListener("keizai:lang", onLang);
  };
}
