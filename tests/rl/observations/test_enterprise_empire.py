import keizai
from keizai.rl.observations import encoder_for


def field(encoder, name):
    return next(f for f in encoder.fields if f.name == name)


def test_own_price_cards_and_cash_are_encoded():
    encoder = encoder_for("enterprise-empire")
    state = keizai.new_game("enterprise-empire", players=3, seed=4)
    view = state.view(1)
    x = encoder.encode(view, 1)
    me = view["players"][1]
    assert x[field(encoder, "own_hand").slice].sum() == sum(k["count"] for k in me["hand"])
    assert x[field(encoder, "players").start + 1] == me["cash"]  # slot 0, first number


def test_price_card_kinds_come_from_the_action_space():
    encoder = encoder_for("enterprise-empire")
    plays = [a for a in keizai.get_game("enterprise-empire").action_space.actions
             if a.name.startswith("play:")]
    assert len(encoder.prices) == len(plays) == field(encoder, "own_hand").size
