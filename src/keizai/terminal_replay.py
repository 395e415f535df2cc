"""Watching a recorded game in the terminal (`keizai replay`).

A record is a seed and the actions taken; the position after any number of moves is a
replay of the record's first moves. The record is replayed once, when it is opened, and
a position is kept every `KEEP_EVERY` moves: a step forward applies the next move to the
position shown, a step back or a jump continues from the kept position before it, so a
key press costs at most that many moves however long the game (replaying from the start
at each press cost a whole replay late in a long 企業帝國 game). Each move is shown as
`keizai play` shows a game: the table (`Game.render_text` of a view) and the log lines
the move wrote. By default the view is a spectator's (`view(None)`, the public log: no
hand, no deck), the web replay's "everyone"; a seat's view shows that seat's own hand
and private log lines too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import keizai
from keizai import i18n, terminal_decisions
from keizai.engine import IllegalAction, State, round_starts
from keizai.engine.errors import shown
from keizai.engine.made_by import naming_its_keizai, other_keizai
from keizai.terminal_text import (
    final_ranking_text,
    folded,
    log_line,
    printable,
    terminal_width,
)

# A position is kept after every this many moves (0, KEEP_EVERY, 2 × KEEP_EVERY, ...):
# the most moves a key press of the viewer applies. 企業帝國's ~900 moves keep ~60
# positions, each a clone of the state (its log a list of references).
KEEP_EVERY = 16

# A record's error is a line of a tournament's (an exception's type and message): longer
# is cut
MAX_ERROR = 500


def _apply_recorded(state: State, number: int, name: object) -> None:
    """Apply the record's `number`th move (from 1) to `state`; one that does not replay
    is refused as `keizai.replay` refuses it, with its number."""
    try:
        state.apply(name)
    except IllegalAction as error:
        raise IllegalAction.refuse("refuse.record_action", action=number, name=shown(name),
                                   why=error.to_json()) from None


class RecordedGame:
    """A game record, replayed once (each move checked as `keizai.replay` checks it) to
    know who took each move and where each move's log lines begin and end (the log only
    grows, so the last position's log holds every move's lines), keeping a position every
    `KEEP_EVERY` moves to show any move from."""

    def __init__(self, record: dict[str, Any]) -> None:
        with naming_its_keizai(record):   # a refusal names the keizai that wrote it
            state = keizai.replay({**record, "actions": []})   # the set-up, checked
            # marks[k]: log entries written by the set-up and the first k moves
            self.marks = [state.event_count()]
            self.movers: list[int] = []  # movers[k]: the seat that took move k + 1
            # rounds[k]: the round of the position after k moves (None: the game has none)
            self.rounds = [state.game.round_number(state)]
            self._kept = [state.clone()]   # _kept[k]: the position after k × KEEP_EVERY moves
            for name in record["actions"]:
                seat = state.current_player
                _apply_recorded(state, len(self.movers) + 1, name)  # refused after the end too
                assert seat is not None  # the move replayed, so the game was not over
                self.movers.append(seat)
                self.marks.append(state.event_count())
                self.rounds.append(state.game.round_number(state))
                if len(state.history) % KEEP_EVERY == 0:
                    self._kept.append(state.clone())
        self.record = record
        self.final = state
        self.moves = len(self.movers)
        names = state.game.action_space.actions
        self.names = [names[index].name for index in state.history]
        self._at: State | None = None

    def state_at(self, move: int) -> State:
        """The position after the first `move` moves (shared: read it, do not play it):
        the position shown before, played on, if it stands between the kept position
        before `move` and `move`; else a copy of that kept position, played on."""
        kept = move // KEEP_EVERY * KEEP_EVERY
        at = self._at
        if at is None or not kept <= len(at.history) <= move:
            at = self._kept[kept // KEEP_EVERY].clone()
        while len(at.history) < move:
            self._apply_next(at)
        self._at = at
        return at

    def _apply_next(self, state: State) -> None:
        """Play the record's next move on `state` (by its index: the record replayed)."""
        state.apply(self.final.history[len(state.history)])

    def log_lines(self, move: int, seat: int | None, lang: str) -> list[str]:
        """The log lines move `move` wrote (move 0: the set-up's), as `seat` reads them."""
        start = self.marks[move - 1] if move else 0
        entries = self.final.events_since(seat, start)[:self.marks[move] - start]
        return [i18n.render(entry, lang) for entry in entries]

    def turn_ends(self) -> list[int]:
        """The moves that end a turn: the last of a run of moves by one seat (a worker
        placed and its building paid for, a roll and its purchase)."""
        return [move for move in range(1, self.moves + 1)
                if move == self.moves or self.movers[move] != self.movers[move - 1]]

    def round_starts(self) -> list[int]:
        """The moves after which a new round begins (National Economy's rounds,
        Futuropia's rounds of the table, 企業帝國's turns); none in a game without rounds."""
        return list(round_starts(self.rounds))

    def counts_turns(self) -> bool:
        """Whether the game's rounds are its turns (`Game.rounds_are_turns`: 企業帝國, whose
        offers another seat answers belong to the turn they are made in)."""
        rounds_are_turns: bool = self.final.game.rounds_are_turns
        return rounds_are_turns

    def has_rounds(self) -> bool:
        """Whether the game has rounds of several turns to step by (r, s)."""
        return self.rounds[0] is not None and not self.counts_turns()

    def turn_steps(self) -> list[int]:
        """The moves that end a turn, which t and b step to: the game's own turns where it
        counts them (`counts_turns`), else runs of one seat's moves (`turn_ends`)."""
        if self.counts_turns():
            return [start for start in self.round_starts() if start < self.moves] \
                + [self.moves]
        return self.turn_ends()

    def error(self) -> str | None:
        """The error that stopped the game, as a tournament's record keeps it
        (`keizai sim --records`): the record's moves are those before it. A record is a
        file anyone may have written: its characters that a terminal would act on
        (escape sequences, a bell, a line feed) are shown escaped, and it is cut short."""
        error = self.record.get("error")
        return printable(error, MAX_ERROR) if isinstance(error, str) else None

    def other_scores(self) -> tuple[list[int], list[int]] | None:
        """The scores a finished game's record says (`keizai sim --records` keeps them)
        and the replay's, where the two differ: the record of a keizai whose rules count
        otherwise (another version). None where they agree or the record says none."""
        said = self.record.get("scores")
        if (not self.final.is_over or not isinstance(said, list)
                or not all(type(score) is int for score in said)):
            return None
        replayed = [row["total"] for row in self.final.scores()]
        return None if said == replayed else (said, replayed)


