"""The problem type pages (docs/api.md, "Errors"): ``GET /problems/<code>`` answers a page for
every code, in HTML for browsers and JSON otherwise, made from the same registry the
exception handler uses; and every code the codebase can raise has a definition there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from drf_spectacular.generators import SchemaGenerator
from rest_framework import exceptions

from hearts_api.problem_types import PROBLEM_TYPES
from hearts_api.problems import ProblemFormatter

from .helpers import API, D1, PROBLEM, assert_problem

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
RULE_CODES = ("must_lead_two_of_clubs", "must_follow_suit", "no_points_on_first_trick",
              "hearts_not_broken", "card_not_in_hand", "wrong_pass_count", "duplicate_cards")
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)

# --- every code raised has a definition -----------------------------------------------------

SOURCES = [path for package in ("games", "hearts_api", "bots", "config")
           for path in sorted((Path(settings.BASE_DIR) / package).rglob("*.py"))
           if "migrations" not in path.parts]
# Where the code names a problem code in a string literal.
RAISED = [
    re.compile(r'\b(?:IllegalMove|GameProblem)\(\s*"([a-z_]+)"'),  # engine, services, views
    re.compile(r'\b(?:problem_response|problem_body)\(\s*"([a-z_]+)"'),  # Django's handlers
    re.compile(r'\breturn\s+"([a-z_]+)",\s*f?"'),  # decider's (code, detail) rule pairs
    re.compile(r'\bdefault_code\s*=\s*"([a-z_]+)"'),  # APIException subclasses
    re.compile(r'^\s+code = "([a-z_]+)"$', re.MULTILINE),  # games.errors classes
]


def _raised_codes() -> dict[str, set[str]]:
    """Each problem code named in the sources -> the files naming it."""
    found: dict[str, set[str]] = {}
    for path in SOURCES:
        text = path.read_text()
        for pattern in RAISED:
            for code in pattern.findall(text):
                found.setdefault(code, set()).add(str(path.relative_to(settings.BASE_DIR)))
    return found


def test_every_code_named_in_the_codebase_has_a_problem_type():
    found = _raised_codes()
    # The scan sees each kind of raise (else it would pass by finding nothing): a rule pair,
    # a service, a selector, a view and a Django handler.
    assert {"must_lead_two_of_clubs", "must_follow_suit", "no_points_on_first_trick",
            "hearts_not_broken", "stale_version", "not_seated", "registration_closed",
            "username_taken", "server_error"} <= set(found)
    assert "games/errors.py" in found["not_found"]
    undocumented = {code: files for code, files in found.items() if code not in PROBLEM_TYPES}
    assert undocumented == {}


def _drf_exceptions() -> list[exceptions.APIException]:
    """An instance of every exception class DRF defines, plus an unknown-card error."""
    arguments = {exceptions.MethodNotAllowed: ("DELETE",),
                 exceptions.UnsupportedMediaType: ("text/plain",),
                 exceptions.Throttled: (12,)}
    classes = [value for value in vars(exceptions).values()
               if isinstance(value, type) and issubclass(value, exceptions.APIException)]
    card = exceptions.ValidationError({"card": [exceptions.ErrorDetail("x", code="unknown_card")]})
    return [cls(*arguments.get(cls, ())) for cls in classes] + [card]


def test_every_code_the_formatter_gives_drf_errors_has_a_problem_type_with_that_status():
    bodies = [ProblemFormatter(exc, {}, exc).run() for exc in _drf_exceptions()]
    assert {body["code"] for body in bodies} >= {
        "invalid_request", "unknown_card", "not_authenticated", "permission_denied", "not_found",
        "method_not_allowed", "not_acceptable", "unsupported_media_type", "throttled",
        "server_error"}
    for body in bodies:
        problem = PROBLEM_TYPES[body["code"]]
        assert (body["status"], body["title"], body["type"]) == (
            problem.status, problem.title, f"/problems/{problem.code}")


# --- every definition has a page ------------------------------------------------------------


@pytest.mark.parametrize("code", list(PROBLEM_TYPES))
def test_every_problem_type_has_an_html_and_a_json_page(anon_client, code):
    problem = PROBLEM_TYPES[code]
    html = anon_client.get(f"/problems/{code}", HTTP_ACCEPT=BROWSER_ACCEPT)
    assert html.status_code == 200
    assert html["Content-Type"] == "text/html; charset=utf-8"
    assert f"<code>{code}</code>" in html.content.decode()
    page = anon_client.get(f"/problems/{code}")
    assert page.status_code == 200
    assert page["Content-Type"] == "application/json"
    body = page.json()
    assert (body["code"], body["type"], body["status"], body["title"]) == (
        code, f"/problems/{code}", problem.status, problem.title)
    assert body["description"] and body["what_to_do"]


# --- what the pages say ---------------------------------------------------------------------


def test_must_follow_suit_page_in_html_says_422_and_lists_legal_cards(anon_client):
    response = anon_client.get("/problems/must_follow_suit", HTTP_ACCEPT=BROWSER_ACCEPT)
    html = response.content.decode()
    assert '<span class="status" id="status">422 Unprocessable Entity</span>' in html
    assert "<title>must_follow_suit · Hearts API</title>" in html
    assert "You must follow suit" in html
    assert "<tr><td><code>legal_cards</code></td><td>array of card codes</td>" in html
    assert "Play one of legal_cards." in html


def test_stale_version_json_says_412_and_version(anon_client):
    body = anon_client.get("/problems/stale_version").json()
    assert set(body) == {"code", "type", "status", "title", "description", "extension_members",
                         "headers", "what_to_do"}
    assert (body["status"], body["title"]) == (412, "The match has moved on")
    assert [m["name"] for m in body["extension_members"]] == ["version"]
    assert body["extension_members"][0]["type"] == "integer"
    assert body["headers"] == []
    assert "If-Match" in body["what_to_do"]


@pytest.mark.parametrize("code", RULE_CODES)
def test_rule_code_pages_say_422_and_legal_cards(anon_client, code):
    body = anon_client.get(f"/problems/{code}").json()
    assert body["status"] == 422
    assert [m["name"] for m in body["extension_members"]] == ["legal_cards"]


@pytest.mark.parametrize(("code", "status", "members", "headers"), [
    ("not_your_turn", 409, ["to_act"], []),
    ("invalid_request", 400, ["errors"], []),
    ("unknown_card", 400, ["errors"], []),
    ("throttled", 429, ["retry_after"], ["Retry-After"]),
    ("method_not_allowed", 405, [], ["Allow"]),
    ("not_authenticated", 401, [], ["WWW-Authenticate"]),
    ("wrong_phase", 409, [], []),
    ("server_error", 500, [], []),
])
def test_pages_name_the_members_and_headers_of_their_code(anon_client, code, status, members,
                                                          headers):
    body = anon_client.get(f"/problems/{code}").json()
    assert body["status"] == status
    assert [m["name"] for m in body["extension_members"]] == members
    assert [h["name"] for h in body["headers"]] == headers


def test_invalid_request_page_gives_the_shape_of_errors(anon_client):
    member, = anon_client.get("/problems/invalid_request").json()["extension_members"]
    assert member == {"name": "errors", "type": "array of {field, code, detail}",
                      "description": member["description"]}
    assert "rules.pass_count" in member["description"]


def test_page_without_extension_members_says_so_in_html(anon_client):
    html = anon_client.get("/problems/match_full", HTTP_ACCEPT=BROWSER_ACCEPT).content.decode()
    assert "409 Conflict" in html
    assert 'id="members"' not in html
    assert "<code>detail</code> and <code>code</code> only" in html


# --- negotiation, errors, no auth -----------------------------------------------------------


@pytest.mark.parametrize(("accept", "content_type"), [
    (None, "application/json"),
    ("*/*", "application/json"),
    ("application/json", "application/json"),
    ("image/png", "application/json"),
    ("text/html;q=0.5, application/json", "application/json"),
    ("text/html", "text/html; charset=utf-8"),
    (BROWSER_ACCEPT, "text/html; charset=utf-8"),
])
def test_html_only_when_accept_prefers_it(anon_client, accept, content_type):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    response = anon_client.get("/problems/not_found", **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Vary"] == "Accept"


@pytest.mark.parametrize("accept", [None, BROWSER_ACCEPT])
def test_unknown_code_is_a_not_found_problem(anon_client, accept):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    body = assert_problem(anon_client.get("/problems/no_such_code", **headers), 404, "not_found")
    assert body["title"] == "Not found"


def test_problem_pages_have_no_trailing_slash_form(anon_client):
    assert_problem(anon_client.get("/problems/not_found/"), 404, "not_found")


@pytest.mark.parametrize("path", ["/problems", "/problems/throttled"])
def test_problem_pages_take_only_get_and_head(anon_client, path):
    response = anon_client.post(path, {}, format="json")
    body = assert_problem(response, 405, "method_not_allowed")
    assert body["detail"] == 'Method "POST" not allowed.'
    assert response["Allow"] == "GET, HEAD"
    assert anon_client.head(path).status_code == 200


def test_problem_pages_need_no_token_and_ignore_a_bad_one(anon_client):
    anon_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert anon_client.get("/problems/not_authenticated").status_code == 200


def test_html_pages_load_nothing_from_another_server(anon_client):
    for path in ("/problems", "/problems/throttled"):
        html = anon_client.get(path, HTTP_ACCEPT=BROWSER_ACCEPT).content.decode()
        assert EXTERNAL.findall(html) == []
        assert "<script" not in html


# --- the index ------------------------------------------------------------------------------


def test_problem_index_lists_every_code_by_status(anon_client):
    listed = anon_client.get("/problems").json()["problems"]
    assert [entry["code"] for entry in listed] == list(PROBLEM_TYPES)
    assert [entry["status"] for entry in listed] == sorted(entry["status"] for entry in listed)
    assert {"code": "stale_version", "type": "/problems/stale_version", "status": 412,
            "title": "The match has moved on"} in listed


def test_problem_index_in_html_links_every_page(anon_client):
    html = anon_client.get("/problems", HTTP_ACCEPT=BROWSER_ACCEPT).content.decode()
    assert re.findall(r'<a href="(/problems/[a-z_]+)">', html) == [
        f"/problems/{code}" for code in PROBLEM_TYPES]


# --- the type of a real error resolves --------------------------------------------------------


@pytest.mark.django_db
def test_type_of_a_401_resolves_to_its_page(anon_client):
    body = assert_problem(anon_client.get(f"{API}/matches"), 401, "not_authenticated")
    page = anon_client.get(body["type"]).json()
    assert (page["code"], page["status"], page["title"]) == (
        "not_authenticated", 401, body["title"])


@pytest.mark.django_db
def test_type_of_a_refused_play_resolves_to_a_page_naming_its_members(make_table, anon_client):
    table = make_table(D1)
    refused = table.play("east", "6D")
    body = assert_problem(refused, 409, "not_your_turn")
    assert refused["Content-Type"] == PROBLEM
    page = anon_client.get(body["type"]).json()
    assert page["title"] == body["title"] == "It is not your turn"
    members = [m["name"] for m in page["extension_members"]]
    assert members == ["to_act"]
    assert set(body) - {"type", "title", "status", "detail", "code"} == set(members)


@pytest.mark.django_db
def test_problem_pages_are_not_in_the_openapi_schema():
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    assert "/api/v1/matches" in paths
    assert [path for path in paths if path.startswith("/problems")] == []
