"""schemathesis holds the running server to openapi/schema.yaml: every operation, every
default check (no server error, documented status codes, content types and headers,
response bodies that match the schema, schema-valid data accepted, invalid data refused)
and every phase, the stateful one following the schema's links from a created match or
token. Derandomized, so ``make test`` gives every run the same verdict; ``FUZZ_SEED=random``
explores with a fresh seed (printed), ``FUZZ_SEED=<n>`` replays one."""

from __future__ import annotations

import os
import secrets
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from . import stack
from .stack import ROOT, Stack

pytestmark = pytest.mark.e2e

SCHEMA = ROOT / "openapi" / "schema.yaml"
CONFIG = Path(__file__).with_name("schemathesis.toml")
HOOKS = Path(__file__).with_name("schemathesis_hooks.py")
# Cases per operation and phase. One worker: schemathesis compiles code in its workers
# threads, which CPython 3.11 can fail at ("AST constructor recursion depth mismatch").
MAX_EXAMPLES = 50


@pytest.fixture(scope="module")
def fuzz_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """gunicorn on a PostgreSQL database of its own, bots in-process, rates high enough that
    the fuzzer is throttled only where it means to be, passwords hashed as in the in-process
    tests (tests.quick_settings: the fuzzer registers many players with one)."""
    server_url = stack.postgres_server_url()
    unreachable = stack.postgres_unreachable(server_url)
    if unreachable:
        pytest.skip(f"PostgreSQL is not available: {unreachable}")
    name = f"hearts_fuzz_{os.getpid()}"
    database_url = stack.create_migrated_database(server_url, name)
    try:
        env = {**stack.service_env(database_url), "DJANGO_SETTINGS_MODULE": "tests.quick_settings",
               "THROTTLE_ANON": "1000000/min",
               "THROTTLE_USER": "1000000/min", "THROTTLE_LOGIN": "1000000/min",
               "RATE_MATCH_CREATIONS": "1000000/min", "RATE_IDEMPOTENCY_KEYS": "1000000/min",
               "RATE_PASSWORD_REGISTRATIONS": "1000000/min", "QUOTA_TOKENS": "1000000",
               # the fuzzer's http and loopback webhook URLs registered, not refused
               "WEBHOOK_ALLOW_PRIVATE": "1"}
        web, base_url = stack.start_gunicorn(env, tmp_path_factory.mktemp("fuzz-logs"))
        try:
            yield Stack(base_url, database_url, env)
        finally:
            web.stop()
    finally:
        stack.drop_database(server_url, name)


def _token(base_url: str, prefix: str) -> str:
    response = httpx.post(f"{base_url}/api/v1/players",
                          json={"username": f"{prefix}-{secrets.token_hex(4)}"}, timeout=10,
                          verify=stack.TLS)
    response.raise_for_status()
    return str(response.json()["token"])


def test_server_and_schema_agree_under_schemathesis(fuzz_stack: Stack, tmp_path: Path) -> None:
    chosen = os.environ.get("FUZZ_SEED", "")
    seed = (["--generation-deterministic"] if not chosen else
            ["--seed", str(secrets.randbelow(2**31)) if chosen == "random" else chosen])
    env = {**os.environ, "FUZZ_TOKEN": _token(fuzz_stack.base_url, "fuzzer"),
           "REVOKER_TOKEN": _token(fuzz_stack.base_url, "revoker"), "SCHEMATHESIS_HOOKS": str(HOOKS)}
    run = subprocess.run(
        [str(stack.BIN / "schemathesis"), "--config-file", str(CONFIG), "--no-color", "run",
         str(SCHEMA), "--url", fuzz_stack.base_url, "--max-examples", str(MAX_EXAMPLES),
         "--request-timeout", "30", *seed],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)  # .hypothesis/ there
    summary = run.stdout[run.stdout.rfind("SUMMARY"):]
    print(summary)
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
    assert "Tested: 40" in summary  # every operation of the schema but the stream (switched off)
    assert " passed" in summary and "failure" not in summary
    assert "Authentication failed" not in run.stdout  # its token stayed valid throughout
