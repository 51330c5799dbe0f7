"""How fast the browser table (/play/) is playable, and how much it downloads.

    python benchmarks/web_table.py [--runs 10]

Starts the e2e stack (gunicorn, a Celery worker, PostgreSQL, Redis: tests/e2e/conftest.py's
``serving``) and drives Debian's Chromium with Playwright. For each run, a fresh browser
context (nothing cached) of a player already signed in:
- load: opens ``/play/#/match/<id>`` of a match dealt and waiting for the player's pass,
  and times from the navigation's start to the first card of the hand it may choose;
- start: on ``/play/``, times from the click on "Start the match" (three bots, no pause) to
  the same.
Prints the median and the slowest of each, and the build's files with their gzip sizes.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SECRET_KEY", "benchmark-secret-benchmark-secret-benchmark-secret!")

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e import stack  # noqa: E402
from tests.e2e.conftest import serving  # noqa: E402
from tests.e2e.helpers import ApiClient  # noqa: E402

PLAYABLE = ".hand .card[aria-disabled=false]"
BOTS = [{"kind": "bot", "level": "medium"}] * 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    for path in sorted((ROOT / "web" / "dist").rglob("*.*")):
        data = path.read_bytes()
        print(f"{path.relative_to(ROOT)}: {len(data):,} bytes, gzip {len(gzip.compress(data, 9)):,}")
    loads, starts = [], []
    with tempfile.TemporaryDirectory() as logs, \
            serving(Path(logs), f"hearts_web_bench_{os.getpid()}", stack.own_broker_url()) as found, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for _ in range(args.runs):
            player = ApiClient.register(found.base_url, "bench")
            match = player.create_match([BOTS[0], BOTS[1], {"kind": "player"}, BOTS[2]],
                                        rules={"pass_rotation": ["left"]})
            session = f'{{"token": "{player.token}", "username": "{player.username}"}}'
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(f"localStorage.setItem('hearts.session', '{session}')")
            page = context.new_page()
            page.goto(f"{found.base_url}/play/#/match/{match['id']}")
            page.wait_for_selector(PLAYABLE)
            loads.append(page.evaluate("performance.now()"))
            page.goto(f"{found.base_url}/play/")
            page.select_option("select[name=delay_ms]", "0")
            began = time.perf_counter()
            page.click("#start")
            page.wait_for_selector(PLAYABLE)
            starts.append((time.perf_counter() - began) * 1000)
            context.close()
            player.close()
        browser.close()
    for name, times in (("load to a playable hand", loads), ("start to a playable hand", starts)):
        print(f"{name}: median {statistics.median(times):.0f} ms, slowest {max(times):.0f} ms "
              f"({len(times)} runs)")


if __name__ == "__main__":
    main()
