"""The row locks of quota checks (games.locks, docs/adr/0117): a user's row locked stays
open to rows that name it, so a transaction holding a match can insert them, while a
second lock of it waits. Real PostgreSQL locks, two connections."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection, transaction

from games import locks, models


def _lock_timeout(ms: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{ms}ms'")


@pytest.mark.django_db(transaction=True)
def test_a_locked_user_row_takes_rows_that_name_it_and_a_second_lock_waits():
    user = get_user_model().objects.create_user(username="locked")
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                locks.lock_user(user.pk)
                held.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        with transaction.atomic():
            _lock_timeout(2000)
            models.Match.objects.create(id=uuid.uuid4(), created_by=user, state={})
        with pytest.raises(OperationalError, match="lock timeout"), transaction.atomic():
            _lock_timeout(200)
            locks.lock_user(user.pk)
    finally:
        release.set()
        holder.join()
    assert models.Match.objects.filter(created_by=user).count() == 1
