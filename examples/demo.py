"""``make demo``: the main job on the embedded default, start to finish.

Migrates a fresh SQLite database, starts the real HTTP server (gunicorn) on a
free loopback port with Celery in eager mode (bots move in-process), runs
``examples/play_match.py`` against it, then stops the server.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_healthy(url: str, server: subprocess.Popen[bytes], timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit("the server stopped while starting")
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    sys.exit("the server did not become healthy")


def main() -> None:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hearts-demo-") as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/demo.sqlite3",
               "CELERY_BROKER_URL": "", "DEBUG": "false"}
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [str(BIN / "gunicorn"), "config.asgi", "-c", "gunicorn.conf.py",
             "--bind", f"127.0.0.1:{port}", "--workers", "1", "--log-level", "warning"],
            cwd=ROOT, env=env)
        try:
            wait_healthy(url, server)
            print(f"server up at {url} ({time.monotonic() - started:.1f} s)")
            sys.path.insert(0, str(ROOT / "examples"))
            from play_match import play_match

            match_started = time.monotonic()
            play_match(url)
            print(f"\nmatch played in {time.monotonic() - match_started:.1f} s; "
                  f"demo total {time.monotonic() - started:.1f} s")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
