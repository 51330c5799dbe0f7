"""The catalog of problems (docs/api.md, "Errors"): one entry per code, and every code the
codebase can raise has one; ``GET /problems/<code>`` answers a page for every entry, in
HTML for browsers and JSON otherwise, made from the entry the exception handler answers
with."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework import exceptions

import bots
import games
import hearts_api
from games.engine import IllegalMove
from games.engine.decider import RULE_CODES
from games.errors import ServiceError
from hearts_api import health
from hearts_api.problem_types import MEMBERS, PROBLEMS, Problem, _load, problem_type
from hearts_api.problems import DRF_RENAMED, ProblemExceptionHandler, refusal_problem
from hearts_api.serializers.problems import ProblemSerializer

from .helpers import API, D1, PROBLEM, assert_problem, match_url

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
PAGE_RULE_CODES = ("must_lead_two_of_clubs", "must_follow_suit", "no_points_on_first_trick",
                   "hearts_not_broken", "card_not_in_hand", "wrong_pass_count", "duplicate_cards")
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", re.IGNORECASE)
ENGINE = Path(games.__file__).parent / "engine"
SOURCES = [path for package in (games, hearts_api, bots)
           for path in sorted(Path(package.__file__).parent.rglob("*.py"))
           if "migrations" not in path.parts]

# --- one entry per code, and every code raised has one ----------------------------------------


def test_every_problem_has_a_status_title_default_detail_and_page():
    assert len(PROBLEMS) == 44
    for code, problem in PROBLEMS.items():
        assert problem.code == code
        assert 400 <= problem.status < 600
        assert all(isinstance(text, str) and text for text in (
            problem.title, problem.default_detail, problem.description, problem.what_to_do))


def test_the_default_detail_is_the_title_unless_the_catalog_says_otherwise():
    assert problem_type("not_found").default_detail == "Not found."
    assert problem_type("unavailable").default_detail == (
        "The service cannot reach its database just now.")
    assert [code for code, p in PROBLEMS.items() if p.default_detail != p.title + "."] == [
        "unavailable"]


def test_a_code_named_twice_in_the_catalog_is_refused():
    # YAML keeps the last of two equal keys; the loader must not let one hide the other.
    text = "members: {}\nheaders: {}\nproblems:\n  a: {status: 400, title: A, description: d, " \
           "what_to_do: w}\n"
    assert list(_load(text)[1]) == ["a"]
    with pytest.raises(ValueError, match="'a' twice"):
        _load(text + "  a: {status: 404, title: B, description: d, what_to_do: w}\n")


def test_the_schemas_problem_component_has_each_member_of_the_catalog_once():
    fields = ProblemSerializer().fields
    assert list(fields) == ["type", "title", "status", "detail", "code", *MEMBERS]
    assert fields["legal_cards"].help_text == MEMBERS["legal_cards"].summary
    assert {name for problem in PROBLEMS.values() for name in (m.name for m in problem.members)} \
        == set(MEMBERS)


def test_the_health_members_quote_the_probes_words():
    for name, words in [("database", [health.OK]), ("broker", [health.OK, health.NO_BROKER]),
                        ("redis", [health.OK, health.NO_REDIS])]:
        assert all(f'"{word}"' in MEMBERS[name].summary for word in words)
        assert all(f'"{word}"' in MEMBERS[name].description for word in words)


def _literal_codes(path: Path, callee: str) -> dict[str, int]:
    """Each string literal that a call of ``callee`` in ``path`` names as its first
    argument (the code) -> the line calling it."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return {node.args[0].value: node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and callee in (getattr(node.func, "id", None),
                                                         getattr(node.func, "attr", None))
            and node.args and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)}


def test_every_code_the_engine_can_raise_has_a_problem():
    # IllegalMove takes nothing but RULE_CODES (below), so these are all it raises.
    assert {code for code in RULE_CODES if code not in PROBLEMS} == set()
    # The codes the engine names as literals are rule codes (RULE_CODES holds the kernel's).
    literals = {code: f"{path.name}:{line}" for path in sorted(ENGINE.glob("*.py"))
                for code, line in _literal_codes(path, "IllegalMove").items()}
    assert {"not_your_turn", "wrong_phase", "card_not_in_hand", "already_passed"} <= set(literals)
    assert {code: where for code, where in literals.items() if code not in RULE_CODES} == {}


def test_an_illegal_move_carries_rule_codes_only():
    with pytest.raises(ValueError, match="'not_found' is not a rule code"):
        IllegalMove("not_found", "no such match")
    assert IllegalMove("not_your_turn", "it is east's turn").code == "not_your_turn"


def test_every_code_a_service_or_the_api_raises_has_a_problem():
    raised = {code: f"{path.name}:{line}" for path in SOURCES
              for callee in ("ServiceError", "Problem")
              for code, line in _literal_codes(path, callee).items()}
    assert {"not_found", "not_seated", "stale_version", "daily_closed", "username_taken",
            "request_in_progress", "not_creator", "unavailable"} <= set(raised)
    assert {code: where for code, where in raised.items() if code not in PROBLEMS} == {}


def test_every_drf_code_the_handler_renames_is_one_of_ours():
    assert DRF_RENAMED == {"authentication_failed": "not_authenticated",
                           "parse_error": "invalid_request", "invalid": "invalid_request"}
    assert set(DRF_RENAMED.values()) <= set(PROBLEMS)


