"""Settings read from the environment, each case in a fresh interpreter (settings are
module-level, read once per process)."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import subprocess
import sys

import pytest

from config.secret_key import kept_secret_key


def settings_in(environment: dict[str, str], expression: str) -> object:
    """``expression`` (over ``settings``, read without setting Django up: the apps are not
    loaded) evaluated in a new process whose environment is this one's with ``environment``
    over it (an empty value: the variable unset)."""
    env = {**os.environ, **environment}
    for name in [name for name, value in environment.items() if value == ""]:
        del env[name]
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    code = f"import json; from django.conf import settings; print(json.dumps({expression}))"
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


@pytest.mark.parametrize(("environment", "notifier"), [
    ({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/hearts", "REDIS_URL": "redis://127.0.0.1:6379/12"},
     "redis"),
    ({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/hearts", "REDIS_URL": "",
      "CELERY_BROKER_URL": ""}, "postgresql"),
    ({"DATABASE_URL": "sqlite:////tmp/never-opened.sqlite3", "REDIS_URL": "",
      "CELERY_BROKER_URL": ""}, "process"),
    ({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/hearts", "REDIS_URL": "redis://127.0.0.1:6379/12",
      "LIVE_NOTIFIER": "postgresql"}, "postgresql"),
])
def test_the_live_notifier_is_the_one_named_else_the_first_that_applies(environment, notifier):
    assert settings_in({"LIVE_NOTIFIER": "", **environment}, "settings.LIVE_NOTIFIER") == notifier


@pytest.mark.parametrize(("environment", "refusal"), [
    ({"LIVE_NOTIFIER": "kafka"}, "LIVE_NOTIFIER must be redis, postgresql or process"),
    ({"LIVE_NOTIFIER": "postgresql", "DATABASE_URL": "sqlite:////tmp/never-opened.sqlite3"},
     "LIVE_NOTIFIER=postgresql needs a PostgreSQL DATABASE_URL"),
])
def test_a_live_notifier_that_cannot_work_refuses_to_start(environment, refusal):
    with pytest.raises(subprocess.CalledProcessError) as refused:
        settings_in(environment, "settings.LIVE_NOTIFIER")
    assert f"ImproperlyConfigured: {refusal}" in refused.value.stderr


def test_bot_work_per_ms_is_unset_by_default_and_must_be_positive():
    assert settings_in({"BOT_WORK_PER_MS": ""}, "settings.BOT_WORK_PER_MS") is None
    assert settings_in({"BOT_WORK_PER_MS": "300"}, "settings.BOT_WORK_PER_MS") == 300.0
    with pytest.raises(subprocess.CalledProcessError) as refused:
        settings_in({"BOT_WORK_PER_MS": "0"}, "settings.BOT_WORK_PER_MS")
    assert "BOT_WORK_PER_MS must be a positive number" in refused.value.stderr


def test_a_think_time_ceiling_below_the_default_lowers_the_default_to_it():
    """For the API's requests and for the matches the service makes itself (arena tables)."""
    rules = "__import__('hearts_api.serializers.rules', fromlist=['rules'])"
    services = "__import__('games.services', fromlist=['services'])"
    expression = (f"__import__('django').setup() or [{rules}.THINK_MS_MAX, {rules}.THINK_MS_DEFAULT, "
                  f"{services}.BotOptions().think_ms]")
    assert settings_in({"BOT_THINK_MS_CEILING": "100"}, expression) == [100, 100, 100]
    assert settings_in({"BOT_THINK_MS_CEILING": ""}, expression) == [1000, 200, 200]


def test_a_webhooks_deliveries_are_bounded_by_default_and_the_bounds_must_be_positive():
    assert settings_in({"WEBHOOK_PENDING_MAX": "", "WEBHOOK_DELIVERIES_KEPT": ""},
                       "[settings.WEBHOOK_PENDING_MAX, settings.WEBHOOK_DELIVERIES_KEPT]") == [1000, 1000]
    with pytest.raises(subprocess.CalledProcessError) as refused:
        settings_in({"WEBHOOK_PENDING_MAX": "0"}, "settings.WEBHOOK_PENDING_MAX")
    assert "WEBHOOK_PENDING_MAX and WEBHOOK_DELIVERIES_KEPT must be 1 or more" in refused.value.stderr


POSTGRES = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/hearts", "CELERY_BROKER_URL": ""}


@pytest.mark.parametrize("deployment", [
    POSTGRES,
    {"DATABASE_URL": "sqlite:////tmp/never-opened.sqlite3",
     "CELERY_BROKER_URL": "redis://127.0.0.1:6379/9"},
])
def test_without_secret_key_a_server_off_the_embedded_set_up_refuses_to_start(deployment):
    with pytest.raises(subprocess.CalledProcessError) as refused:
        settings_in({**deployment, "SECRET_KEY": "", "DEBUG": ""}, "settings.SECRET_KEY")
    assert "ImproperlyConfigured: SECRET_KEY is not set" in refused.value.stderr
    assert "secrets.token_urlsafe(50)" in refused.value.stderr


def test_with_debug_and_no_secret_key_the_server_runs_on_the_public_development_key():
    assert settings_in({**POSTGRES, "SECRET_KEY": "", "DEBUG": "true"}, "settings.SECRET_KEY") == (
        "insecure-dev-key-set-SECRET_KEY-in-production")


def test_a_secret_key_given_is_the_one_used():
    assert settings_in({**POSTGRES, "SECRET_KEY": "k" * 60}, "settings.SECRET_KEY") == "k" * 60


def test_the_embedded_set_up_makes_a_key_of_its_own_once_beside_its_database(tmp_path):
    embedded = {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "CELERY_BROKER_URL": "",
                "SECRET_KEY": "", "DEBUG": ""}
    key, daily = settings_in(embedded, "[settings.SECRET_KEY, settings.DAILY_SECRET]")
    kept = tmp_path / "db.sqlite3.secret-key"
    assert kept.read_text() == f"{key}\n" and len(key) == 67  # 50 bytes, URL-safe base64
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert daily == hmac.new(key.encode(), b"daily", hashlib.sha256).hexdigest()
    assert settings_in(embedded, "[settings.SECRET_KEY, settings.DAILY_SECRET]") == [key, daily]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["db.sqlite3.secret-key"]


def test_of_two_processes_making_the_key_at_once_the_first_to_link_it_wins(tmp_path, monkeypatch):
    kept = tmp_path / "db.sqlite3.secret-key"
    link = os.link

    def another_process_first(source, target):
        kept.write_text("the other process's key\n")
        link(source, target)

    monkeypatch.setattr(os, "link", another_process_first)
    assert kept_secret_key(kept) == "the other process's key"
    assert [path.name for path in tmp_path.iterdir()] == ["db.sqlite3.secret-key"]
