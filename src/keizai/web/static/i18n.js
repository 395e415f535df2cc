// Every word of the page in English, 日本語 and 繁體中文, from the message catalogue the
// Python faces use too (keizai/i18n/<lang>.json, served at /i18n/<lang>.json and, beside
// this module, under the static files' version: keizai.web.delivery). This is the
// JavaScript twin of keizai.i18n: the same ids, the same template syntax —
//   {0} / {name}            a value (a list is joined with "list.sep")
//   {seat:seat}             P1, P2, …
//   {card:t:ne.card}        the catalogue entry "ne.card.<value>" (a list: each, joined)
//   {n:plural:card:cards}   English plural (first word when n == 1)
//   {n:ordinal}             English ordinal (1st, 2nd, 3rd, 11th …); the number otherwise
//   {why:m} / {sets:m:; }   a nested message ({id, params} or {text}; a list joined)
//   {act:action}            the label of the action named by the value, game = params.game

export const LANGUAGES = [["en", "English"], ["ja", "日本語"], ["zh-TW", "繁體中文"]];

// The catalogues fetched so far: the page's language and English, its fallback, before
// anything is drawn; another language when the player chooses it (the three together
// weighed some 95 KB compressed on a first load that needs one or two of them).
const CATALOGUES = {};
const LOADING = {};

/** The catalogue of `code`, fetched once (an empty one when the server has none). */
function load(code) {
  LOADING[code] ??= fetch(new URL(`i18n/${code}.json`, import.meta.url))
    .then((response) => (response.ok ? response.json() : {}))
    .then((catalogue) => { CATALOGUES[code] = catalogue; })
    .catch((error) => { delete LOADING[code]; throw error; });   // tried again next time
  return LOADING[code];
}

// The catalogue prefix of each game family (as keizai.i18n.FAMILIES).
const FAMILIES = { "national-economy": "ne", futuropia: "fu", "enterprise-empire": "ee" };

function known(code) {
  if (code === "zh") return "zh-TW";   // the code this page saved before zh-TW
  return LANGUAGES.some(([known]) => known === code) ? code : null;
}

function initialLanguage() {
  const saved = known(localStorage.getItem("keizai.lang"));
  if (saved) return saved;
  const nav = (navigator.language || "en").toLowerCase();
  if (nav.startsWith("ja")) return "ja";
  if (nav.startsWith("zh")) return "zh-TW";
  return "en";
}

let current = initialLanguage();
let wanted = current;
await Promise.all([...new Set(["en", current])].map(load));

export function lang() { return current; }

/** Make `code` the page's language once its catalogue is here; true when it is (false for
 * an unknown code, a catalogue that could not be fetched, or a language chosen after it
 * while it was being fetched). */
export async function setLang(code) {
  const found = known(code);
  if (!found) return false;
  wanted = found;
  try {
    await load(found);
  } catch {
    return false;
  }
  if (wanted !== found) return false;
  current = found;
  localStorage.setItem("keizai.lang", found);
  document.documentElement.lang = found === "zh-TW" ? "zh-Hant" : found;
  return true;
}

function entry(key) {
  return CATALOGUES[current][key] ?? CATALOGUES.en[key];
}

function join(parts) {
  if (!parts.length) return entry("list.empty") ?? "";
  return parts.join(entry("list.sep") ?? ", ");
}

