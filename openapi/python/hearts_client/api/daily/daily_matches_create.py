import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.match_summary import MatchSummary
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    day: datetime.date,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/daily/{day}/matches".format(
            day=quote(str(day), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MatchSummary | Problem | None:
    if response.status_code == 201:
        response_201 = MatchSummary.from_dict(response.json())

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
    day: datetime.date,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Start your one attempt at today's daily challenge

     Creates your match of the day: you in south against the day's bots, on the day's 4 deals
    (fixed_deals 4: unrated, and no fastest win). Only today's (UTC) date: another is 409 daily_closed.
    A second attempt is 409 daily_attempted, whose match_id is your first; a bot account's is 403
    not_for_bot_accounts. No body.

    Args:
        day (datetime.date):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        day=day,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    day: datetime.date,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Start your one attempt at today's daily challenge

     Creates your match of the day: you in south against the day's bots, on the day's 4 deals
    (fixed_deals 4: unrated, and no fastest win). Only today's (UTC) date: another is 409 daily_closed.
    A second attempt is 409 daily_attempted, whose match_id is your first; a bot account's is 403
    not_for_bot_accounts. No body.

    Args:
        day (datetime.date):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return sync_detailed(
        day=day,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    day: datetime.date,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> Response[MatchSummary | Problem]:
    """Start your one attempt at today's daily challenge

     Creates your match of the day: you in south against the day's bots, on the day's 4 deals
    (fixed_deals 4: unrated, and no fastest win). Only today's (UTC) date: another is 409 daily_closed.
    A second attempt is 409 daily_attempted, whose match_id is your first; a bot account's is 403
    not_for_bot_accounts. No body.

    Args:
        day (datetime.date):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchSummary | Problem]
    """

    kwargs = _get_kwargs(
        day=day,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    day: datetime.date,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,
) -> MatchSummary | Problem | None:
    """Start your one attempt at today's daily challenge

     Creates your match of the day: you in south against the day's bots, on the day's 4 deals
    (fixed_deals 4: unrated, and no fastest win). Only today's (UTC) date: another is 409 daily_closed.
    A second attempt is 409 daily_attempted, whose match_id is your first; a bot account's is 403
    not_for_bot_accounts. No body.

    Args:
        day (datetime.date):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchSummary | Problem
    """

    return (
        await asyncio_detailed(
            day=day,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