def test_a_refusal_with_a_code_the_catalog_lacks_fails_loudly(monkeypatch):
    monkeypatch.setattr("games.engine.decider.RULE_CODES", RULE_CODES | {"no_such_rule"})
    with pytest.raises(LookupError, match="no problem type for code 'no_such_rule'"):
        refusal_problem(IllegalMove("no_such_rule", "a rule nobody defined"))
    with pytest.raises(LookupError):
        refusal_problem(ServiceError("no_such_code", "a refusal nobody defined"))
    with pytest.raises(LookupError):
        Problem("no_such_code")


def test_a_service_refusal_without_a_message_answers_the_default_detail():
    body = refusal_problem(ServiceError("username_taken")).body()
    assert body == {"type": "/problems/username_taken", "title": "That username is taken",
                    "status": 409, "detail": "That username is taken.", "code": "username_taken"}


def test_an_invalid_request_without_errors_names_the_request_as_its_fault():
    assert refusal_problem(ServiceError("invalid_request", "unknown bot level")).body()["errors"] \
        == [{"field": "", "code": "invalid", "detail": "unknown bot level"}]


def test_a_quota_refusal_leaves_out_what_it_lacks_and_retry_after_is_the_header():
    refused = refusal_problem(ServiceError("quota_exceeded", "over", quota="tokens", limit=3,
                                           period_s=None, retry_after=None))
    assert (refused.extensions, refused.wait) == ({"quota": "tokens", "limit": 3}, None)
    rate = refusal_problem(ServiceError("quota_exceeded", "over", quota="q", limit=3,
                                        period_s=60, retry_after=7))
    assert rate.wait == 7


@pytest.mark.django_db
def test_a_view_raising_a_code_the_catalog_lacks_is_an_error_not_a_422(make_table, monkeypatch):
    table = make_table(D1)
    monkeypatch.setattr("games.engine.decider.RULE_CODES", RULE_CODES | {"no_such_rule"})

    def undefined(**kwargs):
        raise IllegalMove("no_such_rule", "a rule nobody defined")

    monkeypatch.setattr("games.services.card_play", undefined)
    with pytest.raises(LookupError):
        table.clients["north"].post(match_url(table.id, "play"), {"card": "2C"}, format="json")


def _drf_exceptions() -> list[exceptions.APIException]:
    """An instance of every exception class DRF defines, plus an unknown-card error."""
    arguments = {exceptions.MethodNotAllowed: ("DELETE",),
                 exceptions.UnsupportedMediaType: ("text/plain",),
                 exceptions.Throttled: (12,)}
    classes = [value for value in vars(exceptions).values()
               if isinstance(value, type) and issubclass(value, exceptions.APIException)]
    card = exceptions.ValidationError({"card": [exceptions.ErrorDetail("x", code="unknown_card")]})
    return [cls(*arguments.get(cls, ())) for cls in classes] + [card]


def test_every_drf_error_is_answered_with_the_status_and_title_of_its_problem():
    responses = [ProblemExceptionHandler(exc, {"request": None}).run() for exc in _drf_exceptions()]
    bodies = [response.data for response in responses]
    assert {body["code"] for body in bodies} == {
        "invalid_request", "unknown_card", "not_authenticated", "permission_denied", "not_found",
        "method_not_allowed", "not_acceptable", "unsupported_media_type", "throttled",
        "server_error"}
    for response, body in zip(responses, bodies, strict=True):
        problem = PROBLEMS[body["code"]]
        assert (response.status_code, body["status"], body["title"], body["type"]) == (
            problem.status, problem.status, problem.title, f"/problems/{body['code']}")
        assert response.content_type == PROBLEM


# --- every definition has a page ------------------------------------------------------------


@pytest.mark.parametrize("code", list(PROBLEMS))
def test_every_problem_has_an_html_and_a_json_page(anon_client, code):
    problem = PROBLEMS[code]
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


@pytest.mark.parametrize("code", PAGE_RULE_CODES)
def test_rule_code_pages_say_422_and_legal_cards(anon_client, code):
    body = anon_client.get(f"/problems/{code}").json()
    assert body["status"] == 422
    assert [m["name"] for m in body["extension_members"]] == ["legal_cards"]


@pytest.mark.parametrize(("code", "status", "members", "headers"), [
    ("not_your_turn", 409, ["to_act"], []),
    ("invalid_request", 400, ["errors"], []),
    ("unknown_card", 400, ["errors"], []),
    ("throttled", 429, ["retry_after"], ["Retry-After"]),
    ("unavailable", 503, ["retry_after", "database", "broker", "redis"], ["Retry-After"]),
    ("method_not_allowed", 405, [], ["Allow"]),
    ("not_authenticated", 401, [], ["WWW-Authenticate"]),
    ("wrong_phase", 409, [], []),
    ("daily_closed", 409, [], []),
    ("daily_attempted", 409, ["match_id"], []),
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
    assert response["Vary"] == "Accept, origin"  # origin: CORS answers differ by it


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
    assert [entry["code"] for entry in listed] == list(PROBLEMS)
    assert [entry["status"] for entry in listed] == sorted(entry["status"] for entry in listed)
    assert {"code": "stale_version", "type": "/problems/stale_version", "status": 412,
            "title": "The match has moved on"} in listed


def test_problem_index_in_html_links_every_page(anon_client):
    html = anon_client.get("/problems", HTTP_ACCEPT=BROWSER_ACCEPT).content.decode()
    assert re.findall(r'<a href="(/problems/[a-z_]+)">', html) == [
        f"/problems/{code}" for code in PROBLEMS]


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
