"""A solo planner: Monte Carlo over determinizations with whole-game rollouts.

In a solo game the only hidden information is the deck order (and future chance), so
a determinized sample is the whole game with one guess of the deck. For each legal
action the planner plays it on `rollouts` samples and finishes each game with a rollout
policy — the `heuristic`, or `fast`, the solo policy of keizai.agents.solo_policy, which
plans wages and is about ten times cheaper — (itself choosing only from the sample it
stands in), then keeps the
action with the best mean *final score* — the quantity solo is judged on, rather than
a win chance that is nearly 0 everywhere far below the victory score. The same samples
serve every action (common random numbers), so actions are compared on the same
guesses of the deck. Fair by construction: it reads the game only through
`state.determinize(seat, rng)`.

With more than one player it falls back to the heuristic's choice (it plans for one
seat only). The budget is `rollouts` per action, spent evenly (flat Monte Carlo) or,
with `halving=1`, by sequential halving (see `_halving`); `cap` seconds stops early
(within one rollout): an action keeps the mean of the rollouts it had, and one that had
none yet is not chosen, so a decision takes at most `cap` plus one rollout.

Two options spend the budget differently (both need the learned evaluation). `depth=d`
truncates the rollouts: a rollout stops at the first placement of the d-th round after
the decision's and is worth the learned value there (`LearnedSoloValue`, fitted to the
fast policy's final score from such placements), so a rollout costs a fraction of a whole
game and carries less of its noise. `top=k` prunes before rolling out: only the k actions
with the best one-step value (each action played to the next placement by the rollout
policy on one sample and judged by the learned value, as the policy itself judges its
moves) are rolled out, so the contenders share the budget. And `limit=M` (with halving)
bounds a decision's work: at most M rollout moves (the length of its first rollout
times the rollouts), whatever the count of actions, so the many-action decisions of
the middle game stay under the time bound while the others keep `rollouts` per action.
"""

from __future__ import annotations

import math
import time as _time
from typing import ClassVar

from keizai.agents.base import Agent, action_at
from keizai.agents.heuristic import HeuristicAgent
from keizai.agents.heuristics import evaluator_for
from keizai.agents.solo_policy import SoloPolicy
from keizai.engine import Action, InvalidSetup, Rng, State
from keizai.rules.national_economy import state as ne


