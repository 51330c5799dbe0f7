from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_token_created import ApiTokenCreated
from ...models.problem import Problem
from ...models.token_create_request import TokenCreateRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: TokenCreateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/tokens",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiTokenCreated | Problem | None:
    if response.status_code == 201:
        response_201 = ApiTokenCreated.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
) -> Response[ApiTokenCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenCreateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiTokenCreated | Problem]:
    """Create another token (one per app), with a bearer token or a password; it is shown once

     Authenticated by a bearer token, or by HTTP Basic credentials (username and password) of a player
    who registered with a password: the way back in for a player who lost every token. Credentials
    malformed or wrong, of a player registered without a password, or of a staff account (staff are not
    players), are 401 not_authenticated; Basic attempts are limited per address (429 throttled).

    Args:
        idempotency_key (str | Unset):
        body (TokenCreateRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiTokenCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: TokenCreateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ApiTokenCreated | Problem | None:
    """Create another token (one per app), with a bearer token or a password; it is shown once

     Authenticated by a bearer token, or by HTTP Basic credentials (username and password) of a player
    who registered with a password: the way back in for a player who lost every token. Credentials
    malformed or wrong, of a player registered without a password, or of a staff account (staff are not
    players), are 401 not_authenticated; Basic attempts are limited per address (429 throttled).

    Args:
        idempotency_key (str | Unset):
        body (TokenCreateRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiTokenCreated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TokenCreateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiTokenCreated | Problem]:
    """Create another token (one per app), with a bearer token or a password; it is shown once

     Authenticated by a bearer token, or by HTTP Basic credentials (username and password) of a player
    who registered with a password: the way back in for a player who lost every token. Credentials
    malformed or wrong, of a player registered without a password, or of a staff account (staff are not
    players), are 401 not_authenticated; Basic attempts are limited per address (429 throttled).

    Args:
        idempotency_key (str | Unset):
        body (TokenCreateRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiTokenCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TokenCreateRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ApiTokenCreated | Problem | None:
    """Create another token (one per app), with a bearer token or a password; it is shown once

     Authenticated by a bearer token, or by HTTP Basic credentials (username and password) of a player
    who registered with a password: the way back in for a player who lost every token. Credentials
    malformed or wrong, of a player registered without a password, or of a staff account (staff are not
    players), are 401 not_authenticated; Basic attempts are limited per address (429 throttled).

    Args:
        idempotency_key (str | Unset):
        body (TokenCreateRequest | Unset): A request body; a field it does not name is refused
            (400 unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiTokenCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
