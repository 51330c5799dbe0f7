"""schemathesis hooks of tests/e2e/test_schemathesis.py (``SCHEMATHESIS_HOOKS`` names this file).

A request whose headers are all as the schema says gets a fresh Idempotency-Key, as a
real client's requests do (but retries). The fuzzer draws few distinct strings (in
deterministic mode the same ones run after run), and a key sent twice answers, by design,
with its successful answer again or 422 idempotency_key_reused: the run would mostly test
that, and would read a replayed token creation, whose token it has revoked since, as a
created resource gone missing. Headers drawn to be refused (a malformed key, a missing
token) are sent as drawn.

And no long polls: a case with ``wait`` would hold for up to 30 s (the stream, which
lasts as long as its match, is switched off in schemathesis.toml).
"""

from __future__ import annotations

import uuid
from typing import Any

import schemathesis
from schemathesis.core.parameters import ParameterLocation

HEADER = "Idempotency-Key"


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    headers = case.headers or {}
    drawn = case.meta.components.get(ParameterLocation.HEADER) if case.meta else None
    if HEADER in headers and drawn is not None and drawn.mode.is_positive:
        headers[HEADER] = uuid.uuid4().hex


@schemathesis.hook
def filter_query(context: Any, query: dict[str, Any] | None) -> bool:
    return not query or "wait" not in query
