"""The solo planner (issue #19): Monte Carlo over determinizations (flat or sequential
halving), finished by the heuristic or by the fast solo policy."""

from __future__ import annotations

import keizai
from keizai.agents import make_agent
from keizai.agents.heuristics import evaluator_for
from keizai.agents.solo import SoloAgent
from keizai.engine import Rng
from keizai.rules.national_economy.state import NationalEconomyState


def first_choice(game_id: str, players: int, seed: int) -> NationalEconomyState:
    state = keizai.new_game(game_id, players, seed=seed)
    assert isinstance(state, NationalEconomyState)
    while len(state.legal_indices()) < 2:
        state.apply_index(state.legal_indices()[0])
    return state


def test_every_action_is_rolled_out_on_the_same_samples() -> None:
    state = first_choice("national-economy/progress", 1, 3)
    agent = SoloAgent(5, rollouts=2)
    index = agent.choose_index(state)
    assert index in state.legal_indices()
    assert agent.last_rollouts == 2 * len(state.legal_indices())


def test_the_cap_stops_after_one_rollout_and_falls_back_to_the_policy() -> None:
    """Out of time before every action had a rollout, the planner plays its rollout
    policy's own choice rather than the best of the few actions tried first."""
    from keizai.agents.heuristic import HeuristicAgent

    state = first_choice("national-economy/glory", 1, 4)
    agent = SoloAgent(5, rollouts=50, cap=1e-9)
    index = agent.choose_index(state)
    assert agent.last_rollouts == 1
    assert index == HeuristicAgent(6).choose_index(state)


def test_with_more_players_it_plays_as_the_heuristic() -> None:
    for seed in range(3):
        state = first_choice("national-economy/mecenat", 2, seed)
        assert (make_agent("solo", 7).choose(state).name
                == make_agent("heuristic", 8).choose(state).name)


def test_sequential_halving_spends_at_most_the_flat_budget() -> None:
    """`halving=1`: the same total (rollouts x actions), most of it on the contenders."""
    state = first_choice("national-economy/mecenat", 1, 2)
    legal = state.legal_indices()
    agent = SoloAgent(5, rollouts=4, policy="fast", halving=1)
    index = agent.choose_index(state)
    assert index in legal
    assert len(legal) <= agent.last_rollouts <= 4 * len(legal)


def test_the_cap_also_bounds_sequential_halving() -> None:
    state = first_choice("national-economy/progress", 1, 6)
    agent = SoloAgent(5, rollouts=50, cap=1e-9, policy="fast", halving=1)
    assert agent.choose_index(state) in state.legal_indices()
    assert agent.last_rollouts == 1


def test_a_fast_rollout_past_the_deadline_is_dropped() -> None:
    """The deadline is checked inside fast rollouts too, so a decision ends within one
    policy move of the cap; an unfinished rollout counts for nothing."""
    from keizai.agents.solo_policy import SoloPolicy

    state = first_choice("national-economy/progress", 1, 6)
    sample = state.determinize(0, Rng(1))
    assert SoloPolicy().play_out(sample.clone(), deadline=0.0) is None
    assert SoloPolicy().play_out(sample.clone()) is not None


def test_an_unknown_rollout_policy_is_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="policy"):
        make_agent("solo:policy=random")


def late_choice(game_id: str, seed: int, rnd: int) -> NationalEconomyState:
    """The first position with a choice in round `rnd`, reached by the fast policy."""
    from keizai.agents.solo_policy import SoloPolicy

    state = keizai.new_game(game_id, 1, seed=seed)
    assert isinstance(state, NationalEconomyState)
    policy = SoloPolicy()
    while state.round < rnd or len(state.legal_indices()) < 2:
        state.apply_index(policy.choose_index(state))
    return state


