"""ASGI entry point (gunicorn with uvicorn workers: ``make serve``).

Django runs each request's synchronous code in a thread of that request's own,
kept until the request ends. A long poll or a stream would hold one the whole time
it waits, so those requests (``hearts_api.live.is_waiting_request``) are handled without
one: their brief synchronous parts share one thread, their database reads run in
the loop's thread pool, and while they wait they hold no thread at all. Around it all,
``BodyLimit`` refuses a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` without reading it.
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


# What is loaded by now lives as long as the process: frozen, it is left out of the cyclic
# collector's passes. Each request leaves some garbage in reference cycles (Django's and DRF's
# request objects), so full passes come every few hundred requests; over the ~120k objects of
# the loaded project each took 30 to 150 ms of CPU, and the requests queued behind it waited
# (benchmarks/README.md, "Commands under load"). The URLconf is loaded first, so its views
# and serializers are frozen too.
get_resolver().url_patterns  # noqa: B018  (loads the URLconf)
gc.collect()
gc.freeze()

# A body over Django's limit is refused before it is read (hearts_api.body_limit).
application = BodyLimit(Application(), settings.DATA_UPLOAD_MAX_MEMORY_SIZE)

# Without a broker, this process makes the bots' moves itself (bots.dispatcher, "thread").
if settings.BOT_DISPATCH == "thread":
    DispatcherThread.start_once()
