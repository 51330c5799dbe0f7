"""Usernames are unique ignoring case (an index on their upper case): nobody registers a name
that reads as another player's (``Alice`` beside ``alice``). Existing names equal but for
case stop the migration, named, until all but one are renamed."""

from django.db import migrations
from django.db.models import Count
from django.db.models.functions import Upper

INDEX = "hearts_api_username_upper_uniq"


def refuse_clashes(apps, schema_editor):
    User = apps.get_model("auth", "User")
    folded = User.objects.annotate(folded=Upper("username"))
    clashing = (folded.values("folded").annotate(names=Count("pk")).filter(names__gt=1)
                .values("folded"))
    names: dict[str, list[str]] = {}
    for key, username in folded.filter(folded__in=clashing).values_list("folded", "username"):
        names.setdefault(key, []).append(username)
    if names:
        groups = [", ".join(sorted(names[key])) for key in sorted(names)][:20]
        raise RuntimeError("usernames equal but for case (rename all but one of each, then "
                           "migrate again): " + "; ".join(groups))


class Migration(migrations.Migration):

    dependencies = [("auth", "0012_alter_user_first_name_max_length"),
                    ("hearts_api", "0003_seal_kept_answers")]

    operations = [
        migrations.RunPython(refuse_clashes, migrations.RunPython.noop),
        migrations.RunSQL(f'CREATE UNIQUE INDEX "{INDEX}" ON "auth_user" (UPPER("username"))',
                          f'DROP INDEX "{INDEX}"'),
    ]