def test_a_work_budget_gives_decisions_with_short_rollouts_more_of_them() -> None:
    """`work`: a budget in rollout moves per decision. Late in the game rollouts are
    short, so the same work buys far more of them than `rollouts` per action."""
    early = first_choice("national-economy/progress", 1, 6)
    late = late_choice("national-economy/progress", 6, 8)
    fixed = SoloAgent(5, rollouts=2, policy="fast", halving=1)
    planned = {}
    for name, state in (("early", early), ("late", late)):
        agent = SoloAgent(5, rollouts=2, policy="fast", halving=1, work=4000)
        assert agent.choose_index(state) in state.legal_indices()
        actions = len(evaluator_for(state.game.id).prune(state, state.legal_indices()))
        assert agent.last_budget >= 2 * actions
        assert agent.last_rollouts <= agent.last_budget
        planned[name] = agent.last_budget
        fixed.choose_index(state)
        assert fixed.last_budget == 2 * actions
    assert planned["late"] > 2 * planned["early"]


def test_work_without_halving_is_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="work"):
        make_agent("solo:policy=fast:work=100")


def test_the_goal_values_reaching_the_victory_score() -> None:
    """`goal`: a rollout's worth is its score plus a smooth step at the edition's
    victory score (rulebook, Victory Condition: Progress 100, Mecenat 125, Glory 100),
    so two points across the target weigh more than two points far below it."""
    for game_id, target in (("national-economy/progress", 100),
                            ("national-economy/mecenat", 125)):
        state = late_choice(game_id, 3, 9)
        agent = SoloAgent(5, rollouts=1, policy="fast", halving=1, goal=30, spread=8)
        agent.choose_index(state)
        assert agent.target == target
        across = agent.utility(target + 1) - agent.utility(target - 1)
        below = agent.utility(target - 41) - agent.utility(target - 43)
        assert across > 3.5 > 2.1 > below >= 2
    plain = SoloAgent(5, rollouts=1, policy="fast", halving=1)
    assert plain.utility(101.0) == 101.0


def test_the_level_plays_for_the_victory_score() -> None:
    """The solo game is won or lost at the victory score (rulebook, Victory Condition:
    Glory 100), so the `solo` level weighs the 20 points from 90 to 110 as more than 60,
    and two points far below the victory score as two points. Without the step, Glory's
    test deals 201-300 reached 100 in 25 of 100 games, with it in 29 (docs/strength.md,
    lead sessions 8-9)."""
    from keizai.agents import LEVELS

    state = late_choice("national-economy/glory", 3, 9)
    agent = make_agent(LEVELS["solo"].replace(":cap=1.7", ""), 5)
    assert isinstance(agent, SoloAgent)
    agent.choose_index(state)
    assert agent.target == 100
    assert agent.utility(110) - agent.utility(90) > 60
    assert 2 <= agent.utility(60) - agent.utility(58) < 2.01


def test_the_slack_moves_the_step_below_the_victory_score_by_the_rounds_left() -> None:
    """`slack`: rollouts are finished by a policy weaker than the planner, so from an
    early position they end far below what the planner will reach; the step then sits
    `slack` points per round left below the victory score (rulebook: 9 rounds, Glory's
    victory score 100), and at the victory score itself in the last round."""
    import pytest

    for rnd in (1, 5, 9):
        state = late_choice("national-economy/glory", 3, rnd)
        agent = SoloAgent(5, rollouts=1, policy="fast", halving=1, goal=60, spread=5,
                          slack=4)
        agent.choose_index(state)
        assert agent.target == 100 - 4 * (9 - rnd)
        assert agent.utility(agent.target + 10) - agent.utility(agent.target - 10) > 60
    with pytest.raises(ValueError, match="slack"):
        SoloAgent(5, slack=4)
    with pytest.raises(ValueError, match="slack"):
        SoloAgent(5, goal=60, slack=-1)


def test_the_learned_evaluation_judges_the_rollouts_moves() -> None:
    """`evaluation=learned` gives the fast rollout policy the learned value; it needs the
    fast policy, and other evaluations are refused."""
    import pytest

    from keizai.agents.solo_policy import LearnedSoloValue, SoloValue

    learned = make_agent("solo:policy=fast:evaluation=learned")
    assert isinstance(learned, SoloAgent) and learned.fast is not None
    assert isinstance(learned.fast.judge, LearnedSoloValue)
    hand = make_agent("solo:policy=fast")
    assert isinstance(hand, SoloAgent) and hand.fast is not None
    assert isinstance(hand.fast.judge, SoloValue)
    with pytest.raises(ValueError, match="evaluation"):
        make_agent("solo:policy=fast:evaluation=deep")
    with pytest.raises(ValueError, match="policy=fast"):
        make_agent("solo:evaluation=learned")


