"""Records the registry refuses, and how: a hand-edited or damaged record (its options,
seed, actions, or the file's text itself) is an InvalidSetup (a ValueError) with a
catalogue reason, never another exception; a refused action is counted from 1."""

from __future__ import annotations

import json
from typing import Any

import pytest

import keizai
from keizai.engine import InvalidSetup
from keizai.engine.registry import check_record, parse_record

GAME = "national-economy/mecenat"


def record(**changes: Any) -> dict[str, Any]:
    state = keizai.new_game(GAME, 2, seed=8)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    return {**state.record(), **changes}


def refusal(call: Any, *args: Any) -> InvalidSetup:
    with pytest.raises(InvalidSetup) as caught:
        call(*args)
    assert isinstance(caught.value, ValueError) and caught.value.message_id is not None
    return caught.value


@pytest.mark.parametrize("options", [[1], [], "x", 3])
def test_options_that_are_no_object_are_refused(options: Any) -> None:
    error = refusal(keizai.replay, record(options=options))
    assert error.message_id == "setup.options"
    assert "options must be an object" in str(error)
    assert "オプション" in error.render("ja") and "選項" in error.render("zh-TW")
    assert refusal(keizai.new_game, GAME, 2, 1, options).message_id == "setup.options"


def test_null_options_are_the_defaults() -> None:
    assert keizai.replay(record(options=None)).record()["options"] == \
        keizai.new_game(GAME, 2, seed=1).record()["options"]


def test_a_record_without_a_seed_is_refused_not_dealt_anew() -> None:
    error = refusal(keizai.replay, record(seed=None))
    assert error.message_id == "setup.seed"
    assert str(error) == "seed must be a whole number (given: null)"


@pytest.mark.parametrize("seed", [2**64, 10**32, 10**5000], ids=["2^64", "10^32", "10^5000"])
def test_a_seed_of_more_than_64_bits_is_refused(seed: int) -> None:
    error = refusal(keizai.replay, record(seed=seed))
    assert error.message_id == "setup.seed_size"
    assert str(error) == f"seed is too large: {seed.bit_length()} bits, at most 64"
    assert refusal(keizai.new_game, GAME, 2, seed).message_id == "setup.seed_size"


@pytest.mark.parametrize("seed", [-1, -(2**63), -(2**64), -(10**5000)],
                         ids=["-1", "-2^63", "-2^64", "-10^5000"])
def test_a_negative_seed_is_refused_not_wrapped_into_another_seeds_game(seed: int) -> None:
    """new_game(game, n, seed=-1) dealt the game of seed 2**64 - 1 (the state keeps the
    seed's low 64 bits): two seeds, one game, in a researcher's bookkeeping."""
    for error in (refusal(keizai.new_game, GAME, 2, seed), refusal(keizai.replay,
                  record(seed=seed)), refusal(check_record, record(seed=seed))):
        assert error.message_id == "setup.seed_negative"
        assert str(error).startswith("seed must be at least 0, not ")
        assert error.render("ja").startswith("シードは0以上の整数")
        assert error.render("zh-TW").startswith("種子必須是0以上的整數")
    assert keizai.new_game(GAME, 2, seed=2**64 - 1).seed == 2**64 - 1
    assert keizai.new_game(GAME, 2, seed=0).seed == 0


@pytest.mark.parametrize("seed", [0, 1, 2**63, 2**64 - 1])
def test_a_64_bit_seed_is_kept(seed: int) -> None:
    assert keizai.replay(record(seed=seed)).seed == seed


def test_check_record_is_what_replay_checks_first() -> None:
    good = record()
    assert check_record(good) is good
    bad_records: tuple[object, ...] = (
        [], {**good, "seed": "8"}, {**good, "options": [1]}, {**good, "actions": "x"})
    for bad in bad_records:
        refusal(check_record, bad)


