from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.arena_run_create_request import ArenaRunCreateRequest
from ...models.arena_run_detail import ArenaRunDetail
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ArenaRunCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/arena/runs",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ArenaRunDetail | Problem | None:
    if response.status_code == 202:
        response_202 = ArenaRunDetail.from_dict(response.json())

        return response_202

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
) -> Response[ArenaRunDetail | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ArenaRunCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ArenaRunDetail | Problem]:
    """Measure your bot: a duplicate run against a field of built-in bots

     For a bot account only (else 403 bot_account_required). Each deal is played at five one-hand tables,
    each dealt the same cards with the same pass: your bot in each seat against three field bots (seat
    by seat over all the deals), then the field alone. Your bot's seat at each table is held for it by
    an invitation (GET /invitations, or a webhook): join and play it like any match. At most 4 tables
    are unfinished at once, fewer when your match quotas are full; the tables are unrated and not in
    your records. A table you decline, leave, or do not join before its invitation expires abandons the
    run. Beyond the quotas 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (ArenaRunCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArenaRunDetail | Problem]
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
    body: ArenaRunCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> ArenaRunDetail | Problem | None:
    """Measure your bot: a duplicate run against a field of built-in bots

     For a bot account only (else 403 bot_account_required). Each deal is played at five one-hand tables,
    each dealt the same cards with the same pass: your bot in each seat against three field bots (seat
    by seat over all the deals), then the field alone. Your bot's seat at each table is held for it by
    an invitation (GET /invitations, or a webhook): join and play it like any match. At most 4 tables
    are unfinished at once, fewer when your match quotas are full; the tables are unrated and not in
    your records. A table you decline, leave, or do not join before its invitation expires abandons the
    run. Beyond the quotas 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (ArenaRunCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArenaRunDetail | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ArenaRunCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ArenaRunDetail | Problem]:
    """Measure your bot: a duplicate run against a field of built-in bots

     For a bot account only (else 403 bot_account_required). Each deal is played at five one-hand tables,
    each dealt the same cards with the same pass: your bot in each seat against three field bots (seat
    by seat over all the deals), then the field alone. Your bot's seat at each table is held for it by
    an invitation (GET /invitations, or a webhook): join and play it like any match. At most 4 tables
    are unfinished at once, fewer when your match quotas are full; the tables are unrated and not in
    your records. A table you decline, leave, or do not join before its invitation expires abandons the
    run. Beyond the quotas 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (ArenaRunCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ArenaRunDetail | Problem]
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
    body: ArenaRunCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> ArenaRunDetail | Problem | None:
    """Measure your bot: a duplicate run against a field of built-in bots

     For a bot account only (else 403 bot_account_required). Each deal is played at five one-hand tables,
    each dealt the same cards with the same pass: your bot in each seat against three field bots (seat
    by seat over all the deals), then the field alone. Your bot's seat at each table is held for it by
    an invitation (GET /invitations, or a webhook): join and play it like any match. At most 4 tables
    are unfinished at once, fewer when your match quotas are full; the tables are unrated and not in
    your records. A table you decline, leave, or do not join before its invitation expires abandons the
    run. Beyond the quotas 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (ArenaRunCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ArenaRunDetail | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
