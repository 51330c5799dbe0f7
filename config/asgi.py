"""ASGI entry point (gunicorn with uvicorn workers: ``make serve``).

Django runs each request's synchronous code in a thread of that request's own,
kept until the request ends. A long poll or a stream would hold one the whole time
it waits, so those requests (``hearts_api.live.is_waiting_request``) are handled without
one: their brief synchronous parts share one thread, their database reads run in
the loop's thread pool, and while they wait they hold no thread at all.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from django.core.handlers.asgi import ASGIHandler  # noqa: E402  (after the app registry)

from hearts_api.live import is_waiting_request  # noqa: E402


class Application(ASGIHandler):
    async def __call__(self, scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] == "http" and is_waiting_request(scope):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


application = Application()
