from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_message import EventMessage
from ...models.problem import Problem
from ...models.view_message import ViewMessage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: UUID,
    *,
    access_token: str | Unset = UNSET,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["access_token"] = access_token

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/matches/{match_id}/stream".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | EventMessage | ViewMessage | Problem | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> EventMessage | ViewMessage:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_stream_message_type_0 = ViewMessage.from_dict(data)

                return componentsschemas_stream_message_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_stream_message_type_1 = EventMessage.from_dict(data)

            return componentsschemas_stream_message_type_1

        response_200 = _parse_response_200(response.text)

        return response_200

    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | EventMessage | ViewMessage | Problem]:
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
    access_token: str | Unset = UNSET,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | EventMessage | ViewMessage | Problem]:
    """The match as Server-Sent Events: your view, then every event and view as it happens

     Streams and long polls open at once are limited to 10 per token and 20 per player; beyond that, 429
    quota_exceeded (quota waiting_requests_per_token or waiting_requests_per_user, no Retry-After:
    ending one frees its place).

    Args:
        match_id (UUID):
        access_token (str | Unset):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EventMessage | ViewMessage | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        access_token=access_token,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Any | EventMessage | ViewMessage | Problem | None:
    """The match as Server-Sent Events: your view, then every event and view as it happens

     Streams and long polls open at once are limited to 10 per token and 20 per player; beyond that, 429
    quota_exceeded (quota waiting_requests_per_token or waiting_requests_per_user, no Retry-After:
    ending one frees its place).

    Args:
        match_id (UUID):
        access_token (str | Unset):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EventMessage | ViewMessage | Problem
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        access_token=access_token,
        after=after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[Any | EventMessage | ViewMessage | Problem]:
    """The match as Server-Sent Events: your view, then every event and view as it happens

     Streams and long polls open at once are limited to 10 per token and 20 per player; beyond that, 429
    quota_exceeded (quota waiting_requests_per_token or waiting_requests_per_user, no Retry-After:
    ending one frees its place).

    Args:
        match_id (UUID):
        access_token (str | Unset):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EventMessage | ViewMessage | Problem]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        access_token=access_token,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: UUID,
    *,
    client: AuthenticatedClient,
    access_token: str | Unset = UNSET,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Any | EventMessage | ViewMessage | Problem | None:
    """The match as Server-Sent Events: your view, then every event and view as it happens

     Streams and long polls open at once are limited to 10 per token and 20 per player; beyond that, 429
    quota_exceeded (quota waiting_requests_per_token or waiting_requests_per_user, no Retry-After:
    ending one frees its place).

    Args:
        match_id (UUID):
        access_token (str | Unset):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EventMessage | ViewMessage | Problem
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            access_token=access_token,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed
