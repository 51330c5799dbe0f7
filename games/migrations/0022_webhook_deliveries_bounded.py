"""A webhook's dropped deliveries counted, and the indexes that bound its deliveries (docs/adr/0114)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0021_seal_webhook_secrets'),
    ]

    operations = [
        migrations.AddField(
            model_name='webhook',
            name='deliveries_dropped',
            field=models.PositiveBigIntegerField(default=0, help_text='deliveries owed while it held WEBHOOK_PENDING_MAX pending, since it was registered: neither kept nor sent'),
        ),
        migrations.AddIndex(
            model_name='webhookdelivery',
            index=models.Index(condition=models.Q(('status', 'pending')), fields=['webhook'], name='delivery_pending'),
        ),
        migrations.AddIndex(
            model_name='webhookdelivery',
            index=models.Index(condition=models.Q(('status', 'pending'), _negated=True), fields=['webhook', '-created_at', '-id'], name='delivery_finished'),
        ),
    ]
