from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.paginated_webhook_delivery_list import PaginatedWebhookDeliveryList
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: UUID,
    *,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["page_size"] = page_size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/{webhook_id}/deliveries".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PaginatedWebhookDeliveryList | Problem | None:
    if response.status_code == 200:
        response_200 = PaginatedWebhookDeliveryList.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PaginatedWebhookDeliveryList | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[PaginatedWebhookDeliveryList | Problem]:
    """A webhook's deliveries, newest first, each with its attempts

     Its pending deliveries (about `WEBHOOK_PENDING_MAX`, 1000, at most) and its newest
    `WEBHOOK_DELIVERIES_KEPT` (1000) finished ones: each delivery that ends deletes the older finished
    ones.

    Args:
        webhook_id (UUID):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaginatedWebhookDeliveryList | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        page=page,
        page_size=page_size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> PaginatedWebhookDeliveryList | Problem | None:
    """A webhook's deliveries, newest first, each with its attempts

     Its pending deliveries (about `WEBHOOK_PENDING_MAX`, 1000, at most) and its newest
    `WEBHOOK_DELIVERIES_KEPT` (1000) finished ones: each delivery that ends deletes the older finished
    ones.

    Args:
        webhook_id (UUID):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaginatedWebhookDeliveryList | Problem
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        page=page,
        page_size=page_size,
    ).parsed


async def asyncio_detailed(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[PaginatedWebhookDeliveryList | Problem]:
    """A webhook's deliveries, newest first, each with its attempts

     Its pending deliveries (about `WEBHOOK_PENDING_MAX`, 1000, at most) and its newest
    `WEBHOOK_DELIVERIES_KEPT` (1000) finished ones: each delivery that ends deletes the older finished
    ones.

    Args:
        webhook_id (UUID):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PaginatedWebhookDeliveryList | Problem]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        page=page,
        page_size=page_size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> PaginatedWebhookDeliveryList | Problem | None:
    """A webhook's deliveries, newest first, each with its attempts

     Its pending deliveries (about `WEBHOOK_PENDING_MAX`, 1000, at most) and its newest
    `WEBHOOK_DELIVERIES_KEPT` (1000) finished ones: each delivery that ends deletes the older finished
    ones.

    Args:
        webhook_id (UUID):
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PaginatedWebhookDeliveryList | Problem
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            page=page,
            page_size=page_size,
        )
    ).parsed
