"""Settings, all from the environment (django-environ); README.md lists every variable.

Defaults give the embedded set-up of ``make demo``: a SQLite file, Celery tasks run
eagerly in-process, and a secret key kept beside the database. Production sets
DATABASE_URL (PostgreSQL), CELERY_BROKER_URL (Redis), SECRET_KEY (required there),
ALLOWED_HOSTS and DEBUG=false. One module per job.
"""

from .api import *  # noqa: F403
from .base import *  # noqa: F403
from .database import *  # noqa: F403
from .keys import *  # noqa: F403
from .limits import *  # noqa: F403
from .workers import *  # noqa: F403
