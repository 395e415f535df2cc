import numpy as np

import keizai
from keizai.rl.observations import encoder_for


def community(encoder, x, slot):
    rows = next(f for f in encoder.fields if f.name == "communities")
    size = rows.size // encoder.seats
    return x[rows.start + slot * size:rows.start + (slot + 1) * size]


def test_every_seat_sees_the_same_table_from_its_own_chair():
    encoder = encoder_for("futuropia")
    state = keizai.new_game("futuropia", players=3, seed=2)
    view = state.view(0)
    for seat in range(3):
        x = encoder.observe(state, seat)
        for other in range(3):
            row = community(encoder, x, (other - seat) % 3)
            assert row[0] == 1 and row[1] == view["communities"][other]["money"]
    assert not community(encoder, encoder.observe(state, 0), 3).any()


def test_generator_and_house_lists_come_from_the_action_space():
    encoder = encoder_for("futuropia")
    names = [a.name for a in keizai.get_game("futuropia").action_space.actions]
    assert len(encoder.generators) == sum(n.startswith("discard:") for n in names)
    assert "house:done" in names and "done" not in encoder.houses


def test_market_generators_are_encoded():
    encoder = encoder_for("futuropia")
    state = keizai.new_game("futuropia", players=2, seed=1)
    x = encoder.observe(state, 0)
    market = next(f for f in encoder.fields if f.name == "generator_market")
    block = x[market.slice].reshape(-1, 5)
    assert block[:, 1].sum() + block[:, 2].sum() == 4  # left and right of two markets
    assert np.all(block[:, 0] >= 0)
