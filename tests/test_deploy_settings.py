"""Production settings: ``manage.py check --deploy`` finds nothing to warn about when the
variables the README gives for a TLS deployment are set, and /healthz stays reachable over
plain HTTP for the load balancer while everything else is redirected to HTTPS."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# README.md, "Running it for real": what a TLS deployment sets.
PRODUCTION = {
    "DEBUG": "false", "SECRET_KEY": "x" * 60 + "-not-a-real-key-but-long-and-varied-0123456789",
    "ALLOWED_HOSTS": "cards.example", "HTTPS": "true", "HSTS_INCLUDE_SUBDOMAINS": "true",
    "HSTS_PRELOAD": "true",
}


def _check_deploy(extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **extra}
    env.pop("CELERY_BROKER_URL", None)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_check_deploy_is_clean_with_the_documented_production_variables() -> None:
    run = _check_deploy(PRODUCTION)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_without_https_check_deploy_names_what_is_missing() -> None:
    run = _check_deploy({**PRODUCTION, "HTTPS": "false"})
    assert run.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in run.stdout + run.stderr


def test_with_https_plain_http_is_redirected_except_the_health_check(tmp_path: Path) -> None:
    probe = ("from django.test import Client; c = Client(HTTP_HOST='cards.example'); "
             "r = c.get('/api/v1/lobby'); print(r.status_code, r['Location'], "
             "c.get('/healthz').status_code, "
             "c.get('/api/v1/lobby', HTTP_X_FORWARDED_PROTO='https').status_code)")
    env = {**os.environ, **PRODUCTION, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    env.pop("CELERY_BROKER_URL", None)
    run = subprocess.run([sys.executable, "manage.py", "shell", "-c", probe], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    redirect, location, health, over_tls = run.stdout.splitlines()[-1].split()
    assert (redirect, location, health, over_tls) == (
        "301", "https://cards.example/api/v1/lobby", "200", "401"), run.stderr
