"""All live games of one server: created, loaded from the store on start, listed."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import keizai
from keizai.agents import make_agent
from keizai.engine import UnknownGame
from keizai.store import SeatRow, Store
from keizai.web.errors import ApiError, not_found
from keizai.web.hooks import TableHooks
from keizai.web.table import Table, check_agent

# Bot names the lobby offers, when `make_agent` knows them (the bots land one by one).
BOT_CANDIDATES = ("easy", "normal", "hard", "heuristic", "mcts", "random")
MAX_GAMES_LISTED = 200


def available_bots() -> list[str]:
    found = []
    for name in BOT_CANDIDATES:
        try:
            make_agent(name)
        except ValueError:
            continue
        found.append(name)
    return found


def default_bot() -> str:
    """The bot that takes over a seat when none is named: "normal" once it exists."""
    bots = available_bots()
    return "normal" if "normal" in bots else bots[0]


def catalog() -> list[dict[str, Any]]:
    """Every registered game with its player counts and default options."""
    entries = []
    for game_id in keizai.games():
        game = keizai.get_game(game_id)
        entries.append({"id": game_id, "title": game.title, "min_players": game.min_players,
                        "max_players": game.max_players, "options": game.default_options()})
    return entries


class Tables:
    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.hooks = TableHooks()   # replaced by the app's (keizai.web.social)

    def resume_all(self) -> None:
        """Load every stored game (a restarted server continues them all)."""
        for game_id in self.store.game_ids():
            row = self.store.load(game_id)
            if row is not None:
                self.tables[game_id] = Table(row, self.store, self.bot_delay, self.hooks)
        for table in self.tables.values():
            table.kick_bots()

    def get(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is None:
            raise not_found(f"game {game_id!r}")
        return table

    def listing(self) -> list[dict[str, Any]]:
        newest = sorted(self.tables.values(), key=lambda t: t.created, reverse=True)
        listed = [t for t in newest if self.hooks.listed(t)]
        return [t.summary() for t in listed[:MAX_GAMES_LISTED]]

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        """A new game from a lobby request: {"game", "players", "seats", "options", "seed"}."""
        game_id = body.get("game")
        if not isinstance(game_id, str):
            raise ApiError("invalid_request", "\"game\" must be a game id")
        try:
            game = keizai.get_game(game_id)
        except UnknownGame as error:
            raise ApiError("unknown_game", str(error)) from None
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats:
            raise ApiError("invalid_request",
                           "\"seats\" must list each seat: \"human\" or a bot name")
        players = body.get("players", len(seats))
        if players != len(seats):
            raise ApiError("invalid_request", "\"players\" must equal the number of seats")
        options = body.get("options") or {}
        seed = body.get("seed")
        if not isinstance(options, dict):
            raise ApiError("invalid_request", "\"options\" must be an object")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**63):
            raise ApiError("invalid_request", "\"seed\" must be an integer from 0 to 2^63-1")
        rows = []
        for seat, spec in enumerate(seats):
            if spec == "human":
                rows.append(SeatRow(seat, "human", None, secrets.token_urlsafe(24), False))
            else:
                rows.append(SeatRow(seat, "bot", check_agent(spec), secrets.token_urlsafe(24),
                                    True))
        try:
            state = keizai.new_game(game.id, players, seed, options)
        except ValueError as error:
            raise ApiError("invalid_request", str(error)) from None
        new_id = secrets.token_hex(6)
        host_token = secrets.token_urlsafe(24)
        await asyncio.to_thread(self.store.create_game, new_id, state.record(), host_token,
                                rows)
        row = self.store.load(new_id)
        assert row is not None
        table = self.tables[new_id] = Table(row, self.store, self.bot_delay, self.hooks)
        table.kick_bots()
        return {"id": new_id, "host_token": host_token,
                "seats": [{"seat": r.seat, "kind": r.kind, "agent": r.agent,
                           **({"token": r.token} if r.kind == "human" else {})}
                          for r in rows]}
