from django.db import migrations, models


def count_fixed_deals(apps, schema_editor):
    """A match created before this field: its count from the log's match_created event,
    which holds the creator's deals (event format 1, the only one written so far)."""
    Match = apps.get_model("games", "Match")
    Event = apps.get_model("games", "Event")
    for match_id, payload in (Event.objects.filter(type="match_created")
                              .values_list("match_id", "payload").iterator()):
        if payload["deals"]:
            Match.objects.filter(pk=match_id).update(fixed_deals=len(payload["deals"]))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_match_bot_options'),
    ]

    operations = [
        migrations.AddField(
            model_name='match',
            name='fixed_deals',
            field=models.PositiveIntegerField(default=0, help_text='how many of the first hands the creator dealt (0: all shuffled)'),
        ),
        migrations.RunPython(count_fixed_deals, migrations.RunPython.noop),
    ]
