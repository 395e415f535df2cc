"""Engine and search speed per game on one core (same as `keizai bench`).

    .venv/bin/python bench/bench.py [seconds]
"""

from __future__ import annotations

import argparse
import json

from cli_args import parser, positive_float

from keizai.sim.bench import bench, format_table


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: [seconds]."""
    cli = parser(__doc__)
    cli.add_argument("seconds", nargs="?", type=positive_float, default=2.0,
                     help="CPU-seconds per game and measure (default 2.0)")
    return cli.parse_args(argv)


if __name__ == "__main__":
    rows = bench(seconds=parse_args().seconds)
    print(format_table(rows))
    print(json.dumps(rows, indent=1))
