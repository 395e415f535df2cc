"""Game records as data: one row per decision (the observation and action mask the seat
had, the action it took, the return it got), for imitation learning or offline RL from
the records `keizai sim --records`, `keizai play --save`, the web and the environments
write.

A row is what the environments would have shown the seat that decided, built from
`state.view(seat)` only (the encoder's `observe`, the same numbers as the environments'
observations), so a policy learnt from rows plays in the environments as it is. The
return is the seat's final reward (`final_rewards`, zero-sum): the environments give
nothing before the end, so it is the undiscounted return of every one of its decisions.

    rows = [row for record in read_records("runs/glory/records.jsonl")
            if "error" not in record for row in decision_rows(record)]
    data = as_arrays(rows)      # data["observation"], data["action"], data["return"], ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from keizai.engine import IllegalAction, InvalidSetup, State, new_game
from keizai.engine.errors import shown
from keizai.engine.made_by import naming_its_keizai, other_keizai
from keizai.engine.registry import check_record, parse_record
from keizai.rl.actions import action_mask
from keizai.rl.observations import ObservationEncoder, encoder_for
from keizai.rl.rewards import check_reward_kind, default_reward, final_rewards
from keizai.version import VERSION


@dataclass(frozen=True)
class DecisionRow:
    """One decision of a recorded game, as the seat that took it saw it."""

    game: int | None                    # the record's "index" (keizai sim's game number)
    step: int                           # how many actions came before this one
    seat: int                           # the seat that decided
    agent: str | None                   # who played the seat: the record's "seats", if any
    observation: npt.NDArray[np.float32]    # the seat's observation before the action
    action_mask: npt.NDArray[np.int8]       # its legal actions then
    action: int                         # the action's index (`Game.encode`)
    return_: float                      # the seat's final reward


def decision_rows(record: Mapping[str, Any], reward: str | None = None) -> list[DecisionRow]:
    """The rows of every decision of a finished game's record, in order. `reward`: a kind
    of `REWARD_KINDS` (default: the game's, as the environments'). A record that is not
    a game record or whose setup the game refuses (InvalidSetup), with an action that
    does not replay (IllegalAction, naming the move), that ends before the game does (a
    tournament game stopped on an error) or whose replay ends on other scores than the
    record says (a record of another version of the rules) is refused with ValueError
    (InvalidSetup and IllegalAction are ValueErrors too), and a game this keizai does not
    know with UnknownGame; no row of it is given. A refusal of a record another keizai
    wrote names that keizai, as `keizai.replay`'s does (docs/records.md)."""
    record = check_record(dict(record) if isinstance(record, Mapping) else record)
    kind = check_reward_kind(reward) if reward is not None else default_reward(record["game"])
    with naming_its_keizai(record):   # a refusal names the keizai that wrote the record
        state = new_game(record["game"], record["players"], record["seed"],
                         record.get("options"))
        state.log_enabled = False
        encoder = encoder_for(state.game.id)
        steps = _decisions(state, encoder, record["actions"])
    if not state.is_over:
        raise ValueError(f"the record ends after {len(record['actions'])} actions, before "
                         "the end of its game: it has no returns")
    totals = [row["total"] for row in state.scores()]
    if "scores" in record and record["scores"] != totals:
        raise ValueError(_other_scores(record, totals))
    seats = record.get("seats")
    game_number = record.get("index")
    returns = final_rewards(state, kind)
    return [DecisionRow(game=game_number if type(game_number) is int else None, step=step,
                        seat=seat, agent=_agent(seats, seat), observation=observation,
                        action_mask=mask, action=index, return_=returns[seat])
            for step, seat, observation, mask, index in steps]


def _decisions(state: State, encoder: ObservationEncoder, actions: list[Any]
               ) -> list[tuple[int, int, npt.NDArray[np.float32], npt.NDArray[np.int8], int]]:
    """Apply the record's `actions` to `state`, each (step, seat, observation, mask,
    action index) as the seat saw it before; a move that does not replay is refused as
    `keizai.replay` refuses it (refuse.record_action, with its number)."""
    steps = []
    for step, name in enumerate(actions):
        seat = state.current_player
        try:
            action = state.game.to_action(name)
            if seat is None:
                raise IllegalAction.refuse("refuse.game_over")
            steps.append((step, seat, encoder.observe(state, seat), action_mask(state, seat),
                          action.index))
            state.apply(action.index)
        except IllegalAction as error:
            raise IllegalAction.refuse("refuse.record_action", action=step + 1,
                                       name=shown(name), why=error.to_json()) from None
    return steps


def _other_scores(record: dict[str, Any], totals: list[int]) -> str:
    """Why a record whose scores its replay does not reach is refused: with the keizai
    that wrote it when that is another one (docs/records.md), as `keizai replay` says."""
    said = f"the record says the scores were {shown(record['scores'])}, its replay ends on "
    there = other_keizai(record)
    if there is not None:
        return (f"{said}{totals} (the record was written by keizai {there[:60]}; this is "
                f"keizai {VERSION}: a rule or option may have changed between them)")
    return f"{said}{totals}: a record of another version of the rules?"


def _agent(seats: object, seat: int) -> str | None:
    if isinstance(seats, list) and seat < len(seats):
        agent = seats[seat]
        if isinstance(agent, str):
            return agent
    return None


def read_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a file: a `.jsonl` file holds one a line (`keizai sim --records`'s
    records.jsonl; blank lines are passed over), any other file one (a save). A line that
    is no record is refused with InvalidSetup naming the file and the line."""
    path = Path(path)
    if path.suffix != ".jsonl":
        yield _parsed(path.read_bytes(), path, None)
        return
    with path.open("rb") as lines:
        for number, line in enumerate(lines, start=1):
            if line.strip():
                yield _parsed(line, path, number)


def _parsed(text: bytes, path: Path, line: int | None) -> dict[str, Any]:
    try:
        return parse_record(text)
    except InvalidSetup as error:
        where = str(path) if line is None else f"{path}, line {line}"
        raise InvalidSetup(f"{where}: {error}", message_id=error.message_id,
                           params=error.params) from None


def as_arrays(rows: Iterable[DecisionRow]) -> dict[str, np.ndarray]:
    """Rows stacked into arrays, one entry per row: "observation" (float32, rows × the
    encoder's size), "action_mask" (int8, rows × the game's actions), "action", "seat",
    "step" (int64) and "return" (float64). The rows must be of one game (else numpy's
    ValueError: the arrays differ in shape)."""
    rows = list(rows)
    if not rows:
        raise ValueError("no rows to stack")
    return {
        "observation": np.stack([row.observation for row in rows]),
        "action_mask": np.stack([row.action_mask for row in rows]),
        "action": np.array([row.action for row in rows], dtype=np.int64),
        "seat": np.array([row.seat for row in rows], dtype=np.int64),
        "step": np.array([row.step for row in rows], dtype=np.int64),
        "return": np.array([row.return_ for row in rows], dtype=np.float64),
    }

