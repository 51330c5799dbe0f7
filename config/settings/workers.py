"""Celery and the bots' work (docs/architecture.md, "Bots: fair shares of the workers")."""

from datetime import timedelta

from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

from .base import env

# With no broker the tasks run eagerly, in-process (the embedded default).
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
# Redis every web process shares (README): REDIS_URL, else the broker's when it is Redis.
REDIS_URL = env.str("REDIS_URL", default="") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    CELERY_BROKER_URL = "memory://localhost/"  # never contacted: eager tasks run in the caller
# How due bot moves reach a worker (bots.dispatcher): celery, thread or inline.
BOT_DISPATCH = env.str("BOT_DISPATCH", default="thread" if CELERY_TASK_ALWAYS_EAGER else "celery")
if BOT_DISPATCH not in ("celery", "thread", "inline"):
    raise ImproperlyConfigured("BOT_DISPATCH must be celery, thread or inline")
# Taken in this order ("queue_order_strategy" below): beat's, the bots', analyses.
CELERY_TASK_QUEUES = tuple(Queue(name, Exchange(name), routing_key=name)
                           for name in ("control", "bots", "analysis"))
CELERY_TASK_DEFAULT_QUEUE = "control"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 60
# A pool process measures the expert's pace as it starts: not to pass for a hung start.
CELERY_WORKER_PROC_ALIVE_TIMEOUT = 30
CELERY_TASK_TIME_LIMIT = 90
CELERY_TASK_IGNORE_RESULT = True
# Reuse the database pool across tasks (bots.tasks.work gives its connection back after each).
CELERY_DB_REUSE_MAX = 1000
# A dead broker must not hang a web request: fail fast, and beat's tick catches up.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# visibility_timeout outlasts a ticket's ETA and run; a refused publish gives up at once.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5,
                                   "visibility_timeout": 600, "max_retries": 0,
                                   "queue_order_strategy": "priority"}
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BEAT_SCHEDULE = {
    # Makes any move whose ticket was lost or whose lease ended; stale ticks are dropped.
    "bots-tick": {"task": "bots.tasks.work", "schedule": timedelta(seconds=2),
                  "options": {"expires": 30, "queue": "bots"}},
    # Weighs a hand of any analysis whose ticket was lost or whose lease ended.
    "analyses-tick": {"task": "bots.tasks.analyse", "schedule": timedelta(seconds=10),
                      "options": {"expires": 10, "queue": "analysis"}},
    "purge-idempotency-keys": {"task": "hearts_api.tasks.purge_idempotency_keys",
                               "schedule": timedelta(hours=1)},
    "release-expired-invitations": {"task": "games.tasks.release_expired_invitations",
                                    "schedule": timedelta(minutes=1)},
    "deliver-late-webhooks": {"task": "games.tasks.deliver_late_webhooks",
                              "schedule": timedelta(minutes=1)},
    "advance-arena-runs": {"task": "games.tasks.advance_arena_runs",
                           "schedule": timedelta(minutes=1)},
}

# games.dispatch's shares (README, "Limits and quotas").
BOT_DECISIONS_PER_USER = env.int("BOT_DECISIONS_PER_USER", default=1)
BOT_SEARCHES_AT_ONCE = env.int("BOT_SEARCHES_AT_ONCE", default=1)
BOT_STALL_SECONDS = env.int("BOT_STALL_SECONDS", default=3)
# The nice value of a search's thread (bots.moves; 0: the process's own).
BOT_SEARCH_NICENESS = env.int("BOT_SEARCH_NICENESS", default=10)
# Hints and analyses (README): a hint's CPU ms, an analysis's work units a decision.
HINT_BUDGET_MS = env.int("HINT_BUDGET_MS", default=200)
HINTS_AT_ONCE = env.int("HINTS_AT_ONCE", default=4)
ANALYSIS_WORK = env.int("ANALYSIS_WORK", default=50_000)
# The expert's pace in work per CPU ms (bots.strategies.effort); unset: each process measures it.
BOT_WORK_PER_MS = env.float("BOT_WORK_PER_MS", default=None)
if BOT_WORK_PER_MS is not None and not BOT_WORK_PER_MS > 0:
    raise ImproperlyConfigured("BOT_WORK_PER_MS must be a positive number (work per CPU ms)")
