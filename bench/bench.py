"""Engine and search speed per game on one core (same as `keizai bench`).

    .venv/bin/python bench/bench.py [seconds]
"""

import json
import sys

from keizai.sim.bench import bench, format_table

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    rows = bench(seconds=seconds)
    print(format_table(rows))
    print(json.dumps(rows, indent=1))
