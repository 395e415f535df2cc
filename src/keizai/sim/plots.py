"""Tournament plots as PNG files (matplotlib, drawn off-screen)."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from keizai.engine import InvalidSetup

if TYPE_CHECKING:
    from keizai.sim.tournament import TournamentResult


def check_matplotlib() -> None:
    """InvalidSetup naming the `sim` extra if matplotlib is not installed: `keizai sim`
    asks before it plays a tournament whose plots it would fail to draw."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InvalidSetup.refuse("sim.err.needs_matplotlib") from None


def _pyplot() -> ModuleType:
    check_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_scores(result: TournamentResult, path: str) -> str:
    """Final score distribution of each agent (one histogram per line-up entrant)."""
    plt = _pyplot()
    t = result.tournament
    labels = t.labels
    scores: list[list[int]] = [[] for _ in labels]
    for row in result.rows:
        if row["error"] is None:
            for seat, e in enumerate(row["entrants"]):
                scores[e].append(row["scores"][seat])
    fig, ax = plt.subplots(figsize=(7, 4))
    values = [v for s in scores for v in s]
    if values:
        low, high = min(values), max(values)
        bins = max(5, min(40, high - low + 1))
        for label, s in zip(labels, scores, strict=True):
            ax.hist(s, bins=bins, range=(low, high + 1), histtype="step", linewidth=1.5,
                    label=f"{label} (mean {sum(s) / max(1, len(s)):.1f})")
    target = next((r["target"] for r in result.rows if r.get("target") is not None), None)
    if target is not None:
        ax.axvline(target, color="grey", linestyle="--", label=f"target {target}")
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    games = len(result.rows)
    ax.set_title(f"{t.game}, {t.players} player{'' if t.players == 1 else 's'}, "
                 f"{games} game{'' if games == 1 else 's'}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def plot_win_matrix(result: TournamentResult, path: str) -> str:
    """How often the row agent finished above the column agent (solo: target reached)."""
    plt = _pyplot()
    t = result.tournament
    labels = t.labels
    matrix = result.summary["head_to_head"]
    n = len(labels)
    fig, ax = plt.subplots(figsize=(1.6 * n + 3, 1.2 * n + 2))
    if n == 1:
        rate = result.summary["entrants"][0]["win_rate"] or 0.0
        grid = [[rate]]
        ax.set_title("target reached")
    else:
        grid = [[(v if v is not None else float("nan")) for v in row] for row in matrix]
        ax.set_title("row finishes above column")
    image = ax.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdYlGn")
    for i in range(n):
        for j in range(n):
            value = grid[i][j]
            if value == value:  # not NaN
                ax.text(j, i, f"{100 * value:.0f}%", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(n), labels, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(n), labels, fontsize=8)
    fig.colorbar(image, ax=ax, fraction=0.046)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
