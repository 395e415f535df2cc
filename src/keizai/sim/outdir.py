"""A tournament's output directory (`keizai sim --out DIR`), kept so that a run stopped
half-way (Ctrl-C, killed, the session ended) can be resumed (`--resume`).

- `tournament.json`: the arguments that decide the games (game, players, line-up, seed,
  options, whether records are kept), the number of games and the version of keizai
  that plays them. A resumed run must have the same arguments and version; it may ask
  for more games (game g does not depend on how many games there are).
- `progress.jsonl`: one line per finished game, as its result arrives (the row of
  results.json), flushed at once: a killed run loses only the games still being played.
  A last line cut short by the kill is dropped on resume and its game played again.
- `records.jsonl` (with records): one line per finished game, written before its
  progress line: the game's record (`State.record()`, what `keizai.replay` rebuilds the
  game from) with the game's `index` in the tournament, the bot spec (`seats`) and the
  line-up label (`agents`) of every seat, the final `scores` (and the `error` of a game
  that failed).

Both files are in the order the games finished (each line names its game). A line that
is damaged (not one a run wrote: edited, or from another tournament) stops the resume
with its file and line number, before anything is changed; so does a record whose moves
do not replay to its scores, or a row whose scores are not its record's.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

import keizai
from keizai import filelock, i18n
from keizai.engine import IllegalAction, InvalidSetup
from keizai.engine.errors import shown
from keizai.engine.made_by import other_keizai
from keizai.engine.registry import parse_record, replay
from keizai.sim.tournament import Tournament, game_winners

ARGUMENTS = "tournament.json"
PROGRESS = "progress.jsonl"
RECORDS = "records.jsonl"
LOCK = ".keizai-sim.lock"  # held while a run writes (`_lock`)
RESULTS = ("results.json", "games.csv", "summary.txt", "scores.png", "winrate.png")
FORMAT = 1  # of tournament.json and the lines of progress.jsonl
MAX_ARGUMENTS_BYTES = 1 << 20  # tournament.json is a few hundred bytes
# the arguments a resumed run must share with the stored games, and their options
_DECIDING = {"game": "--game", "players": "--players", "agents": "--agents",
             "seed": "--seed", "options": "--options", "records": "--records"}
_ROW_KEYS = {"game", "seed", "seats", "entrants", "scores", "ranking", "places", "winners",
             "winner", "won_target", "target", "length", "error"}


class OutDirError(ValueError):
    """An output directory that cannot be used as asked; the message says why and what
    to do. Nothing in the directory was changed. The message is the catalogue's
    `message_id` (ids `sim.out.*`): its `str` is the English text, `render(lang)` it in
    another language (`keizai sim --lang`)."""

    def __init__(self, message_id: str, **params: Any) -> None:
        super().__init__(i18n.tr(message_id, "en", **params))
        self.message_id = message_id
        self.params = params

    def render(self, lang: str = "en") -> str:
        return i18n.tr(self.message_id, lang, **self.params)


class _Damaged(Exception):
    """A line of progress.jsonl or records.jsonl that no run of this tournament wrote;
    its argument is the reason, a nested catalogue message (`{"id", "params"}`)."""


def _damaged(message_id: str, **params: Any) -> _Damaged:
    return _Damaged({"id": message_id, "params": params})


def arguments(tournament: Tournament, records: bool) -> dict[str, Any]:
    """What tournament.json holds for `tournament`: options with their defaults filled
    in, so that `{}` and the defaults spelt out are the same tournament; and the version
    of the keizai that plays its games (another may play other games from the same seeds,
    `_same_keizai`)."""
    t = tournament
    return {"format": FORMAT, "keizai": keizai.__version__,
            "game": t.game, "players": t.players, "agents": t.agents,
            "seed": t.seed, "options": keizai.get_game(t.game).resolve_options(t.options),
            "records": records, "games": t.games}


class OutDir:
    """The durable part of a tournament's --out directory (its arguments, the finished
    games and their records) while the tournament runs: open it, pass `rows` to
    `run_tournament(played=...)` and `add` as its `on_game`, then `close` it.

    `resume`: continue the games stored in `directory` (refused when they belong to
    another tournament; a directory without any starts afresh). Without it, a directory
    that already holds a tournament's files is refused rather than overwritten."""

    def __init__(self, directory: str | Path, tournament: Tournament, records: bool = False,
                 resume: bool = False) -> None:
        self.path = Path(directory)
        self.tournament = tournament
        self.records = records
        self.rows: list[dict[str, Any]] = []  # the finished games, by index
        self._labels = tournament.labels
        self._options = keizai.get_game(tournament.game).resolve_options(tournament.options)
        self.path.mkdir(parents=True, exist_ok=True)
        self._lock = _lock(self.path)
        try:
            wanted = arguments(tournament, records)
            if resume and (self.path / ARGUMENTS).exists():
                self.rows = self._stored(wanted)
            else:
                self._refuse_to_replace(resume)
            _replace(self.path / ARGUMENTS, json.dumps(wanted, indent=1) + "\n")
            self._progress = _appending(self.path / PROGRESS)
            self._records = _appending(self.path / RECORDS) if records else None
        except BaseException:
            _unlock(self.path, self._lock)
            raise

    def __enter__(self) -> OutDir:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def add(self, row: dict[str, Any], record: dict[str, Any] | None) -> None:
        """Store a finished game (its row and, with records, its record) durably: each
        line is flushed to the operating system at once, so it survives the process
        being killed. The record goes first: a game counts as finished by its row."""
        if self._records is not None:
            assert record is not None
            line = {key: record[key]
                    for key in ("format", "keizai", "game", "players", "seed", "options")}
            line.update(index=row["game"], seats=row["seats"],
                        agents=[self._labels[e] for e in row["entrants"]],
                        scores=row["scores"])
            if row["error"] is not None:
                line["error"] = row["error"]
            line["actions"] = record["actions"]
            _append(self._records, line)
        _append(self._progress, row)

    def close(self) -> None:
        """Close the files and let another run use the directory."""
        if self._progress.closed:
            return
        self._progress.close()
        if self._records is not None:
            self._records.close()
        _unlock(self.path, self._lock)

    def _refuse_to_replace(self, resume: bool) -> None:
        found = [name for name in (ARGUMENTS, PROGRESS, RECORDS, *RESULTS)
                 if (self.path / name).exists()]
        if not found:
            return
        if ARGUMENTS in found:
            raise OutDirError("sim.out.holds_tournament", path=str(self.path), held=found)
        key = "sim.out.holds_results_resume" if resume else "sim.out.holds_results"
        raise OutDirError(key, path=str(self.path), held=found, file=ARGUMENTS)

    def _stored(self, wanted: dict[str, Any]) -> list[dict[str, Any]]:
        """The rows of the games stored in the directory, after checking that they are
        games of this tournament; the files are cut back to those games (a line cut
        short by a kill, a record whose row was not written yet)."""
        path = self.path / ARGUMENTS
        _regular(path)
        try:
            too_large = path.stat().st_size > MAX_ARGUMENTS_BYTES
            stored = None if too_large else json.loads(path.read_bytes())
        except (ValueError, RecursionError, OSError) as error:
            raise OutDirError("sim.out.unreadable_arguments", path=str(path),
                              error={"text": str(error)}) from None
        if too_large:
            raise OutDirError("sim.out.unreadable_arguments", path=str(path),
                              error={"id": "sim.out.too_large"})
        if not isinstance(stored, dict) or stored.get("format") != FORMAT \
                or not isinstance(stored.get("games"), int):
            raise OutDirError("sim.out.not_ours", path=str(path))
        differ = [{"id": "sim.out.differ",
                   "params": {"option": option, "there": json.dumps(stored.get(key)),
                              "here": json.dumps(wanted[key])}}
                  for key, option in _DECIDING.items() if stored.get(key) != wanted[key]]
        if differ:
            raise OutDirError("sim.out.other_tournament", path=str(self.path), differ=differ)
        _same_keizai(path, stored.get("keizai"))
        if stored["games"] > self.tournament.games:
            raise OutDirError("sim.out.fewer_games", path=str(self.path),
                              stored=stored["games"], games=self.tournament.games)
        rows, row_lines, exact = self._read(PROGRESS, self._row)
        files = [(PROGRESS, row_lines, exact)]
        if self.records:
            recorded, record_lines, exact = self._read(RECORDS, self._record)
            # A run writes a game's record, then its row: only the last record can lack
            # its row (killed in between). Anything else means a file was cut or replaced,
            # and the games would be played again (or their records lost) unnoticed.
            unrecorded = [row_lines[g] for g in rows if g not in recorded]
            if unrecorded:
                raise _unmatched(self.path / PROGRESS, unrecorded,
                                 {"id": "sim.out.missing_records",
                                  "params": {"file": RECORDS, "n": len(unrecorded)}})
            unplayed = [record_lines[g] for g in recorded if g not in rows]
            if len(unplayed) > 1:
                raise _unmatched(self.path / RECORDS, unplayed,
                                 {"id": "sim.out.missing_results",
                                  "params": {"file": PROGRESS, "n": len(unplayed)}})
            # the record replays to its scores (`_record`): a row that says otherwise is
            # the one in doubt
            for g in sorted(g for g in rows if g in recorded):
                if recorded[g] != [rows[g]["scores"], rows[g]["error"]]:
                    raise OutDirError("sim.out.damaged_line", path=str(self.path / PROGRESS),
                                      line=row_lines[g], reason={
                                          "id": "sim.out.row_not_record",
                                          "params": {"index": g, "file": RECORDS}})
            files.append((RECORDS, record_lines, exact))
        for name, lines, exact in files:
            keep = {number for index, number in lines.items() if index in rows}
            if not exact or len(keep) < len(lines):
                _keep_lines(self.path / name, keep)
        return [rows[index] for index in sorted(rows)]

    def _read(self, name: str, parse: Callable[[bytes], tuple[int, Any]]
              ) -> tuple[dict[int, Any], dict[int, int], bool]:
        """The entries of a file by game index (`parse(line)` gives the index and the
        entry), the number of the line each was read from, and whether those are all
        the file's lines. A last line cut short (no newline: the run was killed while
        writing it), blank lines and repeated games are left out; any other line that
        does not parse is refused."""
        path = self.path / name
        entries: dict[int, Any] = {}
        lines: dict[int, int] = {}
        exact = True
        try:
            _regular(path)
            with open(path, "rb") as handle:
                for number, line in enumerate(handle, 1):
                    if not line.endswith(b"\n") or not line.strip():
                        exact = False
                        continue
                    try:
                        index, entry = parse(line)
                    except _Damaged as damaged:
                        raise OutDirError("sim.out.damaged_line", path=str(path), line=number,
                                          reason=damaged.args[0]) from None
                    if index in entries:
                        exact = False
                    else:
                        entries[index] = entry
                        lines[index] = number
        except FileNotFoundError:
            pass  # killed before the file was made: no games
        except OSError as error:
            raise OutDirError("sim.out.unreadable", path=str(path), error=str(error)) from None
        return entries, lines, exact

    def _index(self, value: object) -> int:
        if type(value) is not int or not 0 <= value < self.tournament.games:
            raise _damaged("sim.out.bad_index", value=shown(value))
        return value

    def _row(self, line: bytes) -> tuple[int, dict[str, Any]]:
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):  # not UTF-8 or not JSON; nested too deep
            raise _damaged("sim.out.not_json") from None
        if not isinstance(row, dict) or set(row) != _ROW_KEYS:
            raise _damaged("sim.out.not_result")
        index = self._index(row["game"])
        task = self.tournament.task(index)
        if [row["seed"], row["seats"], row["entrants"]] != \
                [task.seed, list(task.seats), list(task.entrants)]:
            raise _damaged("sim.out.other_game", index=index)
        problem = _row_problem(row, self.tournament.players)
        if problem:
            raise _damaged("sim.out.bad_row", index=index, problem=problem)
        return index, row

    def _record(self, line: bytes) -> tuple[int, list[Any]]:
        """A record of this tournament's game (its deal, options and line-up), whose
        moves replay to its stored scores; its index, and its scores and error (which
        its row must repeat)."""
        try:
            record = parse_record(line)
        except InvalidSetup as error:
            raise _Damaged(error.to_json()) from None
        index = self._index(record.get("index"))
        t = self.tournament
        task = t.task(index)
        if [record["game"], record["players"], record["seed"], record.get("options"),
                record.get("seats"), record.get("agents")] != \
                [t.game, t.players, task.seed, self._options, list(task.seats),
                 [self._labels[e] for e in task.entrants]]:
            raise _damaged("sim.out.not_record", index=index)
        failure = record.get("error")
        if not (failure is None or isinstance(failure, str)):
            raise _damaged("sim.out.not_record", index=index)
        _check_replay(record, index)
        return index, [record.get("scores"), failure]


