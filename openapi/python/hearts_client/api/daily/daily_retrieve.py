import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.daily_challenge import DailyChallenge
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    day: datetime.date,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/daily/{day}".format(
            day=quote(str(day), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DailyChallenge | Problem | None:
    if response.status_code == 200:
        response_200 = DailyChallenge.from_dict(response.json())

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
) -> Response[DailyChallenge | Problem]:
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
) -> Response[DailyChallenge | Problem]:
    """The daily challenge of a day up to today; once the day is over, with its deals

     Open to anyone; with a token, attempt is yours. deals is null until the day is over (closes_at),
    then holds its 4 deals. A day after today is 404 not_found.

    Args:
        day (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DailyChallenge | Problem]
    """

    kwargs = _get_kwargs(
        day=day,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    day: datetime.date,
    *,
    client: AuthenticatedClient,
) -> DailyChallenge | Problem | None:
    """The daily challenge of a day up to today; once the day is over, with its deals

     Open to anyone; with a token, attempt is yours. deals is null until the day is over (closes_at),
    then holds its 4 deals. A day after today is 404 not_found.

    Args:
        day (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DailyChallenge | Problem
    """

    return sync_detailed(
        day=day,
        client=client,
    ).parsed


async def asyncio_detailed(
    day: datetime.date,
    *,
    client: AuthenticatedClient,
) -> Response[DailyChallenge | Problem]:
    """The daily challenge of a day up to today; once the day is over, with its deals

     Open to anyone; with a token, attempt is yours. deals is null until the day is over (closes_at),
    then holds its 4 deals. A day after today is 404 not_found.

    Args:
        day (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DailyChallenge | Problem]
    """

    kwargs = _get_kwargs(
        day=day,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    day: datetime.date,
    *,
    client: AuthenticatedClient,
) -> DailyChallenge | Problem | None:
    """The daily challenge of a day up to today; once the day is over, with its deals

     Open to anyone; with a token, attempt is yours. deals is null until the day is over (closes_at),
    then holds its 4 deals. A day after today is 404 not_found.

    Args:
        day (datetime.date):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DailyChallenge | Problem
    """

    return (
        await asyncio_detailed(
            day=day,
            client=client,
        )
    ).parsed
