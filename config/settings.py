"""Settings, all from the environment (django-environ); README.md lists every variable.

Defaults give the embedded set-up of ``make demo``: a SQLite file, Celery tasks run
eagerly in-process, and a secret key kept beside the database. Production sets
DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis), SECRET_KEY (required there),
ALLOWED_HOSTS and DEBUG=false.
"""

import hashlib
import hmac
from datetime import timedelta
from pathlib import Path

import environ
from corsheaders.defaults import default_headers as cors_default_headers
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

from .secret_key import kept_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "drf_standardized_errors",
    "games",
    "hearts_api",
    "bots",
]

MIDDLEWARE = [
    # First: its headers go on every response, those the middleware below answers included.
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, though it serves only the admin's static files: it is the one middleware that
    # cannot run as a coroutine, and below it the chain is synchronous all the way up, so a
    # request's middleware runs in its thread in one go. Anywhere higher, the middleware
    # under it would run as coroutines, each handing its request and its response to the
    # thread and back (Django's MiddlewareMixin): a dozen thread switches a request, some
    # 15% of a small request's CPU (benchmarks/README.md, "Commands under load").
    "whitenoise.middleware.WhiteNoiseMiddleware",
]

# Browser clients on other origins (django-cors-headers): only the origins listed (none by
# default). Requests carry a bearer token, never cookies, so no credentials mode.
CORS_ALLOWED_ORIGINS = env.list("CORS_ALLOWED_ORIGINS", default=[])
CORS_ALLOW_HEADERS = (*cors_default_headers, "if-match", "if-none-match", "idempotency-key",
                      "last-event-id")
CORS_EXPOSE_HEADERS = ["ETag", "Retry-After", "Location", "Idempotent-Replayed"]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
APPEND_SLASH = False

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take the lock when their transaction begins (IMMEDIATE) and wait for it
    # (timeout, seconds) instead of failing with "database is locked"; WAL lets readers go on.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
else:
    # Django's psycopg pool: a request borrows a connection and gives it back when it ends,
    # and a waiting long poll or stream gives its back between reads (hearts_api.live).
    # Persistent connections (CONN_MAX_AGE) do not mix with the pool, nor with ASGI, where
    # each request runs in a thread of its own. DB_POOL_SIZE bounds each process's share.
    # When the database restarts, a pooled connection dies with it: CONN_HEALTH_CHECKS makes
    # the pool check each one as it is lent, so none is handed out dead. While it is down,
    # a request waits at most DB_POOL_TIMEOUT seconds for a connection and then answers
    # 503 unavailable (hearts_api.problems), and a connection attempt at most 2 s.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["pool"] = {"min_size": 1, "max_size": env.int("DB_POOL_SIZE", default=10),
                       "timeout": env.float("DB_POOL_TIMEOUT", default=5)}
    options.setdefault("connect_timeout", 2)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Served over TLS behind a proxy that terminates it (HTTPS=true): the proxy says so in
