// The seats this browser plays, remembered so that the lobby offers the way back to each
// ("Your games"): a seat's link is its only key, and a player who went to the lobby in
// the middle of a game found it there with "Watch" alone. Kept in this browser only,
// as the host's token is (keizai.host.<game>); the newest first, a few at most.

const KEY = "keizai.seats";
const MOST = 8;

function read() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.game === "string"
      && Number.isInteger(e.seat) && typeof e.token === "string") : [];
  } catch { return []; }   // a value this page did not write
}

function write(list) { localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST))); }

/** The seats remembered, the newest first: {game, seat, token}. */
export function rememberedSeats() { return read(); }

/** Remember `seat` of `game` (its link's token), as the newest. */
export function rememberSeat(game, seat, token) {
  write([{ game, seat, token }, ...read().filter((e) => e.game !== game)]);
}

/** Forget the seat of `game` (the game is over), or only the one of link `token` (the
 * server refused it: not a remembered good link, refused by a mistyped one). */
export function forgetSeat(game, token = null) {
  const gone = (e) => e.game === game && (token === null || e.token === token);
  const list = read();
  if (list.some(gone)) write(list.filter((e) => !gone(e)));
}
