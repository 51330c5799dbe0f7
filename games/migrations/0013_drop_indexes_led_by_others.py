# The foreign keys' own indexes duplicate the first column of another index: each event
# insert and due-work write maintained one more index for nothing. Only the indexes go;
# the constraints stay as they are (no re-validation of the log).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

DROPPED = [("games_duework", "owner_id", "games_duework_owner_id_2c01ad1b"),
           ("games_event", "match_id", "games_event_match_id_dea13280")]


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_duework_search_seat_left_by'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='duework',
                    name='owner',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL),
                ),
                migrations.AlterField(
                    model_name='event',
                    name='match',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='events', to='games.match'),
                ),
            ],
            database_operations=[
                migrations.RunSQL(f'DROP INDEX IF EXISTS "{index}"',
                                  reverse_sql=f'CREATE INDEX "{index}" ON "{table}" ("{column}")')
                for table, column, index in DROPPED
            ],
        ),
    ]