# X-Forwarded-Proto; plain HTTP is redirected, except /healthz, which load balancers probe
# on the inside; cookies (the admin's session and CSRF) go over TLS only; and browsers are
# told to use HTTPS only (HSTS), for HSTS_SECONDS, with the subdomains and preload as set.
HTTPS = env.bool("HTTPS", default=False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("HSTS_INCLUDE_SUBDOMAINS", default=False)
    SECURE_HSTS_PRELOAD = env.bool("HSTS_PRELOAD", default=False)
# A player's optional password (POST /players) passes these: Django's four, as a new
# project has them. min_length is hearts_api.accounts.PASSWORD_MIN_LENGTH, which the schema
# states (a test holds them equal).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True
STATIC_URL = "/static/"
# Serve the sidecar's Swagger UI and Redoc files from the app itself (no CDN, no collectstatic).
WHITENOISE_USE_FINDERS = True

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["hearts_api.auth.BearerTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["hearts_api.parsers.StrictJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "drf_standardized_errors.handler.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "hearts_api.throttling.AnonThrottle",
        "hearts_api.throttling.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("THROTTLE_ANON", default="120/min"),
        "user": env.str("THROTTLE_USER", default="6000/min"),
        # HTTP Basic attempts (POST /tokens), per address, each counted before its password
        # is checked (hearts_api.auth): password guesses, held well below the other rates.
        "login": env.str("THROTTLE_LOGIN", default="10/min"),
        # Rates that are quotas (429 quota_exceeded naming the scope): POST /matches per
        # player, new Idempotency-Keys per player, registrations with a password per address.
        "match_creations": env.str("RATE_MATCH_CREATIONS", default="60/hour"),
        "idempotency_keys": env.str("RATE_IDEMPOTENCY_KEYS", default="10000/day"),
        "password_registrations": env.str("RATE_PASSWORD_REGISTRATIONS", default="30/hour"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # The throttles' "address" is REMOTE_ADDR, never a client's own X-Forwarded-For (with
    # which anyone could pick a fresh address per guess). uvicorn sets REMOTE_ADDR from
    # X-Forwarded-For only for connections from FORWARDED_ALLOW_IPS (gunicorn's setting:
    # 127.0.0.1 and ::1 unless set), the proxies in front, taking the address the last of
    # them saw.
    "NUM_PROXIES": 0,
}
DRF_STANDARDIZED_ERRORS = {
    "EXCEPTION_HANDLER_CLASS": "hearts_api.problems.ProblemExceptionHandler",
    "EXCEPTION_FORMATTER_CLASS": "hearts_api.problems.ProblemFormatter",
    "ENABLE_IN_DEBUG_FOR_UNHANDLED_EXCEPTIONS": True,
}
REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Bearer",
    "TOKEN_TTL": None,  # a player's app token lives until its owner revokes it
}
KNOX_TOKEN_MODEL = "hearts_api.ApiToken"
# knox's own AuthToken is swapped out for ApiToken: its migrations would create an unused table.
MIGRATION_MODULES = {"knox": None}
SELF_REGISTRATION = env.bool("SELF_REGISTRATION", default=True)

# Limits and quotas (README, "Limits and quotas"). QUOTAS: what one player may hold at once,
# each QUOTA_<NAME> in the environment; a request over one is 429 quota_exceeded naming it
# (games.errors.QuotaExceeded). The rates that are quotas are in DEFAULT_THROTTLE_RATES.
QUOTAS = {name: env.int(f"QUOTA_{name.upper()}", default=default) for name, default in (
    ("unfinished_matches", 10),  # matches the player created that have not ended
    ("unfinished_expert_matches", 2),  # of those, the ones with an expert seat
    ("open_matches", 3),  # of those, the ones waiting for a player (the lobby lists them)
    ("waiting_requests_per_token", 10),  # streams and long polls open at once
    ("waiting_requests_per_user", 20),
    ("tokens", 20),
    ("leaves_per_match", 10),  # a player's leaves of one match (each a seat_left event)
)}
# Sizes (400 invalid_request beyond them): a match's target score, the directions its pass
# rotation lists, its fixed deals, and the expert's thinking time per decision
# (bots.think_ms; the daily searches its own fixed work).
TARGET_SCORE_MAX = env.int("TARGET_SCORE_MAX", default=500)
PASS_ROTATION_MAX = env.int("PASS_ROTATION_MAX", default=12)
FIXED_DEALS_MAX = env.int("FIXED_DEALS_MAX", default=20)
BOT_THINK_MS_CEILING = env.int("BOT_THINK_MS_CEILING", default=1000)
# Bot work (games.dispatch): how many of one player's bot moves may be in progress at once,
# on all workers together (the rest wait their turn in the round-robin).
BOT_DECISIONS_PER_USER = env.int("BOT_DECISIONS_PER_USER", default=1)
# How many searching bots' moves (the expert's) may be in progress at once on all workers
# together: give searches fewer worker processes than the deployment has, and the rest stay
# free for every other move whatever the accounts asking (games.dispatch).
BOT_SEARCHES_AT_ONCE = env.int("BOT_SEARCHES_AT_ONCE", default=1)
# The nice value of the thread a searching bot (the expert) thinks on (bots.moves): a search
# is batch work, and yields the CPU to requests and quick moves (0: as the process's own).
BOT_SEARCH_NICENESS = env.int("BOT_SEARCH_NICENESS", default=10)
# A match created with an open seat and no turn_timeout_s gets this one (seconds), so nobody
# who joins can hold the table (docs/api.md, "Nobody stalls a table").
OPEN_SEAT_TURN_TIMEOUT_S = env.int("OPEN_SEAT_TURN_TIMEOUT_S", default=60)
# An Idempotency-Key whose first request has run this long without answering is free for
# a retry to take over: its process most likely died. Nothing cuts a live request short
# (uvicorn has no request timeout), so one slower than this (a row lock waited on, bots
# moving in-process on the embedded default) could run twice: keep it well above the
# slowest command.
IDEMPOTENCY_IN_FLIGHT_SECONDS = env.int("IDEMPOTENCY_IN_FLIGHT_SECONDS", default=60)

SPECTACULAR_SETTINGS = {
    "TITLE": "Hearts API",
    "DESCRIPTION": (
        "Play Hearts over HTTP: create matches, pass and play cards for your seat, watch "
        "the table. Errors are RFC 9457 problem+json with a stable `code`."
    ),
    "VERSION": "1.0.0",
    # 3.1: nullable references come out as unions with null, which both SDK generators read.
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Operations are tagged by the path's first part after it (matches, players, tokens):
    # the SDKs group their calls by tag.
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "GET_LIB_DOC_EXCLUDES": "hearts_api.schema.doc_excludes",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "hearts_api.schema.postprocess",
    ],
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": "hearts_api.serializers.fields.SEAT_CHOICES",
        "MatchStatusEnum": "hearts_api.serializers.fields.STATUS_CHOICES",
        "PassDirectionEnum": "hearts_api.serializers.fields.PASS_DIRECTION_CHOICES",
        "BotLevelEnum": "hearts_api.serializers.fields.BOT_LEVEL_CHOICES",
    },
}

