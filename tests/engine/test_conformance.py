"""The engine contract, checked generically for every registered game and player count.

Each game gets these tests by registering itself; nothing here knows a game's rules.
"""

from __future__ import annotations

import json
import os
import random

import pytest

import keizai
from keizai.engine import IllegalAction, Rng, SmallDraws, State
from tests.tables import every_table, table_ids

CASES = every_table(keizai.games())
IDS = table_ids(CASES)
# Random games per (game, player count) in the long invariant run; the suite's budget.
# CI's second pass (the compiled build) sets fewer: it checks the build, not the rules.
RANDOM_GAMES = int(os.environ.get("KEIZAI_RANDOM_GAMES", "1000"))
SAFETY_STEPS = 100_000


def play_random(state: State, rng: random.Random, check: bool = True) -> State:
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, "legal_actions() is empty while the game is not over"
        assert state.current_player is not None
        state.apply(rng.choice(legal))
        if check:
            state.check_invariants()
        steps += 1
        assert steps < SAFETY_STEPS, "game did not end"
    return state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_random_games_finish_with_invariants(game_id: str, players: int) -> None:
    rng = random.Random(f"{game_id}/{players}")
    for game_number in range(RANDOM_GAMES):
        state = keizai.new_game(game_id, players, seed=game_number)
        state.log_enabled = game_number < 5
        state.check_invariants()
        play_random(state, rng)
        assert state.current_player is None
        assert state.legal_actions() == []
        scores = state.scores()
        assert len(scores) == players and all("total" in s for s in scores)
        assert sorted(state.ranking()) == list(range(players))
        places = state.places()
        assert [seat for place in places for seat in place] == state.ranking()
        assert all(places) and state.winners() == places[0]