def test_glory_round_one_keeps_two_workers_while_a_third_cannot_be_paid() -> None:
    """The Glory blunder of deal 3001 (issue #19): with $5 and nothing to earn before
    the first payday ($2 a worker), the old level hired a third worker at the School and
    owed wages from then on. Rulebook (shared/seeds/001): "you must pay the wages for the
    Worker you have hired during the Payday Phase"; "If you cannot pay the wages even
    after selling all of your Buildings, receive 1 Unpaid Wage card per shortage of $1",
    "-3 pt per 1 Unpaid Wage card". Why: the hand-made estimate's rollouts ended games
    without the hire at 9 points on average and with it at 22 (the policy mismanaged the
    wages either way), so hiring looked better; rolled out by the learned value, keeping
    two workers ends higher (47 against 42 over 100 samples), and the level keeps them."""
    from keizai.agents import LEVELS

    state = first_choice("national-economy/glory", 1, 3001)
    assert state.round == 1 and state.players[0].money == 5
    names = {state.game.action_space.actions[i].name for i in state.legal_indices()}
    assert "place:school" in names
    spec = ":".join(p for p in LEVELS["solo"].split(":") if not p.startswith("cap="))
    assert make_agent(spec, 3001).choose(state).name != "place:school"


def test_a_truncated_rollout_takes_the_learned_value_at_the_first_placement_of_its_round(
) -> None:
    """`depth=d`: a rollout plays the fast policy up to the first placement of the d-th
    round after the decision's, and is worth the learned value there (the value fitted
    to the policy's final score from such placements)."""
    from keizai.agents.solo_policy import LearnedSoloValue, SoloPolicy
    from keizai.rules.national_economy import state as ne

    state = late_choice("national-economy/glory", 5, 3)
    sample = state.determinize(0, Rng(2))
    sample.log_enabled = False
    agent = SoloAgent(5, rollouts=1, policy="fast", halving=1, evaluation="learned",
                      depth=2)
    agent.choose_index(state)
    got = agent._play_out(sample.clone())
    policy, leaf = SoloPolicy(learned=True), sample.clone()
    assert isinstance(leaf, ne.NationalEconomyState)
    while not (leaf.round == state.round + 2 and leaf.decision == ne.PLACE):
        leaf.apply_index(policy.choose_index(leaf))
    assert got == LearnedSoloValue().value(leaf)
    assert got != SoloPolicy(learned=True).play_out(sample.clone())
    # past the last round's start the rollout runs to the end: the final score
    last = late_choice("national-economy/glory", 5, 9)
    agent.choose_index(last)
    final = last.determinize(0, Rng(2))
    assert agent._play_out(final.clone()) == SoloPolicy(learned=True).play_out(final.clone())


def test_top_rolls_out_only_the_actions_of_best_one_step_value() -> None:
    """`top=k`: the actions are ranked by the rollout policy's own one-step judgement
    (played to the next placement, learned value) and only the best k are rolled out."""
    for seed in range(8):
        state = late_choice("national-economy/glory", seed, 4)
        legal = evaluator_for(state.game.id).prune(state, state.legal_indices())
        if len(legal) >= 4:
            break
    assert len(legal) >= 4
    agent = SoloAgent(5, rollouts=3, policy="fast", halving=1, evaluation="learned", top=2)
    probe = SoloAgent(5, rollouts=3, policy="fast", halving=1, evaluation="learned", top=2)
    best = probe._widen(state, 0, legal)
    assert len(best) == 2
    index = agent.choose_index(state)
    assert index in best
    assert agent.last_considered == 2
    assert agent.last_rollouts <= 3 * 2
    every = SoloAgent(5, rollouts=3, policy="fast", halving=1, evaluation="learned")
    every.choose_index(state)
    assert every.last_considered == len(legal)


