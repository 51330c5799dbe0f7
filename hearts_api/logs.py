"""Logging filters (config/settings.py, ``LOGGING``)."""

from __future__ import annotations

import logging

# Longest message kept: a refused Host header is quoted twice, and may be 16 KiB long.
MAX_CHARS = 300


class OneLineWarning(logging.Filter):
    """Rewrites each record it passes as a WARNING of one line, at most ``MAX_CHARS``
    characters, without its traceback; drops it when the root logger's level is above
    WARNING (``LOG_LEVEL``), as it would drop a warning.

    For ``django.security``: Django logs every ``SuspiciousOperation`` (a refused Host header
    above all) at ERROR with its full traceback, so that any client could write dozens of
    lines of ERROR per request; yet the client was answered 400 "Bad request." and nothing
    failed. One line is kept because it is the only place that names the refused host: an
    operator whose proxy forwards a name missing from ``ALLOWED_HOSTS`` finds it there."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not logging.getLogger().isEnabledFor(logging.WARNING):
            return False
        message = " ".join(record.getMessage().split())  # one line, whatever it quotes
        record.msg = message if len(message) <= MAX_CHARS else message[:MAX_CHARS - 1] + "…"
        record.args = ()
        record.exc_info = record.exc_text = record.stack_info = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
