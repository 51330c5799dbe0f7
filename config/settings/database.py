"""The database: DATABASE_URL, SQLite by default (docs/architecture.md, "Processes and configuration")."""

from .base import BASE_DIR, env

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
# PostgreSQL: each process's most connections, and how long a request waits for one (503).
DB_POOL_SIZE = env.int("DB_POOL_SIZE", default=10)
DB_POOL_TIMEOUT = env.float("DB_POOL_TIMEOUT", default=5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers lock when their transaction begins and wait (seconds); WAL lets readers go on.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
else:
    # Django's psycopg pool, each connection checked as it is lent (no persistent
    # connections: they mix with neither the pool nor ASGI).
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["pool"] = {"min_size": 1, "max_size": DB_POOL_SIZE, "timeout": DB_POOL_TIMEOUT}
    options.setdefault("connect_timeout", 2)
    # A connection whose peer vanished (a network cut) fails within about 30 s rather than
    # TCP's quarter of an hour, so the pool replaces it (hearts_api.database).
    options.update(keepalives=1, keepalives_idle=10, keepalives_interval=5, keepalives_count=3,
                   tcp_user_timeout=30_000)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