class SoloAgent(Agent):
    name = "solo"
    PARAMS: ClassVar[dict[str, type]] = {"rollouts": int, "cap": float, "epsilon": float,
                                         "policy": str, "halving": int, "work": int,
                                         "goal": float, "spread": float, "evaluation": str,
                                         "depth": int, "top": int, "limit": int,
                                         "reply": int, "slack": float, "tokens": float,
                                         "loan": float, "doll": int, "stick": float}
    POLICIES = ("heuristic", "fast")
    EVALUATIONS = ("hand", "learned")

    def __init__(self, seed: int = 0, rollouts: int = 4, cap: float = 0.0,
                 epsilon: float = 0.0, policy: str = "heuristic", halving: int = 0,
                 work: int = 0, goal: float = 0.0, spread: float = 8.0,
                 evaluation: str = "hand", depth: int = 0, top: int = 0,
                 limit: int = 0, reply: int = 0, slack: float = 0.0,
                 tokens: float = 0.0, loan: float = 0.0, doll: int = 0,
                 stick: float = 0.0) -> None:
        """`epsilon`: chance of a random move inside heuristic rollouts (diversifies
        them). `policy`: what finishes the rollouts — the `heuristic`, or `fast`, the
        solo policy of keizai.agents.solo_policy (wage planning, about ten times faster,
        so many more rollouts fit in the same time). `halving=1`: the same total of
        rollouts (`rollouts` x the legal actions) spent by sequential halving — every
        action gets an equal share, the better half goes on to the next stage, and so on
        until one is left — so the close contenders are compared on many more samples.
        `work` (with `halving=1`): a budget in rollout moves per decision instead of
        rollouts per action — the decision's first rollout measures how many moves a
        rollout takes from here, and the total of rollouts becomes `work` / that length
        (at least `rollouts` per action). Late decisions, whose rollouts are short, get
        many more samples for about the same time; the budget stays a fixed count, so
        the decisions do not depend on the machine's speed. `goal`: a rollout is valued
        by its final score plus `goal` points times a smooth step (a logistic of width
        `spread` points) at the edition's victory score, so the planner weighs the
        chance of reaching it, not only the mean score. `slack` (with `goal`): the step
        sits `slack` points per round left below the victory score. The rollout policy
        plays worse than the planner, so a rollout from an early position ends far below
        the score the planner will reach from there (on six Glory dev deals, 44 points
        in round 1, 18 in round 5, 3 in round 8); without the slack the step only counts
        in the last rounds. Measured on Glory, it did not help (docs/strength.md).
        `evaluation` (with the fast policy): what the policy judges its moves by — the
        hand-made `SoloValue` or the `learned` value fitted on played games
        (`LearnedSoloValue`). `depth` (with `evaluation=learned`; 0: whole games):
        rollouts stop at the first placement of the `depth`-th round after the
        decision's and take the learned value there.
        `top` (with `evaluation=learned`; 0: every action): only the `top` actions of
        best one-step value are rolled out (see the module docstring). `limit` (with
        `halving=1`; 0: none): at most `limit` rollout moves per decision — measured as
        `work` measures them, the total of rollouts becomes at most `limit` / the length
        of the first rollout (but at least one per action), so a decision with many
        actions or long rollouts stays within a fixed count of moves, the planner's time
        bound on one core. `reply` (with `halving=1` and the fast policy; 0: none): a
        two-level search, see `_visit_reply` — each action is valued with the best of the
        policy's own follow-up and `reply` alternatives at the next placement, chosen
        across samples; with `limit`, a visit counts as 1 + `reply` rollouts.
        `tokens` (National Economy; 0: none): at decisions up to round `INVEST_ROUNDS`, a
        rollout is worth `tokens` points more per token (worker or Mechanical Doll) the seat
        holds at its end. The rollout policy hires no worker after round 1 and seldom builds
        a doll, so it makes less of a token than the planner will; in the level's Glory
        games the final score rises with the tokens held (3 workers and no doll: 1 of 42
        reach 100; 5 and a doll: 18 of 27; docs/strength.md, session 30). Measured on
        Glory with 4 points, it did not help: 25 of the 100 test deals reach 100, against
        the level's 29.
        `loan` (with the fast policy, whole rollouts; 0: none): from the round after the
        decision's, a rollout gives the seat its wage shortfall at its last placement of
        each round (`SoloPolicy.play_out`'s `loan_from`) and is worth `loan` points less
        per $ given; the decision's own round pays for real. Paying the wages by selling
        buildings and Unpaid Wages costs the rollout policy about 33 points a Glory game
        (given the loan at 1 point per $ it scores 81 instead of 48; docs/strength.md,
        session 31), so its rollouts may undervalue what needs wages paid later (tokens,
        buildings kept). Measured on Glory (2 and 3 points per $), it made the planner
        hire more and score 11 points a deal less (session 32).
        `doll` (with the fast policy and halving, whole rollouts; 0: none): plan-keeping
        rollouts. At the decisions up to round `doll`, every visit of an action rolls it
        out under two plans on the same sample: the policy as it is, and the policy with
        the doll plan (`SoloPolicy(doll_until=doll)`: keep every Mechanical Doll card,
        build the doll at every build, go where it may be built), and the action is worth
        its better plan's mean; with `limit`, a visit counts as two rollouts. The plan the
        chosen action was worth most under is kept (`plan`) and counts `stick` points more
        at the next decisions, so it is given up only for a clear gain. A doll is a token
        without wages, worth 40-50 points to the policy when given early in Glory, but a
        rule that always builds it costs the policy as much (docs/strength.md, session
        31): the plan lets the planner take it where it pays. Measured on Glory's dev
        deals 72001-72040 (session 33), it did not help: with `doll=6:stick=3`, 10 of 40
        reach 100 against the level's 11 and the score is 3.3 +- 6.9 lower (the doll
        replaces a worker and costs end-bonus buildings); without `stick`, 7 of 40."""
        for name, value, least in (("rollouts", rollouts, 1), ("cap", cap, 0),
                                   ("tokens", tokens, 0), ("loan", loan, 0),
                                   ("doll", doll, 0), ("stick", stick, 0),
                                   ("work", work, 0), ("limit", limit, 0),
                                   ("slack", slack, 0), ("depth", depth, 0), ("top", top, 0),
                                   ("reply", reply, 0)):
            if value < least:
                raise InvalidSetup.refuse("agent.at_least", key=name, least=least)
        if spread <= 0:
            raise InvalidSetup.refuse("agent.above", key="spread", least=0)
        for name, choice, known in (("policy", policy, self.POLICIES),
                                    ("evaluation", evaluation, self.EVALUATIONS)):
            if choice not in known:
                raise InvalidSetup.refuse("agent.one_of", key=name, values=list(known))
        for name, used, needs in (
                ("work", work and not halving, ["halving=1"]),
                ("limit", limit and not halving, ["halving=1"]),
                ("slack", slack and not goal, ["goal"]),
                ("evaluation=learned", evaluation != "hand" and policy != "fast",
                 ["policy=fast"]),
                ("depth", depth and evaluation != "learned", ["evaluation=learned"]),
                ("top", top and evaluation != "learned", ["evaluation=learned"]),
                ("reply", reply and (not halving or policy != "fast"),
                 ["halving=1", "policy=fast"]),
                ("loan", loan and (policy != "fast" or depth or reply),
                 ["policy=fast", "depth=0", "reply=0"]),
                ("doll", doll and (policy != "fast" or not halving or depth or reply
                                   or loan),
                 ["policy=fast", "halving=1", "depth=0", "reply=0", "loan=0"]),
                ("stick", stick and not doll, ["doll"])):
            if used:
                raise InvalidSetup.refuse("agent.needs", key=name, needs=needs)
        self.rng = Rng(seed)
        self.rollouts = rollouts
        self.halving = bool(halving)
        self.cap = cap
        self.policy = HeuristicAgent(seed + 1, epsilon=epsilon)
        self.fast: SoloPolicy | None = None
        if policy == "fast":
            self.fast = SoloPolicy(learned=evaluation == "learned")
        self.work = work
        self.goal = goal
        self.spread = spread
        self.slack = slack
        self.depth = depth
        self.limit = limit
        self.top = top
        self.reply = reply
        self.tokens = tokens
        self.loan = loan
        self.doll = doll
        self.stick = stick
        # with `doll`: the rollout policy of each plan (the policy as it is first)
        self.plans: list[SoloPolicy] = []
        if doll:
            assert self.fast is not None
            self.plans = [self.fast, SoloPolicy(learned=evaluation == "learned",
                                                doll_until=doll)]
        self.plan = -1  # with `doll`: the plan kept (an index of `plans`; -1: none yet)
        # the moves before the last decision: a state that does not follow them is another
        # game's, and `plan` is reset before it (`_keep_plan_of`)
        self._plan_history: list[int] = []
        self._planning = False  # whether the current decision rolls out under the plans
        # with `doll`, per action of the current decision: its rollouts' sum per plan
        self._plan_totals: dict[int, list[float]] = {}
        self._loan_from = 0  # with `loan`: the first round whose wages a rollout lends
        self._token_points = 0.0  # `tokens` at the current decision (0 after INVEST_ROUNDS)
        self._last_tokens = 0  # the seat's tokens at the end of the last rollout
        # with `reply`, per root action of the current decision: its follow-up candidates
        # (_POLICY first) and, per sample, the value of each (see `_visit_reply`)
        self._candidates: dict[int, tuple[int, ...]] = {}
        self._rows: dict[int, list[list[float]]] = {}
        self.target = 0.0
        self._stop_round = 0  # with `depth`: the round whose first placement ends a rollout
        self.last_rollouts = 0
        self.last_considered = 0  # the actions the last decision rolled out
        self.last_budget = 0  # the rollouts the last decision by halving planned
        self.last_length = 0  # with `work` or `limit`: the moves of its first rollout
        self._moves = 0

    def choose(self, state: State) -> Action:
        return action_at(state, self.choose_index(state))

    def _keep_plan_of(self, state: State) -> None:
        """With `doll`: the plan kept is the last decision's if `state` follows on from
        it, else none (another game: one agent may play game after game). Until session
        33 only a round lower than the last decision's reset it, so a new game met at
        the same round or later went on with the old game's plan."""
        history = state.history
        if history[:len(self._plan_history)] != self._plan_history:
            self.plan = -1
        self._plan_history = list(history)

    def choose_index(self, state: State) -> int:
        legal = state.legal_indices()
        if len(legal) == 1:
            return legal[0]
        if state.num_players != 1:
            return self.policy.choose_index(state)
        seat = state.current_player
        assert seat is not None
        legal = evaluator_for(state.game.id).prune(state, legal)
        if len(legal) == 1:
            return legal[0]
        if self.top and len(legal) > self.top:
            legal = self._widen(state, seat, legal)
        self.last_considered = len(legal)
        if self.goal:
            self.target = float(state.scores()[seat].get("target", 0))
            if self.slack:
                assert isinstance(state, ne.NationalEconomyState)
                self.target -= self.slack * (ne.ROUNDS - state.round)
        if self.depth:
            assert isinstance(state, ne.NationalEconomyState)
            self._stop_round = state.round + self.depth
        if self.loan:
            assert isinstance(state, ne.NationalEconomyState)
            self._loan_from = state.round + 1
        self._planning = False
        if self.doll:
            assert isinstance(state, ne.NationalEconomyState)
            self._keep_plan_of(state)
            self._planning = state.round <= self.doll
        self._token_points = 0.0
        if self.tokens:
            assert isinstance(state, ne.NationalEconomyState)
            if state.round <= INVEST_ROUNDS:
                self._token_points = self.tokens
        deadline = _time.perf_counter() + self.cap if self.cap > 0 else None
        if self.halving:
            return self._halving(state, seat, legal, deadline)
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        done = 0
        out_of_time = False
        for _ in range(self.rollouts):
            sample = state.determinize(seat, self.rng)
            sample.log_enabled = False
            for index in legal:
                if not self._visit(sample, index, deadline, done, totals, counts):
                    out_of_time = True
                    break
                done += 1
            if out_of_time:
                break
        self.last_rollouts = done
        if not all(counts.values()):
            return self._fallback(state, seat)
        return max(legal, key=lambda i: totals[i] / counts[i])

    def _visit(self, sample: State, index: int, deadline: float | None, done: int,
               totals: dict[int, float], counts: dict[int, int]) -> bool:
        """One rollout of `index` on `sample` added to its mean; False when the deadline
        came first (before it or during it), leaving the mean as it was."""
        if _late(deadline, done):
            return False
        if self.reply:
            return self._visit_reply(sample, index, deadline, done, counts)
        if self._planning:
            return self._visit_plans(sample, index, deadline, done, counts)
        value = self._rollout(sample, index, deadline, done)
        if value is None:
            return False
        totals[index] += self.utility(value) + self._token_points * self._last_tokens
        counts[index] += 1
        return True

    def utility(self, score: float) -> float:
        """What a rollout's final `score` is worth to the planner: the score, plus with
        `goal` a smooth step at the victory score (`target`, read at each decision, less
        the `slack`)."""
        if not self.goal:
            return score
        return score + self.goal * _step((score - self.target) / self.spread)

    def _rollout(self, sample: State, index: int, deadline: float | None,
                 done: int) -> float | None:
        """The value of playing `index` on `sample` and then to the end; None when the
        deadline passed during it (a decision's first rollout always finishes)."""
        child = sample.clone()
        child.apply_index(index)
        value = self._play_out(child, deadline if done else None)
        self._moves = len(child.history) - len(sample.history)
        self._last_tokens = _tokens(child) if self._token_points else 0
        return value

    def _halving(self, state: State, seat: int, legal: list[int],
                 deadline: float | None) -> int:
        """Sequential halving over `legal` with a budget of `rollouts` per action; sample
        k is the same determinization for every action (common random numbers). Within
        a stage the actions take turns, one sample each, so a deadline leaves them
        compared on (nearly) as many samples."""
        samples: list[State] = []
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        self._candidates = {}
        self._rows = {index: [] for index in legal}
        self._plan_totals = {}

        def mean(index: int) -> float:
            if self.reply:
                return _cross_validated(self._rows[index])
            if self._planning:
                return self._plan_value(index, counts[index])[0]
            return totals[index] / counts[index]

        alive = list(legal)
        budget = self.rollouts * len(legal)
        stages = max(1, (len(legal) - 1).bit_length())
        done = 0
        out_of_time = False
        if self.work or self.limit:
            samples.append(self._sample(state, seat))
            self._visit(samples[0], alive[0], deadline, 0, totals, counts)
            done = 1
            length = self.last_length = max(1, self._moves)
            if self.work:
                budget = max(budget, self.work // length)
            if self.limit:
                cost = length * (1 + self.reply) * (len(self.plans) if self._planning else 1)
                budget = min(budget, max(len(legal), self.limit // cost))
        self.last_budget = budget
        while len(alive) > 1 and not out_of_time:
            share = max(1, budget // (len(alive) * stages))
            # every contender is brought to the same count (after `work`'s measuring
            # rollout, the first one already has one)
            upto = min(counts[index] for index in alive) + share
            for _ in range(share):
                for index in alive:
                    k = counts[index]
                    if k >= upto:
                        continue
                    while len(samples) <= k:
                        samples.append(self._sample(state, seat))
                    if not self._visit(samples[k], index, deadline, done, totals, counts):
                        out_of_time = True
                        break
                    done += 1
                if out_of_time:
                    break
            if out_of_time:
                break
            alive.sort(key=lambda i: -mean(i))
            alive = alive[:(len(alive) + 1) // 2]
        self.last_rollouts = done
        if not all(counts[i] for i in alive):
            return self._fallback(state, seat)
        chosen = max(alive, key=mean)
        if self._planning:
            self.plan = self._plan_value(chosen, counts[chosen])[1]
        return chosen

    def _visit_plans(self, sample: State, index: int, deadline: float | None, done: int,
                     counts: dict[int, int]) -> bool:
        """One visit of `index` on `sample` under every plan (option `doll`): one rollout
        each, from the same sample; False when the deadline came first, leaving the
        action's sums as they were."""
        values: list[float] = []
        for k, policy in enumerate(self.plans):
            child = sample.clone()
            child.apply_index(index)
            value = policy.play_out(child, deadline if done or k else None)
            if value is None:
                return False
            if not k:
                self._moves = len(child.history) - len(sample.history)
            tokens = _tokens(child) if self._token_points else 0
            values.append(self.utility(value) + self._token_points * tokens)
        sums = self._plan_totals.setdefault(index, [0.0] * len(values))
        for k, value in enumerate(values):
            sums[k] += value
        counts[index] += 1
        return True

    def _plan_value(self, index: int, count: int) -> tuple[float, int]:
        """An action's worth under plans (option `doll`): its best plan's mean rollout, the
        plan kept counting `stick` more; and that plan."""
        best, best_plan = -math.inf, 0
        for k, total in enumerate(self._plan_totals[index]):
            value = total / count + (self.stick if k == self.plan else 0.0)
            if value > best:
                best, best_plan = value, k
        return best, best_plan

    def _visit_reply(self, sample: State, index: int, deadline: float | None, done: int,
                     counts: dict[int, int]) -> bool:
        """One two-level visit of `index` on `sample` (option `reply`); False when the
        deadline came first, leaving the action's values as they were.

        The action is played, then the rollout policy plays up to the seat's next
        placement (the inner node: in solo every decision is the seat's own, and what the
        action drew is known there). Each of the action's candidates is rolled out from it:
        the policy's own choice there (`_POLICY`) and `reply` fixed placements, the ones
        after the policy's own choice in its one-step ranking at the action's first
        visit; a candidate not legal on this sample plays the policy's choice. The same
        candidate is kept on every sample, so the inner choice is made across samples
        (`_cross_validated`), never with this sample's deck order in view: the best follow-up
        per sample would see the deck it draws from (the clairvoyance of determinized
        search)."""
        fast = self.fast
        assert fast is not None
        child = sample.clone()
        child.apply_index(index)
        assert isinstance(child, ne.NationalEconomyState)
        while not child.is_over and child.decision != ne.PLACE:
            child.apply_index(fast.choose_index(child))
        candidates = self._candidates.get(index)
        if candidates is None:
            candidates = self._candidates[index] = self._replies(child)
        legal = child.legal_indices() if not child.is_over else []
        if len(legal) < 2:
            # over, or one legal move: every candidate plays the same game
            value = self._play_out(child, deadline if done else None)
            if value is None:
                return False
            self._moves = len(child.history) - len(sample.history)
            row = [self.utility(value) + self._token_points * _tokens(child)] * len(candidates)
        else:
            own = fast.choose_index(child)
            results: dict[int, float] = {}
            row = []
            for key in candidates:
                move = key if key != _POLICY and key in legal else own
                if move not in results:
                    grandchild = child.clone()
                    grandchild.apply_index(move)
                    value = self._play_out(grandchild, deadline if done or results else None)
                    if value is None:
                        return False
                    if not results:
                        self._moves = len(grandchild.history) - len(sample.history)
                    results[move] = (self.utility(value)
                                     + self._token_points * _tokens(grandchild))
                row.append(results[move])
        self._rows[index].append(row)
        counts[index] += 1
        return True

    def _replies(self, inner: State) -> tuple[int, ...]:
        """The follow-up candidates at an inner node: `_POLICY` (the rollout policy's own
        choice on each sample), then the `reply` placements ranked next by the policy's
        one-step judgement on this sample (the policy's own choice left out)."""
        fast = self.fast
        assert fast is not None and isinstance(inner, ne.NationalEconomyState)
        if inner.is_over or len(inner.legal_indices()) < 2:
            return (_POLICY,)
        own = fast.choose_index(inner)
        values = {}
        for move in inner.legal_indices():
            if move == own:
                continue
            child = inner.clone()
            child.apply_index(move)
            assert isinstance(child, ne.NationalEconomyState)
            while not child.is_over and child.decision != ne.PLACE:
                child.apply_index(fast.choose_index(child))
            values[move] = fast.judge.value(child)
        ranked = sorted(values, key=lambda m: -values[m])
        return (_POLICY, *ranked[:self.reply])

    def _widen(self, state: State, seat: int, legal: list[int]) -> list[int]:
        """The `top` actions of `legal` with the best one-step value on one sample: the
        action played to the next placement by the rollout policy, then judged by the
        learned value (how the policy judges its own moves), best first (ties: in order)."""
        fast = self.fast
        assert fast is not None
        sample = self._sample(state, seat)
        values = {}
        for index in legal:
            child = sample.clone()
            child.apply_index(index)
            assert isinstance(child, ne.NationalEconomyState)
            while not child.is_over and child.decision != ne.PLACE:
                child.apply_index(fast.choose_index(child))
            values[index] = fast.judge.value(child)
        return sorted(legal, key=lambda i: -values[i])[:self.top]

    def _sample(self, state: State, seat: int) -> State:
        """A determinized sample of `state` for `seat`, without an event log."""
        sample = state.determinize(seat, self.rng)
        sample.log_enabled = False
        return sample

    def _fallback(self, state: State, seat: int) -> int:
        """Out of time before every contender had a rollout: the rollout policy's own
        choice (on a determinized sample, as always), not the best of a few actions
        that happened to be tried first."""
        if self.fast is None:
            return self.policy.choose_index(state)
        sample = state.determinize(seat, self.rng)
        sample.log_enabled = False
        choice = self.fast.choose_index(sample)
        assert choice in state.legal_indices()
        return choice

    def _play_out(self, sample: State, deadline: float | None = None) -> float | None:
        """The final score of `sample` played to the end by the rollout policy; None when
        a fast rollout passes `deadline` (it is then dropped). With `depth`, the learned
        value at the first placement of round `_stop_round` (or the final score, if the
        game ends first). With `loan`, the final score less `loan` per $ lent."""
        if self.fast is not None and self.depth:
            return self._play_to_leaf(sample, deadline)
        if self.fast is not None and self.loan:
            value = self.fast.play_out(sample, deadline, self._loan_from)
            return None if value is None else value - self.loan * self.fast.lent
        if self.fast is not None:
            return self.fast.play_out(sample, deadline)
        policy = self.policy
        while not sample.is_over:
            sample.apply_index(policy.choose_index(sample))
        return float(sample.scores()[0]["total"])

    def _play_to_leaf(self, sample: State, deadline: float | None) -> float | None:
        """A truncated fast rollout (see `_play_out`)."""
        fast = self.fast
        assert fast is not None and isinstance(sample, ne.NationalEconomyState)
        stop = self._stop_round
        while not sample.is_over:
            if (sample.round >= stop and sample.decision == ne.PLACE
                    and sample.phase == ne.ACTION):
                return self._leaf_value(sample)
            if deadline is not None and _time.perf_counter() >= deadline:
                return None
            sample.apply_index(fast.choose_index(sample))
        return float(sample.scores()[0]["total"])

    def _leaf_value(self, leaf: ne.NationalEconomyState) -> float:
        """What a truncated rollout's leaf is worth: the rollout policy's learned value
        (a bench experiment, bench/solo_leaf.py, puts another value here)."""
        fast = self.fast
        assert fast is not None
        return fast.judge.value(leaf)


_POLICY = -1  # `reply`'s candidate "the rollout policy's own choice at the inner node"
# the last round whose decisions value the tokens held (`tokens`): the rounds when the
# rollout policy ends furthest below the planner (docs/strength.md, session 10: 44 points
# in round 1, 18 in rounds 5-6, 3 in round 8)
INVEST_ROUNDS = 6


def _tokens(final: State) -> int:
    """The tokens (workers and Mechanical Dolls) seat 0 holds in `final`."""
    assert isinstance(final, ne.NationalEconomyState)
    p = final.players[0]
    return p.workers + p.dolls


def _cross_validated(rows: list[list[float]]) -> float:
    """The value of an action from its two-level visits (`rows`: per sample, the value of
    each follow-up candidate, the policy's own first): on each sample, the candidate with
    the best mean on the *other* samples, scored on this one. So the inner choice is made
    across samples without seeing the sample it is scored on: neither the clairvoyance of
    a per-sample best nor the upward bias of a best mean scored on its own samples. With
    one sample, the policy's own follow-up."""
    if len(rows) == 1:
        return rows[0][0]
    sums = [sum(column) for column in zip(*rows, strict=True)]
    total = 0.0
    for row in rows:
        best = max(range(len(row)), key=lambda j: (sums[j] - row[j], -j))
        total += row[best]
    return total / len(rows)


def _late(deadline: float | None, done: int) -> bool:
    """Whether the time is up (never before a decision's first rollout)."""
    return bool(done) and deadline is not None and _time.perf_counter() >= deadline


def _step(x: float) -> float:
    """A smooth step from 0 to 1 around x = 0 (the logistic function)."""
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
