"""Every refusal a player can meet, read in Japanese and in Traditional Chinese: junk and
illegal actions in random positions of every game, malformed and wrong whole decisions,
moves after the end, a broken record. Each refusal carries a catalogue message; its
English text is unchanged (the exception's str), and in ja and zh-TW it holds no English
word other than what the player sent (quoted back), seat names and numbers."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import keizai
from keizai.engine.decision import (
    COVER,
    EXACTLY,
    ONE_OF,
    RANGE,
    Candidate,
    PendingDecision,
    apply_whole,
    check,
)
from keizai.engine.registry import parse_record
from keizai.i18n import LANGUAGES, catalogue, render
from tests.i18n.test_games_in_three_languages import english_words

# Parameters that quote back what the player (or a network message) sent.
ECHOED = ("value", "key", "cid", "chosen", "name", "count")


def _echoes(params: dict[str, Any]) -> list[str]:
    return [str(v) for k, v in params.items() if k in ECHOED and isinstance(v, (str, int))]


def check_refusal(error: keizai.IllegalAction, seen: set[str]) -> None:
    assert error.message_id is not None, str(error)
    assert render((error.message_id, error.params), "en") == str(error)
    json.dumps(error.to_json())  # JSON-ready: the web sends it as it is
    ids = _ids(error.to_json())
    seen |= ids
    for lang in ("ja", "zh-TW"):
        text = error.render(lang)
        for echo in _nested_echoes(error.to_json()):
            text = text.replace(echo, "")
        assert not english_words(text), (lang, error.message_id, error.render(lang))


def _ids(message: Any) -> set[str]:
    """The catalogue ids of a message and of the messages nested in its parameters."""
    found: set[str] = set()
    if isinstance(message, dict):
        if "id" in message and "params" in message:
            found.add(message["id"])
        for value in message.values():
            found |= _ids(value)
    elif isinstance(message, list):
        for item in message:
            found |= _ids(item)
    return found


def _nested_echoes(message: Any) -> list[str]:
    out: list[str] = []
    if isinstance(message, dict):
        if isinstance(message.get("params"), dict):
            out += _echoes(message["params"])
        for value in message.values():
            out += _nested_echoes(value)
    elif isinstance(message, list):
        for item in message:
            out += _nested_echoes(item)
    return sorted(out, key=len, reverse=True)


def refused(seen: set[str], call: Any, *args: Any) -> None:
    with pytest.raises(keizai.IllegalAction) as caught:
        call(*args)
    check_refusal(caught.value, seen)


JUNK: list[Any] = ["zzz", "place:nowhere", -1, 10**6, True, 1.5, None, [1], {"a": 1}, 10**5000]
BAD_SETS: list[Any] = [{"x": 1}, {"x": -1}, {3: 1}, {"x": True}, [4], "abc", 7, {}]


def _whole_refusals(state: keizai.State, seen: set[str], chooser: random.Random) -> None:
    decision = state.pending_decision()
    if decision is None:
        refused(seen, apply_whole, state.clone(), {})
        return
    for bad in BAD_SETS:
        try:
            apply_whole(state.clone(), bad)
        except keizai.IllegalAction as error:
            check_refusal(error, seen)
    cands = decision.candidates
    for _ in range(6):  # random sets: wrong totals, too many copies, not one of the sets
        chosen = {c.id: chooser.randint(0, c.count + 1) for c in cands
                  if chooser.random() < 0.6}
        try:
            apply_whole(state.clone(), chosen)
        except keizai.IllegalAction as error:
            check_refusal(error, seen)


@pytest.mark.parametrize("game", keizai.games())
def test_refusals_in_random_positions_read_in_every_language(game: str) -> None:
    seen: set[str] = set()
    chooser = random.Random(3)
    for seed in (1, 2):
        state = keizai.new_game(game, 3, seed=seed)
        space = state.game.action_space.actions
        while not state.is_over:
            if chooser.random() < 0.15:
                legal = set(state.legal_indices())
                illegal = [a for a in space if a.index not in legal]
                for action in chooser.sample(illegal, min(3, len(illegal))):
                    refused(seen, state.apply, action)
                    refused(seen, state.apply, action.name)
                for junk in chooser.sample(JUNK, 3):
                    refused(seen, state.apply, junk)
                _whole_refusals(state, seen, chooser)
            state.apply(chooser.choice(state.legal_actions()))
        refused(seen, state.apply, 0)
        record = state.record()
        broken = {**record, "actions": [*record["actions"][:5], "zzz"]}
        refused(seen, keizai.replay, broken)
    family = {"futuropia": "fu", "enterprise-empire": "ee"}.get(game, "ne")
    assert "refuse.game_over" in seen and "refuse.not_an_action_of" in seen
    assert "refuse.record_action" in seen and "refuse.no_decision" in seen
    assert any(k.startswith(f"{family}.refuse.") or k == "refuse.not_legal_now" for k in seen)
    if family != "ee":  # the games with whole decisions
        assert {"refuse.choose_exactly", "refuse.not_here", "refuse.not_a_chosen_entry",
                "refuse.negative_count", "refuse.not_a_chosen_set"} <= seen, seen


def _synthetic(constraint: str, amount: int, maximum: int | None = None,
               **extra: Any) -> PendingDecision:
    """A decision over real cards (catalogue terms) to reach every check of the helper."""
    cands = (Candidate("lottery", "ne.card.lottery", "pay:lottery", count=1, weight=1,
                       tags=("special",)),
             Candidate("item", "consumer_item", "pay:item", count=3, weight=1,
                       tags=("special",)),
             Candidate("mine", "ne.card.mine", "pay:mine", count=2, weight=2))
    return PendingDecision(kind="pay", seat=0, prompt_msg="test", amount=amount,
                           constraint=constraint, candidates=cands, maximum=maximum, **extra)


def test_every_check_of_a_whole_decision_reads_in_every_language() -> None:
    seen: set[str] = set()
    refused(seen, check, _synthetic(EXACTLY, 2), {"lottery": 2})            # only one
    refused(seen, check, _synthetic(EXACTLY, 2), {"mine": 3})               # only 2
    refused(seen, check, _synthetic(EXACTLY, 2, limits={"special": 1}),
            {"lottery": 1, "item": 1})                                      # at most
    refused(seen, check, _synthetic(EXACTLY, 2), {"item": 1})               # exactly
    refused(seen, check, _synthetic(COVER, 3), {"item": 1})                 # too little
    refused(seen, check, _synthetic(COVER, 2), {"item": 2, "mine": 1})      # too much
    refused(seen, check, _synthetic(RANGE, 1, 3), {"mine": 2})              # between
    refused(seen, check, _synthetic(RANGE, 2, 2), {"item": 3})              # exactly
    one_of = _synthetic(ONE_OF, 0, sets=(("lottery",), ("item", "item")))
    refused(seen, check, one_of, {"mine": 1})                               # not one of
    refused(seen, check, one_of, {"item": 2, "mine": 1})
    refused(seen, check, one_of, {})                                        # nothing
    refused(seen, check, _synthetic(EXACTLY, 1), [3])                       # not an id
    assert {"refuse.only_one", "refuse.only_n", "refuse.at_most", "refuse.choose_exactly",
            "refuse.too_little", "refuse.too_much", "refuse.choose_between",
            "refuse.not_one_of", "refuse.copies", "refuse.set", "refuse.nothing",
            "refuse.not_a_candidate_id"} <= seen


def test_nested_reasons_read_in_every_language() -> None:
    """The refusals that wrap another one (a step of a whole set the game refuses, a
    record action) render the inner reason in the same language."""
    inner = keizai.IllegalAction.refuse("refuse.game_over")
    what = {"id": "ne.card.lottery", "params": {}, "text": "Lottery"}
    seen: set[str] = set()
    for key, params in (("refuse.not_with_this_set", {"what": what, "why": inner.to_json()}),
                        ("refuse.incomplete_because", {"why": inner.to_json()}),
                        ("refuse.incomplete", {})):
        error = keizai.IllegalAction.refuse(key, **params)
        check_refusal(error, seen)
        assert ("Lottery" in str(error)) == (key == "refuse.not_with_this_set")
    assert keizai.IllegalAction.refuse("refuse.not_with_this_set", what=what,
                                       why=inner.to_json()).render("ja") == \
        "この組み合わせではくじ引きを選べません：ゲームは終了しています" \
        .replace("くじ引き", catalogue("ja")["ne.card.lottery"])


def test_the_refusal_messages_exist_in_every_language() -> None:
    english = {k for k in catalogue("en") if ".refuse." in f".{k}"}
    assert len(english) > 30
    for lang in LANGUAGES:
        assert english <= set(catalogue(lang)), lang


def test_a_refusal_survives_a_trip_to_another_process() -> None:
    import pickle

    error = keizai.IllegalAction.refuse("refuse.only_n", what={"text": "X"}, count=2, n=3)
    again = pickle.loads(pickle.dumps(error))
    assert (again.message_id, again.params, str(again)) == \
        (error.message_id, error.params, str(error))
    assert keizai.IllegalAction("plain").to_json() == {"text": "plain"}


SETUPS: list[tuple[str, Any, Any, Any]] = [
    ("futuropia", 9, 1, None), ("futuropia", "3", 1, None), ("futuropia", 3, "x", None),
    ("futuropia", 3, 1, {"zz": 1}), ("futuropia", 3, 1, {"advanced": 3}),
    ("futuropia", 3, 1, {"houses": "q"}), ("futuropia", 3, 1, {"expert_tiles": 3}),
    ("futuropia", 3, 1, {"expert_tiles": ["nope"]}),
    ("futuropia", 3, 1, {"expert_tiles": ["X1", "X1"]}),
    ("futuropia", 3, 1, {"expert_tiles": ["X1"]}),
    ("national-economy/glory", 1, 1, {"max_turns": 3}),
    ("futuropia", 3, 1, {"max_turns": 0}),   # was a plain English ValueError
    ("futuropia", 3, -1, None),
]


def test_a_refused_new_game_reads_in_every_language() -> None:
    """Players, seed, options and records the engine refuses (InvalidSetup, still a
    ValueError): English as before, and no English word in ja and zh-TW besides the option
    names and values the player typed, and the values to type instead, quoted
    (「true」か「false」)."""
    seen: set[str] = set()
    for game, players, seed, options in SETUPS:
        with pytest.raises(keizai.engine.InvalidSetup) as caught:
            keizai.new_game(game, players, seed=seed, options=options)
        error = caught.value
        assert isinstance(error, ValueError) and error.message_id is not None
        assert render((error.message_id, error.params), "en") == str(error)
        seen.add(error.message_id)
        echoed = [str(v) for k, v in error.params.items() if k in ("option", "value", "ids")]
        echoed += [str(x) for k in ("known", "sides", "ids") for x in error.params.get(k, [])]
        for lang in ("ja", "zh-TW"):
            text = error.render(lang)
            for echo in sorted(echoed, key=len, reverse=True):
                text = text.replace(echo, "")
            typed = re.sub(r"「[A-Za-z_]+」", "", text)   # a value to type, as typed
            assert not english_words(typed), (lang, error.render(lang))
    not_records: tuple[object, ...] = (
        [], {"game": "futuropia"}, {"game": "futuropia", "players": 3, "seed": 1, "actions": "x"})
    for record in not_records:
        with pytest.raises(keizai.engine.InvalidSetup) as caught:
            keizai.replay(record)  # type: ignore[arg-type]
        seen.add(caught.value.message_id or "")
        key = str(caught.value.params.get("key", ""))
        text = caught.value.render("ja").replace("actions", "")
        assert not english_words(text.replace(key, "") if key else text), text
    for bad in ({"game": "futuropia", "players": 3, "seed": None, "actions": []},
                {"game": "futuropia", "players": 3, "seed": 2**70, "actions": []},
                {"game": "futuropia", "players": 3, "seed": 1, "options": [1], "actions": []},
                {"game": ["futuropia"], "players": 3, "seed": 1, "actions": []},
                {"game": "futuropia", "players": 3, "seed": 1, "actions": [3]}):
        with pytest.raises(keizai.engine.InvalidSetup) as caught:
            keizai.replay(bad)
        seen.add(caught.value.message_id or "")
        assert not english_words(caught.value.render("ja").replace("[1]", "").replace(
            "null", "").replace("['futuropia']", "")), caught.value.render("ja")
    for record_text in (b"\xff", "{", "[" * 10**5, '{"seed": ' + "1" * 50 + "}",
                        '{"seed": 1, "seed": 2}'):
        with pytest.raises(keizai.engine.InvalidSetup) as caught:
            parse_record(record_text)
        seen.add(caught.value.message_id or "")
        key = str(caught.value.params.get("key", ""))   # as the record names it
        for lang in ("ja", "zh-TW"):  # the format's names are no words to translate
            said = caught.value.render(lang).replace("JSON", "").replace("UTF", "")
            said = said.replace(key, "") if key else said
            assert not english_words(said), caught.value.render(lang)
    assert {k for k in catalogue("en") if k.startswith("setup.")} <= seen
