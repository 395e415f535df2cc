"""The engine's random number generators."""

from __future__ import annotations

from collections import Counter

from keizai.engine import Rng, SmallDraws


def test_rng_is_deterministic_and_copies_are_independent() -> None:
    a, b = Rng(7), Rng(7)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    twin = a.copy()
    assert twin.next64() == a.next64()
    assert Rng(7).next64() != Rng(8).next64()


def test_shuffles_are_permutations() -> None:
    items = list(range(60))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(60)) and items != list(range(60))
    SmallDraws(Rng(1)).shuffle(items)
    assert sorted(items) == list(range(60))


def test_small_draws_stay_in_range_and_are_close_to_uniform() -> None:
    draws = SmallDraws(Rng(3))
    counts = Counter(draws.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 500 for c in counts.values())  # 5 sigma is ~ 450


def test_small_draws_are_deterministic_for_a_seed() -> None:
    first = SmallDraws(Rng(11))
    second = SmallDraws(Rng(11))
    assert [first.below(50) for _ in range(30)] == [second.below(50) for _ in range(30)]


class _Scripted:
    """A draw source answering every draw with 0 and counting them."""

    def __init__(self) -> None:
        self.draws = 0

    def randbelow(self, n: int) -> int:
        self.draws += 1
        return 0

    def shuffle(self, items: list) -> None:
        self.draws += 1


def test_states_created_inside_drawing_from_take_their_set_up_draws_from_the_source() -> None:
    import keizai
    from keizai.engine import drawing_from

    source = _Scripted()
    with drawing_from(source):
        state = keizai.new_game("enterprise-empire", 2, seed=5)
    assert state.rng is source and source.draws > 0
    # Outside the block states draw from their seeded generator again.
    after = keizai.new_game("enterprise-empire", 2, seed=5)
    assert isinstance(after.rng, Rng) and after.view(None) != state.view(None)
    assert after.view(None) == keizai.new_game("enterprise-empire", 2, seed=5).view(None)
