"""Ratings per game title with OpenSkill (Plackett-Luce), for accounts and bot levels.

A finished game is rated when it has at least two seats and every seat is an account or
a bot of the ladder (each level and each kind at its defaults is one player on it, so
bots and people share one scale). It is unrated, the reason noted in its settings
(`table.unrated`, `why_<reason>` in the catalogues), when
- `seed`: its seed was chosen (noted as it is created);
- `custom_bot`: a bot seat's spec is neither a level nor a plain kind at its defaults
  (`on_ladder`; noted as it is created, and checked again as it ends: `standings`);
- `undo`: a human took a decision back (noted at the first undo);
- `bots_alone`: bots alone played every seat at some point (noted as the last person's
  seat is handed to a bot, before the bots move: `Social._unrate_bots_alone`);
- `late_seat`: an account sat down at a seat after that seat's first decision (noted
  with the account, `SocialStore.name_seat`): a seat counts for an account only if the
  account held it from before it decided anything;
- `solo`: it has one seat; `guest`: a seat was a guest's; `hot_seat`: an account held two
  seats; `one_player`: every seat was one player (all noted as it ends: `standings`);
- `no_settings`: it was created through the old `POST /api/games` (it has no settings).
The shown rating is the conservative `mu - 3 sigma` (0 for a newcomer).
"""

from __future__ import annotations

from html import escape
from typing import Any

from openskill.models import PlackettLuce

from keizai import i18n
from keizai.agents import LEVELS
from keizai.agents.base import KINDS
from keizai.engine import State
from keizai.store.social import Rating, SeatPlayer, Standing
from keizai.web.bots import canonical_spec

MODEL = PlackettLuce()
DEFAULT = Rating(MODEL.mu, MODEL.sigma)
# The bots on the ladder, by their canonical specs: the lobby's levels and the kinds at
# their defaults ("solo" is a level: the kind needs a time cap on a server).
LADDER_BOTS = frozenset([*LEVELS, *KINDS])
# Their players' keys (`player_key`): the bots the leaderboard lists.
LADDER_PLAYERS = frozenset(f"bot:{bot}" for bot in LADDER_BOTS)


def rate(priors: list[Rating], places: list[int]) -> list[Rating]:
    """One game's new ratings, one seat per team; place 1 is best, equal places tie."""
    teams = [[MODEL.rating(mu=p.mu, sigma=p.sigma)] for p in priors]
    result = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Rating(team[0].mu, team[0].sigma) for team in result]


def places(state: State) -> list[int]:
    """Each seat's place (1 = best) by the game's final places: ties broken by the game's
    rules where it has them, shared (equal places) where it has none (Futuropia)."""
    place = [0] * state.num_players
    for position, group in enumerate(state.places()):
        for seat in group:
            place[seat] = position + 1
    return place


def player_key(seat: SeatPlayer | None) -> str | None:
    """The rated player in a seat: its bot level or its account (None for a guest)."""
    if seat is None:
        return None
    if seat.bot is not None:
        return f"bot:{ladder_spec(seat.bot)}"
    if seat.account_id is not None:
        return f"account:{seat.account_id}"
    return None


def ladder_spec(spec: str) -> str:
    """A bot seat's player on the ladder: its spec's canonical form. A game stored before
    the server stored specs that way (20ce457) keeps its seats' specs as the host typed
    them, and finished later it was rated as a player apart from the same bot's newer
    games (docs/web.md says why no migration rewrites them). A spec the bots no longer
    read stays as stored."""
    try:
        return canonical_spec(spec)
    except ValueError:
        return spec


def on_ladder(spec: str) -> bool:
    """Whether a bot of `spec` is a player on the ladder: a level (`LEVELS`, however
    written out) or a kind at its defaults ("heuristic", "mcts:iterations=200"). Until
    session 33 every spec was a player of its own, a newcomer the first time it played:
    an account that beat 200 fresh near-random bots, one spec each
    ("heuristic:epsilon=0.9991", "…0.9992", …), showed a rating of 52.8 against 33.4 for
    200 wins against one bot, and the leaderboard filled with their rows."""
    return ladder_spec(spec) in LADDER_BOTS


def unrated_from_start(seed_chosen: bool, bots: list[str]) -> str | None:
    """Why a game is unrated as it is created (a chosen seed, a custom bot), or None."""
    if seed_chosen:
        return "seed"
    if not all(map(on_ladder, bots)):
        return "custom_bot"
    return None


def standings(state: State, players: dict[int, SeatPlayer]) -> tuple[list[Standing], str | None]:
    """The standings to rate, or the reason the game is unrated."""
    if state.num_players < 2:
        return [], "solo"
    if any(seat.bot is not None and not on_ladder(seat.bot) for seat in players.values()):
        return [], "custom_bot"
    keys = [player_key(players.get(seat)) for seat in range(state.num_players)]
    if any(key is None for key in keys):
        return [], "guest"
    accounts = [key for key in keys if key is not None and key.startswith("account:")]
    if len(accounts) != len(set(accounts)):
        return [], "hot_seat"
    if len(set(keys)) < 2:
        return [], "one_player"
    place = places(state)
    return [(seat, key, place[seat]) for seat, key in enumerate(keys) if key], None


def curve_title(name: str, bot: str | None, game: str, lang: str) -> str:
    """The curve's title as the player's page names the player and the game, "Bot: Random
    · Futuropia" (an image opened on its own shows it as its tab's title; it held the
    game's id, "bot: random · futuropia"), in `lang` (English for a language the page
    does not have: the catalogues are kept per language)."""
    lang = lang if lang in i18n.LANGUAGES else i18n.DEFAULT
    who = name
    if bot is not None:
        base, colon, rest = bot.partition(":")
        level = (i18n.tr(f"web.level.{base}", lang) + colon + rest
                 if i18n.has(f"web.level.{base}", i18n.DEFAULT) else bot)
        who = i18n.tr("bot", lang) + i18n.tr("colon", lang) + level
    title = i18n.tr(f"game.{game}", lang) if i18n.has(f"game.{game}", i18n.DEFAULT) else game
    return f"{who} · {title}"


def curve_svg(history: list[dict[str, Any]], title: str, width: int = 480,
              height: int = 200) -> str:
    """The rating after each game as a line (an SVG document)."""
    pad = 30
    values = [0.0] + [float(h["rating"]) for h in history]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 1, high + 1
    span_x = max(1, len(values) - 1)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / span_x

    def y(v: float) -> float:
        return height - pad - (height - 2 * pad) * (v - low) / (high - low)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    dots = "".join(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.5"/>'
                   for i, v in enumerate(values) if i)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
        f'<title>{escape(title)}</title>'
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        f'stroke="#999"/><line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" '
        f'stroke="#999"/>'
        f'<text x="4" y="{pad}" font-size="11">{high:.1f}</text>'
        f'<text x="4" y="{height - pad}" font-size="11">{low:.1f}</text>'
        f'<text x="{width - pad}" y="{height - 8}" font-size="11" text-anchor="end">'
        f'{len(values) - 1}</text>'
        f'<polyline fill="none" stroke="#2a6" stroke-width="2" points="{points}"/>'
        f'<g fill="#2a6">{dots}</g></svg>')
