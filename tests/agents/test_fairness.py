"""Fairness: an agent decides only from what its seat may know.

For positions of every game, the other seats' hidden cards and the deck order (and the
future chance) are resampled with `determinize(actor, ...)`: the positions look the same
to the actor and differ in everything it may not know. An agent with the same seed must
make the same decision in all of them.
"""

from __future__ import annotations

import pytest

import keizai
from keizai.agents import LEVELS, make_agent
from keizai.engine import Rng, State
from keizai.rules.national_economy.state import NationalEconomyState

AGENTS = ["heuristic", "easy", "mcts:iterations=40:depth=4", "mcts:iterations=10:depth=-1",
          "mcts:iterations=6:depth=3:rollout=heuristic"]
CASES = [(g, p) for g in keizai.games() for p in (2, 3)
         if keizai.get_game(g).min_players <= p <= keizai.get_game(g).max_players]


def positions(game_id: str, players: int, count: int) -> list[State]:
    """Positions with a real choice, spread over random games."""
    rng = Rng(11)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = keizai.new_game(game_id, players, seed=seed)
        seed += 1
        while not state.is_over:
            legal = state.legal_indices()
            if len(legal) > 1 and rng.randbelow(9) == 0:
                out.append(state.clone())
                if len(out) == count:
                    break
            state.apply_index(legal[rng.randbelow(len(legal))])
    return out


def hidden_differs(a: State, b: State, actor: int) -> bool:
    """Whether something the actor may not know differs between a and b."""
    seats = [s for s in range(a.num_players) if s != actor]
    return any(a.view(s) != b.view(s) for s in seats)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{p}p" for g, p in CASES])
def test_decisions_ignore_hidden_information(game_id: str, players: int) -> None:
    changed = 0
    for state in positions(game_id, players, 6):
        actor = state.current_player
        assert actor is not None
        variants = [state.determinize(actor, Rng(1000 + k)) for k in range(3)]
        changed += any(hidden_differs(state, v, actor) for v in variants)
        for spec in AGENTS:
            decisions = {make_agent(spec, seed=7).choose(s).name for s in [state, *variants]}
            assert len(decisions) == 1, f"{spec} decided {decisions} in {game_id}"
    if keizai.get_game(game_id).has_hidden_information:
        assert changed > 0, "the variants never changed any hidden information"


HIDDEN = [g for g in keizai.games() if keizai.get_game(g).has_hidden_information]


@pytest.mark.parametrize("game_id", HIDDEN)
def test_every_level_ignores_hidden_information(game_id: str) -> None:
    """Each difficulty level as offered (`expert` included, with its full budget)."""
    for state in positions(game_id, 2, 2):
        actor = state.current_player
        assert actor is not None
        variants = [state.determinize(actor, Rng(2000 + k)) for k in range(2)]
        for level in LEVELS:
            # the iteration budget, not the clock (`cap`), decides: same decision each time
            spec = ":".join(p for p in LEVELS[level].split(":") if not p.startswith("cap="))
            decisions = {make_agent(spec, seed=7).choose(s).name for s in [state, *variants]}
            assert len(decisions) == 1, f"{level} decided {decisions} in {game_id}"


SOLO = [g for g in keizai.games() if g.startswith("national-economy/")]


def _deck(state: State) -> list[int]:
    """A National Economy position's deck, in order."""
    assert isinstance(state, NationalEconomyState)
    return state.deck


@pytest.mark.parametrize("game_id", SOLO)
def test_the_solo_planner_ignores_the_deck_order(game_id: str) -> None:
    """Issue #19: in a solo game the only hidden information is the deck order; the
    `solo` level (its rollout budget, not its clock) decides the same on positions that
    differ only in it. The 2-player test above sees it play as the heuristic."""
    changed = 0
    for state in positions(game_id, 1, 2):
        variants = [state.determinize(0, Rng(3000 + k)) for k in range(2)]
        changed += any(_deck(v) != _deck(state) for v in variants)
        spec = ":".join(p for p in LEVELS["solo"].split(":") if not p.startswith("cap="))
        decisions = {make_agent(spec, seed=7).choose(s).name for s in [state, *variants]}
        assert len(decisions) == 1, f"solo decided {decisions} in {game_id}"
    assert changed > 0, "the variants never changed the deck order"


@pytest.mark.parametrize("game_id", SOLO)
def test_the_solo_planners_budget_options_ignore_the_deck_order(game_id: str) -> None:
    """Issue #19 (glory-rollouts): truncated rollouts valued by the learned value
    (`depth`), pruning by one-step value (`top`) and a move budget per decision (`limit`)
    read the game only through determinized samples, like the level's planner."""
    spec = "solo:policy=fast:rollouts=4:halving=1:evaluation=learned:depth=2:top=3:limit=20000"
    for state in positions(game_id, 1, 2):
        variants = [state.determinize(0, Rng(3000 + k)) for k in range(2)]
        decisions = {make_agent(spec, seed=7).choose(s).name for s in [state, *variants]}
        assert len(decisions) == 1, f"{spec} decided {decisions} in {game_id}"


@pytest.mark.parametrize("game_id", SOLO)
def test_the_solo_planners_two_level_search_ignores_the_deck_order(game_id: str) -> None:
    """Issue #19 (glory-deep): `reply` (each action valued with the best of the rollout
    policy's follow-up and alternatives at the next placement, chosen across samples)
    reads the game only through determinized samples."""
    spec = "solo:policy=fast:rollouts=4:halving=1:evaluation=learned:limit=20000:reply=2"
    for state in positions(game_id, 1, 2):
        variants = [state.determinize(0, Rng(3000 + k)) for k in range(2)]
        decisions = {make_agent(spec, seed=7).choose(s).name for s in [state, *variants]}
        assert len(decisions) == 1, f"{spec} decided {decisions} in {game_id}"
