"""Plain-text picture of a view for the terminal."""

from __future__ import annotations

import json
from typing import Any

from keizai.rules.enterprise_empire.data import Components


def render_view(parts: Components, view: dict[str, Any]) -> str:
    return json.dumps(view, ensure_ascii=False)
