// JSON calls to the server; a refused call throws an Error carrying the server's code.
// A seat's token travels in the X-Keizai-Token header, never in the address. With an
// account, POSTs carry the session's CSRF token (the cookie alone is not enough).

let csrf = null;

export function setCsrf(token) { csrf = token; }

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
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error?.message ?? response.statusText);
    error.code = data.error?.code;
    error.id = data.error?.id;           // the reason as a catalogue message, if any
    error.params = data.error?.params;
    throw error;
  }
  return data;
}
