"""WSGI entry point, for tools that want one. The server is ASGI (``config.asgi``, ``make
serve``): under WSGI a stream or long poll would hold a thread while it waits, and Django
buffers a stream's body until the match ends."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
