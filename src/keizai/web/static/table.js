// A live table: the game's renderer draws the view and marks what can be clicked; what
// no renderer claimed is offered as buttons, so every game is playable.

import { api } from "./api.js";
import { banner, h } from "./dom.js";
import { errorText, gameTitle, renderEvent, seatName, t } from "./i18n.js";
import { connectLive } from "./live.js";
import { rendererFor } from "./renderers.js";
import { genericRenderer } from "./renderers/generic.js";
import { scoreTable } from "./scores.js";

export function showTable(root, { gameId, seat, token }) {
  let message = null;
  let log = [];
  let pending = null;     // {name, question} waiting for confirmation
  let busy = false;       // an action is on its way

  const live = connectLive({
    gameId, seat, token,
    onState(next, lines) {
      message = next; log = lines; busy = false; pending = null;
      banner(""); render();
    },
    onError(error) { busy = false; banner(`${t("error")}: ${errorText(error)} (${error.code})`);
      render(); },
    onStatus(next) {
      if (next === "reconnecting") banner(t("reconnecting"), "info");
      if (next === "refused") banner(`${t("error")}: ${t("not_found")}`);
    },
  });

  function send(name) {
    busy = true; pending = null;
    live.send({ type: "act", action: name, step: message.step });
    render();
  }

  function choose(name, question) {
    if (busy) return;
    if (question) { pending = { name, question }; render(); return; }
    send(name);
  }

  async function handToBot(target) {
    try {
      await api(`/api/games/${gameId}/seats/${target}/bot`, { token });
    } catch (error) { banner(`${t("error")}: ${errorText(error)}`); }
  }

  function statusLine() {
    if (message.over) return t("game_over");
    if (seat === null) return `${t("spectating")} ${t("turn_of", seatName(message.current_player))}`;
    if (message.current_player === seat) return t("your_turn");
    return t("waiting", seatName(message.current_player));
  }

  function seatsPanel(renderer) {
    const pawnClass = (seatNo) => renderer.pawnClass?.(message.view, seatNo) ?? `p${seatNo}`;
    return h("section", { class: "panel seats-panel" }, h("h3", {}, t("seats")),
      h("ul", {}, message.seats.map((s) => h("li", { class: s.seat === message.current_player
        ? "current" : "" }, h("span", { class: `pawn ${pawnClass(s.seat)}` }),
      ` ${seatName(s.seat)} `,
      s.seat === seat ? `(${t("you")}) ` : "",
      s.kind === "bot" ? `${t("bot")}: ${s.agent}` : !s.claimed ? t("open_seat")
        : s.connected ? t("connected") : t("away"),
      s.kind === "human" && !s.connected && seat !== null && !message.over
        ? h("button", { type: "button", class: "small", onclick: () => handToBot(s.seat) },
          t("hand_to_bot")) : null))));
  }

  function choicesPanel(ctx, renderer) {
    const loose = message.legal.filter((a) => !ctx.mapped.has(a.name));
    const prompt = renderer.prompt?.(message.view) ?? t("prompt_generic");
    return h("section", { class: "panel choices", id: "choices" },
      h("h3", {}, t("choices")),
      h("p", { class: "prompt" }, message.legal.length ? prompt : statusLine()),
      pending ? h("div", { class: "confirm", id: "confirm-bar" }, pending.question, " ",
        h("button", { type: "button", id: "confirm-yes", onclick: () => send(pending.name) },
          t("confirm")),
        h("button", { type: "button", id: "confirm-no", onclick: () => { pending = null;
          render(); } }, t("cancel"))) : null,
      h("div", { class: "loose" }, loose.map((a) => h("button", { type: "button",
        class: "action legal", dataset: { action: a.name },
        onclick: () => choose(a.name, renderer.confirm?.(a) ?? null) },
      renderer.label(a, message.view)))),
      message.undo ? h("button", { type: "button", id: "undo", class: "small",
        onclick: () => live.send({ type: "undo" }) }, t("undo")) : null);
  }

  function render() {
    if (!message) { root.replaceChildren(h("p", {}, "…")); return; }
    const plain = localStorage.getItem("keizai.plain") === "yes";
    const renderer = plain ? genericRenderer : rendererFor(message.game);
    const legal = new Map(busy ? [] : message.legal.map((a) => [a.name, a]));
    const ctx = {
      mapped: new Set(),
      pendingName: pending?.name,
      /** Make `el` the click target of action `name` when it is legal now. */
      target(el, name, question = null) {
        if (!legal.has(name)) return el;
        ctx.mapped.add(name);
        el.classList.add("legal");
        el.dataset.action = name;
        if (pending?.name === name) el.classList.add("selected");
        el.addEventListener("click", (e) => { e.stopPropagation(); choose(name, question); });
        return el;
      },
    };
    const board = renderer.render(message.view, ctx);
    root.replaceChildren(h("div", { class: "table", dataset: { step: message.step,
      turn: message.current_player === seat && !message.over ? "mine" : "other",
      over: message.over ? "yes" : "no" } },
    h("div", { class: "table-head" }, h("h2", {}, gameTitle(message.game, message.title)),
      h("span", { class: "status", id: "status" }, statusLine()),
      message.over ? h("a", { class: "button", href: `#/replay/${gameId}` }, t("replay"))
        : null,
      h("label", { class: "plain-toggle" }, h("input", { type: "checkbox", id: "plain-table",
        checked: plain, onchange: (e) => {
          localStorage.setItem("keizai.plain", e.target.checked ? "yes" : "no");
          render();
        } }), ` ${t("plain_table")}`)),
    h("div", { class: "table-body" },
      seat !== null && !message.over ? h("div", { class: "choices-slot" },
        choicesPanel(ctx, renderer)) : null,
      h("div", { class: "board" }, board),
      h("aside", { class: "side" },
        message.over ? scoreTable(message.scores, message.ranking, t("final_scores"),
          message.places) : null,
        seatsPanel(renderer),
        h("section", { class: "panel log" }, h("h3", {}, t("log")),
          h("ol", { id: "log" }, log.map((entry) => h("li", {}, renderEvent(entry)))))))));
    const logList = root.querySelector("#log");
    if (logList) logList.scrollTop = logList.scrollHeight;
  }

  const onLang = () => render();
  window.addEventListener("keizai:lang", onLang);
  render();
  return () => { live.close(); window.removeEventListener("keizai:lang", onLang); };
}
