"""The `keizai` command: play in the terminal, simulate, benchmark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

import keizai
from keizai import i18n
from keizai.agents import make_agent
from keizai.engine import IllegalAction, State

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Economic board games: play, simulate, benchmark.")


def _parse_options(raw: str | None) -> dict[str, Any]:
    if not raw:
        return {}
    try:
        options = json.loads(raw)
    except json.JSONDecodeError as error:
        raise typer.BadParameter(f"--options must be a JSON object: {error}") from None
    if not isinstance(options, dict):
        raise typer.BadParameter("--options must be a JSON object")
    return options


@app.command("games")
def list_games() -> None:
    """List the game ids."""
    for game_id in keizai.games():
        game = keizai.get_game(game_id)
        typer.echo(f"{game_id:28} {game.title} ({game.min_players}-{game.max_players} players)")


def final_ranking_text(state: State, seats: list[str], lang: str = "en") -> str:
    """"Final ranking: 1. P1 (…) 30 pts, P2 (…) 30 pts (shared); 3. P3 …" from the
    game's places, in `lang`; a shared first place adds a "Shared victory" line."""
    totals = [row["total"] for row in state.scores()]
    places = state.places()
    parts = []
    number = 1
    for place in places:
        names = i18n.tr("cli.ranking_sep", lang).join(
            i18n.tr("cli.ranking_entry", lang, seat=seat, who=seats[seat], points=totals[seat])
            for seat in place)
        shared = i18n.tr("cli.ranking_shared", lang) if len(place) > 1 else ""
        parts.append(i18n.tr("cli.ranking_place", lang, place=number, names=names) + shared)
        number += len(place)
    text = i18n.tr("cli.final_ranking", lang) + i18n.tr("cli.places_sep", lang).join(parts)
    if len(places[0]) > 1:
        text += "\n" + i18n.tr("cli.shared_victory", lang,
                               seats=[f"P{seat + 1}" for seat in places[0]])
    return text


