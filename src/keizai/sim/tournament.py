"""Tournaments: many games between a line-up of agents, seats rotated, seeded, in parallel.

Game g of a tournament deals seed `seed + g // players` and rotates the line-up by
`g % players` seats, so every agent plays every seat on the same deals (this cancels
most of the luck of the deal and the advantage of seat order). Agents are seeded from
the deal and their place in the line-up. The results are therefore the same on one core,
on a process pool or on a Ray cluster.
"""

from __future__ import annotations

import csv
import io
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import keizai
from keizai.agents import parse_spec
from keizai.engine import InvalidSetup
from keizai.engine.errors import shown
from keizai.engine.integers import as_integer
from keizai.engine.registry import check_seed
from keizai.sim.runner import play_game
from keizai.sim.stats import binomial_p_greater, mean_ci, wilson
from keizai.sim.workers import end_with_parent, stop_pool

_MASK63 = (1 << 63) - 1


@dataclass(frozen=True)
class Task:
    """One game of a tournament."""

    index: int
    seed: int
    seats: tuple[str, ...]  # agent spec per seat
    entrants: tuple[int, ...]  # line-up position per seat
    agent_seeds: tuple[int, ...]


MAX_GAMES = 10_000_000


@dataclass
class Tournament:
    game: str
    players: int
    agents: list[str]  # the line-up: one spec per entrant (cycled to fill the seats)
    games: int
    seed: int = 1
    options: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        # refused with the reason, not a TypeError of the first deal's sum; NumPy's
        # integers are kept as the int they are (the rows and records are JSON)
        self.players = keizai.get_game(self.game).check_players(self.players)
        self.seed = check_seed(self.seed)
        # NumPy's integers: the int they are; a float, a bool or a string is refused here,
        # not by a TypeError of the first task it would number
        games = as_integer(self.games)
        if games is None:
            raise InvalidSetup.refuse("sim.err.games_whole", value=shown(self.games))
        self.games = games
        if not self.agents:
            self.agents = ["random"]
        if len(self.agents) > self.players:
            raise InvalidSetup.refuse("sim.err.agents_for_seats", agents=len(self.agents),
                                     seats=self.players)
        for spec in self.agents:
            parse_spec(spec)
        self.agents = [self.agents[i % len(self.agents)] for i in range(self.players)]
        if self.games < 1:
            raise InvalidSetup.refuse("sim.err.games_at_least_one")
        if self.games > MAX_GAMES:  # every game is a task and a result row in memory
            raise InvalidSetup.refuse("sim.err.too_many_games", most=f"{MAX_GAMES:,}",
                                     games=f"{self.games:,}")
        # the game, players and options, and the seeds: every deal lies between the first
        # and the last (a game that cannot be set up would have no record)
        for deal in dict.fromkeys((self.seed, self.task(self.games - 1).seed)):
            try:
                keizai.new_game(self.game, self.players, seed=deal, options=self.options)
            except InvalidSetup as error:
                if deal == self.seed:
                    raise
                raise InvalidSetup.refuse("sim.err.last_deal", seed=deal,
                                          why=error.to_json()) from None

    @property
    def labels(self) -> list[str]:
        """Entrant names: the spec, with #k when a spec appears more than once."""
        out = []
        for i, spec in enumerate(self.agents):
            same = [j for j, s in enumerate(self.agents) if s == spec]
            out.append(spec if len(same) == 1 else f"{spec}#{same.index(i) + 1}")
        return out

    def task(self, index: int) -> Task:
        """Game `index`: its deal, seats and agent seeds follow from the seed and the index
        alone (not from the number of games), so a resumed or extended run plays the
        same games."""
        n = self.players
        deal = self.seed + index // n
        rotation = index % n
        entrants = tuple((seat + rotation) % n for seat in range(n))
        return Task(index=index, seed=deal, seats=tuple(self.agents[e] for e in entrants),
                    entrants=entrants,
                    agent_seeds=tuple((deal * 1_000_003 + e * 7_919 + 17) & _MASK63
                                      for e in entrants))

    def tasks(self) -> list[Task]:
        return [self.task(g) for g in range(self.games)]


