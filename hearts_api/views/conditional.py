"""Conditional requests: the If-None-Match and If-Match headers against a match's version."""

from __future__ import annotations

import re

from rest_framework.request import Request

from ..problem_types import Problem

# A quoted version ("42"), a bare one, or *; no weak tag, which If-Match never matches (RFC 9110).
IF_MATCH_PATTERN = r'^(\*|"[0-9]{1,18}"|[0-9]{1,18})$'


_ETAG = re.compile(r'(?:W/)?"([^"]*)"')


def etags(header: str) -> set[str]:
    return {f'"{tag}"' for tag in _ETAG.findall(header)}


def if_match(request: Request) -> int | None:
    """The version ``If-Match`` expects, or None (none, or ``*``); 400 ``invalid_request`` otherwise."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    if not re.fullmatch(IF_MATCH_PATTERN, header):
        raise Problem.invalid("If-Match", "invalid", 'If-Match takes one version: "42"')
    return int(header.strip('"'))
