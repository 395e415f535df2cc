// JSON calls to the server; a refused call throws an Error carrying the server's code.

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
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
