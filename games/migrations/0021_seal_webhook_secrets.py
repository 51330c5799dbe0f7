"""Webhook signing secrets stored sealed (games.sealing), no longer in plain text."""

from django.db import migrations, models

from games import sealing
from games.webhooks import SEAL_SALT


def seal_secrets(apps, schema_editor):
    Webhook = apps.get_model("games", "Webhook")
    for hook in Webhook.objects.only("id", "secret"):
        Webhook.objects.filter(pk=hook.pk).update(
            sealed_secret=sealing.seal(hook.secret.encode(), SEAL_SALT))


def open_secrets(apps, schema_editor):
    Webhook = apps.get_model("games", "Webhook")
    for hook in Webhook.objects.only("id", "sealed_secret"):
        opened = sealing.unseal(bytes(hook.sealed_secret), SEAL_SALT)
        Webhook.objects.filter(pk=hook.pk).update(secret=opened.decode() if opened else "")


class Migration(migrations.Migration):

    dependencies = [("games", "0020_arena")]

    operations = [
        migrations.AddField(
            model_name="webhook", name="sealed_secret",
            field=models.BinaryField(default=b"", help_text=(
                "the signing secret (whsec_ and base64 of 32 random bytes), sealed "
                "(games.webhooks.signing_secret)")),
            preserve_default=False),
        migrations.RunPython(seal_secrets, open_secrets),
        # A default, so that unapplying this migration can add the column back to the rows.
        migrations.AlterField(model_name="webhook", name="secret",
                              field=models.CharField(max_length=100, default="")),
        migrations.RemoveField(model_name="webhook", name="secret"),
    ]