class TerminalTable:
    """One game in the terminal: humans answer prompts, bots play their seats."""

    def __init__(self, state: State, seats: list[str], save: Path | None,
                 lang: str = "en") -> None:
        self.state = state
        self.lang = lang
        self.seats = seats
        self.bots = {i: make_agent(spec, state.seed * 31 + i)
                     for i, spec in enumerate(seats) if spec != "human"}
        self.humans = [i for i, spec in enumerate(seats) if spec == "human"]
        self.save = save
        self.log_seen = dict.fromkeys([None, *range(state.num_players)], 0)
        self.last_human: int | None = None

    def _t(self, key: str, **params: Any) -> str:
        return i18n.tr(key, self.lang, **params)

    def _label(self, action: Any) -> str:
        """An action as the player reads it (the game's own label in English)."""
        if self.lang == "en":
            return str(action)
        return i18n.action_label(self.state.game.id, action.name, self.lang, action.label)

    def _show_log(self, seat: int | None) -> None:
        lines = self.state.log(seat, self.lang)
        for line in lines[self.log_seen[seat]:]:
            typer.echo(f"  · {line}")
        self.log_seen[seat] = len(lines)

    def _save(self) -> None:
        if self.save is not None:
            self.save.write_text(json.dumps(self.state.record(), indent=1))

    def run(self) -> None:
        game = self.state.game
        viewer: int | None = self.humans[0] if self.humans else None
        while not self.state.is_over:
            state = self.state  # an undo replaces the state
            seat = state.current_player
            assert seat is not None
            if seat in self.bots:
                state.apply(self.bots[seat].choose(state))
                self._save()
                continue
            if len(self.humans) > 1 and seat != self.last_human:
                typer.echo("\n" + self._t("cli.pass_screen", seat=seat))
                if self._ask(self._t("cli.press_enter")).strip().lower() == "q":
                    typer.echo(self._t("cli.left_unfinished"))
                    return
            self.last_human = viewer = seat
            self._show_log(seat)
            typer.echo("")
            typer.echo(game.render_text(state.view(seat), self.lang))
            if not self._human_turn(seat):
                typer.echo(self._t("cli.left_resume", path=str(self.save)) if self.save
                           else self._t("cli.left_unfinished"))
                return
            self._save()
        state = self.state
        self._show_log(viewer)
        typer.echo("")
        typer.echo(game.render_text(state.view(viewer), self.lang))
        typer.echo(final_ranking_text(state, self.seats, self.lang))

    def _can_offer_undo(self) -> bool:
        """Undo is for a game against bots only: with other humans it would be cheating."""
        return len(self.humans) == 1

    def _undo(self, seat: int) -> str:
        """Go back to just before this seat's previous decision, unless a card was drawn or
        revealed (or a die rolled) since: undo never shows what chance would bring. Returns
        the catalogue id of what happened (cli.undone when it went back)."""
        record = self.state.record()
        actions = record["actions"]
        probe = keizai.replay({**record, "actions": []})
        movers = []
        reveals = []
        for name in actions:
            movers.append(probe.current_player)
            reveals.append(probe.reveals)
            probe.apply(name)
        mine = [i for i, mover in enumerate(movers) if mover == seat]
        if not mine:
            return "cli.nothing_to_undo"
        back = mine[-1]
        if reveals[back] != self.state.reveals:
            return "cli.cannot_undo"
        self.state = keizai.replay({**record, "actions": actions[:back]})
        self.log_seen = {viewer: len(self.state.events(viewer)) for viewer in self.log_seen}
        self._save()
        return "cli.undone"

    def _ask(self, prompt: str) -> str:
        try:
            return input(prompt + " ")
        except EOFError:
            return "q"

    def _human_turn(self, seat: int) -> bool:
        """Prompt until a legal action is applied; False when the player quits."""
        state = self.state
        while True:
            legal = state.legal_actions()
            typer.echo(self._t("cli.choose", seat=seat))
            for number, action in enumerate(legal, 1):
                typer.echo(f"  {number:2}) {self._label(action)}")
            undo = self._can_offer_undo()
            answer = self._ask(self._t("cli.prompt_undo" if undo else "cli.prompt"))
            answer = answer.strip().lower()
            if answer == "q":
                return False
            if answer == "u" and undo:
                outcome = self._undo(seat)
                typer.echo(self._t(outcome))
                if outcome == "cli.undone":
                    return True  # the table shows the restored position
                continue
            if answer == "l":
                for line in state.log(seat, self.lang):
                    typer.echo(f"  · {line}")
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
                typer.echo(self._t("cli.bad_number", n=len(legal)))
                continue
            try:
                state.apply(legal[int(answer) - 1])
            except IllegalAction as error:  # cannot happen for a listed action
                typer.echo(self._t("cli.not_allowed", error=str(error)))
                continue
            return True


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. national-economy/mecenat")],
    players: Annotated[int, typer.Option(help="number of players")] = 3,
    seed: Annotated[int | None, typer.Option(help="random seed (default: a new one)")] = None,
    seats: Annotated[str | None, typer.Option(
        help="comma-separated seat list: human or a bot name (default: you, then bots)")] = None,
    options: Annotated[str | None, typer.Option(help="game options as JSON")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game record here after "
                                              "every move")] = None,
    resume: Annotated[Path | None, typer.Option(help="continue a saved game record")] = None,
    lang: Annotated[str | None, typer.Option(
        help="language of the table, log and actions: en, ja or zh-TW (default: the "
             "locale's)")] = None,
) -> None:
    """Play a game in the terminal (hot-seat for several humans, bots for the rest)."""
    try:
        if resume is not None:
            record = json.loads(resume.read_text())
            state = keizai.replay(record)
            players = state.num_players
            save = save or resume
        else:
            state = keizai.new_game(game, players, seed=seed, options=_parse_options(options))
    except (ValueError, KeyError, OSError, IllegalAction) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    seat_list = ([s.strip() for s in seats.split(",")] if seats
                 else ["human"] + ["random"] * (players - 1))
    if len(seat_list) != players:
        typer.echo(f"error: --seats names {len(seat_list)} seats for {players} players",
                   err=True)
        raise typer.Exit(2)
    for spec in seat_list:
        if spec != "human":
            try:
                make_agent(spec)
            except ValueError as error:
                typer.echo(f"error: {error}", err=True)
                raise typer.Exit(2) from None
    if lang is not None and lang not in i18n.LANGUAGES:
        typer.echo(f"error: --lang must be one of {', '.join(i18n.LANGUAGES)}", err=True)
        raise typer.Exit(2)
    language = lang or i18n.default_language()
    title = i18n.tr(f"game.{state.game.id}", language)
    typer.echo(i18n.tr("cli.header", language, title=title, players=players,
                       seed=state.seed))
    TerminalTable(state, seat_list, save, language).run()