# Non-default options (rule readings and variants): each also plays random games to the
# end with the invariants checked, and replays from its record.
OPTION_CASES: list[tuple[str, dict[str, object]]] = [
    ("enterprise-empire", {"choose_corners": False}),
    ("enterprise-empire", {"demand_stays": True}),
    ("futuropia", {"loans_when_cash_short": True}),
    ("futuropia", {"house_stacks": True}),
    # the safety limit (most random 2-4 player games pass 25 turns: the cap ends them)
    ("futuropia", {"max_turns": 25}),
    ("futuropia", {"house_stacks": True, "advanced": True, "houses": "random",
                   "expert_tiles": "random", "loans_when_cash_short": True}),
    ("national-economy/mecenat", {"farm_resort_empty": False}),
    ("national-economy/progress", {"burnt_field_immediate": True}),
]
OPTION_GAMES = max(1, RANDOM_GAMES // 50)


@pytest.mark.parametrize(("game_id", "options"), OPTION_CASES,
                         ids=[f"{g}-{'-'.join(o)}" for g, o in OPTION_CASES])
def test_random_games_with_options_finish_with_invariants(game_id: str,
                                                          options: dict) -> None:
    game = keizai.get_game(game_id)
    rng = random.Random(f"{game_id}/{sorted(options.items())}")
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(OPTION_GAMES):
            state = keizai.new_game(game_id, players, seed=seed, options=options)
            state.log_enabled = seed == 0
            state.check_invariants()
            play_random(state, rng)
            places = state.places()
            assert [seat for place in places for seat in place] == state.ranking()
            again = keizai.replay(json.loads(json.dumps(state.record())))
            assert again.scores() == state.scores() and again.view(None) == state.view(None)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_same_seed_same_game_and_replay(game_id: str, players: int) -> None:
    for seed in range(3):
        a = play_random(keizai.new_game(game_id, players, seed=seed), random.Random(seed), False)
        b = play_random(keizai.new_game(game_id, players, seed=seed), random.Random(seed), False)
        assert a.record() == b.record()
        record = json.loads(json.dumps(a.record()))
        again = keizai.replay(record)
        assert again.is_over
        assert again.scores() == a.scores()
        for seat in [None, *range(players)]:
            assert again.view(seat) == a.view(seat)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_illegal_action_leaves_state_unchanged(game_id: str, players: int) -> None:
    game = keizai.get_game(game_id)
    state = keizai.new_game(game_id, players, seed=11)
    rng = random.Random(5)
    for _ in range(60):
        if state.is_over:
            break
        legal = {a.index for a in state.legal_actions()}
        illegal = [i for i in range(game.num_distinct_actions) if i not in legal]
        before = json.dumps([state.view(s) for s in [None, *range(players)]], sort_keys=True)
        record_before = state.record()
        for index in rng.sample(illegal, min(5, len(illegal))):
            with pytest.raises(IllegalAction):
                state.apply(index)
        for junk in ("no-such-action", -1, game.num_distinct_actions, 2.5, None, True, False):
            with pytest.raises(IllegalAction):
                state.apply(junk)
        after = json.dumps([state.view(s) for s in [None, *range(players)]], sort_keys=True)
        assert after == before
        assert state.record() == record_before
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_clone_is_independent(game_id: str, players: int) -> None:
    state = keizai.new_game(game_id, players, seed=3)
    rng = random.Random(3)
    for _ in range(25):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    frozen = json.dumps(state.view(None), sort_keys=True)
    record = state.record()
    twin = state.clone()
    assert twin.record() == record
    play_random(twin, random.Random(9), check=False)
    assert json.dumps(state.view(None), sort_keys=True) == frozen
    assert state.record() == record
    state.check_invariants()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_determinize_keeps_the_seat_view(game_id: str, players: int) -> None:
    """A seat's view is the same whatever the hidden cards of others and the deck order are."""
    rng = random.Random(17)
    for seed in range(4):
        state = keizai.new_game(game_id, players, seed=seed)
        steps = 0
        while not state.is_over and steps < 400:
            if steps % 7 == 0:
                for seat in range(players):
                    sample = state.determinize(seat, Rng(rng.getrandbits(64)))
                    assert sample.view(seat) == state.view(seat)
                    assert sample.current_player == state.current_player
                    sample.check_invariants()
                    # the sample plays on to the end like any state
                    if steps % 49 == 0:
                        play_random(sample, random.Random(steps), check=False)
            state.apply(rng.choice(state.legal_actions()))
            steps += 1


@pytest.mark.parametrize("game_id", keizai.games())
def test_actions_have_names_labels_and_fixed_indices(game_id: str) -> None:
    game = keizai.get_game(game_id)
    assert game.num_distinct_actions > 0
    for index in range(game.num_distinct_actions):
        action = game.decode(index)
        assert game.encode(action) == index
        assert game.to_action(action.name) is action
        assert str(action)
        assert json.loads(json.dumps(action.to_json())) == action.name


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_views_are_json(game_id: str, players: int) -> None:
    state = keizai.new_game(game_id, players, seed=1)
    play_random(state, random.Random(1), check=False)
    for seat in [None, *range(players)]:
        json.dumps(state.view(seat))
        assert all(isinstance(line, str) for line in state.log(seat))


def test_unknown_game_and_bad_arguments() -> None:
    with pytest.raises(KeyError):
        keizai.new_game("no-such-game", 2)
    game_id = keizai.games()[0]
    with pytest.raises(ValueError):
        keizai.new_game(game_id, 99)
    with pytest.raises(ValueError):
        keizai.new_game(game_id, 2, seed="abc")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        keizai.new_game(game_id, 2, options={"no_such_option": 1})


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_play_out_is_the_loop_it_replaces(game_id: str, players: int) -> None:
    """State.play_out is the fast path of a random loop: same draws, same game."""
    fast = keizai.new_game(game_id, players, seed=21)
    slow = keizai.new_game(game_id, players, seed=21)
    assert fast.play_out(Rng(4), max_steps=10) == 10
    draws = SmallDraws(Rng(4))
    for _ in range(10):
        legal = slow.legal_indices()
        slow.apply_index(legal[draws.below(len(legal))])
    assert fast.record() == slow.record()
    fast.play_out(Rng(5))
    assert fast.is_over
