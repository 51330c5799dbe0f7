"""A due move's search flag stays the leased move's while its lease is live (games.statements)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0023_arena_dealing_seed'),
    ]

    operations = [
        migrations.AlterField(
            model_name='duework',
            name='search',
            field=models.BooleanField(default=False, help_text="the move is a search (an expert's): while a lease is live, the leased one"),
        ),
    ]
