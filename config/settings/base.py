"""Django itself: apps, middleware, templates, HTTPS, passwords, logging."""

from pathlib import Path

import environ
from corsheaders.defaults import default_headers as cors_default_headers

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])

INSTALLED_APPS = [
    "hearts_api",  # before django.contrib.auth: its createsuperuser replaces auth's
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
    "bots",
]

MIDDLEWARE = [
    # First: its headers go on every response, those the middleware below answers included.
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Session and CSRF by their own names (check --deploy looks for them); the user and the
    # messages skipped by the API's requests (config.middleware).
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "config.middleware.AuthenticationMiddleware",
    "config.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: the one middleware that cannot run as a coroutine (docs/architecture.md); WhiteNoise's.
    "hearts_api.static_files.StaticFilesMiddleware",
]

# Browser clients on the origins listed; bearer tokens, never cookies, so no credentials mode.
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

# Behind a TLS-terminating proxy (HTTPS=true); /healthz is probed over plain HTTP.
HTTPS = env.bool("HTTPS", default=False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env.int("HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("HSTS_INCLUDE_SUBDOMAINS", default=False)
    SECURE_HSTS_PRELOAD = env.bool("HSTS_PRELOAD", default=False)
# A player's optional password (hearts_api.accounts reads min_length: the schema states it).
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
# The sidecar's Swagger UI and Redoc files and the browser table's scripts and styles
# (web/dist/assets, under /static/play/assets/, named by their content's hash, so cached
# for good) served by the app (no CDN, no collectstatic); its page is hearts_api.table_page's.
WHITENOISE_USE_FINDERS = True
WEB_TABLE_BUILD = BASE_DIR / "web" / "dist"
STATICFILES_DIRS = [("play/assets", WEB_TABLE_BUILD / "assets")]
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/static/play/assets/"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_warning": {"()": "hearts_api.logs.OneLineWarning"}},
    "handlers": {"console": {"class": "logging.StreamHandler"},
                 "one_line_warning": {"class": "logging.StreamHandler",
                                      "filters": ["one_line_warning"]}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
    "loggers": {
        # A refusal (4xx) is not a warning: only server errors are logged.
        "django.request": {"level": "ERROR"},
        # A suspicious request (a refused Host header): one warning line, not a traceback
        # (a handler's filter: a logger's would not see django.security.*'s records).
        "django.security": {"handlers": ["one_line_warning"], "propagate": False},
    },
}
