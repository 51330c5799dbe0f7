"""The OpenAPI schema, its committed copy, the docs pages (no CDN) and the health check."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator

pytestmark = pytest.mark.django_db

COMMITTED_SCHEMA = Path(settings.BASE_DIR) / "openapi" / "schema.yaml"
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)


def test_regenerated_schema_is_valid_and_equals_the_committed_copy(tmp_path):
    generated = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(generated))
    assert COMMITTED_SCHEMA.exists(), "openapi/schema.yaml is missing: run `make schema`"
    assert generated.read_text() == COMMITTED_SCHEMA.read_text(), \
        "openapi/schema.yaml is out of date: run `make schema` and commit it"


def test_schema_endpoint_serves_the_openapi_document(anon_client):
    response = anon_client.get("/api/schema/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi")
    text = response.content.decode()
    assert text.startswith("openapi: 3.")
    assert "/api/v1/matches/{match_id}/play:" in text


@pytest.mark.parametrize(("path", "asset"), [
    ("/api/docs/", "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"),
    ("/api/redoc/", "/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"),
])
def test_docs_pages_load_everything_from_this_server(anon_client, path, asset):
    response = anon_client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    for cdn in ("cdn.", "unpkg", "jsdelivr", "googleapis", "gstatic"):
        assert cdn not in html
    assert EXTERNAL.findall(html) == []
    assert f'src="{asset}"' in html
    served = anon_client.get(asset)
    assert served.status_code == 200
    assert b"".join(served.streaming_content if served.streaming else [served.content])


def test_healthz_answers_ok_when_the_database_answers(anon_client):
    response = anon_client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["database"]) == ("ok", "ok")


# The headers each status's answers carry: Retry-After (DRF's Throttled; the handler for
# unavailable), WWW-Authenticate (DRF's 401s).
STATUS_HEADERS = {"401": {"WWW-Authenticate": "string"}, "429": {"Retry-After": "integer"},
                  "503": {"Retry-After": "integer"}}


def test_every_answer_that_carries_a_header_declares_it_in_the_schema():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    checked = Counter()
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            for status, headers in STATUS_HEADERS.items():
                if status in operation["responses"]:
                    declared = operation["responses"][status].get("headers", {})
                    assert {name: h["schema"]["type"] for name, h in declared.items()} == headers, \
                        (method, path, status)
                    checked[status] += 1
    assert checked["401"] and checked["429"] and checked["503"]


def test_create_request_schema_states_the_settings_maximums_of_target_score_and_deals():
    schemas = SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]
    deals = schemas["MatchCreateRequest"]["properties"]["deals"]["maxItems"]
    target_score = schemas["RulesRequest"]["properties"]["target_score"]["maximum"]
    assert deals == settings.FIXED_DEALS_MAX == 20
    assert target_score == settings.TARGET_SCORE_MAX == 500


def test_the_schema_names_the_server_make_serve_starts():
    servers = SchemaGenerator().get_schema(request=None, public=True)["servers"]
    makefile = (Path(__file__).parents[2] / "Makefile").read_text()
    assert "HOST ?= 127.0.0.1" in makefile and "PORT ?= 8000" in makefile
    assert [server["url"] for server in servers] == ["http://127.0.0.1:8000"]
