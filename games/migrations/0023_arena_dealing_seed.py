"""An arena run keeps what its deals come from: runs made before dealt from their seed alone,
and go on doing so."""

from django.db import migrations, models


def dealt_from_the_seed(apps, schema_editor):
    apps.get_model("games", "ArenaRun").objects.update(dealing_seed=models.F("seed"))


class Migration(migrations.Migration):
    dependencies = [("games", "0022_webhook_deliveries_bounded")]

    operations = [
        migrations.AddField("arenarun", "dealing_seed", models.BigIntegerField(null=True)),
        migrations.RunPython(dealt_from_the_seed, migrations.RunPython.noop),
        migrations.AlterField("arenarun", "dealing_seed", models.BigIntegerField(
            help_text="what its deals come from (games.duplicate.deal_of), fixed as it was "
                      "created")),
        migrations.AlterField("arenarun", "seed", models.BigIntegerField(
            help_text="the seed asked for or chosen: the same seed deals alike "
                      "(games.arena.dealing_seed)")),
    ]
