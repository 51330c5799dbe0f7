"""``selectors.match_state`` parses a version's snapshot once per process: a committed
command keeps its state, a read outside a transaction keeps what it parsed, and a read
inside one (which may yet roll back) keeps nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from games import selectors, services, statements
from games.engine import Seat, legal_cards, parse_deal, state_from_json
from tests.engine.helpers import D1

from .helpers import seated


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One item per snapshot ``match_state`` parses."""
    parsed: list[int] = []

    def counted(data):
        state = state_from_json(data)
        parsed.append(state.hands_played)
        return state

    monkeypatch.setattr(selectors, "state_from_json", counted)
    return parsed


@pytest.fixture
def committed_players(transactional_db: None) -> dict[Seat, object]:
    return {seat: get_user_model().objects.create_user(username=seat.label) for seat in Seat}


def test_a_committed_commands_state_is_not_parsed_again(committed_players, parses) -> None:
    match = seated(committed_players, deals=[parse_deal(D1)])
    read = statements.match_read(match.id, lock=False)
    assert read is not None
    card = legal_cards(selectors.match_state(read), Seat.NORTH)[0]
    result = services.card_play(match_id=match.id, player=committed_players[Seat.NORTH], card=card)
    parses.clear()
    after = statements.match_read(match.id, lock=False)
    assert after is not None and after.version == result.match.version
    assert selectors.match_state(after) == result.state
    assert parses == []


def test_a_read_outside_a_transaction_keeps_its_state(committed_players, parses) -> None:
    match = seated(committed_players, deals=[parse_deal(D1)])
    version = statements.match_read(match.id, lock=False).version  # type: ignore[union-attr]
    selectors._KEPT_STATES.pop((match.id, version), None)
    first = selectors.match_state(statements.match_read(match.id, lock=False))  # type: ignore[arg-type]
    second = selectors.match_state(statements.match_read(match.id, lock=False))  # type: ignore[arg-type]
    assert first is second and len(parses) == 1


def test_a_read_inside_a_transaction_keeps_nothing(committed_players, parses) -> None:
    match = seated(committed_players, deals=[parse_deal(D1)])
    version = statements.match_read(match.id, lock=False).version  # type: ignore[union-attr]
    selectors._KEPT_STATES.pop((match.id, version), None)
    with transaction.atomic():
        selectors.match_state(statements.match_read(match.id, lock=True))  # type: ignore[arg-type]
    assert (match.id, version) not in selectors._KEPT_STATES and len(parses) == 1
