from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_create_request import WebhookCreateRequest
from ...models.webhook_created import WebhookCreated
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: WebhookCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | WebhookCreated | None:
    if response.status_code == 201:
        response_201 = WebhookCreated.from_dict(response.json())

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
) -> Response[Problem | WebhookCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | WebhookCreated]:
    """Register an endpoint for kinds of events; the signing secret is shown once

     Deliveries follow the Standard Webhooks specification: a JSON POST with webhook-id, webhook-
    timestamp and webhook-signature (v1, HMAC-SHA256 with the secret), sent by the workers after the
    command commits, retried with backoff for about a day while the answer is not a 2xx. Beyond the
    quota 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (WebhookCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
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
    body: WebhookCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | WebhookCreated | None:
    """Register an endpoint for kinds of events; the signing secret is shown once

     Deliveries follow the Standard Webhooks specification: a JSON POST with webhook-id, webhook-
    timestamp and webhook-signature (v1, HMAC-SHA256 with the secret), sent by the workers after the
    command commits, retried with backoff for about a day while the answer is not a 2xx. Beyond the
    quota 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (WebhookCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | WebhookCreated]:
    """Register an endpoint for kinds of events; the signing secret is shown once

     Deliveries follow the Standard Webhooks specification: a JSON POST with webhook-id, webhook-
    timestamp and webhook-signature (v1, HMAC-SHA256 with the secret), sent by the workers after the
    command commits, retried with backoff for about a day while the answer is not a 2xx. Beyond the
    quota 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (WebhookCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookCreated]
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
    body: WebhookCreateRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | WebhookCreated | None:
    """Register an endpoint for kinds of events; the signing secret is shown once

     Deliveries follow the Standard Webhooks specification: a JSON POST with webhook-id, webhook-
    timestamp and webhook-signature (v1, HMAC-SHA256 with the secret), sent by the workers after the
    command commits, retried with backoff for about a day while the answer is not a 2xx. Beyond the
    quota 429 quota_exceeded.

    Args:
        idempotency_key (str | Unset):
        body (WebhookCreateRequest): A request body; a field it does not name is refused (400
            unknown_field).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookCreated
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
