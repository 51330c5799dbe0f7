"""Logging filters (config/settings/base.py, ``LOGGING``)."""

from __future__ import annotations

import logging

# Longest message kept (a refused Host header may be long).
MAX_CHARS = 300


class OneLineWarning(logging.Filter):
    """Rewrites each record as a one-line WARNING of at most ``MAX_CHARS``, no traceback, dropped
    above WARNING: for ``django.security``, whose refusals a client causes at will."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not logging.getLogger().isEnabledFor(logging.WARNING):
            return False
        message = " ".join(record.getMessage().split())
        record.msg = message if len(message) <= MAX_CHARS else message[:MAX_CHARS - 1] + "…"
        record.args = ()
        record.exc_info = record.exc_text = record.stack_info = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