/** An English ordinal, as keizai.i18n.ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st … */
function ordinal(n) {
  if ([11, 12, 13].includes(n % 100)) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

function field(value, spec) {
  const [kind, ...rest] = (spec ?? "").split(":");
  if (kind === "seat") return seatName(Number(value));
  if (kind === "t") {
    const prefix = rest.join(":");
    const items = Array.isArray(value) ? value : [value];
    return join(items.map((v) => {
      const key = prefix ? `${prefix}.${v}` : String(v);
      return entry(key) ?? key;
    }));
  }
  if (kind === "plural") return Number(value) === 1 ? rest[0] : rest[1];
  if (kind === "ordinal") return current === "en" ? ordinal(Number(value)) : String(value);
  if (Array.isArray(value)) return join(value.map(String));
  return String(value ?? "");
}

/** A nested message ({id, params}, or {text}; English prefers the text when both). */
function nested(value) {
  if (value === null || typeof value !== "object") return String(value ?? "");
  if (value.id === undefined || (value.text !== undefined && current === "en")) {
    return String(value.text ?? "");
  }
  return format(entry(value.id) ?? value.id, value.params ?? {});
}

/** A template filled from `params` (an array for {0}, {1}…, an object for {name}). */
function format(template, params) {
  return template.replace(/\{([\w]+)(?::([^{}]*))?\}/g, (_, name, spec) => {
    const value = params[name];
    if (spec === "action") return actionLabel(params.game, String(value), String(value));
    if (spec === "m" || (spec ?? "").startsWith("m:")) {
      const parts = (Array.isArray(value) ? value : [value]).map(nested);
      return spec === "m" ? join(parts) : parts.join(spec.slice(2));
    }
    return field(value, spec);
  });
}

/** The string `key` in the current language, with {0}, {1}… replaced by `args`. */
export function t(key, ...args) {
  return format(entry(key) ?? key, args);
}

/** A turn clock's name with its time per decision as this server sets it (keizai serve
 * --clock-fast/--clock-relaxed): "fast (45 s)", "relaxed (5 min)", "none". */
export function clockName(mode, seconds) {
  if (mode === "none" || typeof seconds !== "number") return t(`clock_${mode}`, "");
  const tenths = Math.round(seconds * 10) / 10;
  const minutes = Math.floor(tenths / 60);
  const rest = Math.round((tenths - 60 * minutes) * 10) / 10;
  const time = minutes < 1 ? t("web.seconds", tenths)
    : rest ? t("web.minutes_seconds", minutes, rest) : t("web.minutes", minutes);
  return t(`clock_${mode}`, time);
}

/** The message `key` with named parameters, e.g. tr("ne.log.payday", { round: 3 }). */
export function tr(key, params = {}) {
  return format(entry(key) ?? key, params);
}

/** The message `key` as a list of text and elements, for a line whose parts are drawn
 * apart (a stat's label and its figure in bold): each field whose value is an element (or
 * an array of them) is put in as it is, the rest is worded as `tr` words it. The words
 * between the parts are the catalogue's, so 日本語 and 中文 join them with no space
 * ("{label}{figure}") where English has one ("{label} {figure}"). */
export function parts(key, params = {}) {
  const template = entry(key) ?? key;
  const out = [];
  let last = 0;
  for (const match of template.matchAll(/\{([\w]+)(?::([^{}]*))?\}/g)) {
    const value = params[match[1]];
    const node = value instanceof Node || (Array.isArray(value) && value.some((v) => v
      instanceof Node));
    if (!node) continue;
    out.push(format(template.slice(last, match.index), params), value);
    last = match.index + match[0].length;
  }
  out.push(format(template.slice(last), params));
  return out.filter((part) => part !== "");
}

export function has(key) { return key in CATALOGUES[current] || key in CATALOGUES.en; }

/** A log entry from the server ({id, params}, or {text} of older games) in this language. */
export function renderEvent(event) {
  if (typeof event === "string") return event;
  if (event.id) return tr(event.id, event.params ?? {});
  return event.text ?? "";
}

export function family(gameId) {
  const base = String(gameId ?? "").split("/")[0];
  return FAMILIES[base] ?? base;
}

/** An action's label from its stable name (the longest catalogued prefix of its parts). */
export function actionLabel(gameId, name, fallback = name) {
  const parts = name.split(":");
  const base = `${family(gameId)}.action.`;
  for (let cut = parts.length; cut > 0; cut -= 1) {
    const key = base + parts.slice(0, cut).join(":");
    if (has(key)) return format(entry(key), parts.slice(cut));
  }
  return fallback;
}

/** A card's, tile's or space's name and effect text in this language. */
export function cardName(gameId, id) { return entry(`${family(gameId)}.card.${id}`) ?? id; }
export function cardText(gameId, id) { return entry(`${family(gameId)}.text.${id}`) ?? ""; }

/** A moment the server stamps (ISO 8601, with its zone) as this language writes a date
 * and time, in the reader's time zone: "2026/12/04 7:00", "2026年12月4日 上午7:00",
 * "Dec 4, 2026, 7:00 AM" (the stamp itself read "2026-12-03T22:00", in UTC). */
export function when(stamp) {
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" })
    .format(new Date(stamp));
}

/** The names the players at the table shown saved, by seat (null: none), from its seat
 * lines (`nameSeats`); none off a table (the lobby, the account page name seats "P1"). */
let savedNames = [];

/** The seat lines of the table shown (the Seats panel's), whose saved names `seatName`
 * says from now on; none (`[]`) when the table is left. */
export function nameSeats(seats) { savedNames = (seats ?? []).map((s) => s.name || null); }

/** A seat as the page names it: its player's saved name, set apart as `isolatedText`
 * does (a right-to-left name does not reorder the sentence), else its number ("P2").
 * Always text, never markup: a name is a stranger's input. */
export function seatName(seat) {
  const name = savedNames[seat];
  return name ? `\u2068${name}\u2069` : `P${seat + 1}`;
}

/** A seat of another screen's game as `seatName` names one at its table, from that
 * game's seat lines as the server sends them (the lobby's games, the account's seats):
 * its player's saved name (a bot's seat has none), else its number. */
export function seatNameIn(seats, seat) {
  const name = (seats ?? []).find((s) => s.seat === seat)?.name;
  return name ? `\u2068${name}\u2069` : `P${seat + 1}`;
}

/** A person's seat, as the lobby and the Seats panel say it: open (anyone may join),
 * invited (its player has not come yet), online or away. */
export function humanSeatStatus(s) {
  if (!s.claimed) return t(s.open ? "open_seat" : "invited_waiting");
  return s.connected ? t("connected") : t("away");
}

/** What a seat's line says after its name, in the lobby's list and the Seats panel: a
 * person's seat as above, a bot's level, and a seat a bot plays until its player is back
 * (handed over by the turn clock, its player or the host) its player's, away; it read
 * "P1 Bot: Random", the bot's for good. Once the game is `over` no bot plays for anyone:
 * such a seat is its player's, online or away (it said "away (a bot stands in)" beside
 * the final scores). */
export function seatStatus(s, over = false) {
  if (s.kind !== "bot") return humanSeatStatus(s);
  if (s.away && over) return t(s.connected ? "connected" : "away");
  if (s.away) return t("seat_away_bot");
  return botSeatStatus(s.agent);
}

/** A bot's seat after the seat's name, as the terminal says it too (terminal_text.
 * seat_label): "P2 (bot: hard)", 「P2（ボット：強い）」, 「P2（電腦玩家：困難）」, its level by
 * the name `keizai play` gives it (`bot.*`), another spec as it is. The page said
 * 「P2ボット：強い」 (the seat run into the word bot) where the terminal said 「P2（強い）」 (not
 * saying it is a bot) until session 27. `paren` is " (x)" in English: the line's template
 * puts the space. */
export function botSeatStatus(spec) {
  const text = String(spec ?? "");
  const level = has(`bot.${text}`) ? entry(`bot.${text}`) : text;
  return t("paren", tr("seat_bot", { level })).trimStart();
}

/** A bot's level or kind ("hard", "mcts:iterations=200", "bot: hard" of a leaderboard)
 * by its name in this language (`web.level.*`: "Hard", 強い, 困難; English showed the
 * server's ids, "hard", until session 16); parameters and unknown names are shown as
 * they are. */
export function botName(spec) {
  const text = String(spec ?? "");
  const bare = text.startsWith("bot: ") ? text.slice(5) : text;
  const [base, ...rest] = bare.split(":");
  // a name no level has, as it is: after this language's "Bot: " when it came with one
  if (!has(`web.level.${base}`)) return bare === text ? text : botSeat(bare);
  const name = entry(`web.level.${base}`) + (rest.length ? `:${rest.join(":")}` : "");
  return bare === text ? name : botSeat(bare);
}

/** A bot named on its own, as a leaderboard lists it ("bot: hard"): "Bot: Hard",
 * 「ボット：強い」. A bot's seat line is botSeatStatus's. */
function botSeat(spec) { return `${entry("bot")}${t("colon")}${botName(spec)}`; }

/** A game's title in the current language, English too: where the server sends no title
 * (a player's ratings and history, the account's tables) the page passes the game's id
 * as `english`, which English showed until session 23. `english` is for a game the
 * catalogue does not name. */
export function gameTitle(gameId, english) {
  return entry(`game.${gameId}`) ?? english;
}

/** "Error: <text>" in this language (a full-width colon after 日本語 and 中文 words). */
/** `text` as a sentence of its own: its first letter a capital (a catalogue reason starts
 * in lower case, to follow "Error: " too); a script without case is left as it is. */
export function sentence(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

export function errorLine(text) { return `${t("error")}${t("colon")}${text}`; }

/** A refusal from the server in this language: its reason as a catalogue message
 * (`error.id` + `error.params`) when the server sent one, else the catalogue's text for
 * its code ("error.<code>"), with the server's own (English) text in English only; a code
 * the catalogue does not know says "the request failed", never English in another
 * language. */
export function errorText(error) {
  if (error.id && has(error.id)) return tr(error.id, error.params ?? {});
  if (current === "en" && error.message) return error.message;
  return entry(`error.${error.code}`) ?? entry("error.http_error");
}
