// One table's WebSocket: reconnects by itself and asks only for the log entries it missed.
// The log is kept as the server's entries ({id, params} messages, or plain English lines
// from an older server) so the table can render it in whatever language is chosen.

export function connectLive({ gameId, seat, token, onState, onError, onStatus }) {
  let socket = null;
  let closed = false;
  let retry = 0;
  let log = [];

  function url() {
    const params = new URLSearchParams({ since: String(log.length) });
    if (seat !== null) { params.set("seat", String(seat)); params.set("token", token); }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}?${params}`;
  }

  function open() {
    socket = new WebSocket(url());
    socket.onopen = () => { retry = 0; onStatus("open"); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        log = log.slice(0, message.log_from).concat(message.events ?? message.log);
        onState(message, log);
      } else if (message.error) {
        onError(message.error);
      }
    };
    socket.onclose = (event) => {
      if (closed) return;
      if (event.code === 4403 || event.code === 4400) { closed = true; onStatus("refused");
        return; }
      onStatus("reconnecting");
      retry += 1;
      setTimeout(() => { if (!closed) open(); }, Math.min(5000, 250 * 2 ** retry));
    };
  }

  open();
  return {
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    close() { closed = true; socket?.close(); },
  };
}
