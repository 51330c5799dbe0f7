"""Secret keys: Django's, and the daily's and the bots' (README, "Environment variables")."""

import hashlib
import hmac
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from ..secret_key import kept_secret_key
from .base import DEBUG, env
from .database import DATABASES
from .workers import CELERY_TASK_ALWAYS_EAGER

# Required, except on the embedded set-up (kept beside its database) and with DEBUG (a
# public key: development only).
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
# Earlier keys, still accepted after a rotation (sessions, sealed Idempotency-Key answers).
SECRET_KEY_FALLBACKS = [key.strip() for key in env.list("SECRET_KEY_FALLBACKS", default=[])]
# The daily's deals (games.daily), and the bots' generators (bots.moves.seed) and the arena
# runs' deals (games.arena.dealing_seed), are HMACs under these; unset, each is HMAC-SHA256 of
# SECRET_KEY over its name.
DAILY_SECRET = env.str("DAILY_SECRET", default="") or hmac.new(
    SECRET_KEY.encode(), b"daily", hashlib.sha256).hexdigest()
BOT_SECRET = env.str("BOT_SECRET", default="") or hmac.new(
    SECRET_KEY.encode(), b"bots", hashlib.sha256).hexdigest()
