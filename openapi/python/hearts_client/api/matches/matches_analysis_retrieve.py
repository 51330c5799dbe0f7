from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.analysis import Analysis
from ...models.matches_analysis_retrieve_seat import MatchesAnalysisRetrieveSeat
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: UUID,
    *,
    seat: MatchesAnalysisRetrieveSeat | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_seat: str | Unset = UNSET
    if not isinstance(seat, Unset):
        json_seat = seat

    params["seat"] = json_seat

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/matches/{match_id}/analysis".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Analysis | Problem | None:
    if response.status_code == 200:
        response_200 = Analysis.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = Problem.from_dict(response.json())

        return response_406

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Analysis | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    seat: MatchesAnalysisRetrieveSeat | Unset = UNSET,
) -> Response[Analysis | Problem]:
    """The analysis of your seat's decisions: its progress, then each decision

     Each decision's loss is the points of the hand its choice was expected to cost against the best
    option found; a loss of 2 points or more is a blunder. The hands and totals cover the hands analysed
    so far. Only your own seat's analysis: it shows the cards you held (seat, if given, must be yours:
    another is 403 not_seated). 404 not_found before one was asked for.

    Args:
        match_id (UUID):
        seat (MatchesAnalysisRetrieveSeat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Analysis | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    seat: MatchesAnalysisRetrieveSeat | Unset = UNSET,
) -> Analysis | Problem | None:
    """The analysis of your seat's decisions: its progress, then each decision

     Each decision's loss is the points of the hand its choice was expected to cost against the best
    option found; a loss of 2 points or more is a blunder. The hands and totals cover the hands analysed
    so far. Only your own seat's analysis: it shows the cards you held (seat, if given, must be yours:
    another is 403 not_seated). 404 not_found before one was asked for.

    Args:
        match_id (UUID):
        seat (MatchesAnalysisRetrieveSeat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Analysis | Problem
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        seat=seat,
    ).parsed


async def asyncio_detailed(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    seat: MatchesAnalysisRetrieveSeat | Unset = UNSET,
) -> Response[Analysis | Problem]:
    """The analysis of your seat's decisions: its progress, then each decision

     Each decision's loss is the points of the hand its choice was expected to cost against the best
    option found; a loss of 2 points or more is a blunder. The hands and totals cover the hands analysed
    so far. Only your own seat's analysis: it shows the cards you held (seat, if given, must be yours:
    another is 403 not_seated). 404 not_found before one was asked for.

    Args:
        match_id (UUID):
        seat (MatchesAnalysisRetrieveSeat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Analysis | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    seat: MatchesAnalysisRetrieveSeat | Unset = UNSET,
) -> Analysis | Problem | None:
    """The analysis of your seat's decisions: its progress, then each decision

     Each decision's loss is the points of the hand its choice was expected to cost against the best
    option found; a loss of 2 points or more is a blunder. The hands and totals cover the hands analysed
    so far. Only your own seat's analysis: it shows the cards you held (seat, if given, must be yours:
    another is 403 not_seated). 404 not_found before one was asked for.

    Args:
        match_id (UUID):
        seat (MatchesAnalysisRetrieveSeat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Analysis | Problem
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            seat=seat,
        )
    ).parsed
