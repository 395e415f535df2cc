import pickle
from collections import Counter
from typing import TYPE_CHECKING

import numpy as np
import pytest

# open_spiel is optional (the `rl` extra): without it these tests are skipped, with the reason
if TYPE_CHECKING:
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'keizai[rl]')")

from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

import keizai
from keizai.rl.observations import encoder_for, supported_games
from keizai.rl.openspiel_game import _Step, openspiel_name, register_all
from tests.tables import every_table

NAMES = register_all()
CASES = [(openspiel_name(game_id), players)
         for game_id, players in every_table(supported_games())]
HIDDEN = [openspiel_name(g) for g in supported_games() if keizai.get_game(g).has_hidden_information]
# the bots' whole games: 企業帝國 plays about 150 decisions a seat to its natural end, each
# searched by the bot; its turn cap ends the game sooner, a whole game all the same
WHOLE_GAME = {"keizai_enterprise_empire": {"max_turns": 60}}


def play_randomly(state: pyspiel.State, rng: np.random.RandomState,
                  steps: int = 10**6) -> pyspiel.State:
    """Random moves and chance outcomes (sampled with their probabilities)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def to_decision(state: pyspiel.State, rng: np.random.RandomState) -> pyspiel.State:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def test_every_game_with_an_encoder_is_registered():
    assert sorted(NAMES) == sorted(openspiel_name(g) for g in supported_games())
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert register_all() == NAMES  # idempotent


@pytest.mark.parametrize(("name", "players"), CASES)
def test_openspiel_random_sim_test_with_serialization(name, players):
    game = pyspiel.load_game(name, {"players": players})
    assert game.num_players() == players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), [
    ("keizai_futuropia", {"advanced": True, "houses": "random", "expert_tiles": "random",
                          "house_stacks": True}),
    ("keizai_enterprise_empire", {"choose_corners": False, "demand_stays": True,
                                  "max_turns": 60}),
])
def test_random_sim_test_with_options_that_draw_at_set_up(name, params):
    game = pyspiel.load_game(name, {"players": 2, **params})
    assert game.new_initial_state().is_chance_node()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_the_initial_state_is_the_same_every_call_and_histories_replay(name):
    game = pyspiel.load_game(name, {"players": 3})
    assert str(game.new_initial_state()) == str(game.new_initial_state())
    state = play_randomly(game.new_initial_state(), np.random.RandomState(3))
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert replayed.is_terminal() and replayed.returns() == state.returns()
    assert str(replayed) == str(state)


@pytest.mark.parametrize("name", NAMES)
def test_serialize_game_and_state_round_trips(name):
    game = pyspiel.load_game(name, {"players": 2})
    state = play_randomly(game.new_initial_state(), np.random.RandomState(4), steps=150)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history() and str(state2) == str(state)


def expected_draw(cards: list[int]) -> list[tuple[int, float]]:
    """Each distinct card, as likely as its copies among `cards`."""
    counts = Counter(cards)
    return [(card, counts[card] / len(cards)) for card in sorted(counts)]


def assert_outcomes(state: pyspiel.State, cards: list[int]) -> None:
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [o for o, _ in expected_draw(cards)]
    assert [p for _, p in outcomes] == pytest.approx([p for _, p in expected_draw(cards)])
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert max(o for o, _ in outcomes) < state.get_game().max_chance_outcomes()


def test_each_card_of_a_deal_is_a_chance_node_over_the_undrawn_cards():
    """National Economy deals 3 cards a seat from the shuffled deck: no order of the deck
    is drawn at set-up; each card dealt is one chance node whose outcomes are the cards
    not yet drawn, each as likely as its copies among them."""
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 2})
    deck = sorted(keizai.new_game("national-economy/progress", 2, seed=0).cards.deck)
    state = game.new_initial_state()
    draws = 0
    while state.is_chance_node():
        assert_outcomes(state, deck)
        card = state.chance_outcomes()[draws % len(state.chance_outcomes())][0]
        state.apply_action(card)
        deck.remove(card)
        draws += 1
    assert draws == 6  # the two starting hands, nothing more
    assert state.keizai_state.deck == deck  # the rest, undecided and sorted


def test_after_set_up_the_next_draw_covers_every_undrawn_card():
    """The first card drawn in play is a chance node over every card not in a hand, the
    discard pile or the row, whatever the moves made so far."""
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 2})
    rng = np.random.RandomState(2)
    state = to_decision(game.new_initial_state(), rng)
    for _ in range(200):
        before = state.keizai_state
        state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_chance_node():
            break
    assert state.is_chance_node(), "no card drawn within 200 moves"
    undrawn = list(before.deck)
    assert before.deck_undecided == len(undrawn) > 0
    seen = [t for p in before.players for t, n in enumerate(p.hand) for _ in range(n)]
    assert Counter(undrawn) + Counter(seen) + Counter(before.discard) <= Counter(
        before.cards.deck)
    assert_outcomes(state, undrawn)


def test_states_reached_by_the_same_outcomes_are_equal_and_hold_no_future_card():
    """Before, the set-up shuffled the whole deck (its order part of the state, so a clone
    and OpenSpiel's MCTSBot knew every future card). Now two set-ups that dealt the same
    hands are the same engine state whatever order the cards came in: nothing in it
    tells which card comes next."""
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 2})

    def set_up(choose) -> pyspiel.State:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(choose(state))
        return state

    def first_or_last(state: pyspiel.State) -> int:  # two different cards first
        return state.chance_outcomes()[-(len(state.history()) % 2)][0]

    first = set_up(first_or_last)
    again = set_up(first_or_last)
    assert first.history() == again.history() and str(first) == str(again)
    assert first.keizai_state.deck == sorted(first.keizai_state.deck)  # no order drawn
    assert pickle.dumps(first.keizai_state) == pickle.dumps(again.keizai_state)
    # Seat 0's first two cards dealt the other way round: another history, the same state.
    outcomes = first.history()
    assert outcomes[0] != outcomes[1]
    swapped = game.new_initial_state()
    for card in [outcomes[1], outcomes[0], *outcomes[2:]]:
        swapped.apply_action(card)
    assert swapped.history() != first.history()
    assert pickle.dumps(swapped.keizai_state) == pickle.dumps(first.keizai_state)
    assert pyspiel.serialize_game_and_state(game, swapped) != pyspiel.serialize_game_and_state(
        game, first)  # the histories differ, not the positions


def test_the_solo_set_aside_card_is_on_top_and_no_chance_node():
    """National Economy solo puts building B on top of the deck after the opening hand:
    the set-up is three chance nodes (the hand), and B lies above the undecided cards, so
    it is the next card drawn (tests/rules/national_economy/test_solo.py draws it)."""
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 1})
    state = game.new_initial_state()
    draws = 0
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
        draws += 1
    engine = state.keizai_state
    b = engine.cards.by_id[engine.cards.solo_building_b]
    assert draws == 3 and engine.deck[-1] == b
    assert engine.deck_undecided == len(engine.deck) - 1


def test_a_die_roll_is_a_chance_node_so_a_clone_does_not_carry_it():
    """企業帝國: moving rolls the die. Before, a clone carried the RNG, so the same move
    gave the same roll in every clone (a bot saw the future); now the roll waits for a
    chance outcome, each one a different position."""
    game = pyspiel.load_game("keizai_enterprise_empire", {"players": 2})
    rng = np.random.RandomState(0)
    state = to_decision(game.new_initial_state(), rng)
    sides = state.keizai_state.parts.die_sides
    for _ in range(200):
        roll = [a for a in state.legal_actions()
                if state.keizai_state.game.decode(a).name == "roll"]
        if roll:
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
        to_decision(state, rng)
    assert roll, "no roll within 200 moves"
    twin = state.clone()
    twin.apply_action(roll[0])
    assert twin.is_chance_node() and len(twin.chance_outcomes()) == sides
    positions = set()
    for outcome in range(sides):
        world = twin.clone()
        world.apply_action(outcome)
        to_decision(world, np.random.RandomState(0))  # a price card drawn on arrival
        positions.add(tuple(world.keizai_state.position))
    assert len(positions) == sides


@pytest.mark.parametrize("params", [
    {"name": "keizai_national_economy_progress", "players": 2},
    {"name": "keizai_futuropia", "players": 2, "houses": "random"}])
def test_the_engine_record_of_an_openspiel_game_is_refused_not_a_wrong_game(params):
    """`state.keizai_state.record()` of an OpenSpiel game gave seed 0 and the moves: its
    draws were chance outcomes, not its seed's, so `keizai.replay` (and `keizai replay`)
    failed part-way, after replaying moves of another game: National Economy at the 5th
    ('pay:orchard is not a legal action now'), Futuropia with random houses anywhere from
    the 29th to the 174th. It is refused with the way to keep the game: the OpenSpiel
    history."""
    name, players = params["name"], params["players"]
    game = pyspiel.load_game(name, {k: v for k, v in params.items() if k != "name"})
    state = play_randomly(game.new_initial_state(), np.random.RandomState(3))
    assert state.is_terminal()
    with pytest.raises(ValueError, match=r"chance outcomes.*history\(\)"):
        state.keizai_state.record()
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.returns() == state.returns() and str(again) == str(state)
    assert keizai.new_game(keizai.get_game(state.keizai_state.game.id).id, players,
                           seed=1).record()["seed"] == 1  # a seeded game's record as ever


def test_openspiels_rl_environment_plays_a_seeded_episode_again():
    """docs/rl.md: OpenSpiel's rl_environment (its DQN and policy-gradient loop) samples
    the chance nodes with its sampler's seed; each seat's info_state is its observation
    tensor."""
    from open_spiel.python import rl_environment  # type: ignore[import-untyped]

    game = pyspiel.load_game("keizai_national_economy_mecenat", {"players": 3})
    size = encoder_for("national-economy/mecenat").size

    def episode(seed):
        env = rl_environment.Environment(
            game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed))
        assert env.observation_spec()["info_state"] == (size,)
        step, rng, trace = env.reset(), np.random.RandomState(0), []
        while not step.last():
            seat = step.observations["current_player"]
            legal = step.observations["legal_actions"][seat]
            action = legal[rng.randint(len(legal))]
            trace.append((seat, action, tuple(step.observations["info_state"][seat])))
            step = env.step([action])
        return trace, step.rewards

    first = episode(5)
    assert episode(5) == first and episode(6) != first
    assert sorted(first[1]) == [-0.5, -0.5, 1.0]


def test_game_options_are_parameters():
    default = pyspiel.load_game("keizai_futuropia", {"players": 2})
    assert default.get_parameters()["expert_tiles"] == "none"
    assert not default.new_initial_state().is_chance_node()
    drawn = pyspiel.load_game("keizai_futuropia", {"players": 2, "expert_tiles": "random"})
    assert drawn.new_initial_state().is_chance_node()  # the expert tiles are drawn
    chosen = pyspiel.load_game("keizai_futuropia", {"players": 2, "expert_tiles": "X1+X4"})
    assert chosen.options["expert_tiles"] == ["X1", "X4"]
    again = pyspiel.load_game(str(chosen))
    assert again.options == chosen.options
    turns = pyspiel.load_game("keizai_enterprise_empire", {"max_turns": 10})
    assert turns.options["max_turns"] == 10
    with pytest.raises(Exception, match="Unknown parameter 'seed'"):
        pyspiel.load_game("keizai_enterprise_empire", {"seed": 1})
    with pytest.raises(Exception, match="houses"):
        pyspiel.load_game("keizai_futuropia", {"houses": "C"})


@pytest.mark.parametrize("name", HIDDEN)
def test_openspiel_python_ismcts_plays_a_whole_game(name):
    """OpenSpiel's Python ISMCTS (its root worlds drawn by `resample_from_infostate`,
    its nodes keyed by the information-state string) against uniform random play."""
    game = pyspiel.load_game(name, {"players": 2, **WHOLE_GAME.get(name, {})})
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=3, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            to_decision(state, rng)
            continue
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    assert sorted(state.returns()) == [-1.0, 1.0]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_python_mcts_bot_plays_a_whole_game(name):
    """OpenSpiel's Python MCTSBot searches the true state (for the hidden-information
    games it sees the other hands, not the future cards: those are chance nodes)."""
    game = pyspiel.load_game(name, {"players": 2, **WHOLE_GAME.get(name, {})})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        to_decision(state, rng)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_futuropia_is_declared_perfect_information():
    """Futuropia draws only at set-up, face up (expert tiles, house sides, house stacks in
    a public order): after the set-up's chance nodes nothing is hidden or random, so the
    declaration is right (docs/rl.md)."""
    game = pyspiel.load_game("keizai_futuropia", {"players": 2, "advanced": True,
                                                  "houses": "random", "house_stacks": True,
                                                  "expert_tiles": "random"})
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    state = play_randomly(game.new_initial_state(), np.random.RandomState(1))
    history = state.history()
    replay = game.new_initial_state()
    chance_after_set_up = 0
    for action in history:
        if replay.is_chance_node():
            chance_after_set_up += replay.keizai_state is not None
        else:
            seats = {replay.observation_string(p) for p in range(2)}
            assert len(seats) == 1  # every seat sees the same: nothing is hidden
        replay.apply_action(action)
    assert chance_after_set_up == 0


def test_observations_come_from_the_seats_view():
    game = pyspiel.load_game(NAMES[0], {"players": 3})
    rng = np.random.RandomState(1)
    state = play_randomly(game.new_initial_state(), rng, steps=80)
    to_decision(state, rng)
    encoder = encoder_for(state.keizai_state.game.id)
    for player in range(3):
        tensor = np.asarray(state.observation_tensor(player))
        assert np.array_equal(tensor, encoder.observe(state.keizai_state, player))
        twin = state.resample_from_infostate(player, rng.rand)
        assert twin.observation_string(player) == state.observation_string(player)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(np.asarray(twin.observation_tensor(player)), tensor)


def test_information_state_is_the_seats_own_action_observation_history():
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 2})
    assert game.get_type().provides_information_state_string
    rng = np.random.RandomState(2)
    state = to_decision(game.new_initial_state(), rng)
    first = state.information_state_string(0)
    assert first.startswith("seat 0: o")
    actor = state.current_player()
    action = state.legal_actions()[0]
    state.apply_action(action)
    to_decision(state, rng)
    assert f"a{action}" in state.information_state_string(actor).split()
    assert f"a{action}" not in state.information_state_string(1 - actor).split()
    # Perfect recall: a seat's string only grows.
    assert state.information_state_string(0).startswith(first)
    # Two deals that differ only in the other seat's hand look the same to seat 0 only
    # if seat 0's own cards are the same: different set-up draws give different strings.
    other = game.new_initial_state()
    while other.is_chance_node():
        other.apply_action(other.chance_outcomes()[-1][0])
    assert other.information_state_string(0) != first
    # Every seat's private information is no seat's to see: no such observer (None, as
    # OpenSpiel's built-in observers answer for a type a game does not provide).
    assert game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)) is None


def test_strings_asked_at_every_step_read_each_step_once(monkeypatch):
    """OpenSpiel's random_sim_test and its ISMCTS ask every seat's information-state
    string, and the state's string, at every step. Each information-state string walked
    the game back to its first step (n steps: n * n / 2 steps read per seat) and each
    str(state) rendered the table again (random_sim_test asks it five times a step), so
    random_sim_test took 8 s on a 4-player 企業帝國 game. Along a line of play each
    step's view digest is now looked up once per seat for the logs and once for the state
    string, and each step's table is rendered once, whichever clone asks. The strings
    are those of states that never asked before, also on two lines of play branching
    from one state (a branch asked at an earlier step than its clone reads its steps
    again, as before)."""
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 2})
    engine_game = keizai.get_game("national-economy/progress")
    digests, tables = Counter(), []
    digest, render = _Step.digest, engine_game.render_text

    def counted_digest(step, seat):
        digests[id(step), seat] += 1
        return digest(step, seat)

    def counted_render(view, *args, **kwargs):
        tables.append(view)
        return render(view, *args, **kwargs)

    def ask(state):
        asked.append((state.history(), str(state),
                      [state.information_state_string(p) for p in range(2)]))

    monkeypatch.setattr(_Step, "digest", counted_digest)
    monkeypatch.setattr(engine_game, "render_text", counted_render)
    rng = np.random.RandomState(5)
    state, branches, asked = game.new_initial_state(), [], []
    while not state.is_terminal():
        to_decision(state, rng)
        if state.is_terminal():
            break
        twin = state.clone()
        for seen in (state, twin, state):
            ask(seen)
        if len(state.history()) == 40:
            branches = [state.clone(), state.clone()]
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert max(digests.values()) <= 2
    assert len(tables) == len({tuple(history) for history, _, _ in asked})
    monkeypatch.undo()
    for _ in range(30):  # two lines of play from the 40th action, in turn
        for branch in branches:
            branch.apply_action(int(rng.choice(branch.legal_actions())))
            to_decision(branch, rng)
            ask(branch)
    for history, text, strings in asked[::5]:
        fresh = game.new_initial_state()
        for action in history:
            fresh.apply_action(action)
        assert str(fresh) == text
        assert [fresh.information_state_string(p) for p in range(2)] == strings


def test_clones_are_independent():
    game = pyspiel.load_game(NAMES[0], {"players": 2})
    state = to_decision(game.new_initial_state(), np.random.RandomState(0))
    length = len(state.history())
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(state.history()) == length and len(twin.history()) == length + 1
    assert state.keizai_state.history == []


def test_an_illegal_move_or_outcome_leaves_the_state_as_it_was():
    game = pyspiel.load_game("keizai_national_economy_glory", {"players": 2})
    state = game.new_initial_state()
    before = str(state)
    with pytest.raises(Exception, match="not an outcome"):
        state.apply_action(game.max_chance_outcomes() + 5)
    assert str(state) == before and state.history() == []
    to_decision(state, np.random.RandomState(0))
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    before, history = str(state), state.history()
    with pytest.raises(Exception):  # noqa: B017 - pyspiel wraps IllegalAction
        state.apply_action(illegal)
    assert str(state) == before and state.history() == history


def test_a_move_after_the_end_says_the_game_is_over():
    """It said '<some action> is not a legal action now', as if another move were."""
    game = pyspiel.load_game("keizai_national_economy_progress", {"players": 2})
    state = play_randomly(game.new_initial_state(), np.random.RandomState(1))
    assert state.is_terminal()
    history = state.history()
    with pytest.raises(keizai.IllegalAction, match="game is over"):
        state.apply_action(0)
    assert state.history() == history and state.is_terminal()


def test_a_price_card_drawn_from_a_hand_is_one_chance_node_over_its_kinds():
    """企業帝國, empty price pile: a random price card is drawn from a hand. The chance
    node's outcomes are the kinds in that hand, each as likely as its copies."""
    from keizai.engine import Rng, drawing_from
    from keizai.rl.openspiel_game import ChanceDraws, _NeedDraw

    with drawing_from(Rng(1), lazy_draws=True):
        engine = keizai.new_game("enterprise-empire", 2, seed=1,
                                 options={"choose_corners": False})
    k = len(engine.parts.price_kinds)
    engine.hand[k:2 * k] = [2, 0, 1] + [0] * (k - 3)
    engine.rng = ChanceDraws()
    with pytest.raises(_NeedDraw) as need:
        engine._draw_into_offer(1)
    assert need.value.bounds == [((0, 2 / 3), (2, 1 / 3))]
    engine.rng = ChanceDraws([2])
    engine._draw_into_offer(1)
    assert engine.offered == 2 and engine.hand[k:k + 3] == [2, 0, 0]