# Live updates (hearts_api.notifier, hearts_api.live): how a commit reaches waiting
# requests (redis, postgresql or process; empty: the first that applies), and how often an
# idle stream sends a comment so that proxies and clients know it is alive (seconds).
LIVE_NOTIFIER = env.str("LIVE_NOTIFIER", default="")
LIVE_HEARTBEAT_SECONDS = env.float("LIVE_HEARTBEAT_SECONDS", default=15)

# Celery: with no broker the tasks run eagerly, in-process (the embedded default).
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default="")
# Redis for what every web process must share (match notifications, throttle counters):
# REDIS_URL, else the broker's URL when the broker is Redis; empty: no Redis.
REDIS_URL = env.str("REDIS_URL", default="") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else "")
# The throttles count on REDIS_URL's Redis, every web process together; without it each
# process counts alone, in its memory (hearts_api.throttling). Django's cache is not used.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
if CELERY_TASK_ALWAYS_EAGER:
    CELERY_BROKER_URL = "memory://localhost/"  # never contacted: eager tasks run in the caller
# How due bot moves reach a worker (bots.dispatcher): "celery" (tickets on the broker), or,
# without a broker, "thread" (a dispatcher thread in the web process); "inline" (the
# committing thread makes them) is the in-process tests'.
BOT_DISPATCH = env.str("BOT_DISPATCH", default="thread" if CELERY_TASK_ALWAYS_EAGER else "celery")
if BOT_DISPATCH not in ("celery", "thread", "inline"):
    raise ImproperlyConfigured("BOT_DISPATCH must be celery, thread or inline")
# Two queues: beat's control tasks, and the bots' work tickets (bots.dispatcher.BOTS_QUEUE).
# Which move a ticket makes is the dispatcher's round (games.dispatch), not the queue's order.
CELERY_TASK_QUEUES = tuple(Queue(name, Exchange(name), routing_key=name)
                           for name in ("control", "bots"))
