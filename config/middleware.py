"""Django's middleware that the admin needs and the API (``API_PREFIX``) does not: sessions,
CSRF, the logged-in user and messages. Each is Django's own, run for every path but the
API's; an API request skips it (bearer tokens, no cookies: docs/architecture.md)."""

from typing import Any

from django.contrib.auth import middleware as auth
from django.contrib.messages import middleware as messages
from django.contrib.sessions import middleware as sessions
from django.http import HttpRequest, HttpResponseBase
from django.middleware import csrf

API_PREFIX = "/api/v1/"


class _NotForApi:
    get_response: Any

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info.startswith(API_PREFIX):
            return self.get_response(request)  # type: ignore[no-any-return]
        return super().__call__(request)  # type: ignore[misc, no-any-return]


class SessionMiddleware(_NotForApi, sessions.SessionMiddleware):
    pass


class CsrfViewMiddleware(_NotForApi, csrf.CsrfViewMiddleware):
    def process_view(self, request: HttpRequest, *args: Any) -> HttpResponseBase | None:
        if request.path_info.startswith(API_PREFIX):
            return None
        return super().process_view(request, *args)


class AuthenticationMiddleware(_NotForApi, auth.AuthenticationMiddleware):
    pass


class MessageMiddleware(_NotForApi, messages.MessageMiddleware):
    pass
