"""The recording of a session: an append-only JSON Lines file, one header, then one record per step,
flushed as each step ends so that a killed server leaves a file readable up to its last step.

The header (versions, base URL, roles) is written with the first step, when the first navigation
has told the base URL. Screenshots of a step (when the session keeps them) go beside it, in
``<recording>.artifacts/0003-click-page.png``, named in the step's ``artifacts``. Secrets never enter it: a
value typed into a password, payment, one-time-code or secret-named field is stored as the name of the
environment variable a generated test will read it from, and a secret the page showed as text (an API token
it made) is masked wherever a step would hold it. The recording's first action
keeps what its page showed just before it (``first_page_text``), once per recording.
"""

from __future__ import annotations

import os
import re
import threading
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path
from urllib.parse import urlsplit
from typing import Any

from verdex.artifacts.secrets import SecretForms
from verdex.facts import BrowserLocale
from verdex.recording_format import FORMAT_VERSION, Header, NavigateStep, RoleRecord, Step


RECORDINGS_DIR_ENV = "VERDEX_RECORDINGS"
DEFAULT_RECORDINGS_DIR = ".verdex/recordings"


def default_recording_path(session: str) -> Path:
    """``.verdex/recordings/<session>-<UTC time>.jsonl`` (the folder from ``VERDEX_RECORDINGS`` if set)."""
    folder = Path(os.environ.get(RECORDINGS_DIR_ENV) or DEFAULT_RECORDINGS_DIR)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    return folder / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', session) or 'session'}-{stamp}.jsonl"


class Recorder:
    """A session's recording. The file is created with the first step, so a session that does nothing
    leaves nothing behind; ``start`` begins a new file (the next steps go there); a recorder without a
    path records nothing."""

    def __init__(self, path: str | Path | None, *, base_url: str | None = None,
                 roles: list[RoleRecord] | None = None, unique: str | None = None,
                 test_id_attribute: str | None = None, masked: SecretForms | None = None) -> None:
        self._lock = threading.Lock()
        self._masked = masked if masked is not None else SecretForms()   # the secrets the session's pages showed as text
        self._roles = roles or []
        self._unique = unique                # the session's {unique} token (verdex/unique.py)
        self._test_id_attribute = test_id_attribute     # what get_by_test_id reads, when not Playwright's own
        self.browser_locale: BrowserLocale | None = None    # told by the first page the session navigates
        self._file: Any = None
        self.start(path, base_url=base_url)

    def start(self, path: str | Path | None, *, base_url: str | None = None) -> None:
        """Finish the current file and record the next steps to ``path`` (None: record nothing)."""
        with self._lock:
            self._close_file()
            self.path = Path(path) if path is not None else None
            self._base_url = base_url
            self._steps = 0
            self._first_page_kept = False

    @property
    def on(self) -> bool:
        return self.path is not None

    @property
    def steps(self) -> int:
        return self._steps

    @property
    def wants_first_page(self) -> bool:
        """The next action is to keep what its page shows (``Step.first_page_text``): it records, and no step
        written has kept it yet (the recording's first action; a refused one keeps nothing)."""
        return self.on and not self._first_page_kept

    @property
    def artifacts_dir(self) -> Path:
        assert self.path is not None, "a recorder without a path keeps no artifacts"
        return self.path.with_name(self.path.name + ".artifacts")

    def write(self, step: Step, attachments: dict[str, bytes] | None = None) -> int:
        """Append one step (the header goes first, once the base URL is known from the first navigation),
        numbered and timed here. Attachments (``{"page": png}``) are written as files first, so a step
        never names a missing one. Called by ``verdex.steps`` alone: the one place steps are recorded."""
        with self._lock:
            if self.path is None:
                return 0
            if self._file is None:              # the first step, or the first after close()
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._file = self.path.open("a", encoding="utf-8")
            if self._steps == 0:
                self._write_header(step)
            self._steps += 1
            self._first_page_kept = self._first_page_kept or step.first_page_text is not None
            update: dict[str, Any] = {"index": self._steps, "time": datetime.now(timezone.utc).isoformat()}
            if attachments:
                update["artifacts"] = self._attach(step.tool, attachments)
            self._write(self._masked.redact(step.model_copy(update=update).model_dump_json()))
            return self._steps

    def _attach(self, tool: str, attachments: dict[str, bytes]) -> dict[str, str]:
        """``{"page": "session.jsonl.artifacts/0003-click-page.png"}``, relative to the recording's folder."""
        self.artifacts_dir.mkdir(exist_ok=True)
        named = {}
        for kind, png in attachments.items():
            path = self.artifacts_dir / f"{self._steps:04d}-{tool.removeprefix('browser_')}-{kind}.png"
            path.write_bytes(png)
            named[kind] = f"{self.artifacts_dir.name}/{path.name}"
        return named

    def _write_header(self, first: Step) -> None:
        base_url, locale = self._base_url, self.browser_locale
        if base_url is None and isinstance(first, NavigateStep):
            parts = urlsplit(first.args.url)
            base_url = f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None
        header = Header(format=FORMAT_VERSION, verdex=version("verdex"), playwright=version("playwright"),
                        base_url=base_url, roles=self._roles, started=datetime.now(timezone.utc).isoformat(),
                        locale=locale.accept_language.split(",")[0].split(";")[0].strip() if locale else None,
                        timezone_id=locale.time_zone if locale else None, unique=self._unique,
                        test_id_attribute=self._test_id_attribute)
        self._write(header.model_dump_json())

    def _write(self, line: str) -> None:
        self._file.write(line + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        with self._lock:
            self._close_file()

    def _close_file(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
