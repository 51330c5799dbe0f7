"""The statements every command and every seat's read send, as SQL built from the models'
concrete fields and converted by each field as the ORM would (docs/architecture.md, "What
a command costs"). A command's writes go as one statement on PostgreSQL; elsewhere
(SQLite) the ORM reads the row, and the insert and the update are a statement each.
Nothing stamps ``auto_now`` times: the command gives its rows one instant of its own.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Field, Model
from django.db.transaction import TransactionManagementError

from . import models


def match_read(match_id: uuid.UUID, *, lock: bool) -> models.Match | None:
    """The match row ``match_id`` as a model instance, or None when there is none. With
    ``lock`` the row stays locked (``FOR UPDATE``) until the transaction ends; outside
    one it raises ``TransactionManagementError``, as the ORM's ``select_for_update``."""
    if lock and not connection.in_atomic_block:
        raise TransactionManagementError("match_read(lock=True) outside a transaction")
    if connection.vendor != "postgresql":
        matches = models.Match.objects.select_for_update() if lock else models.Match.objects.all()
        return matches.filter(pk=match_id).first()
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(_match_select(lock), [match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    match = _instance(db, models.Match, row)
    assert isinstance(match, models.Match)
    return match


def match_version_lock(match_id: uuid.UUID) -> int | None:
    """Lock the match row ``match_id`` (``FOR UPDATE``, until the transaction ends) and
    return its version alone; None when there is none. Inside a transaction only."""
    if connection.vendor != "postgresql":
        locked = models.Match.objects.select_for_update().filter(pk=match_id)
        return locked.values_list("version", flat=True).first()
    with connection.cursor() as cursor:
        cursor.execute(_version_lock(), [match_id])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def command_write(match: models.Match, rows: Sequence[Model], update_fields: Sequence[str],
                  due: models.DueWork | None, lease: uuid.UUID | None,
                  notify: tuple[str, str] | None = None) -> None:
    """Insert ``rows`` (new instances of ``match``'s log and projections: its events, tricks,
    hands; times set), update ``match``'s ``update_fields`` (field names; ``updated_at``
    as the instance holds it) and write its due work (``due``; None: its row deleted) in
    one statement. A lease live at ``updated_at`` is kept unless it is ``lease`` (the
    command is that lease's move): its worker still thinks, and one player's moves stay one
    at a time. ``notify``: a PostgreSQL ``NOTIFY`` (channel, payload) the same statement
    sends, delivered at the commit; ``ValueError`` on another database.
    The row must be locked (``match_read``) or new in this transaction."""
    db = connections[DEFAULT_DB_ALIAS]
    quote = db.ops.quote_name
    updated = [models.Match._meta.get_field(name) for name in update_fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in updated)
    pk = models.Match._meta.pk
    assert pk is not None
    update = (f"UPDATE {quote(models.Match._meta.db_table)} SET {assignments} "
              f"WHERE {quote(pk.column)} = %s", [_to_db(db, field, match) for field in [*updated, pk]])
    if notify is not None:
        if db.vendor != "postgresql":
            raise ValueError("NOTIFY is PostgreSQL's")
        update = (update[0] + " RETURNING pg_notify(%s, %s)", [*update[1], *notify])
    writes = []
    for model in dict.fromkeys(type(row) for row in rows):  # each model once, in first order
        of_model = [row for row in rows if type(row) is model]
        columns = _insert_columns(model)
        values = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(of_model))
        writes.append((f"INSERT INTO {quote(model._meta.db_table)} "
                       f"({', '.join(quote(field.column) for field in columns)}) VALUES {values}",
                       [_to_db(db, field, row) for row in of_model for field in columns]))
    writes.append(_due_work_write(db, match, due, lease))
    with db.cursor() as cursor:
        if db.vendor != "postgresql":  # SQLite has no INSERT inside WITH
            for sql, params in [*writes, update]:
                cursor.execute(sql, params)
            return
        ctes = ", ".join(f"written_{number} AS ({sql})" for number, (sql, _) in enumerate(writes))
        cursor.execute(f"WITH {ctes} " + update[0],
                       [param for _, params in [*writes, update] for param in params])


def _due_work_write(db: Any, match: models.Match, due: models.DueWork | None,
                    lease: uuid.UUID | None) -> tuple[str, list[Any]]:
    """The upsert of ``due`` (``command_write``: the old row's live lease kept unless it is
    ``lease``, and with it whether that lease is a search), or the delete of ``match``'s row
    when ``due`` is None."""
    quote = db.ops.quote_name
    meta = models.DueWork._meta
    assert meta.pk is not None
    table, key = quote(meta.db_table), quote(meta.pk.column)
    if due is None:
        return (f"DELETE FROM {table} WHERE {key} = %s",
                [meta.pk.get_db_prep_save(match.pk, db)])
    fields = [field for field in meta.concrete_fields if field.name not in ("leased_until", "lease")]
    held = meta.get_field("leased_until")
    columns = ", ".join(quote(field.column) for field in fields)
    replaced = ", ".join(f"{quote(field.column)} = excluded.{quote(field.column)}"
                         for field in fields if not field.primary_key and field.name != "search")
    kept = (f"{table}.{quote('leased_until')} > %s AND "
            f"COALESCE({table}.{quote('lease')} <> %s, TRUE)")
    own = [held.get_db_prep_save(match.updated_at, db),  # the command's time
           meta.get_field("lease").get_db_prep_save(lease, db)]
    return (f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))}) "
            f"ON CONFLICT ({key}) DO UPDATE SET {replaced}, "
            f"{quote('search')} = CASE WHEN {kept} THEN {table}.{quote('search')} "
            f"ELSE excluded.{quote('search')} END, "
            f"{quote('leased_until')} = CASE WHEN {kept} THEN {table}.{quote('leased_until')} END, "
            f"{quote('lease')} = CASE WHEN {kept} THEN {table}.{quote('lease')} END",
            [*(field.get_db_prep_save(getattr(due, field.attname), db) for field in fields),
             *own, *own, *own])


