"""The embedded set-up's own secret key (config/settings/keys.py, SECRET_KEY unset)."""

import os
import secrets
import tempfile
from pathlib import Path


def kept_secret_key(path: Path) -> str:
    """The key kept in the file ``path`` (mode 0600), written on the first start; processes
    starting together keep the first one linked in whole."""
    if not path.exists():
        handle, draft = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # mode 0600
        try:
            with os.fdopen(handle, "w") as file:
                file.write(secrets.token_urlsafe(50) + "\n")
            os.link(draft, path)
        except FileExistsError:
            pass  # another process linked its key first: that one is kept
        finally:
            os.unlink(draft)
    return path.read_text().strip()