def _same_keizai(path: Path, version: object) -> None:
    """Refuse to resume games that another keizai played (`version`, from tournament.json;
    None when it was written before keizai kept its version there): a changed engine,
    rules or bot may play other games from the same seeds, and mixing them silently
    would make one tournament of two."""
    here = keizai.__version__
    if version == here:
        return
    if version is None:
        raise OutDirError("sim.out.no_version", path=str(path), here=here)
    there = version if isinstance(version, str) else shown(version)
    raise OutDirError("sim.out.other_version", path=str(path.parent), there=there[:60],
                      here=here)


def _check_replay(record: dict[str, Any], index: int) -> None:
    """Refuse a record whose moves do not replay to its stored scores (a game that
    failed: whose moves, those before its error, do not replay). Without the event log;
    still about as long as playing the game with random bots, a small part of it with
    any other (figures in docs/bots.md)."""
    try:
        state = replay(record, log=False)
    except IllegalAction as illegal:
        raise _damaged("sim.out.record_illegal", index=index, why=illegal.to_json()) from None
    if record.get("error") is not None:
        return
    if not state.is_over:
        raise _damaged("sim.out.record_unfinished", index=index)
    scores = [row["total"] for row in state.scores()]
    if scores != record.get("scores"):
        differ = {"id": "sim.out.record_scores", "params": {
            "index": index, "replayed": json.dumps(scores), "stored": shown(record.get("scores"))}}
        there = other_keizai(record)
        if there is not None:
            raise _damaged("record.other_keizai", why=differ, there=there[:60],
                           here=keizai.__version__)
        raise _Damaged(differ)


