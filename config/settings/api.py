"""The HTTP API: DRF, its errors, tokens, the schema, live updates, Idempotency-Key."""

import re

from django.core.exceptions import ImproperlyConfigured

from hearts_api import API_PREFIX

from .base import env
from .database import DATABASES, DB_POOL_SIZE
from .workers import REDIS_URL

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["hearts_api.auth.BearerTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["hearts_api.parsers.StrictJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "hearts_api.negotiation.ContentNegotiation",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "drf_standardized_errors.handler.exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "hearts_api.throttling.AnonThrottle",
        "hearts_api.throttling.UserThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("THROTTLE_ANON", default="120/min"),
        "user": env.str("THROTTLE_USER", default="6000/min"),
        # HTTP Basic attempts (POST /tokens) per address, counted before the password is checked.
        "login": env.str("THROTTLE_LOGIN", default="10/min"),
        # Rates that are quotas (429 quota_exceeded naming the scope).
        "match_creations": env.str("RATE_MATCH_CREATIONS", default="60/hour"),
        "idempotency_keys": env.str("RATE_IDEMPOTENCY_KEYS", default="10000/day"),
        "password_registrations": env.str("RATE_PASSWORD_REGISTRATIONS", default="30/hour"),
        "hints": env.str("RATE_HINTS", default="600/hour"),
        "analyses": env.str("RATE_ANALYSES", default="20/day"),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # A throttle's address is REMOTE_ADDR (set by uvicorn from FORWARDED_ALLOW_IPS' proxies),
    # never a client's own X-Forwarded-For.
    "NUM_PROXIES": 0,
}
# An IPv6 client counts per address as its network of this prefix length (one subscriber's).
THROTTLE_IPV6_PREFIX = env.int("THROTTLE_IPV6_PREFIX", default=64)
if not 0 <= THROTTLE_IPV6_PREFIX <= 128:
    raise ImproperlyConfigured("THROTTLE_IPV6_PREFIX must be 0 to 128")
DRF_STANDARDIZED_ERRORS = {
    "EXCEPTION_HANDLER_CLASS": "hearts_api.problems.ProblemExceptionHandler",
    "EXCEPTION_FORMATTER_CLASS": "hearts_api.problems.ProblemFormatter",
    "ENABLE_IN_DEBUG_FOR_UNHANDLED_EXCEPTIONS": True,
}
REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Bearer",
    "TOKEN_TTL": None,  # a token lives until its owner revokes it
}
KNOX_TOKEN_MODEL = "hearts_api.ApiToken"
MIGRATION_MODULES = {"knox": None}  # knox's AuthToken is swapped out for ApiToken
SELF_REGISTRATION = env.bool("SELF_REGISTRATION", default=True)
# A first request with this Idempotency-Key running longer (seconds) is taken for dead: a
# retry may take the key over. Keep it well above the slowest command.
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
    # The server a generated client talks to unless told otherwise: `make serve`'s.
    "SERVERS": [{"url": "http://127.0.0.1:8000", "description": "make serve, on this machine"}],
    # Operations are tagged by the path's first part after it: the SDKs group calls by tag.
    "SCHEMA_PATH_PREFIX": re.escape(API_PREFIX.removesuffix("/")),
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
        "PlayRuleEnum": "hearts_api.serializers.fields.PLAY_RULE_CHOICES",
        "DecisionKindEnum": "hearts_api.serializers.fields.DECISION_KIND_CHOICES",
        "WebhookEventEnum": "games.webhooks.EVENTS",
        "ArenaRunStatusEnum": "hearts_api.serializers.arena.RUN_STATUS_CHOICES",
    },
}

# Live updates (hearts_api.notifier): redis, postgresql or process (unset: the first that
# applies), and an idle stream's keep-alive comment every so many seconds.
_ON_POSTGRESQL = DATABASES["default"]["ENGINE"].endswith(("postgresql", "postgis"))
LIVE_NOTIFIER = env.str("LIVE_NOTIFIER", default="") or (
    "redis" if REDIS_URL else "postgresql" if _ON_POSTGRESQL else "process")
if LIVE_NOTIFIER not in ("redis", "postgresql", "process"):
    raise ImproperlyConfigured("LIVE_NOTIFIER must be redis, postgresql or process")
if LIVE_NOTIFIER == "postgresql" and not _ON_POSTGRESQL:
    raise ImproperlyConfigured("LIVE_NOTIFIER=postgresql needs a PostgreSQL DATABASE_URL")
LIVE_HEARTBEAT_SECONDS = env.float("LIVE_HEARTBEAT_SECONDS", default=15)
# Threads of a web process that answer API requests which do not wait (config.asgi): a
# request that waited DB_POOL_TIMEOUT for one answers 503 unrun. Three per connection: with
# one, a neighbour's steady reads queue in front of another player's commands.
COMMAND_THREADS = env.int("COMMAND_THREADS", default=3 * DB_POOL_SIZE)
