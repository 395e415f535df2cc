"""What the table page costs the browser per move: DOM nodes created and time in layout,
style and script, in headless Chromium (Debian's, as the browser tests use).

    .venv/bin/python bench/web_redraw.py
    .venv/bin/python bench/web_redraw.py --static-rev 7f1a831   # the page of a commit
    .venv/bin/python bench/web_redraw.py --games futuropia:4 --max-moves 200

A `keizai serve` on a temporary SQLite file; for each game asked for (`game:players`,
every seat a person) one page opens seat 0's table and watches while random legal moves,
the same each run (`--seed`), are sent through the API by the seat to move; after each
move the bench waits until the page shows the new step, so every state is drawn on its
own, as a player's page draws it. The page's own single-choice move is turned off (it
would race the API). Counted over the whole game:

- nodes: nodes added to the document (a MutationObserver; a node moved within the
  page counts once, when it first came);
- layout_ms, style_ms, script_ms: Chromium's LayoutDuration, RecalcStyleDuration and
  ScriptDuration (CDP Performance.getMetrics), the observer's own work included;
- presence_nodes: nodes added by a presence message that changes nothing the page shows
  (seat 1's player reconnects within the grace that still shows them online).

`--static-rev REV` serves the page's static files as they were at commit REV (git show),
for a before/after on one machine. Figures vary with the machine's load: compare runs
made one after the other.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update"]
ROOT = Path(__file__).resolve().parent.parent
STATIC = "src/keizai/web/static"

# Counts the nodes added to the document, each once (a node moved is not new).
COUNTER = """
window.__added = 0;
const seen = new WeakSet();
new MutationObserver((records) => {
  for (const record of records) for (const added of record.addedNodes) {
    const walk = document.createTreeWalker(added);
    for (let node = added; node; node = walk.nextNode()) {
      if (!seen.has(node)) { seen.add(node); window.__added += 1; }
    }
  }
}).observe(document, { childList: true, subtree: true });
localStorage.setItem("keizai.lang", "en");
localStorage.setItem("keizai.auto_single", "no");
"""

METRICS = {"layout_ms": "LayoutDuration", "style_ms": "RecalcStyleDuration",
           "script_ms": "ScriptDuration"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(directory: str) -> tuple[subprocess.Popen[bytes], str]:
    """`keizai serve` on a new database in `directory`, its output in server.log there."""
    port = free_port()
    with (Path(directory) / "server.log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "keizai.cli", "serve", "--port", str(port),
             "--database-url", f"sqlite:///{directory}/redraw.sqlite3", "--bot-delay", "0",
             "--no-rate-limits", "--chosen-seeds"], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/catalog").status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start")


def old_static(rev: str):
    """A Playwright route handler serving the static files of commit `rev`."""
    def handle(route: Any) -> None:
        path = route.request.url.split("/static/", 1)[1].split("?")[0]
        if path.startswith("v-"):
            path = path.split("/", 1)[1]
        shown = subprocess.run(["git", "show", f"{rev}:{STATIC}/{path}"], cwd=ROOT,
                               capture_output=True)
        if shown.returncode:
            route.continue_()
            return
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        route.fulfill(body=shown.stdout, content_type=kind)
    return handle


def metrics(cdp: Any) -> dict[str, float]:
    found = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {key: 1000 * found[name] for key, name in METRICS.items()}


def step_shown(page: Any, step: int) -> None:
    page.wait_for_selector(f".table[data-step='{step}']", state="attached", timeout=30_000)


def play(http: httpx.Client, base: str, game: dict[str, Any], page: Any, chooser: random.Random,
         max_moves: int) -> int:
    """Random legal moves by the seat to move, each waited for on the page; how many."""
    url = f"{base}/api/games/{game['id']}"
    moves = 0
    while moves < max_moves:
        summary = http.get(url).json()
        if summary["over"]:
            break
        mover = summary["current_player"]
        token = game["seats"][mover]["token"]
        view = http.get(f"{url}/view", params={"seat": mover},
                        headers={"x-keizai-token": token}).json()
        reply = http.post(f"{url}/actions", json={
            "seat": mover, "token": token, "step": view["step"],
            "action": chooser.choice(view["legal"])["name"]})
        reply.raise_for_status()
        moves += 1
        step_shown(page, http.get(url).json()["step"])
    return moves


def visit(base: str, game: dict[str, Any], seat: int) -> None:
    """Seat `seat`'s player connects for a moment (as a page that loads and goes)."""
    with connect(base.replace("http", "ws") + f"/ws/games/{game['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "since": 0, "log": False, "seat": seat,
                            "token": game["seats"][seat]["token"]}))
        ws.recv()
        time.sleep(0.3)


def measure(browser: Any, http: httpx.Client, base: str, name: str, players: int,
            seed: int, max_moves: int, rev: str | None) -> dict[str, Any]:
    game = http.post(f"{base}/api/games", json={"game": name, "seats": ["human"] * players,
                                                "seed": seed}).json()
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
    if rev:
        context.route("**/static/**", old_static(rev))
    page = context.new_page()
    page.add_init_script(COUNTER)
    page.goto(f"{base}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
    step_shown(page, 0)
    # seat 1's player comes (a change), then reloads within the grace (no change)
    visit(base, game, 1)
    page.wait_for_timeout(500)
    before = page.evaluate("window.__added")
    visit(base, game, 1)
    page.wait_for_timeout(300)
    presence_nodes = page.evaluate("window.__added") - before
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    start, nodes_start = metrics(cdp), page.evaluate("window.__added")
    started = time.monotonic()
    moves = play(http, base, game, page, random.Random(seed), max_moves)
    end, nodes = metrics(cdp), page.evaluate("window.__added") - nodes_start
    result = {"game": f"{name}:{players}", "moves": moves,
              "log_lines": page.locator("#log li").count(),
              "seconds": round(time.monotonic() - started, 1),
              "nodes": nodes, "nodes_per_move": round(nodes / max(1, moves)),
              **{key: round(end[key] - start[key]) for key in METRICS},
              **{f"{key}_per_move": round((end[key] - start[key]) / max(1, moves), 2)
                 for key in METRICS},
              "dom_nodes_at_end": page.evaluate("document.getElementsByTagName('*').length"),
              "presence_nodes": presence_nodes}
    context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="+", default=[
        "national-economy/mecenat:2", "national-economy/mecenat:4", "futuropia:2",
        "futuropia:4"], help="game:players (default: National Economy and Futuropia, "
                             "2 and 4 players)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=2000)
    parser.add_argument("--static-rev", default=None,
                        help="serve the page's static files as at this git commit")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as directory, httpx.Client(timeout=30) as http:
        server, base = start_server(directory)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS)
                for spec in args.games:
                    name, players = spec.rsplit(":", 1)
                    result = measure(browser, http, base, name, int(players), args.seed,
                                     args.max_moves, args.static_rev)
                    result["static"] = args.static_rev or "working tree"
                    print(json.dumps(result), flush=True)
                browser.close()
        except BaseException:
            log = (Path(directory) / "server.log").read_text(errors="replace")
            print(f"the server's log, its end:\n{log[-4000:]}", file=sys.stderr)
            raise
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