def _unmatched(path: Path, lines: list[int], what: dict[str, Any]) -> OutDirError:
    """Lines of `path` that the other file does not match: the first five are named;
    `what` (a nested catalogue message) says which games they are."""
    more = ({"id": "sim.out.more", "params": {"n": len(lines) - 5}} if len(lines) > 5
            else {"text": ""})
    return OutDirError("sim.out.unmatched", path=str(path), n=len(lines),
                       lines=sorted(lines)[:5], more=more, what=what)


def _row_problem(row: dict[str, Any], players: int) -> str | None:
    """What makes a stored result impossible (so that the statistics never read a
    malformed one): its catalogue id, or None."""
    def ints(value: object) -> bool:
        return isinstance(value, list) and all(type(x) is int for x in value)

    finished = row["error"] is None
    if not (finished or isinstance(row["error"], str)):
        return "sim.out.row.error"
    if not ints(row["scores"]) or (finished and len(row["scores"]) != players):
        return "sim.out.row.scores"
    seats = list(range(players))
    places = row["places"]
    if not (isinstance(places, list) and all(ints(place) and place for place in places)):
        return "sim.out.row.places"
    order = [seat for place in places for seat in place]
    if not ints(row["ranking"]) or order != row["ranking"] \
            or (sorted(order) != seats if finished else not set(order) <= set(seats)):
        return "sim.out.row.ranking"
    if not all(value is None or type(value) is int for value in (row["won_target"],
                                                                  row["target"])):
        return "sim.out.row.target"
    winners = game_winners(places, row["won_target"])
    if row["winners"] != winners or row["winner"] != (winners[0] if len(winners) == 1
                                                      else None):
        return "sim.out.row.winners"
    if type(row["length"]) is not int or row["length"] < 0:
        return "sim.out.row.length"
    return None