CELERY_TASK_DEFAULT_QUEUE = "control"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 60
# A pool process measures the expert's pace as it starts (bots.tasks.set_pace, under a
# second of CPU): on a busy node that must not pass for a hung start (Celery's default, 4 s).
CELERY_WORKER_PROC_ALIVE_TIMEOUT = 30
CELERY_TASK_TIME_LIMIT = 90
CELERY_TASK_IGNORE_RESULT = True
# Celery's Django fixup closes the database pool before and after every task unless told to
# reuse it: each work ticket then opened a new connection (some 10 ms of a bot's reply). It
# closes it every 1000 tasks now; bots.tasks.work gives its connection back after each.
CELERY_DB_REUSE_MAX = 1000
# A dead broker must not hang a web request: fail fast, and beat's tick catches up.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Redis hands an unacknowledged task to another worker after visibility_timeout: longer than
# a ticket waits for its ETA (bots.dispatcher.TICKET_HORIZON_SECONDS) and runs. max_retries 0:
# a publish whose broker refuses gives up at once (kombu would retry for the connection
# timeout, and every command of an outage take 2 s more); the tick makes the move anyway.
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5,
                                   "visibility_timeout": 600, "max_retries": 0,
                                   "queue_order_strategy": "priority"}
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BEAT_SCHEDULE = {
    # A work ticket every 2 s: a move whose ticket was lost, or whose worker died holding its
    # lease (games.dispatch.LEASE_MARGIN_MS), is made within 2 s of falling due again. Ticks
    # that waited 30 s for a worker are dropped: the ones after them do their work.
    "bots-tick": {"task": "bots.tasks.work", "schedule": timedelta(seconds=2),
                  "options": {"expires": 30, "queue": "bots"}},
    "purge-idempotency-keys": {"task": "hearts_api.tasks.purge_idempotency_keys",
                               "schedule": timedelta(hours=1)},
}
# The admin marks a match stalled when its due move has waited this long with no worker
# holding it (games.dispatch.stalled).
BOT_STALL_SECONDS = env.int("BOT_STALL_SECONDS", default=3)
# The expert's pace (bots.strategies.effort): unset, each worker process measures its
# own rate when it starts and follows its CPU time, so a bot spends its match's
# bot_think_ms of CPU per decision; set (work per CPU millisecond), every process searches
# at that rate whatever its speed.
BOT_WORK_PER_MS = env.float("BOT_WORK_PER_MS", default=None)
if BOT_WORK_PER_MS is not None and not BOT_WORK_PER_MS > 0:
    raise ImproperlyConfigured("BOT_WORK_PER_MS must be a positive number (work per CPU ms)")

# The secret key: Django's signatures (the admin's sessions), the sealed answers of
# Idempotency-Key (hearts_api.idempotency) and, unless DAILY_SECRET is set, the daily's deals.
# Unset, the server refuses to start, except on the embedded set-up (SQLite, no broker: make
# demo, make serve without exports), which makes a random key once and keeps it beside its
# database (<database file>.secret-key), and with DEBUG, which runs on a public key (anyone
# can compute its daily deals: for development only).
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" and CELERY_TASK_ALWAYS_EAGER:
        SECRET_KEY = kept_secret_key(Path(f"{DATABASES['default']['NAME']}.secret-key"))
    elif DEBUG:
        SECRET_KEY = "insecure-dev-key-set-SECRET_KEY-in-production"
    else:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set: give the server a key of its own, the same in every web "
            "and worker process, e.g. export SECRET_KEY=$(python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(50))'). Only DEBUG and the embedded set-up (a SQLite "
            "DATABASE_URL and no CELERY_BROKER_URL) start without one.")
# Earlier keys, still accepted after a rotation: the admin's sessions, and the sealed answers
# of Idempotency-Key (hearts_api.idempotency) stored under them.
SECRET_KEY_FALLBACKS = [key.strip() for key in env.list("SECRET_KEY_FALLBACKS", default=[])]
# The daily challenge's key (games.daily): its deals and bot seeds are HMACs under it. Unset:
# derived from SECRET_KEY (HMAC-SHA256 of it over "daily"), so it is as secret as that.
DAILY_SECRET = env.str("DAILY_SECRET", default="") or hmac.new(
    SECRET_KEY.encode(), b"daily", hashlib.sha256).hexdigest()
# The bots' generators (bots.moves.seed) are HMACs under this key. Unset: derived from
# SECRET_KEY (HMAC-SHA256 of it over "bots").
BOT_SECRET = env.str("BOT_SECRET", default="") or hmac.new(
    SECRET_KEY.encode(), b"bots", hashlib.sha256).hexdigest()

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_warning": {"()": "hearts_api.logs.OneLineWarning"}},
    "handlers": {"console": {"class": "logging.StreamHandler"},
                 "one_line_warning": {"class": "logging.StreamHandler",
                                      "filters": ["one_line_warning"]}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
    "loggers": {
        # A refusal (4xx) is the API doing its job, not a warning: only server errors are logged.
        "django.request": {"level": "ERROR"},
        # Except a suspicious request's (a refused Host header above all), which Django logs at
        # ERROR with a traceback: one warning line instead, naming the host (hearts_api.logs).
        # A handler's filter, as a logger's would not see the records of django.security.*.
        "django.security": {"handlers": ["one_line_warning"], "propagate": False},
    },
}
