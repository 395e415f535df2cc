"""The FastAPI application: JSON API, WebSocket live views and the static page."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import keizai
from keizai import i18n
from keizai.store import Store
from keizai.web.errors import ApiError, forbidden
from keizai.web.table import Connection, Table
from keizai.web.tables import Tables, available_bots, catalog, default_bot

STATIC = Path(__file__).parent / "static"
# The message catalogue the page shares with the terminal (keizai/i18n/<lang>.json).
CATALOGUES = Path(i18n.__file__).parent
MAX_BODY = 64 * 1024        # bytes of one HTTP request body
MAX_MESSAGE = 8 * 1024      # characters of one WebSocket message


async def read_json(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, or a clear error."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ApiError("too_large", f"a request body is at most {MAX_BODY} bytes", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ApiError("too_large", f"a request body is at most {MAX_BODY} bytes", 413)
    return parse_object(body)


def parse_object(raw: bytes | str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ApiError("bad_json", f"the body is not valid JSON: {error}") from None
    if not isinstance(value, dict):
        raise ApiError("bad_json", "the body must be a JSON object")
    return value


def parse_seat(raw: str | None) -> int | None:
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or len(raw) > 2:
        raise ApiError("invalid_request", "seat must be a seat number")
    return int(raw)


def create_app(database_url: str, bot_delay: float = 0.0) -> FastAPI:
    """The app on one database; `bot_delay` seconds between bot moves (for humans' eyes)."""
    store = Store(database_url)
    tables = Tables(store, bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        tables.resume_all()
        yield
        for table in tables.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        store.close()

    app = FastAPI(title="keizai", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.tables = tables

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.payload(), status_code=error.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return JSONResponse({"error": {"code": code, "message": str(error.detail)}},
                            status_code=error.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        where = ", ".join(".".join(str(p) for p in e["loc"]) for e in error.errors())
        return JSONResponse({"error": {"code": "invalid_request",
                                       "message": f"invalid value for {where}"}},
                            status_code=400)

    @app.exception_handler(Exception)
    async def crashed(_request: Request, _error: Exception) -> JSONResponse:
        return JSONResponse({"error": {"code": "internal_error",
                                       "message": "the server failed; nothing was changed"}},
                            status_code=500)

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/i18n/{lang}.json", include_in_schema=False)
    async def messages(lang: str) -> FileResponse:
        """One language's message catalogue for the page (en, ja or zh-TW)."""
        if lang not in i18n.LANGUAGES:
            raise ApiError("not_found", f"no catalogue for language {lang!r}", 404)
        return FileResponse(CATALOGUES / f"{lang}.json", media_type="application/json")

    @app.get("/api/catalog")
    async def get_catalog() -> dict[str, Any]:
        return {"games": catalog(), "bots": available_bots()}

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        return {"games": tables.listing()}

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> dict[str, Any]:
        return await tables.create(await read_json(request))

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str) -> dict[str, Any]:
        return tables.get(game_id).summary()

    @app.get("/api/games/{game_id}/view")
    async def get_view(game_id: str, seat: str | None = None,
                       token: str | None = None) -> dict[str, Any]:
        table = tables.get(game_id)
        number = parse_seat(seat)
        if number is not None:
            table.seat_of_token(number, token)
        return table.payload(Connection(number, 0))

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        table = tables.get(game_id)
        body = await read_json(request)
        await table.act(body.get("seat"), body.get("token"), body.get("action"),
                        body.get("step"))
        return {"ok": True, "step": len(table.state.history)}

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, request: Request) -> dict[str, Any]:
        table = tables.get(game_id)
        body = await read_json(request)
        await table.take_back(body.get("seat"), body.get("token"))
        return {"ok": True, "step": len(table.state.history)}

    @app.post("/api/games/{game_id}/seats/{seat}/claim")
    async def claim_seat(game_id: str, seat: int) -> dict[str, Any]:
        table = tables.get(game_id)
        return {"seat": seat, "token": await table.claim(seat)}

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def seat_to_bot(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        table = tables.get(game_id)
        body = await read_json(request)
        await table.hand_to_bot(seat, body.get("token"), body.get("agent") or default_bot())
        return {"ok": True}

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: str) -> dict[str, Any]:
        table = tables.get(game_id)
        finished(table)
        return table.state.record()

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: str, step: int = 0, seat: str | None = None) -> dict[str, Any]:
        """The position after `step` actions of a finished game, seen by `seat` (or all)."""
        table = tables.get(game_id)
        finished(table)
        record = table.state.record()
        total = len(record["actions"])
        if not 0 <= step <= total:
            raise ApiError("invalid_request", f"step must be 0 to {total}")
        number = parse_seat(seat)
        before = await asyncio.to_thread(keizai.replay,
                                         {**record, "actions": record["actions"][:step - 1]}
                                         ) if step else None
        state = await asyncio.to_thread(keizai.replay,
                                        {**record, "actions": record["actions"][:step]})
        last = record["actions"][step - 1] if step else None
        return {"step": step, "steps": total, "seat": number, "view": state.view(number),
                "log": state.log(number), "last": last,
                "events": [i18n.to_json(e) for e in state.events(number)],
                # who took the last action and its readable label (no raw ids)
                "last_seat": before.current_player if before is not None else None,
                "last_label": str(state.game.to_action(last)) if last else None}

    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        params = websocket.query_params
        try:
            table = tables.get(game_id)
            seat = parse_seat(params.get("seat"))
            token = params.get("token")
            if seat is not None:
                table.seat_of_token(seat, token)
                await table.mark_claimed(seat)
            since = params.get("since", "0")
            log_sent = int(since) if since.isdigit() and len(since) < 9 else 0
        except ApiError as error:
            await websocket.send_json(error.payload())
            await websocket.close(code=4400 if error.status != 403 else 4403)
            return
        conn = Connection(seat, min(log_sent, len(table.state.events(seat))))
        table.connections.add(conn)
        table.broadcast()   # the newcomer's first view; the others see it connected
        sender = asyncio.create_task(send_loop(websocket, conn))
        try:
            await receive_loop(websocket, table, conn, token)
        finally:
            table.connections.discard(conn)
            sender.cancel()
            with suppress(asyncio.CancelledError):
                await sender
            table.broadcast()

    return app


def finished(table: Table) -> None:
    if not table.state.is_over:
        raise forbidden("records and replays are shown once the game is over")


async def send_loop(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's messages in order until the client goes away."""
    with suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await conn.outbox.get()
            await websocket.send_json(message)


async def receive_loop(websocket: WebSocket, table: Table, conn: Connection,
                       token: str | None) -> None:
    """Messages: {"type": "act", "action", "step"?}, {"type": "act_whole", "chosen",
    "step"?} (a compound decision whole), {"type": "undo"}, {"type": "ping"}."""
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        raw = frame.get("text")
        try:
            if raw is None:
                raise ApiError("bad_json", "messages are JSON text frames")
            if len(raw) > MAX_MESSAGE:
                raise ApiError("too_large", f"a message is at most {MAX_MESSAGE} characters",
                               413)
            message = parse_object(raw)
            kind = message.get("type")
            if kind == "ping":
                conn.outbox.put_nowait({"type": "pong"})
                continue
            if conn.seat is None:
                raise forbidden("spectators cannot act")
            if kind == "act":
                await table.act(conn.seat, token, message.get("action"), message.get("step"))
            elif kind == "act_whole":
                await table.act_whole(conn.seat, token, message.get("chosen"),
                                      message.get("step"))
            elif kind == "undo":
                await table.take_back(conn.seat, token)
            else:
                raise ApiError("invalid_request", "type must be act, act_whole, undo or ping")
        except ApiError as error:
            conn.outbox.put_nowait({"type": "error", **error.payload()})