def game_winners(places: list[list[int]], won_target: int | None) -> list[int]:
    """The seats that won a game: its first place; but a solo game with a target score
    (National Economy's solo rules) is won only by reaching it, its one seat being first
    whatever it scored."""
    if won_target is not None:
        return [0] if won_target else []
    return places[0] if places else []


def play_tasks(game: str, players: int, options: dict[str, Any] | None,
               tasks: list[Task], records: bool = False) -> list[dict[str, Any]]:
    """Play some games of a tournament; one row per game (what workers run). With
    `records`, each row also holds the game's record under "record"."""
    rows = []
    for task in tasks:
        result = play_game(game, players, task.seed, list(task.seats), options,
                           list(task.agent_seeds), record=records)
        winners = game_winners(result.places, result.won)
        row = {
            "game": task.index, "seed": task.seed, "seats": list(task.seats),
            "entrants": list(task.entrants), "scores": result.scores,
            "ranking": result.ranking, "places": result.places, "winners": winners,
            # the sole winner; None when nobody won or the victory is shared
            "winner": winners[0] if len(winners) == 1 else None,
            "won_target": result.won, "target": result.target,
            "length": result.length, "error": result.error,
        }
        if records:
            row["record"] = result.record
        rows.append(row)
    return rows


def _play_timed(game: str, players: int, options: dict[str, Any] | None,
                tasks: list[Task], records: bool) -> tuple[list[dict[str, Any]], float]:
    """`play_tasks` and the seconds it took (the next chunks are sized by it)."""
    started = time.perf_counter()
    rows = play_tasks(game, players, options, tasks, records)
    return rows, time.perf_counter() - started


@dataclass
class TournamentResult:
    tournament: Tournament
    rows: list[dict[str, Any]]
    seconds: float
    backend: str
    workers: int
    resumed: int = 0  # games of the rows that an earlier, interrupted run played
    summary: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.summary = summarise(self)

    def csv_text(self) -> str:
        """One row per game: index, seed, seats, agents, scores, winner(s), length, error.
        A shared victory lists every winning seat (and agent), separated by "|"."""
        labels = self.tournament.labels
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["game", "seed", "seats", "agents", "scores", "winner", "winner_agent",
                         "won_target", "length", "error"])
        for row in self.rows:
            winners = row["winners"]
            writer.writerow([
                row["game"], row["seed"], "|".join(row["seats"]),
                "|".join(labels[e] for e in row["entrants"]),
                "|".join(str(s) for s in row["scores"]),
                "|".join(str(w) for w in winners),
                "|".join(labels[row["entrants"][w]] for w in winners),
                "" if row["won_target"] is None else row["won_target"],
                row["length"], row["error"] or ""])
        return out.getvalue()

    def table_text(self) -> str:
        """The summary as a plain-text table (win rates with 95% CIs, mean scores), in 79
        columns where the agents' names allow: the agent column is as wide as the longest,
        and the first line is folded between its parts."""
        s = self.summary
        solo = self.tournament.players == 1
        lines = [""]
        for part in (s["game"], _count(s["players"], "player"), _count(s["games"], "game"),
                     f"seed {s['seed']}", f"{s['games_per_second']} games/s",
                     _count(s["errors"], "error")):
            if lines[-1] and len(lines[-1]) + len(part) + 2 > 79:
                lines[-1] += ","
                lines.append("  " + part)
            else:
                lines[-1] += (", " if lines[-1] else "") + part
        head = "target reached" if solo else "win rate"
        two = s["players"] == 2
        p_head = f" {'p one-sided (>50%)':>19}" if two else ""
        width = max([len("agent"), *(len(e["agent"]) for e in s["entrants"])])
        lines.append(f"{'agent':{width}} {'games':>6} {head:>22} {'mean score':>17}{p_head}")
        for e in s["entrants"]:
            lo, hi = e["win_rate_ci"]
            p_value = f" {e['p_value_one_sided_vs_even']:19.3g}" if two else ""
            lines.append(f"{e['agent']:{width}} {e['games']:6d} "
                         f"{100 * e['win_rate']:6.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}] "
                         f"{e['mean_score']:9.1f} ± {e['mean_score_ci']:5.1f}{p_value}")
        return "\n".join(lines)

    def write(self, directory: str, plots: bool = True) -> list[str]:
        """Write results.json, games.csv, summary.txt (and the PNG plots) into directory."""
        import json

        os.makedirs(directory, exist_ok=True)
        written = []

        def put(name: str, text: str) -> None:
            path = os.path.join(directory, name)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
            written.append(path)

        put("results.json", json.dumps({"summary": self.summary, "games": self.rows}, indent=1))
        put("games.csv", self.csv_text())
        put("summary.txt", self.table_text() + "\n")
        if plots:
            from keizai.sim.plots import plot_scores, plot_win_matrix

            written.append(plot_scores(self, os.path.join(directory, "scores.png")))
            written.append(plot_win_matrix(self, os.path.join(directory, "winrate.png")))
        return written


