"""What a researcher's `mypy --strict` sees of keizai.rl's arrays: the element type each
one is built with (a mask of int8, observations of float32), not an array of Any, so a
program that hands them on (to torch, to a typed buffer) is checked."""

from __future__ import annotations

from pathlib import Path

from tests.rl.test_typed_interfaces import revealed_to_a_users_mypy

PROGRAM = '''
import keizai
from keizai.rl import action_mask, encoder_for
from keizai.rl.dataset import as_arrays, decision_rows, read_records

state = keizai.new_game("futuropia", players=2, seed=1)
reveal_type(action_mask(state, 0))
reveal_type(encoder_for("futuropia").observe(state, 0))
reveal_type(encoder_for("futuropia").encode(state.view(0), 0))
row = decision_rows(next(read_records("records.jsonl")))[0]
reveal_type(row.observation)
reveal_type(row.action_mask)
reveal_type(row.return_)
reveal_type(as_arrays([row]))
'''

FLOAT32 = "numpy.floating[numpy._typing._nbit_base._32Bit]"
INT8 = "numpy.signedinteger[numpy._typing._nbit_base._8Bit]"
EXPECTED = [
    f"numpy.ndarray[tuple[Any, ...], numpy.dtype[{INT8}]]",
    f"numpy.ndarray[tuple[Any, ...], numpy.dtype[{FLOAT32}]]",
    f"numpy.ndarray[tuple[Any, ...], numpy.dtype[{FLOAT32}]]",
    f"numpy.ndarray[tuple[Any, ...], numpy.dtype[{FLOAT32}]]",
    f"numpy.ndarray[tuple[Any, ...], numpy.dtype[{INT8}]]",
    "float",
    # observations, masks, actions and returns side by side: of several element types
    "dict[str, numpy.ndarray[tuple[Any, ...], numpy.dtype[Any]]]",
]


def test_a_users_mypy_sees_the_arrays_element_types(tmp_path: Path) -> None:
    assert revealed_to_a_users_mypy(PROGRAM, tmp_path) == EXPECTED
