from pathlib import Path

from keizai.rl.observations import encoder_for, supported_games

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


def test_docs_describe_every_observation_field_with_its_size():
    text = DOC.read_text(encoding="utf-8")
    for game_id in supported_games():
        assert encoder_for(game_id).describe() in text, f"docs/rl.md is stale for {game_id}"


def test_docs_give_the_example_command():
    assert "python examples/train_reinforce.py" in DOC.read_text(encoding="utf-8")


def test_the_wrapped_environment_answers_as_the_docs_say(caplog):
    """docs/rl.md said the wrapped `env(...)` warns where KeizaiAECEnv raises
    RuntimeError; before the first reset PettingZoo's wrapper raises, and only a step after
    the end is a warning (PettingZoo's logger)."""
    import pytest

    from keizai.rl.pettingzoo_env import env

    wrapped = env("futuropia", players=2)
    with pytest.raises(AssertionError, match="before step"):
        wrapped.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        wrapped.observe("player_0")
    with pytest.raises(AttributeError):
        wrapped.last()
    wrapped.reset(seed=0)
    for _ in wrapped.agent_iter():
        obs, _, terminated, truncated, _ = wrapped.last()
        wrapped.step(None if terminated or truncated
                     else int(obs["action_mask"].nonzero()[0][0]))
    wrapped.step(None)
    assert "after all agents are terminated" in caplog.text