def test_depth_and_top_need_the_learned_evaluation() -> None:
    import pytest

    for option in ("depth=2", "top=3"):
        with pytest.raises(ValueError, match="learned"):
            make_agent(f"solo:policy=fast:halving=1:{option}")
    with pytest.raises(ValueError, match=">= 0"):
        make_agent("solo:policy=fast:evaluation=learned:depth=-1")


def test_a_limit_bounds_the_rollout_moves_of_a_decision() -> None:
    """`limit`: at most `limit` rollout moves per decision (the length measured on the
    first rollout), whatever the count of actions; at least one rollout per action."""
    state = first_choice("national-economy/glory", 1, 6)
    actions = len(evaluator_for(state.game.id).prune(state, state.legal_indices()))
    free = SoloAgent(5, rollouts=48, policy="fast", halving=1, evaluation="learned")
    free.choose_index(state)
    assert free.last_budget == 48 * actions
    bound = SoloAgent(5, rollouts=48, policy="fast", halving=1, evaluation="learned",
                      limit=2000)
    assert bound.choose_index(state) in state.legal_indices()
    assert bound.last_budget == max(actions, 2000 // bound.last_length) < 48 * actions
    assert bound.last_rollouts <= max(bound.last_budget, 2 * actions)
    loose = SoloAgent(5, rollouts=2, policy="fast", halving=1, limit=10 ** 6)
    loose.choose_index(state)
    assert loose.last_budget == 2 * actions
    import pytest

    with pytest.raises(ValueError, match="limit"):
        make_agent("solo:policy=fast:limit=100")


def _mine_position() -> tuple[keizai.State, int, list[int]]:
    """Glory deal 3001's first placement (Mine, School, Ruins): after the Mine the seat
    places again in round 1 (three workplaces open), after the others it has one move.
    Returns the state, the Mine, and the follow-ups after it other than the rollout
    policy's own."""
    from keizai.agents.solo_policy import SoloPolicy

    state = first_choice("national-economy/glory", 1, 3001)
    names = {state.game.action_space.actions[i].name: i for i in state.legal_indices()}
    mine = names["place:mine"]
    inner = _after(state, mine)
    own = SoloPolicy(learned=True).choose_index(inner)
    others = [m for m in inner.legal_indices() if m != own]
    assert len(others) >= 2
    return state, mine, others


def _scripted(agent: SoloAgent, state: keizai.State, value: object) -> list[keizai.State]:
    """Replace `agent`'s rollouts by `value(root, follow_up, k)`: the root action, the move
    made at the next placement (None for the rollout policy's own, played inside the
    rollout) and the sample's number k. Returns the samples as they are drawn."""
    made: list[keizai.State] = []
    current = [0]
    draw = agent._sample
    visit = agent._visit_reply
    start = len(state.history)

    def sample(s: keizai.State, seat: int) -> keizai.State:
        made.append(draw(s, seat))
        return made[-1]

    def visit_reply(s: keizai.State, *args: object) -> bool:
        current[0] = next(k for k, m in enumerate(made) if m is s)
        return visit(s, *args)  # type: ignore[arg-type]

    def play_out(g: keizai.State, deadline: float | None = None) -> float:
        moves = g.history[start:]
        follow = moves[-1] if len(moves) > 1 else None
        return float(value(moves[0], follow, current[0]))  # type: ignore[operator]

    agent._sample = sample  # type: ignore[method-assign, assignment]
    agent._visit_reply = visit_reply  # type: ignore[method-assign, assignment]
    agent._play_out = play_out  # type: ignore[method-assign, assignment]
    return made


def test_reply_values_an_action_by_its_best_follow_up_when_the_policys_is_bad() -> None:
    """`reply=m` (two-level search): on a position where the rollout policy's own
    follow-up of the Mine is poor (10 points) and another follow-up is good (30), the
    one-step planner prefers the School or Ruins (20: their policy rollouts) and the
    two-level planner the Mine, whose best follow-up wins."""
    state, mine, others = _mine_position()
    good = others[0]

    def value(root: int, follow: int | None, k: int) -> float:
        if root != mine:
            return 20.0
        return 30.0 if follow == good else 10.0

    flat = SoloAgent(5, rollouts=4, policy="fast", halving=1, evaluation="learned")
    flat._play_out = lambda g, deadline=None: value(g.history[len(state.history)], None, 0)  # type: ignore[method-assign, assignment]
    assert flat.choose_index(state) != mine
    deep = SoloAgent(5, rollouts=4, policy="fast", halving=1, evaluation="learned", reply=2)
    _scripted(deep, state, value)
    assert deep.choose_index(state) == mine
    # the candidates: the policy's own follow-up, then the next two of its ranking
    assert deep._candidates[mine][0] == -1 and set(deep._candidates[mine][1:]) <= set(others)
    assert len(deep._candidates[mine]) == 3


def test_reply_chooses_the_follow_up_across_samples_not_with_the_samples_deck_in_view(
) -> None:
    """The clairvoyance of determinized search: a follow-up that is best on every sample
    only because it sees that sample's deck is worth nothing to a player who must choose
    it before the draw. Here the Mine's two other follow-ups score 40 on alternate samples
    and 0 on the rest, its policy follow-up 10; a per-sample best would value the Mine at
    40 and play it; chosen across samples (leave one out) it is worth 0, and the planner
    keeps an action worth 20 on every sample."""
    state, mine, others = _mine_position()
    first, second = others[0], others[1]

    def value(root: int, follow: int | None, k: int) -> float:
        if root != mine:
            return 20.0
        if follow == first:
            return 40.0 if k % 2 == 0 else 0.0
        if follow == second:
            return 0.0 if k % 2 == 0 else 40.0
        return 10.0

    deep = SoloAgent(5, rollouts=4, policy="fast", halving=1, evaluation="learned", reply=3)
    made = _scripted(deep, state, value)
    assert set(deep._replies(_after(state, mine))[1:]) >= {first, second}
    assert deep.choose_index(state) != mine
    assert len(made) >= 2


def _after(state: keizai.State, index: int) -> keizai.State:
    """`state` after `index`, played by the fast policy to the next placement."""
    from keizai.agents.solo_policy import SoloPolicy
    from keizai.rules.national_economy import state as ne

    child = state.clone()
    child.apply_index(index)
    assert isinstance(child, ne.NationalEconomyState)
    policy = SoloPolicy(learned=True)
    while child.decision != ne.PLACE:
        child.apply_index(policy.choose_index(child))
    return child


def test_the_cross_validated_value_scores_each_sample_with_the_others_choice() -> None:
    from keizai.agents.solo import _cross_validated

    # one sample: the policy's follow-up
    assert _cross_validated([[7.0, 50.0]]) == 7.0
    # a follow-up better on every sample is chosen on every sample
    assert _cross_validated([[0.0, 5.0], [1.0, 6.0], [2.0, 7.0]]) == 6.0
    # anti-correlated follow-ups: the per-sample best would say 10; across samples 0
    assert _cross_validated([[0.0, 10.0], [10.0, 0.0]]) == 0.0
    # ties keep the policy's own follow-up (the first)
    assert _cross_validated([[3.0, 3.0], [4.0, 4.0]]) == 3.5


def test_reply_needs_halving_and_the_fast_policy_and_counts_in_the_limit() -> None:
    import pytest

    for spec in ("solo:policy=fast:reply=1", "solo:halving=1:reply=1",
                 "solo:policy=fast:halving=1:reply=-1"):
        with pytest.raises(ValueError, match="reply"):
            make_agent(spec)
    state = first_choice("national-economy/glory", 1, 6)
    actions = len(evaluator_for(state.game.id).prune(state, state.legal_indices()))
    agent = SoloAgent(5, rollouts=48, policy="fast", halving=1, evaluation="learned",
                      limit=6000, reply=2)
    assert agent.choose_index(state) in state.legal_indices()
    assert agent.last_budget == max(actions, 6000 // (3 * agent.last_length))


def _last_placement(seed: int, rnd: int) -> NationalEconomyState:
    """Glory deal `seed` played by the fast policy to the last placement of round `rnd`
    with the School open."""
    from keizai.agents.solo_policy import SoloPolicy

    state = keizai.new_game("national-economy/glory", 1, seed=seed)
    assert isinstance(state, NationalEconomyState)
    policy = SoloPolicy(learned=True)
    while not (state.round == rnd and state.players[0].ready == 1
               and "place:school" in _names(state)):
        state.apply_index(policy.choose_index(state))
    return state


def _names(state: keizai.State) -> list[str]:
    return [state.game.action_space.actions[i].name for i in state.legal_indices()]


def test_tokens_weigh_the_workers_and_dolls_a_rollout_ends_with_up_to_round_six() -> None:
    """`tokens`: the rollout policy hires no worker after round 1, so it makes less of a
    token than the planner will; a rollout is worth `tokens` points more per worker or
    Mechanical Doll held at its end, at the decisions of rounds 1-6. At the last
    placement of a round only the School adds one (rulebook, School: "Take one of your
    Worker tokens from the supply"): with a weight beyond any score it is chosen in
    round 2, where the planner without it builds; from round 7 on the weight changes
    nothing."""
    import pytest

    def planner(tokens: float = 0.0) -> SoloAgent:
        return SoloAgent(5, rollouts=4, policy="fast", halving=1, evaluation="learned",
                         tokens=tokens)

    early = _last_placement(2, 2)
    assert "place:school" in _names(early)
    name = early.game.action_space.actions
    assert name[planner().choose_index(early)].name != "place:school"
    assert name[planner(40).choose_index(early)].name == "place:school"
    late = late_choice("national-economy/glory", 2, 7)
    assert late.round == 7
    assert planner(40).choose_index(late) == planner().choose_index(late)
    with pytest.raises(ValueError, match="tokens"):
        SoloAgent(5, tokens=-1)


def test_a_loan_rollout_is_charged_per_dollar_lent_from_the_round_after_the_decision(
) -> None:
    """`loan`: the planner's rollouts are given the wage shortfall from the round after
    the decision's (the decision's own payday is paid for real) and are worth `loan`
    points less per $ given."""
    import pytest

    from keizai.agents.solo_policy import SoloPolicy

    state = _last_placement(2, 2)
    agent = SoloAgent(5, rollouts=2, policy="fast", halving=1, evaluation="learned", loan=2)
    assert agent.choose_index(state) in state.legal_indices()
    sample = state.determinize(0, Rng(3))
    sample.log_enabled = False
    policy = SoloPolicy(learned=True)
    final = policy.play_out(sample.clone(), None, 3)
    assert final is not None and policy.lent > 0
    assert agent._play_out(sample.clone()) == final - 2 * policy.lent
    for spec in ("solo:loan=2", "solo:policy=fast:evaluation=learned:depth=2:loan=2",
                 "solo:policy=fast:loan=-1"):
        with pytest.raises(ValueError, match="loan"):
            make_agent(spec)



def _doll_in_hand() -> NationalEconomyState:
    """The first placement of solo Glory (seed 1) holding a Mechanical Doll card and the
    4 cards its construction costs."""
    state = keizai.new_game("national-economy/glory", 1, seed=1)
    assert isinstance(state, NationalEconomyState)
    p = state.players[0]
    state.deck += [t for t, n in enumerate(p.hand) for _ in range(n)]
    p.hand = [0] * len(p.hand)
    for card in ("mechanical_doll", "workshop", "colony", "farm_village", "relics"):
        t = state.cards.by_id[card]
        state.deck.remove(t)
        p.hand[t] += 1
    p.hand_n = 5
    state._legal = None
    state.check_invariants()
    return state


def test_doll_values_each_action_by_its_better_plan_on_the_same_samples() -> None:
    """`doll`: up to round `doll`, each visit rolls an action out under the policy as it is
    and under the doll plan, on the same sample; the action is worth its better plan's
    mean, and the plan of the action chosen is kept. Holding a doll card it can pay
    for, the two plans play differently; with a `limit`, a visit counts as two rollouts."""
    from keizai.agents.solo_policy import SoloPolicy

    state = _doll_in_hand()
    agent = SoloAgent(5, rollouts=2, policy="fast", halving=1, evaluation="learned",
                      doll=6)
    choice = agent.choose_index(state)
    sums = agent._plan_totals
    assert set(sums) == set(evaluator_for(state.game.id).prune(state,
                                                               state.legal_indices()))
    assert any(plain != doll for plain, doll in sums.values())
    assert agent.plan == max(range(2), key=lambda k: sums[choice][k])
    # the plans' sums are rollouts of the two policies from the agent's own samples
    sample = state.determinize(0, Rng(9))
    sample.log_enabled = False
    probe = SoloAgent(5, rollouts=1, policy="fast", halving=1, evaluation="learned",
                      doll=6)
    probe._planning = True
    probe._plan_totals = {}
    counts = {choice: 0}
    assert probe._visit_plans(sample, choice, None, 0, counts)
    for k, until in enumerate((0, 6)):
        child = sample.clone()
        child.apply_index(choice)
        final = SoloPolicy(learned=True, doll_until=until).play_out(child)
        assert probe._plan_totals[choice][k] == probe.utility(final or 0.0)
    limited = SoloAgent(5, rollouts=48, policy="fast", halving=1, evaluation="learned",
                        limit=4000)
    planned = SoloAgent(5, rollouts=48, policy="fast", halving=1, evaluation="learned",
                        limit=4000, doll=6)
    limited.choose_index(state)
    planned.choose_index(state)
    actions = len(sums)
    assert limited.last_budget == min(48 * actions,
                                      max(actions, 4000 // limited.last_length))
    assert planned.last_budget == min(48 * actions,
                                      max(actions, 4000 // (2 * planned.last_length)))
    assert planned.last_budget < limited.last_budget


def test_the_kept_plan_counts_stick_points_more() -> None:
    """`stick`: the plan kept from the last decision counts `stick` points more, so an
    action is worth another plan only when that plan is better by more."""
    agent = SoloAgent(5, policy="fast", halving=1, evaluation="learned", doll=6, stick=3)
    agent._plan_totals = {7: [20.0, 24.0]}
    agent.plan = 0
    assert agent._plan_value(7, 2) == (13.0, 0)
    agent.plan = 1
    assert agent._plan_value(7, 2) == (15.0, 1)
    agent._plan_totals = {7: [20.0, 28.0]}
    agent.plan = 0
    assert agent._plan_value(7, 2) == (14.0, 1)


def test_after_round_doll_it_plays_as_the_planner_without_plans() -> None:
    """From round `doll` + 1 on the two plans would roll out alike, so the planner rolls
    out once, as without the option, whatever plan it kept."""
    import pytest

    late = late_choice("national-economy/glory", 2, 7)
    plain = SoloAgent(5, rollouts=4, policy="fast", halving=1, evaluation="learned")
    planned = SoloAgent(5, rollouts=4, policy="fast", halving=1, evaluation="learned",
                        doll=6, stick=3)
    planned.plan = 1
    assert planned.choose_index(late) == plain.choose_index(late)
    assert planned.last_rollouts == plain.last_rollouts
    assert not planned._plan_totals
    planned.choose_index(_doll_in_hand())
    assert planned._plan_totals
    for spec in ("solo:policy=fast:doll=6", "solo:policy=fast:halving=1:stick=3",
                 "solo:halving=1:doll=6", "solo:policy=fast:halving=1:doll=-1",
                 "solo:policy=fast:halving=1:evaluation=learned:depth=2:doll=6"):
        with pytest.raises(ValueError, match=r"doll|stick"):
            make_agent(spec)


def test_the_kept_plan_is_forgotten_in_another_game_met_at_a_later_round() -> None:
    """One agent playing game after game: the doll plan kept in one game is not carried
    into another, even one it first meets at a later round (found reading the option:
    only a lower round than the last decision's reset it); within a game it is kept."""
    agent = SoloAgent(5, policy="fast", halving=1, evaluation="learned", doll=6, stick=3)
    first = _doll_in_hand()
    agent._keep_plan_of(first)
    agent.plan = 1
    later = first.clone()
    later.apply(later.legal_actions()[0])
    agent._keep_plan_of(later)
    assert agent.plan == 1
    other = late_choice("national-economy/glory", 2, 7)
    assert other.round > later.round
    agent._keep_plan_of(other)
    assert agent.plan == -1
