"""``InProcessClient``: DRF's test client on one request handler for the whole process.

Each new handler loads the middleware again on its first request, and WhiteNoise's then
lists and stats every static file (``WHITENOISE_USE_FINDERS``, config/settings/base.py): some
30 ms a client, and the API tests make several clients a test. A handler keeps nothing
of one client's (cookies and credentials stay with the client), so all share one; only
``force_authenticate`` would set something on it, and it is refused.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rest_framework.test import APIClient, ForceAuthClientHandler


class InProcessClient(APIClient):
    """An ``APIClient`` for host ``localhost`` on the process's one handler."""

    _shared_handler: ClassVar[ForceAuthClientHandler | None] = None

    def __init__(self, **defaults: Any) -> None:
        super().__init__(SERVER_NAME="localhost", **defaults)
        if InProcessClient._shared_handler is None:
            InProcessClient._shared_handler = self.handler
        self.handler = InProcessClient._shared_handler

    def force_authenticate(self, user: Any = None, token: Any = None) -> None:
        """Refused: it would authenticate every client of the process."""
        raise NotImplementedError("InProcessClient shares its handler: use credentials()")
