"""ASGI entry point (gunicorn with uvicorn workers: ``make serve``).

Waiting requests (long polls, streams) are handled without a thread of their own; a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is refused unread (docs/architecture.md).
"""

import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402  (after the app registry)
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.urls import get_resolver  # noqa: E402

from bots.dispatcher import DispatcherThread  # noqa: E402
from hearts_api.body_limit import BodyLimit  # noqa: E402
from hearts_api.live import is_waiting_request  # noqa: E402


class Application(ASGIHandler):
    async def __call__(self, scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] == "http" and is_waiting_request(scope):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


# Everything loaded at start-up (the URLconf's views too) is frozen out of the cyclic
# collector's full passes (docs/architecture.md, "What a command costs").
get_resolver().url_patterns  # noqa: B018  (loads the URLconf)
gc.collect()
gc.freeze()

application = BodyLimit(Application(), settings.DATA_UPLOAD_MAX_MEMORY_SIZE)

# Without a broker, this process makes the bots' moves itself (bots.dispatcher, "thread").
if settings.BOT_DISPATCH == "thread":
    DispatcherThread.start_once()
