"""Downloads of a session as facts: each is saved under the session's download directory and is
reported with its name, size, path and state. A download is bounded: beyond a size cap (watched on
the partial file while it arrives) or a time cap it is cancelled, its partial file removed, and the
cancellation is the fact."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import time
from pathlib import Path

from playwright.async_api import Download
from playwright.async_api import Error as PlaywrightError
from pydantic import Field

from verdex.facts import Fact
from verdex.unseen import json_string

DEFAULT_MAX_BYTES = 100 * 1024 * 1024
DEFAULT_MAX_SECONDS = 120.0
POLL_S = 0.05
KEPT = 200


class DownloadFact(Fact):
    id: str
    tab: str
    url: str
    name: str = Field(description="the file name the site suggested")
    state: str = Field(description="in_progress | completed | canceled | failed")
    size: int | None = Field(None, description="bytes saved (completed) or received when cancelled")
    path: str | None = Field(None, description="where the file was saved")
    reason: str | None = None

    def to_text(self) -> str:
        size = f", {self.size} bytes" if self.size is not None else ""
        where = f", saved to {self.path}" if self.path else ""
        why = f" ({self.reason})" if self.reason else ""
        return f"{self.id} {json_string(self.name)} {self.state}{size}{where}{why} [tab {self.tab}]"


class DownloadList(Fact):
    directory: str
    max_bytes: int
    downloads: list[DownloadFact]

    def to_text(self) -> str:
        head = f"{len(self.downloads)} download(s) in {self.directory} (cap {self.max_bytes} bytes each)"
        return "\n".join([head] + [d.to_text() for d in self.downloads])


class Downloads:
    """Follows every download of the session. ``incoming`` is the browser's own download folder
    (a launched browser only): partial files there are how a download's size is seen while it runs."""

    def __init__(self, directory: Path, incoming: Path | None, *, max_bytes: int = DEFAULT_MAX_BYTES,
                 max_seconds: float = DEFAULT_MAX_SECONDS) -> None:
        self.directory = directory
        self.incoming = incoming
        self.max_bytes = max_bytes
        self.max_seconds = max_seconds
        self._facts: dict[str, DownloadFact] = {}
        self._of: dict[int, str] = {}           # id(Download) -> download id
        self._partials: dict[str, Path] = {}    # download id -> its partial file, once seen
        self._tasks: set[asyncio.Task] = set()
        self._seq = 0

    def started(self, tab_id: str, download: Download) -> None:
        self._seq += 1
        download_id = f"d{self._seq}"
        self._of[id(download)] = download_id
        self._facts[download_id] = DownloadFact(id=download_id, tab=tab_id, url=download.url,
                                                name=download.suggested_filename, state="in_progress")
        while len(self._facts) > KEPT:
            self._facts.pop(next(iter(self._facts)))
        task = asyncio.get_running_loop().create_task(self._follow(download_id, download))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def fact(self, download: Download) -> DownloadFact | None:
        download_id = self._of.get(id(download))
        return self._facts.get(download_id) if download_id else None

    def listing(self) -> DownloadList:
        return DownloadList(directory=str(self.directory), max_bytes=self.max_bytes, downloads=list(self._facts.values()))

    async def settled(self, download: Download, timeout: float) -> DownloadFact | None:
        """The download's fact once it is no longer in progress, or as it is after timeout seconds."""
        deadline = time.monotonic() + timeout
        while (fact := self.fact(download)) is not None and fact.state == "in_progress" and time.monotonic() < deadline:
            await asyncio.sleep(POLL_S)
        return fact

    async def _follow(self, download_id: str, download: Download) -> None:
        outcome = asyncio.ensure_future(download.failure())
        started = time.monotonic()
        try:
            while not outcome.done():
                received = self._received(download_id)
                if received is not None and received > self.max_bytes:
                    await self._cancel(download_id, download, f"larger than the cap of {self.max_bytes} bytes", received)
                    return
                if time.monotonic() - started > self.max_seconds:
                    await self._cancel(download_id, download, f"not finished within {self.max_seconds:.0f} s", received)
                    return
                await asyncio.wait({outcome}, timeout=POLL_S)
            failure = outcome.result()
            if failure:
                self._update(download_id, state="failed", reason=failure)
                return
            target = self._free_path(download.suggested_filename)
            await download.save_as(target)
            self._update(download_id, state="completed", size=target.stat().st_size, path=str(target))
        except PlaywrightError as exc:                # the browser or the page went away meanwhile
            self._update(download_id, state="failed", reason=str(exc).splitlines()[0])
        finally:
            outcome.cancel()

    async def _cancel(self, download_id: str, download: Download, reason: str, received: int | None) -> None:
        with contextlib.suppress(PlaywrightError):
            await download.cancel()
        self._update(download_id, state="canceled", size=received, reason=reason)
        partial = self._partials.get(download_id)
        if partial is not None:
            with contextlib.suppress(OSError):
                partial.unlink()

    def _received(self, download_id: str) -> int | None:
        """Bytes of the partial file that belongs to this download: the first one in the browser's
        folder that no other download has claimed."""
        if self.incoming is None:
            return None
        partial = self._partials.get(download_id)
        if partial is None:
            claimed = set(self._partials.values())
            candidates = sorted((p for p in self.incoming.glob("*.crdownload") if p not in claimed),
                                key=lambda p: p.stat().st_mtime if p.exists() else 0)
            if not candidates:
                return None
            partial = self._partials[download_id] = candidates[0]
        try:
            return partial.stat().st_size
        except OSError:
            return None

    def _free_path(self, name: str) -> Path:
        stem = re.sub(r"[^\w.-]+", "_", Path(name).name).strip("._") or "download"
        target = self.directory / stem
        counter = 1
        while target.exists():
            counter += 1
            base, dot, ext = stem.rpartition(".")
            target = self.directory / (f"{base}-{counter}.{ext}" if dot and base else f"{stem}-{counter}")
        return target

    def _update(self, download_id: str, **changes: object) -> None:
        fact = self._facts.get(download_id)
        if fact is not None:
            self._facts[download_id] = fact.model_copy(update=changes)

    def tidy(self, *, ours: bool) -> None:
        """At the session's end: the browser's own folder goes (it keeps a copy of every download under an id
        as its name, the saved file being the one the answer named), and the folder itself when verdex made it
        (``ours``) and nothing was saved there: a session's temporary folder."""
        if self.incoming is not None:
            shutil.rmtree(self.incoming, ignore_errors=True)
        if ours:
            try:
                self.directory.rmdir()
            except OSError:              # a saved file is in it: the user's
                pass

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
