"""Screenshots of every game's table for docs/screenshots (run from a checkout):

    .venv/bin/python scripts/screenshots.py

Starts `keizai serve` on a temporary SQLite file and a free loopback port, plays some
random moves through the API so the tables are mid-game, and photographs them in
Debian's headless Chromium. Chinese and Japanese glyphs need a CJK font on the machine
(scripts/system-deps.sh installs Debian's fonts-noto-cjk); the tests do not, they read the
page's text.
"""

from __future__ import annotations

import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

import keizai

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def play(url: str, game: dict, moves: int, chooser: random.Random) -> None:
    for _ in range(moves):
        summary = httpx.get(f"{url}/api/games/{game['id']}").json()
        seat = summary["current_player"]
        if seat is None:
            return
        token = game["seats"][seat]["token"]
        legal = httpx.get(f"{url}/api/games/{game['id']}/view", params={"seat": seat},
                          headers={"X-Keizai-Token": token}).json()["legal"]
        httpx.post(f"{url}/api/games/{game['id']}/actions", json={
            "seat": seat, "token": token, "action": chooser.choice(legal)["name"]})


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    workdir = tempfile.mkdtemp()
    server = subprocess.Popen([sys.executable, "-m", "keizai.cli", "serve", "--port", str(port),
                               "--database-url", f"sqlite:///{workdir}/shots.sqlite3",
                               "--bot-delay", "0"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                httpx.get(f"{url}/api/catalog")
                break
            except httpx.TransportError:
                time.sleep(0.05)
        chooser = random.Random(4)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url + "/")
            page.wait_for_selector("#create-game")
            shots = []
            for game_id in keizai.games():
                info = keizai.get_game(game_id)
                players = max(info.min_players, min(3, info.max_players))
                # no seed: with more than one human seat the server draws it (and keeps
                # it secret), so the tables differ from run to run
                game = httpx.post(f"{url}/api/games", json={
                    "game": game_id, "seats": ["human"] * players}).json()
                play(url, game, 60, chooser)
                shots.append((game_id.replace("/", "-"), game))
            page.goto(url + "/")
            page.wait_for_selector(".game-row")
            page.screenshot(path=OUT / "lobby.png", full_page=True)
            for name, game in shots:
                page.goto(f"{url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
                page.wait_for_selector(".table")
                page.wait_for_timeout(300)
                page.screenshot(path=OUT / f"{name}.png", full_page=True)
            for name, game in shots:
                if name not in ("enterprise-empire", "futuropia", "national-economy-mecenat"):
                    continue
                page.goto(f"{url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
                page.wait_for_selector(".table")
                for code, suffix in (("ja", "ja"), ("zh-TW", "zh")):
                    page.select_option("#lang-select", code)
                    page.wait_for_timeout(200)
                    page.screenshot(path=OUT / f"{name}-{suffix}.png", full_page=True)
                page.select_option("#lang-select", "en")
            name, game = next(shot for shot in shots if shot[0] == "enterprise-empire")
            page.goto(f"{url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
            page.wait_for_selector(".table")
            page.check("#plain-table")
            page.wait_for_selector(".generic")
            page.screenshot(path=OUT / "generic-table.png", full_page=True)
            page.uncheck("#plain-table")
            name, game = next(shot for shot in shots if shot[0] == "national-economy-mecenat")
            phone = browser.new_page(viewport={"width": 390, "height": 844},
                                     device_scale_factor=2)
            phone.goto(f"{url}/#/play/{game['id']}/0/{game['seats'][0]['token']}")
            phone.wait_for_selector(".table")
            phone.wait_for_timeout(300)
            phone.screenshot(path=OUT / "phone.png")
            finished = httpx.post(f"{url}/api/games", json={
                "game": "national-economy/mecenat", "seats": ["random", "random"],
                "seed": 8}).json()
            for _ in range(200):
                if httpx.get(f"{url}/api/games/{finished['id']}").json()["over"]:
                    break
                time.sleep(0.05)
            page.goto(f"{url}/#/replay/{finished['id']}")
            page.wait_for_selector("#replay-step")
            for _ in range(30):
                page.click("#replay-forward")
            page.wait_for_selector(".replay[data-step='30']")
            page.screenshot(path=OUT / "replay.png", full_page=True)
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
