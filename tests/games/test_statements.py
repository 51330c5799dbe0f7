"""The command path's own SQL (``games.statements``) writes and reads what the ORM would."""

from __future__ import annotations

import uuid

import pytest
from django.db.transaction import TransactionManagementError
from django.forms.models import model_to_dict

from games import models, services, statements
from games.engine import Seat, legal_cards, parse_deal
from games.selectors import match_state
from tests.engine.helpers import D1

from .helpers import seated


def test_a_command_writes_its_events_and_row_at_one_instant(players):
    match = seated(players, deals=[parse_deal(D1)])
    state = match_state(models.Match.objects.get(pk=match.pk))
    result = services.card_play(match_id=match.id, player=players[Seat.NORTH],
                                card=legal_cards(state, Seat.NORTH)[0])
    row = models.Match.objects.get(pk=match.pk)
    event = models.Event.objects.get(match=match, seq=row.version)
    assert (event.type, event.seat, event.payload["card"]) == ("card_played", 0, "2C")
    assert event.created_at == row.updated_at == result.events[-1].at
    assert (row.version, row.state, row.status) == (result.match.version, result.match.state,
                                                   "playing")


def test_the_row_read_matches_the_orms(players):
    match = seated(players, deals=[parse_deal(D1)])
    read = statements.match_read(match.id, lock=False)
    assert read is not None
    orm = models.Match.objects.get(pk=match.pk)
    assert model_to_dict(read) == model_to_dict(orm)
    assert (read.created_at, read.updated_at, read.id) == (orm.created_at, orm.updated_at, orm.id)
    assert not read._state.adding and read._state.db == "default"


def test_no_row_reads_as_none(db):
    assert statements.match_read(uuid.uuid4(), lock=False) is None


@pytest.mark.django_db(transaction=True)  # no test transaction around it
def test_a_locked_read_outside_a_transaction_is_refused_as_the_orms(players):
    match = seated(players, deals=[parse_deal(D1)])
    with pytest.raises(TransactionManagementError):
        statements.match_read(match.id, lock=True)
