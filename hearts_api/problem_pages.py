"""The pages the problem ``type`` URIs resolve to, ``/problems`` and ``/problems/<code>``, from the
catalog: HTML for a browser, else JSON; plain Django views, outside the schema and its limits."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers

from .problem_types import PROBLEMS, Problem, ProblemType
from .problems import problem_response, read_only


def problem_type_json(problem: ProblemType) -> dict[str, Any]:
    """The JSON page of one code: ``{"code", "type", "status", "title", "description",
    "extension_members": [{"name", "type", "description"}], "headers": [{"name",
    "description"}], "what_to_do"}``."""
    return {
        "code": problem.code,
        "type": problem.type_uri,
        "status": problem.status,
        "title": problem.title,
        "description": problem.description,
        "extension_members": [{"name": m.name, "type": m.type, "description": m.description}
                              for m in problem.members],
        "headers": [{"name": h.name, "description": h.description} for h in problem.headers],
        "what_to_do": problem.what_to_do,
    }


@read_only
def problem_list(request: HttpRequest) -> HttpResponse:
    """``GET /problems`` -> every code, by status: JSON ``{"problems": [{"code", "type",
    "status", "title"}]}`` or an HTML index linking each page."""
    problems = [{key: page[key] for key in ("code", "type", "status", "title")}
                for page in map(problem_type_json, PROBLEMS.values())]
    if _wants_html(request):
        response: HttpResponse = render(request, "hearts_api/problem_list.html",
                                        {"problems": problems})
    else:
        response = JsonResponse({"problems": problems})
    patch_vary_headers(response, ["Accept"])
    return response


@read_only
def problem_detail(request: HttpRequest, code: str) -> HttpResponse:
    """``GET /problems/<code>`` -> the page of ``code`` (JSON: ``problem_type_json``); a code
    the catalog lacks -> 404 problem+json ``not_found``."""
    problem = PROBLEMS.get(code)
    if problem is None:
        return problem_response(Problem("not_found", "There is no problem type with that code; "
                                         "GET /problems lists them all."))
    page = problem_type_json(problem)
    if _wants_html(request):
        response: HttpResponse = render(request, "hearts_api/problem_detail.html", {
            "problem": page, "phrase": HTTPStatus(problem.status).phrase})
    else:
        response = JsonResponse(page)
    patch_vary_headers(response, ["Accept"])
    return response


def _wants_html(request: HttpRequest) -> bool:
    # JSON first, so a tie (no Accept, or */*) goes to it.
    return request.get_preferred_type(["application/json", "text/html"]) == "text/html"
