"""The environment variables a test reads what the agent typed into a sensitive field from."""

from __future__ import annotations

import re

SECRET_ENV_PREFIX = "VERDEX_SECRET_"


def secret_env_name(field: str | None) -> str:
    """``VERDEX_SECRET_PASSWORD`` for a field named ``password``."""
    base = re.sub(r"[^A-Za-z0-9]+", "_", field or "value").strip("_").upper() or "VALUE"
    return f"{SECRET_ENV_PREFIX}{base}"
