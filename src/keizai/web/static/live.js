// One table's WebSocket: reconnects by itself and asks only for the log entries it missed.
// The log is kept as the server's entries ({id, params} messages, or plain English lines
// from an older server) so the table can render it in whatever language is chosen.
// The seat and its token travel in the first message ("hello"), never in the address;
// with an account, the session's CSRF token too (an account's seat needs it: a page of
// another origin the browser sends the cookie for has no way to read it).
// A long log comes in parts (a state message carries at most 512 entries, and
// `event_count` says how many there are): the page asks for each next one ({"type":
// "log"}) and is given the state once it holds the whole log, as one message would have
// carried it; an ask refused for the budget is made again once the refusal says it may.
// "presence" messages (a seat's player came or went) update the last state's seats.
// A refusal ends the reconnecting: onStatus("refused", why) with why "forbidden" (a wrong
// token), "bad_request" or "not_found".

import { csrfToken } from "./api.js";

const REFUSED = { 4403: "forbidden", 4400: "bad_request", 4404: "not_found" };

export function connectLive({ gameId, seat, token, onState, onError, onStatus,
  onPresence, onChat }) {
  let socket = null;
  let closed = false;
  let retry = 0;
  let log = [];
  let last = null;
  let partsFrom = null;   // where the log's parts under way began (null: none)

  function url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}`;
  }

  function open() {
    socket = new WebSocket(url());
    socket.onopen = () => {
      retry = 0;
      if (partsFrom !== null) { log = log.slice(0, partsFrom); partsFrom = null; }
      // log: false — the page renders `events`; the server skips the English lines.
      // with the step and mark of the last state: the server sends the whole log again
      // when the game's steps are no longer those (an Undo from another page meanwhile)
      const hello = { type: "hello", since: log.length, log: false,
        ...(last ? { step: last.step, mark: last.mark } : {}) };
      if (seat !== null) {
        hello.seat = seat;
        hello.token = token;
        if (csrfToken()) hello.csrf = csrfToken();
      }
      socket.send(JSON.stringify(hello));
      onStatus("open");
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        log = log.slice(0, message.log_from).concat(message.events ?? message.log);
        const from = Math.min(partsFrom ?? message.log_from, message.log_from);
        if (log.length < (message.event_count ?? 0)) {
          partsFrom = from;
          socket.send(JSON.stringify({ type: "log" }));
          return;
        }
        partsFrom = null;
        last = { ...message, log_from: from, events: log.slice(from) };
        onState(last, log);
      } else if (message.type === "presence") {
        if (!last) return;
        last = { ...last, seats: message.seats };
        if (onPresence) onPresence(message.seats); else onState(last, log);
      } else if (message.type === "chat") {
        onChat?.(message);
      } else if (message.error?.code === "rate_limited" && partsFrom !== null) {
        // the ask for a part refused (each counts as an opening): asked again once the
        // refusal says the budget has one; on a finished game no other state would come
        const asked = socket;
        const seconds = Number(message.error.params?.seconds);
        setTimeout(() => {
          if (socket === asked && partsFrom !== null && asked.readyState === WebSocket.OPEN) {
            asked.send(JSON.stringify({ type: "log" }));
          }
        }, Number.isFinite(seconds) ? Math.max(250, 1000 * seconds) : 1000);
      } else if (message.error) {
        onError(message.error);
      }
    };
    socket.onclose = (event) => {
      if (closed) return;
      if (REFUSED[event.code]) { closed = true; onStatus("refused", REFUSED[event.code]); return; }
      onStatus("reconnecting");
      retry += 1;
      setTimeout(() => { if (!closed) open(); }, Math.min(5000, 250 * 2 ** retry));
    };
  }

  open();
  return {
    /** Whether `message` went out (not while the connection is down). */
    send(message) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    close() { closed = true; socket?.close(); },
  };
}
