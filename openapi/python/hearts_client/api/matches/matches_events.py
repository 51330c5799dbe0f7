from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_list import EventList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: UUID,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    wait: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/matches/{match_id}/events".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventList | Problem | None:
    if response.status_code == 200:
        response_200 = EventList.from_dict(response.json())

        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventList | Problem]:
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
    after: int | Unset = 0,
    limit: int | Unset = 500,
    wait: int | Unset = UNSET,
) -> Response[EventList | Problem]:
    """The match's events after seq N, redacted for your seat; with wait, held until there is one

     With `wait`, a long poll. Streams and long polls open at once are limited to 10 per token and 20 per
    player; beyond that, 429 quota_exceeded (quota waiting_requests_per_token or
    waiting_requests_per_user, no Retry-After: ending one frees its place).

    Args:
        match_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventList | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        after=after,
        limit=limit,
        wait=wait,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    wait: int | Unset = UNSET,
) -> EventList | Problem | None:
    """The match's events after seq N, redacted for your seat; with wait, held until there is one

     With `wait`, a long poll. Streams and long polls open at once are limited to 10 per token and 20 per
    player; beyond that, 429 quota_exceeded (quota waiting_requests_per_token or
    waiting_requests_per_user, no Retry-After: ending one frees its place).

    Args:
        match_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventList | Problem
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        after=after,
        limit=limit,
        wait=wait,
    ).parsed


async def asyncio_detailed(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    wait: int | Unset = UNSET,
) -> Response[EventList | Problem]:
    """The match's events after seq N, redacted for your seat; with wait, held until there is one

     With `wait`, a long poll. Streams and long polls open at once are limited to 10 per token and 20 per
    player; beyond that, 429 quota_exceeded (quota waiting_requests_per_token or
    waiting_requests_per_user, no Retry-After: ending one frees its place).

    Args:
        match_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventList | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        after=after,
        limit=limit,
        wait=wait,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 500,
    wait: int | Unset = UNSET,
) -> EventList | Problem | None:
    """The match's events after seq N, redacted for your seat; with wait, held until there is one

     With `wait`, a long poll. Streams and long polls open at once are limited to 10 per token and 20 per
    player; beyond that, 429 quota_exceeded (quota waiting_requests_per_token or
    waiting_requests_per_user, no Retry-After: ending one frees its place).

    Args:
        match_id (UUID):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 500.
        wait (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventList | Problem
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            after=after,
            limit=limit,
            wait=wait,
        )
    ).parsed
