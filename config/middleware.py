"""Django's middleware that the admin needs and the API (``API_PREFIX``) does not: the
logged-in user and messages. Each is Django's own, run for every path but the API's; an API
request skips it (bearer tokens, no cookies: docs/architecture.md). Sessions and CSRF stay
Django's own classes: ``check --deploy`` looks for them by name."""

from typing import Any

from django.contrib.auth import middleware as auth
from django.contrib.messages import middleware as messages
from django.http import HttpRequest, HttpResponseBase

from hearts_api import API_PREFIX


class _NotForApi:
    get_response: Any

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info.startswith(API_PREFIX):
            return self.get_response(request)  # type: ignore[no-any-return]
        return super().__call__(request)  # type: ignore[misc, no-any-return]


class AuthenticationMiddleware(_NotForApi, auth.AuthenticationMiddleware):
    pass


class MessageMiddleware(_NotForApi, messages.MessageMiddleware):
    pass
