"""The browser table (web/, built into web/dist by ``make web``): its page at /play/, its
scripts and styles static files under /static/play/ (WhiteNoise)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect

from .problems import read_only

INDEX = settings.BASE_DIR / "web" / "dist" / "index.html"
# The page loads its own scripts and styles and talks to this origin only.
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
          "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


@read_only
def index(request: HttpRequest) -> HttpResponse:
    """web/dist/index.html, never cached (it names the current build's files)."""
    return HttpResponse(INDEX.read_bytes(), content_type="text/html; charset=utf-8", headers={
        "Cache-Control": "no-cache", "Content-Security-Policy": POLICY})


@read_only
def to_index(request: HttpRequest) -> HttpResponse:
    return HttpResponsePermanentRedirect("/play/")