def _append(handle: Any, entry: dict[str, Any]) -> None:
    handle.write(json.dumps(entry, separators=(",", ":")) + "\n")
    handle.flush()


def _regular(path: Path) -> None:
    """Refuse a device, a pipe or a directory in the place of a file (reading one would
    never end, or fail with a less clear error)."""
    if path.exists() and not path.is_file():
        raise OutDirError("sim.out.not_regular", path=str(path))


def _appending(path: Path) -> TextIO:
    """The file opened for the run, which appends a line to it per finished game."""
    return open(path, "a", encoding="utf-8")


def _keep_lines(path: Path, keep: set[int]) -> None:
    """Cut the file back to its lines numbered in `keep`. What a kill leaves (a line cut
    short, a record without its row) is at the end: the file is truncated in place, which
    also works on a full disk. Otherwise it is rewritten, whole or not at all."""
    if keep == set(range(1, len(keep) + 1)):
        with open(path, "rb") as handle:
            end = sum(len(line) for line in itertools.islice(handle, len(keep)))
        os.truncate(path, end)
        return
    partial = path.with_name(path.name + ".partial")
    try:
        with open(path, "rb") as source, open(partial, "wb") as target:
            for number, line in enumerate(source, 1):
                if number in keep:
                    target.write(line)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)  # a disk that was full: no half copy left behind


def _replace(path: Path, text: str) -> None:
    """Write a file whole or not at all (a kill while writing keeps the old one)."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def _lock(directory: Path) -> int:
    """Hold the directory for this run (released by `_unlock`, or when the process ends):
    two runs appending to the same files would mix them. A record lock on a file of its
    own (keizai.filelock), which the pool's forked workers do not share: a run killed
    outright (kill -9) frees the directory at once, its orphaned workers alive or not."""
    fd = filelock.hold(directory / LOCK)
    if fd is None:
        raise OutDirError("sim.out.in_use", path=str(directory))
    return fd


def _unlock(directory: Path, fd: int) -> None:
    """Let another run use the directory; its lock file goes too (a run that was refused
    leaves the directory as it found it)."""
    filelock.release(directory / LOCK, fd)


__all__ = ["ARGUMENTS", "PROGRESS", "RECORDS", "OutDir", "OutDirError", "arguments"]
