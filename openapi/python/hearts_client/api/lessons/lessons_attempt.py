from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.match_summary import MatchSummary
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/lessons/{slug}/attempts".format(
            slug=quote(str(slug), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MatchSummary | Problem | None:
    if response.status_code == 201:
        response_201 = MatchSummary.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[MatchSummary | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Start an attempt at a lesson: a match at its position, your seat to act

     Creates a match on the lesson's deal, you in the lesson's seat and bots in the others, with the
    lesson's first moves played: your seat is to act, and the summary's lesson says what it asks. Your
    pass or play is answered as in any match, with the lesson's verdict (right, or legal_not_wanted, and
    why); a move the rules refuse is refused as anywhere and changes nothing. The match ends after your
    move (status finished, result.ended_by lesson). Lesson matches are unrated, set no record and take
    no place in the match quotas; starting one calls off your unfinished attempts at lessons. Counts
    against the quota match_creations (60/hour POST /matches per player). 404 not_found for no such
    lesson. No body.

    Args:
        slug (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        slug=slug,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Start an attempt at a lesson: a match at its position, your seat to act

     Creates a match on the lesson's deal, you in the lesson's seat and bots in the others, with the
    lesson's first moves played: your seat is to act, and the summary's lesson says what it asks. Your
    pass or play is answered as in any match, with the lesson's verdict (right, or legal_not_wanted, and
    why); a move the rules refuse is refused as anywhere and changes nothing. The match ends after your
    move (status finished, result.ended_by lesson). Lesson matches are unrated, set no record and take
    no place in the match quotas; starting one calls off your unfinished attempts at lessons. Counts
    against the quota match_creations (60/hour POST /matches per player). 404 not_found for no such
    lesson. No body.

    Args:
        slug (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return sync_detailed(
        slug=slug,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Start an attempt at a lesson: a match at its position, your seat to act

     Creates a match on the lesson's deal, you in the lesson's seat and bots in the others, with the
    lesson's first moves played: your seat is to act, and the summary's lesson says what it asks. Your
    pass or play is answered as in any match, with the lesson's verdict (right, or legal_not_wanted, and
    why); a move the rules refuse is refused as anywhere and changes nothing. The match ends after your
    move (status finished, result.ended_by lesson). Lesson matches are unrated, set no record and take
    no place in the match quotas; starting one calls off your unfinished attempts at lessons. Counts
    against the quota match_creations (60/hour POST /matches per player). 404 not_found for no such
    lesson. No body.

    Args:
        slug (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        slug=slug,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Start an attempt at a lesson: a match at its position, your seat to act

     Creates a match on the lesson's deal, you in the lesson's seat and bots in the others, with the
    lesson's first moves played: your seat is to act, and the summary's lesson says what it asks. Your
    pass or play is answered as in any match, with the lesson's verdict (right, or legal_not_wanted, and
    why); a move the rules refuse is refused as anywhere and changes nothing. The match ends after your
    move (status finished, result.ended_by lesson). Lesson matches are unrated, set no record and take
    no place in the match quotas; starting one calls off your unfinished attempts at lessons. Counts
    against the quota match_creations (60/hour POST /matches per player). 404 not_found for no such
    lesson. No body.

    Args:
        slug (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