def _count(n: int, noun: str) -> str:
    """"1 game", "3 games": an English count (the summary table is in English only)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def summarise(result: TournamentResult) -> dict[str, Any]:
    t = result.tournament
    rows = result.rows
    n = t.players
    labels = t.labels
    done = [r for r in rows if r["error"] is None]
    per_seat = [[r["scores"][s] for r in done] for s in range(n)]
    entrant_scores: list[list[float]] = [[] for _ in range(n)]
    # A shared victory of k seats gives each of them 1/k of a win (as a drawn game gives
    # each player half a point), so the win rates of a game's entrants sum to 1.
    entrant_wins = [0.0] * n
    sole_wins = [0] * n  # games won alone (the sign test below leaves shared wins out)
    decided = 0
    above = [[0] * n for _ in range(n)]
    for r in done:
        seat_of = {e: seat for seat, e in enumerate(r["entrants"])}
        position = {seat: k for k, place in enumerate(r["places"]) for seat in place}
        for e in range(n):
            entrant_scores[e].append(r["scores"][seat_of[e]])
        if n == 1:
            entrant_wins[0] += int(r["won_target"] or 0)
        else:
            for seat in r["winners"]:
                entrant_wins[r["entrants"][seat]] += 1 / len(r["winners"])
            if len(r["winners"]) == 1:
                sole_wins[r["entrants"][r["winners"][0]]] += 1
                decided += 1
        for a in range(n):
            for b in range(n):
                if a != b and position[seat_of[a]] < position[seat_of[b]]:
                    above[a][b] += 1
    entrants = []
    for e in range(n):
        mean, half = mean_ci(entrant_scores[e])
        games = len(entrant_scores[e])
        row: dict[str, Any] = {
            "agent": labels[e], "spec": t.agents[e], "games": games,
            "wins": round(entrant_wins[e], 4),
            "shared_wins": sum(1 for r in done if len(r["winners"]) > 1
                               and any(r["entrants"][w] == e for w in r["winners"])),
            "win_rate": round(entrant_wins[e] / games, 4) if games else None,
            "win_rate_ci": [round(x, 4) for x in wilson(entrant_wins[e], games)],
            "mean_score": round(mean, 2), "mean_score_ci": round(half, 2),
        }
        if n == 2:  # is it better than the other entrant? (H0: wins half the decided games)
            # One-sided: the chance of winning this often or more if it were only even.
            p_value = binomial_p_greater(sole_wins[e], decided)
            row["p_value_one_sided_vs_even"] = float(f"{p_value:.3g}")
        if n == 1:
            ordered = sorted(entrant_scores[e])
            row["score_quantiles"] = {
                q: ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]
                for q in (0, 10, 25, 50, 75, 90, 100)} if ordered else {}
        entrants.append(row)
    games_done = len(done)
    played = len(rows) - result.resumed  # in this run's seconds
    return {
        "game": t.game, "players": n, "agents": t.agents, "games": len(rows),
        "seed": t.seed, "backend": result.backend, "workers": result.workers,
        "seconds": round(result.seconds, 3),
        "games_per_second": round(played / result.seconds, 2) if result.seconds > 0 else None,
        "resumed_games": result.resumed,
        "mean_scores": [round(sum(v) / games_done, 2) if games_done else None
                        for v in per_seat],
        "wins": [round(sum(1 / len(r["winners"]) for r in done if s in r["winners"]), 4)
                 for s in range(n)],
        "shared_victories": sum(1 for r in done if len(r["winners"]) > 1),
        "mean_length": round(sum(r["length"] for r in done) / games_done, 1)
        if games_done else None,
        "errors": len(rows) - games_done,
        "error_samples": [f"seed {r['seed']}: {r['error']}" for r in rows if r["error"]][:5],
        "entrants": entrants,
        "head_to_head": [[round(above[a][b] / games_done, 4) if a != b and games_done else None
                          for b in range(n)] for a in range(n)],
    }


# A chunk of games sent to a worker is sized to take about this long, once the first
# chunks (one game each) have shown how long a game takes: big enough that fast games do
# not wait on the inter-process hand-over, small enough that the results of slow games
# arrive (and are stored, for --resume) soon after each game ends.
CHUNK_SECONDS = 1.0
MAX_CHUNK = 16


def _in_chunks(tasks: list[Task], slots: int, submit: Callable[[list[Task]], Any],
               wait_any: Callable[[list[Any]], tuple[list[Any], list[Any]]],
               collect: Callable[[list[dict[str, Any]]], None]) -> None:
    """Play `tasks` on `slots` parallel workers: `submit(chunk)` starts a chunk and
    returns its handle, `wait_any(handles)` waits for one or more to finish and returns
    their `_play_timed` results and the handles left. Chunks are handed out as workers
    free up (two per worker queued), so a Ctrl-C has few queued games to throw away."""
    size = 1
    start = 0
    pending: list[Any] = []
    while True:
        while start < len(tasks) and len(pending) < 2 * slots:
            pending.append(submit(tasks[start:start + size]))
            start += size
        if not pending:
            return
        finished, pending = wait_any(pending)
        for rows, seconds in finished:
            collect(rows)
            size = MAX_CHUNK if seconds <= 0 else \
                max(1, min(MAX_CHUNK, int(CHUNK_SECONDS * len(rows) / seconds)))


def run_tournament(tournament: Tournament, workers: int | None = None, backend: str = "local",
                   address: str | None = None,
                   on_progress: Callable[[int], None] | None = None,
                   played: list[dict[str, Any]] | None = None, records: bool = False,
                   on_game: Callable[[dict[str, Any], dict[str, Any] | None], None] | None
                   = None) -> TournamentResult:
    """Play the tournament. `backend` "local": a process pool of `workers` processes (all
    cores when None; 1 plays in this process; a count below 1 or no whole number, a bool
    or a float, is refused with InvalidSetup, as `keizai sim --workers` refuses it);
    "ray": Ray tasks on the cluster at `address` (a local Ray instance when None, or the
    one already initialised). `on_progress(1)` is called as each game finishes.

    `played`: rows of games an earlier run of the same tournament finished; they are not
    played again (a resumed run). `on_game(row, record)` is called for each game as soon
    as its result arrives, with its record when `records` is set (else None)."""
    t = tournament
    if workers is not None:
        count = as_integer(workers)  # NumPy's: the int it is
        if count is None or count < 1:
            raise InvalidSetup.refuse("sim.err.workers", value=shown(workers))
        workers = count
    done = {row["game"] for row in played or []}
    tasks = [task for task in t.tasks() if task.index not in done]
    if backend == "ray":
        # not counted in the run's seconds: a local Ray cluster takes 20 s or more to
        # start, which made games/s look 50 times below the local pool's for the same games
        cpus = _start_ray(address)
    started = time.perf_counter()
    rows: list[dict[str, Any]] = list(played or [])

    def collect(batch: list[dict[str, Any]]) -> None:
        for row in batch:
            record = row.pop("record", None)
            rows.append(row)
            if on_game is not None:
                on_game(row, record)
            if on_progress is not None:
                on_progress(1)

    if backend == "ray":
        workers = _run_ray(t, tasks, cpus, records, collect)
    elif backend == "local":
        workers = workers or os.cpu_count() or 1
        if workers == 1 or len(tasks) <= 1:
            for task in tasks:
                collect(play_tasks(t.game, t.players, t.options, [task], records))
        else:
            from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

            pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_setup)

            def wait_any(pending: list[Any]) -> tuple[list[Any], list[Any]]:
                finished, left = wait(pending, return_when=FIRST_COMPLETED)
                return [future.result() for future in finished], list(left)

            try:
                _in_chunks(tasks, workers, lambda chunk: pool.submit(
                    _play_timed, t.game, t.players, t.options, chunk, records),
                    wait_any, collect)
            except BaseException:
                # Ctrl-C (or an error): stop at once instead of finishing every queued
                # game; the workers ignore SIGINT, so only this process decides.
                stop_pool(pool)
                raise
            pool.shutdown()
    else:
        raise InvalidSetup.refuse("sim.err.backend", backend=repr(backend))
    rows.sort(key=lambda r: r["game"])
    return TournamentResult(t, rows, time.perf_counter() - started, backend, workers,
                            resumed=len(played or []))


def _worker_setup() -> None:
    """Pool workers leave Ctrl-C to the parent, which stops them (no tracebacks), and end
    with the parent when it dies without stopping them (`kill -9`, the OOM killer)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent()


