"""Seal the answers kept before they were sealed (hearts_api.idempotency): without it a
retry of such a key would run its request again, and the database would hold whole tokens
until the rows expire. Backwards, they are opened again for the code before, and those no
key opens are deleted (that code would replay them as they are)."""

from django.db import migrations

from hearts_api.idempotency import seal, unseal


def seal_kept_answers(apps, schema_editor):
    IdempotencyKey = apps.get_model("hearts_api", "IdempotencyKey")
    for row in IdempotencyKey.objects.filter(state="done").only("pk", "body"):
        if unseal(bytes(row.body)) is None:
            IdempotencyKey.objects.filter(pk=row.pk).update(body=seal(bytes(row.body)))


def open_kept_answers(apps, schema_editor):
    IdempotencyKey = apps.get_model("hearts_api", "IdempotencyKey")
    for row in IdempotencyKey.objects.filter(state="done").only("pk", "body"):
        answer = unseal(bytes(row.body))
        if answer is None:
            IdempotencyKey.objects.filter(pk=row.pk).delete()
        else:
            IdempotencyKey.objects.filter(pk=row.pk).update(body=answer)


class Migration(migrations.Migration):

    dependencies = [("hearts_api", "0002_idempotency_key")]

    operations = [migrations.RunPython(seal_kept_answers, open_kept_answers)]
