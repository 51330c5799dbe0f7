"""What the views share: pages of lists, request validation, the request's token."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Page
from django.urls import reverse
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request

from ..serializers.fields import MAX_PAGE_SIZE, PAGE_SIZE, StrictSerializer


class MatchPagination(PageNumberPagination):
    """Pages of ``PAGE_SIZE`` (``page_size`` up to ``MAX_PAGE_SIZE``); a page past the last
    is empty, not a 404, so a client may read pages until ``next`` is null or a page comes
    back empty."""

    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any]:
        # The view has validated page and page_size (PageQuerySerializer).
        number = int(request.query_params.get(self.page_query_param, 1))
        paginator = self.django_paginator_class(queryset, self.get_page_size(request))
        self.request = request
        if number > paginator.num_pages:
            # Empty, "next" null and "previous" the last page.
            self.page = Page([], paginator.num_pages + 1, paginator)
            return []
        self.page = paginator.page(number)
        return list(self.page)




def location_of(request: Request, route: str, **kwargs: Any) -> dict[str, str]:
    """The ``Location`` header naming the URL of ``route`` (a URL name) with ``kwargs``."""
    return {"Location": request.build_absolute_uri(reverse(route, kwargs=kwargs))}


def valid_data(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data  # type: ignore[return-value]


class _NoBody(StrictSerializer):
    """No body, or an empty JSON object."""


def no_body(request: Request) -> None:
    """Refuse a body where the operation takes none: 415 when it is not JSON, 400 when it is
    not an empty object (``BODY_PROBLEMS``)."""
    valid_data(_NoBody, request.data)


def request_token_id(request: Request) -> Any:
    """The id of the token the request came with: a waiting request ends when it is revoked."""
    return getattr(request.auth, "pk", None)
