from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.hint import Hint
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    match_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/matches/{match_id}/hint".format(
            match_id=quote(str(match_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Hint | Problem | None:
    if response.status_code == 200:
        response_200 = Hint.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Hint | Problem]:
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
) -> Response[Hint | Problem]:
    """A hint for your decision (matches created with hints)

     Weighs each option of the decision your seat is to make, from what your seat knows only (never
    another seat's cards): each legal card when playing, the likely passes when passing, each with the
    points of this hand you may expect to take after it and the chance another seat shoots the moon. The
    search is given 200 ms of CPU. 403 not_seated without a seat; 409 hints_disabled in a match created
    without hints; 409 not_your_turn when your seat is not to act. Each hint counts against the quota
    hints (600/hour hints per player): beyond it 429 quota_exceeded. While the web process weighs
    another hint of yours, or as many as it weighs at once: 503 unavailable with Retry-After, not
    counted.

    Args:
        match_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hint | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Hint | Problem | None:
    """A hint for your decision (matches created with hints)

     Weighs each option of the decision your seat is to make, from what your seat knows only (never
    another seat's cards): each legal card when playing, the likely passes when passing, each with the
    points of this hand you may expect to take after it and the chance another seat shoots the moon. The
    search is given 200 ms of CPU. 403 not_seated without a seat; 409 hints_disabled in a match created
    without hints; 409 not_your_turn when your seat is not to act. Each hint counts against the quota
    hints (600/hour hints per player): beyond it 429 quota_exceeded. While the web process weighs
    another hint of yours, or as many as it weighs at once: 503 unavailable with Retry-After, not
    counted.

    Args:
        match_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hint | Problem
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Hint | Problem]:
    """A hint for your decision (matches created with hints)

     Weighs each option of the decision your seat is to make, from what your seat knows only (never
    another seat's cards): each legal card when playing, the likely passes when passing, each with the
    points of this hand you may expect to take after it and the chance another seat shoots the moon. The
    search is given 200 ms of CPU. 403 not_seated without a seat; 409 hints_disabled in a match created
    without hints; 409 not_your_turn when your seat is not to act. Each hint counts against the quota
    hints (600/hour hints per player): beyond it 429 quota_exceeded. While the web process weighs
    another hint of yours, or as many as it weighs at once: 503 unavailable with Retry-After, not
    counted.

    Args:
        match_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Hint | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Hint | Problem | None:
    """A hint for your decision (matches created with hints)

     Weighs each option of the decision your seat is to make, from what your seat knows only (never
    another seat's cards): each legal card when playing, the likely passes when passing, each with the
    points of this hand you may expect to take after it and the chance another seat shoots the moon. The
    search is given 200 ms of CPU. 403 not_seated without a seat; 409 hints_disabled in a match created
    without hints; 409 not_your_turn when your seat is not to act. Each hint counts against the quota
    hints (600/hour hints per player): beyond it 429 quota_exceeded. While the web process weighs
    another hint of yours, or as many as it weighs at once: 503 unavailable with Retry-After, not
    counted.

    Args:
        match_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Hint | Problem
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
        )
    ).parsed
