"""schemathesis hooks of tests/e2e/test_schemathesis.py (schemathesis.toml names this module)."""

from typing import Any

import schemathesis


@schemathesis.hook
def filter_query(ctx: Any, query: dict[str, Any] | None) -> bool:
    """No long polls: a case with ``wait`` would hold for up to 30 s."""
    return not query or "wait" not in query
