from pathlib import Path

from keizai.rl.observations import encoder_for, supported_games

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


def test_docs_describe_every_observation_field_with_its_size():
    text = DOC.read_text(encoding="utf-8")
    for game_id in supported_games():
        assert encoder_for(game_id).describe() in text, f"docs/rl.md is stale for {game_id}"


def test_docs_give_the_example_command():
    assert "python examples/train_reinforce.py" in DOC.read_text(encoding="utf-8")
