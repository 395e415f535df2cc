"""The game store on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import secrets
import threading

import pytest
from sqlalchemy.exc import IntegrityError

import keizai
from keizai.agents import make_agent
from keizai.store import Append, Conflict, SeatRow, Store, Summary
from tests.store.rows import loaded


def new_id() -> str:
    return secrets.token_hex(6)


def seats(n: int) -> list[SeatRow]:
    return [SeatRow(i, "human" if i == 0 else "bot", None if i == 0 else "random",
                    f"token-{i}", i != 0) for i in range(n)]


@pytest.fixture
def store(database_url: str):
    store = Store(database_url)
    yield store
    store.close()


def test_a_played_game_comes_back_action_for_action(store: Store) -> None:
    state = keizai.new_game("national-economy/glory", 3, seed=11)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(3))
    bot = make_agent("random", 5)
    for step in range(40):
        action = bot.choose(state)
        state.apply(action)
        store.append_action(game_id, step, action.name)
    row = store.load(game_id)
    assert row is not None
    assert row.record() == state.record()
    assert [s.token for s in row.seats] == ["token-0", "token-1", "token-2"]
    assert keizai.replay(row.record()).view(0) == state.view(0)
    assert game_id in store.game_ids()


def test_a_step_is_written_once(store: Store) -> None:
    state = keizai.new_game("national-economy/progress", 2, seed=1)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(2))
    first = state.legal_actions()[0].name
    store.append_action(game_id, 0, first)
    with pytest.raises((Conflict, IntegrityError)):
        store.append_action(game_id, 0, state.legal_actions()[1].name)
    assert loaded(store, game_id).actions == [first]


def test_a_writer_naming_an_old_version_is_refused(store: Store) -> None:
    """Issue #12: every change raises the game's version under a row lock; a writer (a
    request, a bot, another server process) that saw an older version writes nothing."""
    state = keizai.new_game("national-economy/progress", 2, seed=1)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(2))
    names = [a.name for a in state.legal_actions()]
    assert store.append_action(game_id, 0, names[0], version=0) == 1
    assert store.truncate(game_id, 0, version=1) == 2
    for stale in (0, 1):
        with pytest.raises(Conflict):
            store.append_action(game_id, 0, names[1], version=stale)
        with pytest.raises(Conflict):
            store.set_seat(game_id, 1, kind="bot", agent="random", version=stale)
    assert loaded(store, game_id).actions == []
    assert loaded(store, game_id).version == 2


def test_the_lobby_lines_and_the_games_to_resume(store: Store) -> None:
    ids = []
    for current in (0, 1):
        state = keizai.new_game("national-economy/mecenat", 2, seed=4)
        game_id = new_id()
        ids.append(game_id)
        store.create_game(game_id, state.record(), "host", seats(2),
                          Summary(0, False, current))
    lines = {line["id"]: line for line in store.listing(10)}
    assert set(lines) >= set(ids)
    assert lines[ids[1]]["current_player"] == 1 and not lines[ids[1]]["over"]
    assert "token" not in str({k: v for k, v in lines[ids[0]].items() if k != "seats"})
    resume = store.unfinished_bot_turns()
    assert ids[1] in resume and ids[0] not in resume   # seat 1 is the bot


def test_truncate_and_seat_changes(store: Store) -> None:
    state = keizai.new_game("national-economy/mecenat", 2, seed=4)
    game_id = new_id()
    store.create_game(game_id, state.record(), "host", seats(2))
    bot = make_agent("random", 2)
    for step in range(6):
        action = bot.choose(state)
        state.apply(action)
        store.append_action(game_id, step, action.name)
    store.truncate(game_id, 2)
    store.set_seat(game_id, 0, kind="bot", agent="random")
    store.set_seat(game_id, 1, claimed=True)
    row = loaded(store, game_id)
    assert row.actions == state.record()["actions"][:2]
    assert store.action_count(game_id) == 2
    assert (row.seats[0].kind, row.seats[0].agent) == ("bot", "random")
    assert row.seats[1].claimed


def test_unknown_game_is_none(store: Store) -> None:
    assert store.load("no-such-game") is None


def _games(store: Store, count: int) -> list[tuple[str, list[str]]]:
    made = []
    for seed in range(count):
        state = keizai.new_game("national-economy/progress", 2, seed=seed)
        game_id = new_id()
        store.create_game(game_id, state.record(), "host", seats(2))
        made.append((game_id, [a.name for a in state.legal_actions()]))
    return made


def test_a_batch_answers_each_append_for_itself(store: Store) -> None:
    """Appends of several games in one transaction (SQLite's group commit): a stale one
    is refused and writes nothing, the others are written; an append that breaks the
    transaction (a step already stored) costs only itself."""
    (fresh, names), (stale, other), (taken, third) = _games(store, 3)
    store.append_action(taken, 0, third[0], version=0)
    answers = store.append_batch([Append(fresh, 0, [names[0]], 0),
                                  Append(stale, 0, [other[0]], 5),
                                  Append(taken, 0, [third[1]], None)])
    assert answers[0] == 1
    assert isinstance(answers[1], Conflict) and isinstance(answers[2], Conflict)
    assert loaded(store, fresh).actions == [names[0]]
    assert loaded(store, stale).actions == [] and loaded(store, stale).version == 0
    assert loaded(store, taken).actions == [third[0]] and loaded(store, taken).version == 1


def test_appends_waiting_together_share_one_commit(store: Store) -> None:
    """On SQLite, appends that wait while the writer thread is busy go into its next
    transaction together, and each is answered (with its version) only once that
    transaction is committed. On PostgreSQL each append is its own transaction (a batch
    would lock several games' rows at once), so none goes through a batch."""
    made = _games(store, 8)
    batches: list[int] = []
    real = store.append_batch

    def counted(items: list[Append]) -> list[int | Exception]:
        batches.append(len(items))
        return real(items)

    store.append_batch = counted   # type: ignore[method-assign]
    busy = threading.Event()

    async def play() -> list[int]:
        store.writer.submit(busy.wait, 10)   # the writer is busy with another write
        waiting = [asyncio.ensure_future(store.append(game_id, 0, [names[0]], version=0))
                   for game_id, names in made]
        await asyncio.sleep(0.05)
        if not store.postgres:   # the one SQLite writer is busy: nothing committed yet
            assert not any(w.done() for w in waiting)
        busy.set()
        return await asyncio.wait_for(asyncio.gather(*waiting), 10)

    assert asyncio.run(play()) == [1] * len(made)
    assert batches == ([] if store.postgres else [len(made)])
    assert all(loaded(store, game_id).actions == [names[0]] for game_id, names in made)


def test_an_append_is_refused_when_its_version_is_stale_in_a_batch(store: Store) -> None:
    made = _games(store, 2)

    async def play() -> tuple[int | BaseException, int | BaseException]:
        return await asyncio.gather(
            store.append(made[0][0], 0, [made[0][1][0]], version=0),
            store.append(made[1][0], 0, [made[1][1][0]], version=3),
            return_exceptions=True)

    first, second = asyncio.run(play())
    assert first == 1 and isinstance(second, Conflict)
    assert loaded(store, made[1][0]).actions == []


def test_a_failed_batch_answers_its_waiters_and_later_appends_go_on(store: Store) -> None:
    made = _games(store, 2)
    real = store.append_batch
    calls = []

    def broken_once(items: list[Append]) -> list[int | Exception]:
        calls.append(len(items))
        if len(calls) == 1:
            raise OSError("disk full")
        return real(items)

    store.append_batch = broken_once   # type: ignore[method-assign]

    async def play() -> tuple[BaseException | int, int]:
        failed = await asyncio.gather(store.append(made[0][0], 0, [made[0][1][0]], 0),
                                      return_exceptions=True)
        later = await asyncio.wait_for(store.append(made[1][0], 0, [made[1][1][0]], 0), 10)
        return failed[0], later

    failed, later = asyncio.run(play())
    if store.postgres:   # each append is its own transaction there, no batches
        assert calls == [] and failed == 1 and later == 1
        return
    assert isinstance(failed, OSError) and later == 1
    assert loaded(store, made[0][0]).actions == [] and loaded(store, made[1][0]).version == 1


def test_a_postgres_url_as_hosting_services_give_it_opens_the_database(
        postgres_url: str) -> None:
    """`postgres://` (a hosting service's DATABASE_URL) is PostgreSQL to the store itself,
    not only to `keizai serve` (21179b7): SQLAlchemy dropped the name ("Can't load
    plugin: sqlalchemy.dialects:postgres")."""
    short = "postgres" + postgres_url[len("postgresql"):]
    assert short.startswith("postgres+psycopg://")
    opened = Store(short)
    try:
        assert opened.postgres and opened.url == postgres_url
        assert opened.engine.dialect.name == "postgresql"
    finally:
        opened.close()
