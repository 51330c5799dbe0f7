"""The browser table (web/): its committed build is what ``make web`` makes of the sources
today, its state logic passes its unit tests (vitest), and the server serves it at /play/."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.trees import differences

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web" / "dist"

needs_node = pytest.mark.skipif(not shutil.which("npm"), reason="needs Node and npm (make test "
                                                                 "installs the tools where npm exists)")


def _npm(*args: str) -> subprocess.CompletedProcess[str]:
    if not (ROOT / "node_modules" / ".bin" / "vite").exists():
        pytest.fail("node_modules is missing: run `npm ci` (make test does)")
    return subprocess.run(["npm", "run", "--silent", "-w", "web", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=180)


@needs_node
def test_the_committed_build_is_the_build_of_the_sources(tmp_path: Path) -> None:
    run = _npm("build", "--", "--outDir", str(tmp_path / "dist"), "--logLevel", "warn")
    assert run.returncode == 0, run.stdout + run.stderr
    assert differences(tmp_path / "dist", DIST) == [], "web/dist is stale: run `make web`"


@needs_node
def test_the_state_logic_passes_its_unit_tests() -> None:
    run = _npm("test")
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"Tests\s+\S*\d+ passed", re.sub(r"\x1b\[[0-9;]*m", "", run.stdout)), run.stdout


def test_play_serves_the_page_and_its_files(client) -> None:
    page = client.get("/play/")
    assert page.status_code == 200 and page["Content-Type"] == "text/html; charset=utf-8"
    assert page["Cache-Control"] == "no-cache"
    policy = page["Content-Security-Policy"].split("; ")
    assert {"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'"} <= set(policy)
    assets = re.findall(r'(?:src|href)="(/static/play/assets/[^"]+)"', page.content.decode())
    assert len(assets) == 2  # the script and the style sheet
    for asset in assets:
        served = client.get(asset)
        assert served.status_code == 200 and "immutable" in served["Cache-Control"]
        assert b"".join(served.streaming_content) == (DIST / asset.removeprefix("/static/play/")).read_bytes()
    assert client.get("/static/play/index.html").status_code == 404  # the page comes with its policy
    refused = client.post(assets[0])
    assert refused.status_code == 405 and refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "method_not_allowed" and refused["Allow"] == "GET, HEAD"
    length = (DIST / assets[0].removeprefix("/static/play/")).stat().st_size
    refused = client.get(assets[0], HTTP_RANGE=f"bytes={length}-")
    assert refused.status_code == 416 and refused.json()["code"] == "range_not_satisfiable"
    assert refused["Content-Range"] == f"bytes */{length}"
    for whole in ("bytes=0-0", "bytes=5-3"):  # WhiteNoise cannot serve them: the whole file
        served = client.get(assets[0], HTTP_RANGE=whole)
        assert served.status_code == 200 and int(served["Content-Length"]) == length
    part = client.get(assets[0], HTTP_RANGE="bytes=0-9")
    assert part.status_code == 206 and part["Content-Range"] == f"bytes 0-9/{length}"
    assert client.get("/play").headers["Location"] == "/play/"
    refused = client.post("/play/")
    assert refused.status_code == 405 and refused["Content-Type"] == "application/problem+json"
    assert refused.json()["code"] == "method_not_allowed" and refused["Allow"] == "GET, HEAD"
