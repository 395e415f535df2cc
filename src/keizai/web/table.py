"""One live game on the server: its state, seats, connections and bots.

The state is changed only under the table's lock, and only after the new action is in
the store: a candidate state takes the action, the store appends it, then the candidate
becomes the state and every connection is sent its own seat's view.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

import keizai
from keizai import i18n
from keizai.agents import Agent, make_agent
from keizai.engine import IllegalAction, State
from keizai.engine.decision import steps as whole_steps
from keizai.store import GameRow, SeatRow, Store
from keizai.web import undo
from keizai.web.errors import ApiError, forbidden

log = logging.getLogger("keizai.web")

MAX_ACTION_NAME = 128
MAX_WHOLE_CANDIDATES = 64


@dataclass(eq=False)
class Connection:
    """One WebSocket client: the seat it sees (None = spectator) and its outbox."""

    seat: int | None
    log_sent: int
    outbox: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


class Table:
    def __init__(self, row: GameRow, store: Store, bot_delay: float = 0.0) -> None:
        self.id = row.id
        self.store = store
        self.host_token = row.host_token
        self.created = row.created
        self.seats: list[SeatRow] = list(row.seats)
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.agents: dict[int, Agent] = {}
        self.bot_task: asyncio.Task[None] | None = None
        # Per step of the record: the seat that decided, and the engine's reveal count
        # before it (for undo).
        self.movers: list[int | None] = []
        self.reveals_before: list[int] = []
        self.state = self._rebuild(row.record())

    def _rebuild(self, record: dict[str, Any]) -> State:
        """Replay a record, noting who took each decision and what was revealed before."""
        state = keizai.new_game(record["game"], record["players"], record["seed"],
                                record.get("options"))
        self.movers, self.reveals_before = [], []
        for name in record["actions"]:
            self.movers.append(state.current_player)
            self.reveals_before.append(state.reveals)
            state.apply(name)
        return state

    # ----- who may do what ----------------------------------------------------------
    def seat_of_token(self, seat: int, token: Any) -> SeatRow:
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < len(self.seats):
            raise ApiError("invalid_request", f"seat must be 0 to {len(self.seats) - 1}")
        row = self.seats[seat]
        if not isinstance(token, str) or not secrets.compare_digest(token.encode(),
                                                                     row.token.encode()):
            raise forbidden()
        return row

    def holds_any_token(self, token: Any) -> bool:
        return isinstance(token, str) and (
            token == self.host_token or any(token == s.token for s in self.seats))

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    # ----- summaries and payloads ----------------------------------------------------
    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id, "game": state.game.id, "title": state.game.title,
            "players": state.num_players, "step": len(state.history),
            "over": state.is_over, "current_player": state.current_player,
            "created": self.created.isoformat(),
            "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent,
                       "claimed": s.claimed, "connected": self.connected(s.seat)}
                      for s in self.seats],
        }

    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not undo now (see keizai.web.undo), or None when it may."""
        if self.seats[seat].kind != "human" or any(
                s.kind != "bot" for s in self.seats if s.seat != seat):
            return "undo is only for a game whose other seats are all bots"
        if self.state.is_over:
            return "the game is over"
        target = undo.previous_decision(self.movers, seat)
        if target is None:
            return "you have no decision to take back"
        if not undo.nothing_revealed(self.reveals_before, target, self.state.reveals):
            return ("a card was drawn or revealed (or a die rolled) since your last "
                    "decision; it cannot be taken back")
        return None

    def payload(self, conn: Connection) -> dict[str, Any]:
        """The message for one connection: only what its seat may know."""
        state = self.state
        seat = conn.seat
        events = state.events(seat)
        fresh = events[conn.log_sent:]  # only these are rendered (English, for older pages)
        message: dict[str, Any] = {
            "type": "state", "game_id": self.id, "game": state.game.id,
            "title": state.game.title, "seat": seat, "step": len(state.history),
            "view": state.view(seat), "log_from": conn.log_sent,
            "log": [i18n.render(e) for e in fresh], "over": state.is_over,
            "events": [i18n.to_json(e) for e in fresh],
            "current_player": state.current_player, "seats": self.summary()["seats"],
            "legal": [], "undo": False,
        }
        conn.log_sent = len(events)
        if seat is not None and self.seats[seat].kind == "human":
            if state.current_player == seat:
                message["legal"] = [{"name": a.name, "label": a.label}
                                    for a in state.legal_actions()]
                # The compound decision whole (pay N cards from these, ...): it lists the
                # seat's own hand, so only that seat's message carries it.
                whole = state.pending_decision()
                if whole is not None and whole.seat == seat:
                    message["whole"] = whole.to_json()
            message["undo"] = self.undo_refusal(seat) is None
        if state.is_over:
            message["scores"] = state.scores()
            message["ranking"] = state.ranking()
            message["places"] = state.places()  # tied seats share a place (shared victory)
            message["winners"] = state.winners()
        return message

    def broadcast(self) -> None:
        for conn in self.connections:
            conn.outbox.put_nowait(self.payload(conn))

    # ----- changes -------------------------------------------------------------------
    async def act(self, seat: int, token: Any, name: Any, step: Any = None) -> None:
        """A human's action: checked, stored, then applied and announced."""
        if not isinstance(name, str) or not name or len(name) > MAX_ACTION_NAME:
            raise ApiError("invalid_request", "action must be a non-empty action name")
        async with self.lock:
            row = self.seat_of_token(seat, token)
            if row.kind != "human":
                raise ApiError("not_your_turn", f"seat {seat} is played by a bot", 409)
            if step is not None and step != len(self.state.history):
                raise ApiError("stale", f"the game is at step {len(self.state.history)}, "
                               f"not {step}; reload the view", 409)
            await self._apply(seat, name)
        self.kick_bots()

    async def act_whole(self, seat: int, token: Any, chosen: Any, step: Any = None) -> None:
        """A whole compound decision (keizai.engine.decision): refused with the reason
        before anything is applied, else stored and applied as its atomic steps."""
        if not isinstance(chosen, dict) or len(chosen) > MAX_WHOLE_CANDIDATES:
            raise ApiError("invalid_request", "chosen must be an object of candidate counts")
        async with self.lock:
            row = self.seat_of_token(seat, token)
            if row.kind != "human":
                raise ApiError("not_your_turn", f"seat {seat} is played by a bot", 409)
            if step is not None and step != len(self.state.history):
                raise ApiError("stale", f"the game is at step {len(self.state.history)}, "
                               f"not {step}; reload the view", 409)
            if self.state.current_player != seat:
                raise ApiError("not_your_turn", f"it is seat {self.state.current_player}'s "
                               f"decision, not seat {seat}'s", 409)
            try:
                names = whole_steps(self.state, chosen)
            except IllegalAction as error:
                raise ApiError("illegal_action", str(error), 422) from None
            for name in names:
                await self._apply(seat, name)
        self.kick_bots()

    async def _apply(self, seat: int, name: str) -> None:
        state = self.state
        if state.is_over:
            raise ApiError("game_over", "the game is over", 409)
        if state.current_player != seat:
            raise ApiError("not_your_turn",
                           f"it is seat {state.current_player}'s decision, not seat {seat}'s",
                           409)
        candidate = state.clone()
        try:
            candidate.apply(name)
        except IllegalAction as error:
            raise ApiError("illegal_action", str(error), 422) from None
        step = len(state.history)
        try:
            await asyncio.to_thread(self.store.append_action, self.id, step, name)
        except Exception:
            log.exception("storing action %s of game %s failed", step, self.id)
            raise ApiError("storage_error", "the action could not be stored; try again",
                           503) from None
        self.movers.append(seat)
        self.reveals_before.append(state.reveals)
        self.state = candidate
        self.broadcast()

    async def take_back(self, seat: int, token: Any) -> None:
        """Undo the seat's latest decision (see keizai.web.undo for when it is allowed)."""
        async with self.lock:
            self.seat_of_token(seat, token)
            refusal = self.undo_refusal(seat)
            if refusal is not None:
                raise ApiError("undo_unavailable", refusal, 409)
            target = undo.previous_decision(self.movers, seat)
            assert target is not None
            record = self.state.record()
            await asyncio.to_thread(self.store.truncate, self.id, target)
            self.state = self._rebuild({**record, "actions": record["actions"][:target]})
            for conn in self.connections:   # their logs shrank: send them whole
                conn.log_sent = 0
            self.broadcast()

    async def hand_to_bot(self, seat: int, token: Any, agent: str) -> None:
        """A seat whose player left (or who leaves) is played by a bot from now on."""
        async with self.lock:
            if isinstance(seat, bool) or not isinstance(seat, int) \
                    or not 0 <= seat < len(self.seats):
                raise ApiError("invalid_request", f"seat must be 0 to {len(self.seats) - 1}")
            if not self.holds_any_token(token):
                raise forbidden("only the host or a player of this game may do that")
            row = self.seats[seat]
            if row.kind == "bot":
                raise ApiError("invalid_request", f"seat {seat} is already a bot", 409)
            if token != row.token and self.connected(seat):
                raise ApiError("seat_in_use", f"seat {seat}'s player is still connected", 409)
            check_agent(agent)
            await asyncio.to_thread(self.store.set_seat, self.id, seat, kind="bot", agent=agent)
            self.seats[seat] = SeatRow(seat, "bot", agent, row.token, row.claimed)
            self.agents.pop(seat, None)
            self.broadcast()
        self.kick_bots()

    async def claim(self, seat: int) -> str:
        """An open human seat taken from the lobby: its token, once."""
        async with self.lock:
            if isinstance(seat, bool) or not isinstance(seat, int) \
                    or not 0 <= seat < len(self.seats):
                raise ApiError("invalid_request", f"seat must be 0 to {len(self.seats) - 1}")
            row = self.seats[seat]
            if row.kind != "human" or row.claimed:
                raise ApiError("seat_taken", f"seat {seat} is not open", 409)
            await self.mark_claimed(seat)
            return row.token

    async def mark_claimed(self, seat: int) -> None:
        row = self.seats[seat]
        if not row.claimed:
            await asyncio.to_thread(self.store.set_seat, self.id, seat, claimed=True)
            self.seats[seat] = SeatRow(seat, row.kind, row.agent, row.token, True)

    # ----- bots ------------------------------------------------------------------------
    def kick_bots(self) -> None:
        """Start the bot loop if a bot is to move and none is running."""
        if self.bot_task is None or self.bot_task.done():
            seat = self.state.current_player
            if seat is not None and self.seats[seat].kind == "bot":
                self.bot_task = asyncio.get_running_loop().create_task(self._bots())

    def _agent(self, seat: int) -> Agent:
        agent = self.agents.get(seat)
        if agent is None:
            spec = self.seats[seat].agent
            assert spec is not None   # a bot seat always names its bot
            agent = self.agents[seat] = make_agent(spec, self.state.seed * 31 + seat)
        return agent

    async def _bots(self) -> None:
        """Bots think in a worker thread on a copy of the state, then act under the lock."""
        while True:
            state = self.state
            seat = state.current_player
            if seat is None or self.seats[seat].kind != "bot":
                return
            step = len(state.history)
            snapshot = state.clone()
            try:
                action = await asyncio.to_thread(self._agent(seat).choose, snapshot)
                name = action.name
            except Exception:
                log.exception("bot %s failed in game %s; a random action is played",
                              self.seats[seat].agent, self.id)
                name = make_agent("random", step).choose(snapshot).name
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:
                if len(self.state.history) != step or self.seats[seat].kind != "bot":
                    continue   # undone or handed over meanwhile: think again
                try:
                    await self._apply(seat, name)
                    continue
                except ApiError as error:
                    log.error("bot move %s refused in game %s: %s", name, self.id,
                              error.message)
            await asyncio.sleep(1.0)   # e.g. the database is down: try again shortly


def check_agent(spec: Any) -> str:
    if not isinstance(spec, str) or not spec or len(spec) > 32:
        raise ApiError("invalid_request", "a bot is named by a string, e.g. \"random\"")
    try:
        make_agent(spec)
    except ValueError as error:
        raise ApiError("unknown_bot", str(error)) from None
    return spec