class ReplayViewer:
    """The replay of one record, seen by one seat or by a spectator (`seat` None), in
    `lang`: printed at once (`print_to`, `print_all`) or stepped through at a prompt
    (`run`)."""

    def __init__(self, game: RecordedGame, seat: int | None, lang: str,
                 seats: list[str] | None, say: Callable[[str], None]) -> None:
        self.game = game
        self.seat = seat
        self.lang = lang
        self.seats = seats  # who played each seat, when the record says so
        self.say = say

    def _t(self, key: str, **params: Any) -> str:
        return i18n.tr(key, self.lang, **params)

    def header(self) -> str:
        """What the record is, and its seed once the game is over (as `keizai play`
        says it then: before, it would rebuild the hands the spectator's view hides)."""
        state = self.game.final
        who = self._t("everyone") if self.seat is None else f"P{self.seat + 1}"
        lines = [self._t("cli.replay_header", title=self._t(f"game.{state.game.id}"),
                         players=state.num_players, moves=self.game.moves, who=who)]
        error = self.error_text()
        if error is not None:
            lines.append(error)
        other = self.other_scores_text()
        if other is not None:
            lines.append(other)
        if state.is_over:
            lines.append(self._t("cli.seed_at_end", seed=state.seed))
        return folded("\n".join(lines))

    def other_scores_text(self) -> str | None:
        """That the record's scores are not its replay's (`RecordedGame.other_scores`)."""
        other = self.game.other_scores()
        if other is None:
            return None
        said, replayed = (", ".join(map(str, scores)) for scores in other)
        there = other_keizai(self.game.record)
        if there is not None:
            return self._t("cli.replay_other_scores_by", said=said, replayed=replayed,
                           there=printable(there, 60), here=keizai.__version__)
        return self._t("cli.replay_other_scores", said=said, replayed=replayed)

    def error_text(self) -> str | None:
        """What stopped a game that ended on an error: which move failed (the one after
        the record's last, or the counting of the scores after the game's end) and why."""
        error = self.game.error()
        if error is None:
            return None
        if self.game.final.is_over:
            return self._t("cli.replay_error_scores", error=error)
        return self._t("cli.replay_error", n=self.game.moves + 1, error=error)

    def moves_text(self, first: int, last: int) -> str:
        """Moves `first` to `last`, each a line (its number, who took it, which action)
        followed by the log lines it wrote."""
        game_id = self.game.final.game.id
        lines = []
        for move in range(first, last + 1):
            if move == 0:
                lines.append(folded(self._t("cli.replay_setup", moves=self.game.moves)))
            else:
                name = self.game.names[move - 1]
                lines.append(folded(self._t(
                    "cli.replay_move", n=move, moves=self.game.moves,
                    seat=self.game.movers[move - 1],
                    action=i18n.action_label(game_id, name, self.lang))))
            lines += [log_line(line) for line in self.game.log_lines(move, self.seat, self.lang)]
        return "\n".join(lines)

    def table(self, move: int) -> str:
        state = self.game.state_at(move)
        text: str = state.game.render_text(state.view(self.seat), self.lang, terminal_width())
        return text

    def ending(self) -> str:
        """After the last move: the final ranking, or that the record stops before the
        game's end (a save of a game left unfinished)."""
        state = self.game.final
        error = self.error_text()
        if error is not None:
            return folded(error)
        if state.is_over:
            ranking = final_ranking_text(state, self.seats, self.lang, terminal_width())
            other = self.other_scores_text()
            return ranking if other is None else ranking + "\n" + folded(other)
        return folded(self._t("cli.replay_unfinished"))

    def frame(self, first: int, last: int) -> str:
        """Moves `first` to `last` as `keizai play` shows a turn: what they did, then the
        table as they left it; after the record's last move, its ending."""
        parts = [self.moves_text(first, last), "", self.table(last)]
        if last == self.game.moves:
            parts.append(self.ending())
        return "\n".join(parts)

    def print_to(self, move: int) -> None:
        """Everything up to `move` at once: the header, every move's lines, the table
        after them."""
        self.say(self.header())
        self.say(self.frame(0, move))

    def print_all(self, last: int) -> None:
        """Every position up to move `last` in turn: what stepping through with Enter
        shows, at once."""
        self.say(self.header())
        for move in range(last + 1):
            self.say(self.frame(move, move))

    def _step(self, answer: str, move: int, ends: list[int], starts: list[int]
              ) -> tuple[int, int] | str:
        """Where an answer at move `move` leads: the moves the next screen shows (the
        first, the last), or the catalogue id of what to say instead. `ends`: the moves
        that end a turn (`RecordedGame.turn_steps`); `starts`: the moves after which a round
        begins."""
        moves = self.game.moves
        if answer in ("r", "s") and not self.game.has_rounds():
            return "cli.replay_bad_key"
        if answer in ("", "n", "t", "r"):
            if move == moves:
                return "cli.replay_at_end"
            if answer in ("", "n"):
                return move + 1, move + 1
            later = ends if answer == "t" else starts
            return move + 1, next((end for end in later if end > move), moves)
        if answer in ("p", "b", "s"):
            if move == 0:
                return "cli.replay_at_start"
            if answer == "p":
                return move - 1, move - 1
            back = max((e for e in (ends if answer == "b" else starts) if e < move), default=0)
            return back, back
        if answer == "e":
            return moves, moves
        target = terminal_decisions.menu_number(answer, moves, least=0)
        if target is None:
            return self._key("cli.replay_bad_key", "cli.replay_bad_key_rounds")
        return target, target

    def run(self, ask: Callable[[str], str]) -> None:
        """Step through at a prompt until the viewer quits (`ask` returns "q" at the end
        of the input): Enter a move on, t to the end of the turn, p a move back, b to the
        end of the turn before, a number to that move, e to the end, l the log so far; in
        a game with rounds, r to the start of the next round and s back to the start of
        this round (of the round before, at its start). A turn is the game's own where
        it counts turns (企業帝國), else a run of one seat's moves."""
        ends = self.game.turn_steps()
        starts = self.game.round_starts() if self.game.has_rounds() else []
        self.say(self.header())
        first = move = 0
        show = True
        while True:
            if show:
                self.say(self.frame(first, move))
            show = False
            answer = ask(self._prompt(move))
            answer = answer.strip().lower()
            if answer == "q":
                return
            if answer == "l":
                self.say(self.moves_text(0, move))
                continue
            step = self._step(answer, move, ends, starts)
            if isinstance(step, str):
                self.say(folded(self._t(step, moves=self.game.moves)))
                continue
            first, move = step
            show = True

    def _key(self, plain: str, rounds: str) -> str:
        """The catalogue id `plain`, or `rounds` (which names the round keys r and s) in
        a game with rounds."""
        return rounds if self.game.has_rounds() else plain

    def _prompt(self, move: int) -> str:
        """Where the viewer stands (the move, and the round in a game with rounds, the
        turn in one that counts its turns) and the keys."""
        key = "cli.replay_keys_turns" if self.game.counts_turns() else \
            self._key("cli.replay_keys", "cli.replay_keys_rounds")
        return self._t(key, n=move, moves=self.game.moves,
                       game=i18n.family(self.game.final.game.id), round=self.game.rounds[move])
