"""Random bytes in every header the service reads, and in the request line itself, sent over
raw sockets to the real server (gunicorn with uvicorn workers, as ``make serve`` runs it):
no answer is a server error (5xx other than 503), and nothing the server logs is one.

A request the HTTP parser cannot frame gets its ``400`` from uvicorn itself, before the
application, as problem+json (``hearts_api.parser_errors``; the last test); one whose
framing is still open when the client stops sending (a ``Content-Length`` beyond the
body, say) is closed without an answer, as HTTP allows. Both are fine; what may never
happen is the application failing on what it was given, which the server's log shows
even when no answer reaches the client.
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
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from . import stack

pytestmark = pytest.mark.e2e

ORIGIN = "https://cards.example"
READ_SECONDS = 2.0  # an answer's status line comes within this, or the connection stays silent
# What a 500 logs: Django's request logger, or uvicorn for an error outside Django's handler.
# (A refused Host header is a 400, logged as one warning line: hearts_api.logs.)
FAILURES = ("Internal Server Error", "Exception in ASGI application")


@dataclass(frozen=True)
class Target:
    host: str
    port: int
    token: str
    match_id: str
    log: Path


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    """One server on a fresh database, with a player seated at a match against bots (so the
    match's view, commands and stream reach their headers' parsing), behind TLS as the
    README's production settings have it (so X-Forwarded-Proto is read), CORS on for one
    origin, and rates high enough that nothing here is throttled."""
    server_url = stack.postgres_server_url()
    unreachable = stack.postgres_unreachable(server_url)
    if unreachable:
        pytest.skip(f"PostgreSQL is not available: {unreachable}")
    name = f"{Path(urlsplit(server_url).path).name or 'hearts'}_raw_{os.getpid()}"
    database_url = stack.create_migrated_database(server_url, name)
    env = {**stack.service_env(database_url), "CORS_ALLOWED_ORIGINS": ORIGIN, "HTTPS": "true",
           "THROTTLE_ANON": "100000/min", "THROTTLE_USER": "100000/min", "THROTTLE_LOGIN": "100000/min"}
    log_dir = tmp_path_factory.mktemp("raw-requests")
    try:
        server, base_url = stack.start_gunicorn(env, log_dir, workers=1)
        try:
            api = httpx.Client(base_url=f"{base_url}/api/v1", headers={"X-Forwarded-Proto": "https"},
                               verify=stack.TLS)
            token = api.post("/players", json={"username": f"raw{os.getpid()}"}).json()["token"]
            seats = [{"kind": "player"}] + [{"kind": "bot", "level": "easy"}] * 3
            match = api.post("/matches", json={"seats": seats}, headers={"Authorization": f"Bearer {token}"})
            api.close()
            yield Target("127.0.0.1", urlsplit(base_url).port or 80, token, match.json()["id"],
                         server.log_path)
        finally:
            server.stop()
    finally:
        stack.drop_database(server_url, name)


# --- what is sent -------------------------------------------------------------------------

# (method, path, JSON body or None); {m} is the match's id.
REQUESTS = [
    ("GET", "/healthz", None),
    ("GET", "/api/v1/tokens", None),
    ("POST", "/api/v1/tokens", None),
    ("POST", "/api/v1/players", b'{"username": "x"}'),
    ("GET", "/api/v1/matches/{m}/view", None),
    ("POST", "/api/v1/matches/{m}/play", b'{"card": "2C"}'),
    ("POST", "/api/v1/matches/{m}/pass", b'{"cards": ["2C", "3C", "4C"]}'),
    ("GET", "/api/v1/matches/{m}/events?after=0", None),
    ("GET", "/api/v1/matches/{m}/stream", None),
    ("OPTIONS", "/api/v1/matches", None),
    ("GET", "/api/docs/", None),
    ("GET", "/admin/", None),
    ("POST", "/admin/login/", b"username=a&password=b"),
]

# Every request header the service or its libraries read (hearts_api/, config/settings/:
# knox and HTTP Basic, the conditional and idempotency headers, SSE resumption, DRF's
# content negotiation, CORS, ALLOWED_HOSTS, HTTPS behind a proxy, the admin's session and
# CSRF cookies, the framing headers).
HEADERS = ["Authorization", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID",
           "Content-Type", "Accept", "Origin", "Access-Control-Request-Method",
           "Access-Control-Request-Headers", "Host", "X-Forwarded-Proto", "X-Forwarded-For",
           "Content-Length", "Transfer-Encoding", "Cookie", "Referer", "X-CSRFToken",
           "Connection", "Expect", "Accept-Encoding"]

# Values that get a parser past its first check, so the random tail reaches the next one.
PREFIXES = [b"", b"Bearer ", b"Basic ", b'"', b'W/"', b'"1', b"*", b"application/json",
            b"text/event-stream", b"application/problem+json; q=", ORIGIN.encode(), b"https",
            b"127.0.0.1", b"sessionid=", b"csrftoken=", b"chunked", b"100-continue", b"1"]
ANY_BYTES = st.binary(max_size=80)
# Bytes an HTTP parser lets through in a header value (visible ASCII, space, tab and
# obs-text), so that most values reach the application rather than the parser's 400.
FIELD_BYTES = st.lists(st.sampled_from([9, *range(0x20, 0x7F), *range(0x80, 0x100)]), max_size=80).map(bytes)
TAIL = FIELD_BYTES | ANY_BYTES
VALUE = st.builds(lambda prefix, tail: prefix + tail, st.sampled_from(PREFIXES), TAIL) | TAIL
HEADER_VALUES = st.dictionaries(st.sampled_from(HEADERS), VALUE, min_size=1, max_size=6)


def _request(target: Target, method: str, path: str, body: bytes | None,
             headers: dict[str, bytes]) -> bytes:
    fields = {"Host": b"127.0.0.1", "X-Forwarded-Proto": b"https",
              "Authorization": f"Bearer {target.token}".encode()}
    if body is not None:
        fields["Content-Type"] = b"application/json"
        fields["Content-Length"] = str(len(body)).encode()
    fields.update(headers)
    head = f"{method} {path.format(m=target.match_id)} HTTP/1.1\r\n".encode()
    head += b"".join(name.encode() + b": " + value + b"\r\n" for name, value in fields.items())
    return head + b"\r\n" + (body or b"")


def _status(target: Target, raw: bytes) -> int | None:
    """Send ``raw`` on a fresh connection and return the answer's status, or None when the
    server closes or stays silent without one. (The sending side stays open: a client that
    half-closes has hung up, and the server drops its request unanswered.)"""
    with socket.create_connection((target.host, target.port), timeout=READ_SECONDS) as sock:
        try:
            sock.sendall(raw)
        except OSError:  # closed while we sent: it refused what it had read so far
            pass
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    if not answer:
        return None
    status_line = answer.split(b"\r\n", 1)[0].split(b" ")
    assert status_line[0] == b"HTTP/1.1" and status_line[1].isdigit(), answer[:200]
    return int(status_line[1])


def _assert_answered_well(target: Target, raw: bytes) -> None:
    """No 5xx but 503 came back, and the server logged no failure for it (or any before)."""
    status = _status(target, raw)
    assert status is None or status < 500 or status == 503, (status, raw[:300])
    log = target.log.read_text(errors="replace")
    assert not any(failure in log for failure in FAILURES), (raw[:300], log[-3000:])


FUZZ = settings(max_examples=250, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(request=st.sampled_from(REQUESTS), headers=HEADER_VALUES)
@example(request=REQUESTS[1], headers={"Authorization": b"Bearer \xff\xfe" + b"a" * 60})
@example(request=REQUESTS[5], headers={"If-Match": b'"' + b"9" * 4301 + b'"'})
@example(request=REQUESTS[5], headers={"If-Match": '"²"'.encode()})
@example(request=REQUESTS[4], headers={"If-None-Match": b'W/"\x80"'})
@example(request=REQUESTS[8], headers={"Last-Event-ID": b"\xc3(" * 10})
@example(request=REQUESTS[3], headers={"Content-Length": b"99999999999999999999"})
@example(request=REQUESTS[9], headers={"Origin": ORIGIN.encode(),
                                       "Access-Control-Request-Method": b"\xe9"})
def test_random_header_bytes_never_give_a_server_error(target, request, headers):
    method, path, body = request
    _assert_answered_well(target, _request(target, method, path, body, headers))


REQUEST_LINES = st.tuples(
    st.sampled_from([b"GET", b"POST", b"OPTIONS", b"PATCH", b"G\x00T"]) | st.binary(max_size=12),
    st.sampled_from([b"/healthz", b"/api/v1/matches", b"/api/v1/matches/%ff/view", b"*", b"//"])
    .flatmap(lambda path: st.builds(lambda tail: path + tail, st.binary(max_size=40))),
    st.sampled_from([b"HTTP/1.1", b"HTTP/1.0", b"HTTP/2", b"HTTP/9.9", b""]) | st.binary(max_size=10),
    st.sampled_from([b" ", b"  ", b"\t", b""]),
)


@FUZZ
@given(line=REQUEST_LINES)
@example(line=(b"GET", b"/api/v1/matches/\xff\xfe/view", b"HTTP/1.1", b" "))
@example(line=(b"GET", b"/api/v1/matches?page=%ff%fe", b"HTTP/1.1", b" "))
def test_random_request_lines_never_give_a_server_error(target, line):
    method, path, version, space = line
    raw = method + space + path + space + version + b"\r\nHost: 127.0.0.1\r\n\r\n"
    _assert_answered_well(target, raw)



@pytest.mark.parametrize("raw", [
    b"POST /api/v1/players HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"POST /api/v1/players HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n"
    b"Content-Length: 3\r\n\r\n{}",
    b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nA header line without a colon\r\n\r\n",
    b"GET /healthz  HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
], ids=["content-length-not-a-number", "two-content-lengths", "header-line-without-colon",
        "request-line-with-two-spaces"])
def test_what_the_parser_cannot_frame_is_a_400_problem(target, raw):
    with socket.create_connection((target.host, target.port), timeout=READ_SECONDS) as sock:
        sock.sendall(raw)
        answer = b""
        while chunk := sock.recv(65536):  # the server closes after it
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0] == b"HTTP/1.1 400 Bad Request", answer[:300]
    assert b"content-type: application/problem+json" in [line.lower() for line in lines]
    problem = json.loads(body)
    assert (problem["status"], problem["code"], problem["type"]) == (
        400, "invalid_request", "/problems/invalid_request")
    assert problem["detail"].startswith("The request could not be parsed")
    assert problem["errors"] == [{"field": "", "code": "parse_error", "detail": problem["detail"]}]
