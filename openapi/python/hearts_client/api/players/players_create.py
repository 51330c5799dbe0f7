from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_create_request import PlayerCreateRequest
from ...models.player_created import PlayerCreated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PlayerCreateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/players",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerCreated | Problem | None:
    if response.status_code == 201:
        response_201 = PlayerCreated.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[PlayerCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerCreateRequest,
) -> Response[PlayerCreated | Problem]:
    """Register a player (or a bot account) and get its first bearer token

     A registration with a password counts against the quota password_registrations (30/hour
    registrations with a password, per address), before the password is checked: beyond it 429
    quota_exceeded. One without a password has only the rate of requests without a token. No token is
    needed; a bot account registered with one (bot: true) names that token's player as its owner, and a
    token that is not valid is 401 (an AuthenticatedClient of the SDKs sends it).

    Args:
        body (PlayerCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerCreateRequest,
) -> PlayerCreated | Problem | None:
    """Register a player (or a bot account) and get its first bearer token

     A registration with a password counts against the quota password_registrations (30/hour
    registrations with a password, per address), before the password is checked: beyond it 429
    quota_exceeded. One without a password has only the rate of requests without a token. No token is
    needed; a bot account registered with one (bot: true) names that token's player as its owner, and a
    token that is not valid is 401 (an AuthenticatedClient of the SDKs sends it).

    Args:
        body (PlayerCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerCreated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerCreateRequest,
) -> Response[PlayerCreated | Problem]:
    """Register a player (or a bot account) and get its first bearer token

     A registration with a password counts against the quota password_registrations (30/hour
    registrations with a password, per address), before the password is checked: beyond it 429
    quota_exceeded. One without a password has only the rate of requests without a token. No token is
    needed; a bot account registered with one (bot: true) names that token's player as its owner, and a
    token that is not valid is 401 (an AuthenticatedClient of the SDKs sends it).

    Args:
        body (PlayerCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: PlayerCreateRequest,
) -> PlayerCreated | Problem | None:
    """Register a player (or a bot account) and get its first bearer token

     A registration with a password counts against the quota password_registrations (30/hour
    registrations with a password, per address), before the password is checked: beyond it 429
    quota_exceeded. One without a password has only the rate of requests without a token. No token is
    needed; a bot account registered with one (bot: true) names that token's player as its owner, and a
    token that is not valid is 401 (an AuthenticatedClient of the SDKs sends it).

    Args:
        body (PlayerCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
