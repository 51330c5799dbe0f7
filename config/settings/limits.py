"""Limits and quotas (README, "Limits and quotas"); the rates are in ``api.REST_FRAMEWORK``."""

from django.core.exceptions import ImproperlyConfigured

from .base import env

# What one player may hold at once: over one, 429 quota_exceeded naming it.
QUOTAS = {name: env.int(f"QUOTA_{name.upper()}", default=default) for name, default in (
    ("unfinished_matches", 10),  # matches the player created that have not ended
    ("unfinished_expert_matches", 2),  # of those, the ones with an expert seat
    ("open_matches", 3),  # of those, the ones waiting for a player (the lobby lists them)
    ("waiting_requests_per_token", 10),  # streams and long polls open at once
    ("waiting_requests_per_user", 20),
    ("tokens", 20),
    ("leaves_per_match", 10),  # a player's leaves of one match (each a seat_left event)
    ("webhooks", 5),  # webhook endpoints a player holds
    ("arena_runs", 1),  # arena runs a bot account has running
)}
# Sizes of a match (400 invalid_request beyond them).
TARGET_SCORE_MAX = env.int("TARGET_SCORE_MAX", default=500)
PASS_ROTATION_MAX = env.int("PASS_ROTATION_MAX", default=12)
FIXED_DEALS_MAX = env.int("FIXED_DEALS_MAX", default=20)
BOT_THINK_MS_CEILING = env.int("BOT_THINK_MS_CEILING", default=1000)
# The turn timeout (seconds) of a match created with an open seat and none of its own.
OPEN_SEAT_TURN_TIMEOUT_S = env.int("OPEN_SEAT_TURN_TIMEOUT_S", default=60)
# Matches among bot accounts only (two or more, no person; built-in bots or not) that a bot
# account may start in 24 hours (429 quota_exceeded bot_account_matches beyond it).
BOT_ACCOUNT_MATCHES_PER_DAY = env.int("BOT_ACCOUNT_MATCHES_PER_DAY", default=100)
# How long a seat is held for an invited player (seconds) before it opens to anyone.
INVITATION_TTL_S = env.int("INVITATION_TTL_S", default=3600)
# Webhook URLs: only https to public addresses, unless this allows http and any address
# (tests and a deployment's own network).
WEBHOOK_ALLOW_PRIVATE = env.bool("WEBHOOK_ALLOW_PRIVATE", default=False)
# Threads of each process that send webhook deliveries, each owner's one at a time.
WEBHOOK_SENDERS = env.int("WEBHOOK_SENDERS", default=4)
if WEBHOOK_SENDERS < 1:
    raise ImproperlyConfigured("WEBHOOK_SENDERS must be 1 or more")
# A webhook's deliveries: at most this many pending (one owed beyond them is dropped,
# and counted), and of the finished ones, the newest this many kept.
WEBHOOK_PENDING_MAX = env.int("WEBHOOK_PENDING_MAX", default=1000)
WEBHOOK_DELIVERIES_KEPT = env.int("WEBHOOK_DELIVERIES_KEPT", default=1000)
if WEBHOOK_PENDING_MAX < 1 or WEBHOOK_DELIVERIES_KEPT < 1:
    raise ImproperlyConfigured("WEBHOOK_PENDING_MAX and WEBHOOK_DELIVERIES_KEPT must be 1 or more")
# Arena runs (games.arena): deals in one run, deals a bot account may ask for in 24 hours,
# and how many of a run's tables (matches) are unfinished at once.
ARENA_DEALS_MAX = env.int("ARENA_DEALS_MAX", default=100)
ARENA_DEALS_PER_DAY = env.int("ARENA_DEALS_PER_DAY", default=200)
ARENA_TABLES_AT_ONCE = env.int("ARENA_TABLES_AT_ONCE", default=4)
