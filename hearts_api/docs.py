"""The schema and docs pages (``/api/schema/``, ``/api/docs/``, ``/api/redoc/``):
drf-spectacular's views, whose refusals answer problem+json like every other path.

Their renderers are YAML or an HTML template, which would write a problem body as YAML or
as a bare "429 Too Many Requests" under the problem+json media type; here a refusal
(throttled, 405, 406, a rejected token) is rendered as the JSON it says it is. They keep
the rate limit: the schema is generated afresh for each request.
"""

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