# How long a Ray cluster's head may take to accept a connection. ray.init has no timeout
# of its own: at an address nobody answers it retries for minutes, logging warnings.
RAY_CONNECT_SECONDS = 5.0


def check_ray_address(address: str, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """Refuse (InvalidSetup, a ValueError) a Ray address whose host does not accept a TCP
    connection on its port within `timeout` seconds. "host:port" (the head's GCS) and "ray://host:port"
    (Ray Client) are checked; "auto", "local" and other forms are left to Ray."""
    rest = address.removeprefix("ray://")
    if address in ("auto", "local") or "/" in rest:
        return
    host, colon, port_text = rest.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # [::1]:6379
    if not (colon and host and port_text.isascii() and port_text.isdigit()
            and len(port_text) <= 5 and 0 < int(port_text) < 65536):
        raise InvalidSetup.refuse("sim.err.ray_address", address=repr(address))
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except OSError as error:
        reason = ({"id": "sim.err.no_answer", "params": {"seconds": f"{timeout:g}"}}
                  if isinstance(error, TimeoutError)
                  else {"text": (error.strerror or str(error)).lower()})
        raise InvalidSetup.refuse("sim.err.no_ray_cluster", address=address,
                                  reason=reason) from None


def _start_ray(address: str | None) -> int:
    """Connect to the Ray cluster at `address` (start a local one if None and none runs);
    the CPUs it has."""
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the installation
        raise InvalidSetup.refuse("sim.err.needs_ray") from None
    if not ray.is_initialized():
        if address is not None:
            check_ray_address(address)
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except ConnectionError as error:  # "auto", RAY_ADDRESS: no Ray instance found
            where = address or os.environ.get("RAY_ADDRESS") or "local"
            raise InvalidSetup.refuse("sim.err.no_ray_cluster", address=where,
                                      reason={"text": str(error)}) from None
    return int(ray.cluster_resources().get("CPU", 1))


def _run_ray(t: Tournament, tasks: list[Task], cpus: int, records: bool,
             collect: Callable[[list[dict[str, Any]]], None]) -> int:
    import ray

    remote = ray.remote(_play_timed)

    def wait_any(pending: list[Any]) -> tuple[list[Any], list[Any]]:
        ready, left = ray.wait(pending, num_returns=1)
        return [ray.get(ref) for ref in ready], left

    _in_chunks(tasks, cpus, lambda chunk: remote.remote(
        t.game, t.players, t.options, chunk, records), wait_any, collect)
    return cpus


__all__ = ["Task", "Tournament", "TournamentResult", "play_tasks", "run_tournament"]
