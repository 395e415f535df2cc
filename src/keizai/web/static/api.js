// JSON calls to the server; a refused call throws an Error carrying the server's code.
// With an account, POSTs carry the session's CSRF token (the cookie alone is not enough).

let csrf = null;

export function setCsrf(token) { csrf = token; }

export async function api(path, body) {
  const headers = { "content-type": "application/json" };
  if (csrf) headers["x-csrf-token"] = csrf;
  const init = body === undefined ? {} : {
    method: "POST", headers, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error?.message ?? response.statusText);
    error.code = data.error?.code;
    throw error;
  }
  return data;
}
