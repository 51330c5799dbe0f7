"""hearts_api.negotiation answers as DRF's own negotiation, with or without its shortcut, but
never refuses a client that accepts application/problem+json, and refuses a media type the
Accept header gives q=0."""

import pytest
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import JSONRenderer, StaticHTMLRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from hearts_api.negotiation import ContentNegotiation

RENDERERS = [JSONRenderer(), StaticHTMLRenderer()]


@pytest.mark.parametrize("headers", [
    {}, {"HTTP_ACCEPT": "*/*"}, {"HTTP_ACCEPT": "application/json"},
    {"HTTP_ACCEPT": "text/html"}, {"HTTP_ACCEPT": "application/*"},
    {"HTTP_ACCEPT": "application/json; indent=4"}, {"HTTP_ACCEPT": "text/plain, */*;q=0.1"},
    {"HTTP_ACCEPT": ""}, {"HTTP_ACCEPT": "image/png"},
])
@pytest.mark.parametrize("path", ["/x", "/x?format=html", "/x?format=json"])
def test_the_same_renderer_and_media_type_as_drf(headers: dict[str, str], path: str) -> None:
    request = Request(APIRequestFactory().get(path, **headers))
    answers = []
    for negotiation in (DefaultContentNegotiation(), ContentNegotiation()):
        try:
            renderer, media_type = negotiation.select_renderer(request, RENDERERS)
            answers.append((type(renderer), media_type))
        except NotAcceptable:
            answers.append(NotAcceptable)
    assert answers[0] == answers[1]


def test_the_shortcut_gives_the_first_renderer() -> None:
    request = Request(APIRequestFactory().get("/x"))
    renderer, media_type = ContentNegotiation().select_renderer(request, RENDERERS)
    assert (type(renderer), media_type) == (JSONRenderer, "application/json")


@pytest.mark.parametrize("accept", ["application/problem+json",
                                    "image/png, Application/Problem+JSON; q=0.5"])
def test_accepting_problem_json_gets_the_first_renderer_where_drf_would_refuse(accept: str) -> None:
    request = Request(APIRequestFactory().get("/x", HTTP_ACCEPT=accept))
    with pytest.raises(NotAcceptable):
        DefaultContentNegotiation().select_renderer(request, RENDERERS)
    renderer, media_type = ContentNegotiation().select_renderer(request, RENDERERS)
    assert (type(renderer), media_type) == (JSONRenderer, "application/json")


@pytest.mark.parametrize("accept", ["application/json;q=0", "application/json; Q=0.000, */*",
                                    "application/problem+json, application/json;q=0",
                                    "application/*;q=0, */*", "*/*;q=0"])
def test_a_media_type_given_q_0_is_not_acceptable(accept: str) -> None:
    request = Request(APIRequestFactory().get("/x", HTTP_ACCEPT=accept))
    with pytest.raises(NotAcceptable):
        ContentNegotiation().select_renderer(request, [JSONRenderer()])


@pytest.mark.parametrize("accept", ["application/json;q=0.1", "application/json;q=oops",
                                    "text/html;q=0, application/json",
                                    "application/*;q=0, application/json"])
def test_a_media_type_not_given_q_0_is_acceptable(accept: str) -> None:
    request = Request(APIRequestFactory().get("/x", HTTP_ACCEPT=accept))
    renderer, _ = ContentNegotiation().select_renderer(request, RENDERERS)
    assert type(renderer) is JSONRenderer
