"""The audit log: one JSON line per gated or denied action, flushed as it is written.

    {"time": "…", "role": "default", "action": "click", "target": {"ref": "e5", "role": "button",
     "name": "Place order"}, "host": "shop.example", "decision": "confirmation_required", "reason": "…"}

Decisions: ``confirmation_required``, ``confirmed``, ``trusted_host`` (a danger action on a trusted
host, done without confirmation) and ``denied`` (the policy refused it). Values typed into fields
never enter it: a line names its target, never what was typed.
"""

from __future__ import annotations

import json
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

Decision = Literal["confirmation_required", "confirmed", "trusted_host", "denied"]


class AuditLog:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._file = self.path.open("a", encoding="utf-8")

    def write(self, *, role: str, action: str, target: dict[str, Any] | None, host: str, decision: Decision,
              reason: str) -> None:
        line = {"time": datetime.now(timezone.utc).isoformat(), "role": role, "action": action, "target": target,
                "host": host, "decision": decision, "reason": reason}
        with self._lock:
            self._file.write(json.dumps(line, ensure_ascii=False) + "\n")
            self._file.flush()

    def close(self) -> None:
        self._file.close()
