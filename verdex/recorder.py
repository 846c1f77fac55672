"""The recording of a session: an append-only JSON Lines file, one header, then one record per step,
flushed as each step ends so that a killed server leaves a file readable up to its last step.

Secrets never enter it: a value typed into a password, payment or one-time-code field is stored as
the name of the environment variable a generated test will read it from.
"""

from __future__ import annotations

import json
import os
import re
import threading
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path
from typing import Any

FORMAT_VERSION = 1


def secret_env_name(field: str | None) -> str:
    """``VERDEX_SECRET_PASSWORD`` for a field named ``password``."""
    base = re.sub(r"[^A-Za-z0-9]+", "_", field or "value").strip("_").upper() or "VALUE"
    return f"VERDEX_SECRET_{base}"


class Recorder:
    def __init__(self, path: str | Path, *, base_url: str | None, roles: list[dict[str, Any]]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._steps = 0
        self._file = self.path.open("a", encoding="utf-8")
        self._write({"type": "header", "format": FORMAT_VERSION, "verdex": version("verdex"),
                     "playwright": version("playwright"), "base_url": base_url, "roles": roles,
                     "started": datetime.now(timezone.utc).isoformat()})

    def step(self, record: dict[str, Any]) -> int:
        with self._lock:
            self._steps += 1
            self._write({"type": "step", "index": self._steps,
                         "time": datetime.now(timezone.utc).isoformat(), **record})
            return self._steps

    def _write(self, record: dict[str, Any]) -> None:
        self._file.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()
