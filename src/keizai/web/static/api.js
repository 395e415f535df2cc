// JSON calls to the server; a refused call throws an Error carrying the server's code.
// A seat's token travels in the X-Keizai-Token header, never in the address. With an
// account, POSTs carry the session's CSRF token (the cookie alone is not enough).

let csrf = null;

export function setCsrf(token) { csrf = token; }

/** The session's CSRF token (null: a guest), which a WebSocket's hello carries too. */
export function csrfToken() { return csrf; }

const inFlight = new Map();   // a POST's path and body -> its answer, until it comes

/** `path`'s answer; `body` makes it a POST. The same POST asked again while the first is
 * on its way (a double-clicked button: create a game, join a seat, hand a seat to a bot)
 * is not sent twice: both callers get the first one's answer. */
export function api(path, body, token) {
  if (body === undefined) return call(path, body, token);
  const key = JSON.stringify([path, body, token ?? null]);
  if (!inFlight.has(key)) {
    inFlight.set(key, call(path, body, token).finally(() => inFlight.delete(key)));
  }
  return inFlight.get(key);
}

async function call(path, body, token) {
  const headers = {};
  if (token) headers["x-keizai-token"] = token;
  const init = { headers };
  if (body !== undefined) {
    init.method = "POST";
    headers["content-type"] = "application/json";
    if (csrf) headers["x-csrf-token"] = csrf;
    init.body = JSON.stringify(body);
  }
  // A request the server did not answer in its own words fails with a code the page says
  // in its language, never the browser's English ("Failed to fetch"): see unanswered.
  const response = await fetch(path, init).catch(() => null);
  const data = response && await response.json().catch(() => null);
  if (!response?.ok || data === null) {
    throw refusal(data?.error ?? { code: unanswered(response) });
  }
  return data;
}

// What a proxy in front of the server answers when it cannot reach it: bad gateway,
// unavailable, gateway timeout.
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** The code of a request no answer of the server's came back for: "unreachable" when
 * nothing answered (the network is down, the server stopped) or a proxy said it could not
 * reach the server, so the player knows to check the connection and try again; else
 * "http_error" (another page of a proxy's own: "the request failed"). */
function unanswered(response) {
  return !response || GATEWAY_FAILURES.has(response.status) ? "unreachable" : "http_error";
}

/** The server's refusal (`{code, message, id, params}`) as an Error the page can show. */
function refusal(reason) {
  const error = new Error(reason.message ?? "");
  error.code = reason.code ?? "http_error";
  error.id = reason.id;           // the reason as a catalogue message, if any
  error.params = reason.params;
  return error;
}
