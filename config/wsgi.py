"""WSGI entry point, for tools that want one; the server is ASGI (``config.asgi``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402  (after the app registry)

from bots.dispatcher import DispatcherThread  # noqa: E402
from bots.review import AnalysisThread  # noqa: E402

# Without a broker, this process makes the bots' moves itself (bots.dispatcher, "thread")
# and weighs the analyses (bots.review).
if settings.BOT_DISPATCH == "thread":
    DispatcherThread.start_once()
    AnalysisThread.start_once()
