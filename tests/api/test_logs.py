"""What a refused request leaves in the log: a refused Host header is one warning line
naming the host, without the traceback Django gives it (hearts_api.logs)."""

from __future__ import annotations

import io
import logging

import pytest

from hearts_api.logs import OneLineWarning

from .helpers import assert_problem


@pytest.fixture
def security_log():
    """What the ``django.security`` handler writes during the test (a text buffer)."""
    [handler] = [handler for handler in logging.getLogger("django.security").handlers
                 if any(isinstance(f, OneLineWarning) for f in handler.filters)]
    buffer = io.StringIO()
    previous = handler.setStream(buffer)
    yield buffer
    handler.setStream(previous)


def test_a_refused_host_is_one_warning_line_without_a_traceback(anon_client, security_log,
                                                                 caplog):
    with caplog.at_level(logging.WARNING):
        body = assert_problem(anon_client.get("/healthz", HTTP_HOST="evil.example"), 400,
                              "invalid_request")
    assert body["errors"] == [{"field": "Host", "code": "invalid", "detail": body["detail"]}]
    assert security_log.getvalue() == (
        "Invalid HTTP_HOST header: 'evil.example'. You may need to add 'evil.example' to "
        "ALLOWED_HOSTS.\n")
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_huge_refused_host_is_cut_to_one_short_line(anon_client, security_log):
    anon_client.get("/healthz", HTTP_HOST="h" * 10_000 + ".example")
    [line] = security_log.getvalue().splitlines()
    assert len(line) == 300 and line.endswith("…")


def test_with_log_level_above_warning_nothing_is_written(anon_client, security_log):
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        anon_client.get("/healthz", HTTP_HOST="evil.example")
    finally:
        root.setLevel(level)
    assert security_log.getvalue() == ""