class _Progress:
    """A progress bar on stderr with games/s and an ETA (rich)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.bar: Any = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("games"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn(),
            TextColumn("ETA"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=False)
        self.task = self.bar.add_task("games", total=total, rate="-")

    def __enter__(self) -> _Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self, k: int) -> None:
        if self.bar is not None:
            self.bar.advance(self.task, k)
            speed = self.bar.tasks[0].speed
            self.bar.update(self.task, rate=f"{speed:.1f}" if speed else "-")


@app.command()
def sim(
    game: Annotated[str, typer.Option(help="game id")] = "national-economy/mecenat",
    players: Annotated[int, typer.Option(help="number of players")] = 4,
    games: Annotated[int, typer.Option(help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the first deal")] = 1,
    agents: Annotated[str | None, typer.Option(
        help="comma-separated line-up, e.g. mcts,heuristic (cycled to fill the seats; "
             "seats are rotated game by game; default: random)")] = None,
    options: Annotated[str | None, typer.Option(help="game options as JSON")] = None,
    workers: Annotated[int | None, typer.Option(
        help="local processes (default: all cores; 1 = this process)")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray")] = "local",
    address: Annotated[str | None, typer.Option(
        help="Ray cluster address (with --backend ray; default: start a local Ray)")] = None,
    out: Annotated[Path | None, typer.Option(
        help="directory for results.json, games.csv, summary.txt and PNG plots")] = None,
    plots: Annotated[bool, typer.Option(help="draw the PNG plots into --out")] = True,
    progress: Annotated[bool | None, typer.Option(
        help="progress bar on stderr (default: when stderr is a terminal)")] = None,
    table: Annotated[bool | None, typer.Option(
        help="summary table on stderr (default: when stderr is a terminal)")] = None,
) -> None:
    """Run a tournament between bots; print its JSON summary (a table goes to stderr)."""
    import sys

    from keizai.sim import Tournament, run_tournament

    line_up = [a.strip() for a in agents.split(",")] if agents else ["random"]
    try:
        tournament = Tournament(game, players, line_up, games, seed, _parse_options(options))
        keizai.new_game(game, players, seed=seed, options=tournament.options)
        show = sys.stderr.isatty() if progress is None else progress
        with _Progress(games, show) as bar:
            result = run_tournament(tournament, workers=workers, backend=backend,
                                    address=address, on_progress=bar.advance)
    except (ValueError, KeyError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    talk = sys.stderr.isatty() if table is None else table
    if talk:
        typer.echo(result.table_text(), err=True)
    if out is not None:
        for path in result.write(str(out), plots=plots):
            if talk:
                typer.echo(f"wrote {path}", err=True)
    typer.echo(json.dumps(result.summary, indent=1))
    if result.summary["errors"]:
        raise typer.Exit(1)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
             "(default: a SQLite file keizai.sqlite3 here)")] = None,
    bot_delay: Annotated[float, typer.Option(
        help="seconds a bot waits before each move, so people can follow")] = 0.4,
) -> None:
    """Serve the web platform: lobby, tables, live games, replays."""
    try:
        import uvicorn

        from keizai.store import default_database_url
        from keizai.web import create_app
    except ImportError as error:
        typer.echo(f"error: the web extra is not installed ({error}); "
                   "run pip install -e '.[web]'", err=True)
        raise typer.Exit(2) from None
    url = database_url or default_database_url()
    typer.echo(f"keizai: http://{host}:{port}/  (database {url.split('@')[-1]})")
    uvicorn.run(create_app(url, bot_delay=bot_delay), host=host, port=port,
                ws_max_size=64 * 1024, log_level="warning")


@app.command()
def bench(
    game: Annotated[str | None, typer.Option(help="one game id (default: every game)")] = None,
    players: Annotated[int, typer.Option(help="number of players")] = 2,
    seconds: Annotated[float, typer.Option(help="seconds per measurement")] = 1.0,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")]
    = False,
) -> None:
    """Speed on one core: random games/s, engine steps/s, clone()/s, MCTS iterations/s."""
    from keizai.sim.bench import bench as run_bench
    from keizai.sim.bench import format_table

    try:
        rows = run_bench([game] if game else None, players, seconds)
    except (ValueError, KeyError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(rows, indent=1) if as_json else format_table(rows))


if __name__ == "__main__":
    app()
