"""Through the real server (gunicorn with uvicorn workers, as ``make serve`` runs it), over raw
sockets: a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MiB) is refused 413 without being
read (hearts_api.body_limit), and one just under it is read as always.

No test here times the server: one that waited for the body would never answer a client
that never sends it, and the socket's timeout would fail the test.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from . import stack

pytestmark = pytest.mark.e2e

LIMIT = 2_621_440  # Django's DATA_UPLOAD_MAX_MEMORY_SIZE, which the settings keep
PATH = "/api/v1/players"
FAILURES = ("Internal Server Error", "Exception in ASGI application")
TOO_LARGE = {"type": "/problems/payload_too_large", "title": "The request body is too large",
             "status": 413, "detail": "The request body is too large.",
             "code": "payload_too_large"}


@dataclass(frozen=True)
class Server:
    base_url: str
    port: int
    log: Path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on a fresh database, rates high enough that nothing here is throttled."""
    server_url = stack.postgres_server_url()
    unreachable = stack.postgres_unreachable(server_url)
    if unreachable:
        pytest.skip(f"PostgreSQL is not available: {unreachable}")
    name = f"{Path(urlsplit(server_url).path).name or 'hearts'}_body_{os.getpid()}"
    database_url = stack.create_migrated_database(server_url, name)
    env = {**stack.service_env(database_url), "THROTTLE_ANON": "100000/min",
           "THROTTLE_USER": "100000/min"}
    try:
        web, base_url = stack.start_gunicorn(env, tmp_path_factory.mktemp("body-limit"), workers=1)
        try:
            yield Server(base_url, urlsplit(base_url).port or 80, web.log_path)
        finally:
            web.stop()
    finally:
        stack.drop_database(server_url, name)


def _head(fields: dict[str, str]) -> bytes:
    fields = {"Host": "127.0.0.1", "Content-Type": "application/json", **fields}
    return (f"POST {PATH} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items())
            + "\r\n").encode()


def _answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read one response (status, lower-cased headers, body by its Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed without an answer after {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in lines)}
    while len(body) < int(headers["content-length"]):
        chunk = sock.recv(65536)
        assert chunk, "closed in the middle of the body"
        body += chunk
    return int(status_line.split()[1]), headers, body


def _assert_no_failure_logged(server: Server) -> None:
    log = server.log.read_text(errors="replace")
    assert not any(failure in log for failure in FAILURES), log[-3000:]


@pytest.mark.parametrize("expect", [False, True])
def test_a_100_mb_content_length_with_a_few_bytes_sent_is_413_at_once(server, expect):
    fields = {"Content-Length": str(100_000_000)} | ({"Expect": "100-continue"} if expect else {})
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(_head(fields) + (b"" if expect else b'{"username": "'))
        status, headers, body = _answer(sock)  # the 99,999,986 other bytes never sent
        assert sock.recv(1) == b""  # and the server closed: nothing unread frames a request
    assert (status, json.loads(body)) == (413, TOO_LARGE)  # no 100 Continue came first
    assert headers["content-type"] == "application/problem+json"
    _assert_no_failure_logged(server)


def test_a_chunked_body_past_the_limit_is_413(server):
    piece = b"x" * 65536
    chunk = f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(_head({"Transfer-Encoding": "chunked"}))
        for _ in range(LIMIT // len(piece) + 1):  # one piece past the limit, no last chunk
            sock.sendall(chunk)
        status, _, body = _answer(sock)
    assert (status, json.loads(body)) == (413, TOO_LARGE)
    _assert_no_failure_logged(server)


def test_a_body_just_under_the_limit_is_read_as_always(server):
    document = json.dumps({"username": f"under{os.getpid()}"}).encode()
    body = document + b" " * (LIMIT - 1 - len(document))  # JSON allows the padding
    response = httpx.post(f"{server.base_url}{PATH}", content=body, timeout=30, verify=stack.TLS,
                          headers={"Content-Type": "application/json"})
    assert response.status_code == 201, response.text
    assert response.json()["username"] == f"under{os.getpid()}"
    # One byte over is the 413, said by its Content-Length, with the body sent whole too.
    over = httpx.post(f"{server.base_url}{PATH}", content=body + b"  ", timeout=30, verify=stack.TLS,
                      headers={"Content-Type": "application/json"})
    assert (over.status_code, over.json()) == (413, TOO_LARGE)
    _assert_no_failure_logged(server)