def test_a_refused_action_of_a_record_is_counted_from_one() -> None:
    good = record()
    for position in (0, 2):
        actions = list(good["actions"])
        actions[position] = "nonsense"
        with pytest.raises(keizai.IllegalAction) as caught:
            keizai.replay({**good, "actions": actions})
        error = caught.value
        assert error.message_id == "refuse.record_action"
        assert error.params["action"] == position + 1
        nth = {0: "1st", 2: "3rd"}[position]
        assert str(error).startswith(f"the record's {nth} move ('nonsense'): ")
        assert error.render("ja").startswith(f"記録の{position + 1}番目の行動")
        assert error.render("zh-TW").startswith(f"紀錄中第{position + 1}個行動")


def test_parse_record_reads_a_record_file() -> None:
    good = record()
    text = json.dumps(good, indent=1)
    assert parse_record(text) == good
    assert parse_record(text.encode()) == good
    assert parse_record(b"\xef\xbb\xbf" + text.encode()) == good  # a byte-order mark
    assert parse_record("\ufeff" + text) == good
    assert keizai.replay(parse_record(text)).record() == good


@pytest.mark.parametrize(("text", "message_id"), [
    ("[" * 100_000 + "]" * 100_000, "setup.record_nested"),
    ('{"a": ' * 100_000 + "1" + "}" * 100_000, "setup.record_nested"),
    ('{"game": "national-economy/mecenat", "players": 2, "seed": 1' + "0" * 5000
     + ', "actions": []}', "setup.record_number"),
    ('{"seed": ' + "9" * 41 + "}", "setup.record_number"),
    (b"\xff\xfe{}", "setup.record_utf8"),
    ("", "setup.record_json"),
    ('{"game": "national-economy/mecenat", "pla', "setup.record_json"),
    ("[1, 2]", "setup.record"),
    ("null", "setup.record"),
    ('{"game": "national-economy/mecenat"}', "setup.record_key"),
    ('{"game": ["national-economy/mecenat"], "players": 2, "seed": 8, "actions": []}',
     "setup.record_game"),   # was a TypeError (unhashable list) in the game registry
    ('{"game": {"id": 1}, "players": 2, "seed": 8, "actions": []}', "setup.record_game"),
    ('{"game": "national-economy/mecenat", "players": 2, "seed": null, "actions": []}',
     "setup.seed"),
    ('{"game": "national-economy/mecenat", "players": 2, "seed": 8, "options": [1], '
     '"actions": []}', "setup.options"),
])
def test_parse_record_refuses_what_is_no_record(text: str | bytes, message_id: str) -> None:
    error = refusal(parse_record, text)
    assert error.message_id == message_id, str(error)
    assert "sys.set_int_max_str_digits" not in str(error)
    for lang in ("ja", "zh-TW"):
        assert error.render(lang) != str(error)


def test_parse_record_says_where_the_json_breaks() -> None:
    error = refusal(parse_record, '{\n "game": 1,\n "players": }')
    assert (error.params["line"], error.params["column"]) == (3, 13)
    assert str(error) == "this is not a game record: it cannot be read at line 3, column 13"
    assert error.render("ja") == "ゲームの記録として読めません（3行目、13文字目）"


@pytest.mark.parametrize("twice", ["seed", "players", "actions", "burnt_field_immediate"])
def test_a_record_naming_a_key_twice_is_refused_naming_it(twice: str) -> None:
    """JSON readers keep one of two values of a key, Python's the last: a hand-edited
    save with two seeds replayed the second's deal and blamed a move of the first's
    ("the 3rd move ... is not possible now"). Which is meant cannot be told: refused."""
    text = json.dumps(record(options={"burnt_field_immediate": False}), indent=1)
    again = {"seed": '"seed": 9,', "players": '"players": 3,', "actions": '"actions": [],',
             "burnt_field_immediate": '"burnt_field_immediate": true,'}[twice]
    where = '"options": {' if twice == "burnt_field_immediate" else "{"
    doubled = text.replace(where, where + again, 1)
    error = refusal(parse_record, doubled)
    assert error.message_id == "setup.record_twice", str(error)
    assert str(error) == f"the record names '{twice}' twice: which one is meant cannot be told"
    for lang in ("ja", "zh-TW"):
        assert twice in error.render(lang) and error.render(lang) != str(error)
