"""An analysis's hand being weighed is leased, its claims counted (games.review.analysis_claim)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0024_due_work_search_leased'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='analysis',
            name='attempts',
            field=models.PositiveSmallIntegerField(default=0, help_text='claims of its next hand, unsaved'),
        ),
        migrations.AddField(
            model_name='analysis',
            name='leased_until',
            field=models.DateTimeField(blank=True, help_text='a worker weighs its next hand until then', null=True),
        ),
        migrations.AddIndex(
            model_name='analysis',
            index=models.Index(fields=['requested_by', '-updated_at'], name='analysis_by_requester'),
        ),
        migrations.AddIndex(
            model_name='analysis',
            index=models.Index(condition=models.Q(('status__in', ['queued', 'running'])), fields=['created_at'], name='analysis_unfinished'),
        ),
    ]
