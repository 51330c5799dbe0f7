"""Limits and quotas, each explained in the README's table ("Limits and quotas"); the rates
are in ``api.REST_FRAMEWORK``."""

from django.core.exceptions import ImproperlyConfigured

from .base import env

QUOTAS = {name: env.int(f"QUOTA_{name.upper()}", default=default) for name, default in (
    ("unfinished_matches", 10),
    ("unfinished_expert_matches", 2),
    ("open_matches", 3),
    ("joined_matches", 20),
    ("waiting_requests_per_token", 10),
    ("waiting_requests_per_user", 20),
    ("tokens", 20),
    ("leaves_per_match", 10),
    ("webhooks", 5),
    ("arena_runs", 1),
)}
TARGET_SCORE_MAX = env.int("TARGET_SCORE_MAX", default=500)
PASS_ROTATION_MAX = env.int("PASS_ROTATION_MAX", default=12)
FIXED_DEALS_MAX = env.int("FIXED_DEALS_MAX", default=20)
BOT_THINK_MS_CEILING = env.int("BOT_THINK_MS_CEILING", default=1000)
OPEN_SEAT_TURN_TIMEOUT_S = env.int("OPEN_SEAT_TURN_TIMEOUT_S", default=60)
BOT_ACCOUNT_MATCHES_PER_DAY = env.int("BOT_ACCOUNT_MATCHES_PER_DAY", default=100)
INVITATION_TTL_S = env.int("INVITATION_TTL_S", default=3600)
WEBHOOK_ALLOW_PRIVATE = env.bool("WEBHOOK_ALLOW_PRIVATE", default=False)
WEBHOOK_SENDERS = env.int("WEBHOOK_SENDERS", default=4)
if WEBHOOK_SENDERS < 1:
    raise ImproperlyConfigured("WEBHOOK_SENDERS must be 1 or more")
WEBHOOK_PENDING_MAX = env.int("WEBHOOK_PENDING_MAX", default=1000)
WEBHOOK_DELIVERIES_KEPT = env.int("WEBHOOK_DELIVERIES_KEPT", default=1000)
if WEBHOOK_PENDING_MAX < 1 or WEBHOOK_DELIVERIES_KEPT < 1:
    raise ImproperlyConfigured("WEBHOOK_PENDING_MAX and WEBHOOK_DELIVERIES_KEPT must be 1 or more")
ARENA_DEALS_MAX = env.int("ARENA_DEALS_MAX", default=100)
ARENA_DEALS_PER_DAY = env.int("ARENA_DEALS_PER_DAY", default=200)
ARENA_TABLES_AT_ONCE = env.int("ARENA_TABLES_AT_ONCE", default=4)
