"""Settings read from the environment, each case in a fresh interpreter (settings are
module-level, read once per process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def settings_in(environment: dict[str, str], expression: str) -> object:
    """``expression`` (over ``settings``) evaluated in a new process whose environment is
    this one's with ``environment`` over it (an empty value: the variable unset)."""
    env = {**os.environ, **environment}
    for name in [name for name, value in environment.items() if value == ""]:
        del env[name]
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    code = ("import json, django; django.setup(); from django.conf import settings; "
            f"print(json.dumps({expression}))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize(("value", "origins"), [
    ("", []),
    ("https://cards.example", ["https://cards.example"]),
    ("https://cards.example,http://localhost:5173", ["https://cards.example",
                                                      "http://localhost:5173"]),
])
def test_cors_allowed_origins_is_a_comma_list_and_none_by_default(value, origins):
    assert settings_in({"CORS_ALLOWED_ORIGINS": value}, "settings.CORS_ALLOWED_ORIGINS") == origins


@pytest.mark.parametrize(("environment", "store"), [
    ({"REDIS_URL": "redis://127.0.0.1:6379/12", "CELERY_BROKER_URL": ""},
     ["redis://127.0.0.1:6379/12", "RedisStorage"]),
    ({"REDIS_URL": "", "CELERY_BROKER_URL": "redis://127.0.0.1:6379/11"},
     ["redis://127.0.0.1:6379/11", "RedisStorage"]),
    ({"REDIS_URL": "", "CELERY_BROKER_URL": ""}, ["", "ThreadSafeMemoryStorage"]),
])
def test_throttle_counters_are_on_redis_when_there_is_one_else_in_process_memory(
        environment, store):
    storage = ('type(__import__("hearts_api.throttling", fromlist=["limiter"])'
               '.limiter().storage).__name__')
    assert settings_in(environment, f"[settings.REDIS_URL, {storage}]") == store


def test_bot_work_per_ms_is_unset_by_default_and_must_be_positive():
    assert settings_in({"BOT_WORK_PER_MS": ""}, "settings.BOT_WORK_PER_MS") is None
    assert settings_in({"BOT_WORK_PER_MS": "300"}, "settings.BOT_WORK_PER_MS") == 300.0
    with pytest.raises(subprocess.CalledProcessError) as refused:
        settings_in({"BOT_WORK_PER_MS": "0"}, "settings.BOT_WORK_PER_MS")
    assert "BOT_WORK_PER_MS must be a positive number" in refused.value.stderr
