from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.match_leave_request import MatchLeaveRequest
from ...models.match_summary import MatchSummary
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: UUID,
    *,
    body: MatchLeaveRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/matches/{match_id}/leave".format(
            match_id=quote(str(match_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MatchSummary | Problem | None:
    if response.status_code == 200:
        response_200 = MatchSummary.from_dict(response.json())

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
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MatchLeaveRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Leave your seat to a bot for the rest of the match (join takes it back)

     The caller's seat passes to a bot of bot_level (hard by default), recorded as a seat_left event; it
    moves as soon as the seat is to act (after the match's delay_ms). From then on the caller is a
    spectator of the match (another leave is 403 not_seated) and may take the seat back with join while
    the bot holds it, in any phase; the turn's deadline is not reset by leaving or coming back. 409
    match_finished once the match is over. A player may leave a match 10 times: the next leave is 429
    quota_exceeded (quota leaves_per_match, no Retry-After: it never frees).

    Args:
        match_id (UUID):
        idempotency_key (str | Unset):
        body (MatchLeaveRequest | Unset): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MatchLeaveRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Leave your seat to a bot for the rest of the match (join takes it back)

     The caller's seat passes to a bot of bot_level (hard by default), recorded as a seat_left event; it
    moves as soon as the seat is to act (after the match's delay_ms). From then on the caller is a
    spectator of the match (another leave is 403 not_seated) and may take the seat back with join while
    the bot holds it, in any phase; the turn's deadline is not reset by leaving or coming back. 409
    match_finished once the match is over. A player may leave a match 10 times: the next leave is 429
    quota_exceeded (quota leaves_per_match, no Retry-After: it never frees).

    Args:
        match_id (UUID):
        idempotency_key (str | Unset):
        body (MatchLeaveRequest | Unset): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MatchLeaveRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Leave your seat to a bot for the rest of the match (join takes it back)

     The caller's seat passes to a bot of bot_level (hard by default), recorded as a seat_left event; it
    moves as soon as the seat is to act (after the match's delay_ms). From then on the caller is a
    spectator of the match (another leave is 403 not_seated) and may take the seat back with join while
    the bot holds it, in any phase; the turn's deadline is not reset by leaving or coming back. 409
    match_finished once the match is over. A player may leave a match 10 times: the next leave is 429
    quota_exceeded (quota leaves_per_match, no Retry-After: it never frees).

    Args:
        match_id (UUID):
        idempotency_key (str | Unset):
        body (MatchLeaveRequest | Unset): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MatchLeaveRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Leave your seat to a bot for the rest of the match (join takes it back)

     The caller's seat passes to a bot of bot_level (hard by default), recorded as a seat_left event; it
    moves as soon as the seat is to act (after the match's delay_ms). From then on the caller is a
    spectator of the match (another leave is 403 not_seated) and may take the seat back with join while
    the bot holds it, in any phase; the turn's deadline is not reset by leaving or coming back. 409
    match_finished once the match is over. A player may leave a match 10 times: the next leave is 429
    quota_exceeded (quota leaves_per_match, no Retry-After: it never frees).

    Args:
        match_id (UUID):
        idempotency_key (str | Unset):
        body (MatchLeaveRequest | Unset): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
