"""The browser table (web/, built into ``WEB_TABLE_BUILD`` by ``make web``): its page at
/play/; its scripts and styles are static files under /static/play/assets/ (WhiteNoise)."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect

from .problems import read_only

INDEX = settings.WEB_TABLE_BUILD / "index.html"
# The page loads its own scripts and styles and talks to this origin only.
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


@read_only
def index(request: HttpRequest) -> HttpResponse:
    """The build's index.html, revalidated at every load (it names the build's files)."""
    return HttpResponse(_page(), content_type="text/html; charset=utf-8", headers={
        "Cache-Control": "no-cache", "Content-Security-Policy": POLICY})


@cache
def _page() -> bytes:
    """index.html as it was at the first load: it names the files WhiteNoise found at start."""
    return INDEX.read_bytes()


@read_only
def to_index(request: HttpRequest) -> HttpResponse:
    """/play -> /play/."""
    return HttpResponsePermanentRedirect("/play/")
