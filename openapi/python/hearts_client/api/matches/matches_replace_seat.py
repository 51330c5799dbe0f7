from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.match_summary import MatchSummary
from ...models.matches_replace_seat_seat import MatchesReplaceSeatSeat
from ...models.problem import Problem
from ...models.seat_replace_request import SeatReplaceRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: UUID,
    seat: MatchesReplaceSeatSeat,
    *,
    body: SeatReplaceRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/matches/{match_id}/seats/{seat}/replace".format(
            match_id=quote(str(match_id), safe=""),
            seat=quote(str(seat), safe=""),
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
    seat: MatchesReplaceSeatSeat,
    *,
    client: AuthenticatedClient,
    body: SeatReplaceRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Replace an overdue player with a bot (the match's creator only)

     The player in the seat is replaced by a bot of bot_level (hard by default) for the rest of the
    match, recorded as a seat_replaced event; unlike a player who leaves, they may not take the seat
    back. Only the match's creator may (403 not_creator), and only once that player is overdue: their
    turn's deadline (the view's turn_deadline) has passed, or a stand-in has moved for them since they
    last moved (else 409 not_replaceable, as for a seat no player holds). 409 match_finished once the
    match is over.

    Args:
        match_id (UUID):
        seat (MatchesReplaceSeatSeat):
        idempotency_key (str | Unset):
        body (SeatReplaceRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: UUID,
    seat: MatchesReplaceSeatSeat,
    *,
    client: AuthenticatedClient,
    body: SeatReplaceRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Replace an overdue player with a bot (the match's creator only)

     The player in the seat is replaced by a bot of bot_level (hard by default) for the rest of the
    match, recorded as a seat_replaced event; unlike a player who leaves, they may not take the seat
    back. Only the match's creator may (403 not_creator), and only once that player is overdue: their
    turn's deadline (the view's turn_deadline) has passed, or a stand-in has moved for them since they
    last moved (else 409 not_replaceable, as for a seat no player holds). 409 match_finished once the
    match is over.

    Args:
        match_id (UUID):
        seat (MatchesReplaceSeatSeat):
        idempotency_key (str | Unset):
        body (SeatReplaceRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return sync_detailed(
        match_id=match_id,
        seat=seat,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    match_id: UUID,
    seat: MatchesReplaceSeatSeat,
    *,
    client: AuthenticatedClient,
    body: SeatReplaceRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Replace an overdue player with a bot (the match's creator only)

     The player in the seat is replaced by a bot of bot_level (hard by default) for the rest of the
    match, recorded as a seat_replaced event; unlike a player who leaves, they may not take the seat
    back. Only the match's creator may (403 not_creator), and only once that player is overdue: their
    turn's deadline (the view's turn_deadline) has passed, or a stand-in has moved for them since they
    last moved (else 409 not_replaceable, as for a seat no player holds). 409 match_finished once the
    match is over.

    Args:
        match_id (UUID):
        seat (MatchesReplaceSeatSeat):
        idempotency_key (str | Unset):
        body (SeatReplaceRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        seat=seat,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: UUID,
    seat: MatchesReplaceSeatSeat,
    *,
    client: AuthenticatedClient,
    body: SeatReplaceRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Replace an overdue player with a bot (the match's creator only)

     The player in the seat is replaced by a bot of bot_level (hard by default) for the rest of the
    match, recorded as a seat_replaced event; unlike a player who leaves, they may not take the seat
    back. Only the match's creator may (403 not_creator), and only once that player is overdue: their
    turn's deadline (the view's turn_deadline) has passed, or a stand-in has moved for them since they
    last moved (else 409 not_replaceable, as for a seat no player holds). 409 match_finished once the
    match is over.

    Args:
        match_id (UUID):
        seat (MatchesReplaceSeatSeat):
        idempotency_key (str | Unset):
        body (SeatReplaceRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            seat=seat,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
