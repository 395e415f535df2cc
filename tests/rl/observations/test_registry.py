import pytest

import keizai
from keizai.rl.observations import UnsupportedGame, encoder_for, supported_games


def test_every_supported_game_is_registered():
    assert set(supported_games()) <= set(keizai.games())


def test_encoders_are_cached_and_describe_themselves():
    encoder = encoder_for("national-economy/glory")
    assert encoder_for("national-economy/glory") is encoder
    table = encoder.describe()
    assert f"{encoder.size} numbers" in table
    assert all(f"`{field.name}`" in table for field in encoder.fields)


def test_a_game_without_encoder_fails_clearly():
    with pytest.raises(UnsupportedGame, match="no observation encoder for 'chess'"):
        encoder_for("chess")