def rows_with_related(model: type[Model], relation: str, column_field: str,
                      value: Any) -> list[Model] | None:
    """The ``model`` rows whose ``column_field`` equals ``value``, each with the row its
    foreign key ``relation`` points to cached on it (as ``select_related`` caches it), read
    by one join built once; None on another database than PostgreSQL, where the caller
    goes through the ORM."""
    if connection.vendor != "postgresql":
        return None
    db = connections[DEFAULT_DB_ALIAS]
    with db.cursor() as cursor:
        cursor.execute(_joined_select(model, relation, column_field), [value])
        rows = cursor.fetchall()
    foreign_key = model._meta.get_field(relation)
    related = foreign_key.related_model
    assert isinstance(related, type)
    width = len(model._meta.concrete_fields)
    found = []
    for row in rows:
        instance = _instance(db, model, row[:width])
        foreign_key.set_cached_value(instance, _instance(db, related, row[width:]))
        found.append(instance)
    return found


def _instance(db: Any, model: type[Model], row: Sequence[Any]) -> Model:
    """A ``model`` instance of ``row`` (its concrete fields' columns, in order), each value
    converted by its field's ``from_db_value`` as the ORM converts it."""
    attnames, converters = _readers(model)
    values = [value if convert is None else convert(value, None, db)
              for convert, value in zip(converters, row, strict=True)]
    return model.from_db(db.alias, attnames, values)


@cache
def _readers(model: type[Model]) -> tuple[list[str], list[Any]]:
    """``model``'s concrete fields' attribute names and ``from_db_value`` (None without)."""
    fields = model._meta.concrete_fields
    return ([field.attname for field in fields],
            [getattr(field, "from_db_value", None) for field in fields])


@cache
def _joined_select(model: type[Model], relation: str, column_field: str) -> str:
    quote = connection.ops.quote_name
    meta = model._meta
    foreign_key = meta.get_field(relation)
    related = foreign_key.related_model
    assert isinstance(related, type) and related._meta.pk is not None
    columns = [f"a.{quote(field.column)}" for field in meta.concrete_fields]
    columns += [f"b.{quote(field.column)}" for field in related._meta.concrete_fields]
    return (f"SELECT {', '.join(columns)} FROM {quote(meta.db_table)} a "
            f"JOIN {quote(related._meta.db_table)} b ON b.{quote(related._meta.pk.column)} = "
            f"a.{quote(foreign_key.column)} WHERE a.{quote(meta.get_field(column_field).column)} = %s")


@cache
def _match_select(lock: bool) -> str:
    quote = connection.ops.quote_name
    meta = models.Match._meta
    assert meta.pk is not None
    columns = ", ".join(quote(field.column) for field in meta.concrete_fields)
    return (f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"
            + (" FOR UPDATE" if lock else ""))


@cache
def _version_lock() -> str:
    quote = connection.ops.quote_name
    meta = models.Match._meta
    assert meta.pk is not None
    return (f"SELECT {quote(meta.get_field('version').column)} FROM {quote(meta.db_table)} "
            f"WHERE {quote(meta.pk.column)} = %s FOR UPDATE")


@cache
def _insert_columns(model: type[Model]) -> list[Field[Any, Any]]:
    """The columns a row's insert names: all but its generated key."""
    return [field for field in model._meta.concrete_fields if not field.primary_key]


def _to_db(db: Any, field: Field[Any, Any], instance: Model) -> Any:
    value = getattr(instance, field.attname)
    if value is None and (getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False)):
        raise ValueError(f"{field} is not set: the command stamps its own times")
    return field.get_db_prep_save(value, db)
