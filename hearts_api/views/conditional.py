"""Conditional requests: the If-None-Match and If-Match headers against a match's version."""

from __future__ import annotations

import re

from rest_framework.request import Request

from ..problem_types import Problem

# A quoted version ("42"), a bare one, or *; no weak tag, which If-Match never matches (RFC 9110).
IF_MATCH_PATTERN = r'^(\*|"[0-9]{1,18}"|[0-9]{1,18})$'


_ETAG = r'(?:W/)?"([^"\x00-\x20\x7f]*)"'
_ETAG_LIST = re.compile(rf'[ \t]*(?:{_ETAG})?[ \t]*(?:,[ \t]*(?:{_ETAG})?[ \t]*)*')


def etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match list (empty elements ignored), quoted, weak ones as
    strong (RFC 9110 compares them weakly); none for a header that is not such a list (it is
    ignored)."""
    if not _ETAG_LIST.fullmatch(header):
        return set()
    return {f'"{tag}"' for tag in re.findall(_ETAG, header)}


def if_match(request: Request) -> int | None:
    """The version ``If-Match`` expects, or None (none, or ``*``); 400 ``invalid_request`` otherwise."""
    header = request.headers.get("If-Match", "").strip()
    if not header or header == "*":
        return None
    if not re.fullmatch(IF_MATCH_PATTERN, header):
        raise Problem.invalid("If-Match", "invalid", 'If-Match takes one version: "42"')
    return int(header.strip('"'))
