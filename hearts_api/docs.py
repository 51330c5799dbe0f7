"""The schema and docs pages: drf-spectacular's views, refusals rendered as problem+json JSON."""

from __future__ import annotations

from typing import Any

from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response


class _ProblemsAsJSON:
    def finalize_response(self, request: Request, response: Response, *args: Any,
                          **kwargs: Any) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        if getattr(response, "exception", False):  # set by APIView.handle_exception
            response.accepted_renderer = JSONRenderer()
        return response


class SchemaView(_ProblemsAsJSON, SpectacularAPIView):
    """The OpenAPI schema (YAML; ``?format=json`` for JSON)."""


class SwaggerView(_ProblemsAsJSON, SpectacularSwaggerView):
    """Swagger UI on the schema."""


class RedocView(_ProblemsAsJSON, SpectacularRedocView):
    """Redoc on the schema."""
