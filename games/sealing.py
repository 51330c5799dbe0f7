"""Data sealed at rest (Fernet) under keys derived from ``SECRET_KEY``: the first key seals,
any of ``SECRET_KEY_FALLBACKS``' opens too, so a rotation keeps what was sealed before."""

from __future__ import annotations

import base64

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings
from django.utils.crypto import salted_hmac


def _sealer(salt: str) -> MultiFernet:
    return MultiFernet([
        Fernet(base64.urlsafe_b64encode(salted_hmac(salt, "", secret=secret,
                                                    algorithm="sha256").digest()))
        for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS)])


def seal(data: bytes, salt: str) -> bytes:
    """``data`` sealed under the key ``salt`` derives from ``SECRET_KEY``."""
    return _sealer(salt).encrypt(data)


def unseal(sealed: bytes, salt: str) -> bytes | None:
    """What ``sealed`` holds, or None when no key of this server (for ``salt``) opens it."""
    try:
        return _sealer(salt).decrypt(sealed)
    except InvalidToken:
        return None
