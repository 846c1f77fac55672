"""Which document a ref or an observation belongs to.

Ref numbers never repeat within a tab: each new document's bridge starts numbering where the last
one stopped. So a ref's number alone says which document issued it, and whether that document is
still the one on screen — the difference between ``STALE_OBSERVATION`` (the page has navigated
since), ``UNKNOWN_REF`` (never issued) and a question for the bridge (attached or ``STALE_REF``).

A tab may live for days and navigate thousands of times, so the book keeps only the last
``KEEP_DOCUMENTS`` documents and ``KEEP_OBSERVATIONS`` observations; a ref from a document older
than those is still told apart (stale, not unknown), and an older cursor is "no longer cached".
"""

from __future__ import annotations

import re
from collections import OrderedDict, deque
from dataclasses import dataclass, field

from verdex.errors import InvalidArgument, StaleObservation, UnknownRef

REF_PATTERN = re.compile(r"^(?:f\d+)?e(\d+)$")
CURSOR_PATTERN = re.compile(r"^o(\d+):(\d+)$")
KEEP_DOCUMENTS = 64
KEEP_OBSERVATIONS = 64          # the bridge caches the lines of its last 5 only


@dataclass
class RefBook:
    """Per tab: the documents seen, where each one's refs start, and the observations taken."""

    next_ref: int = 1
    first_ref: int | None = None            # the first ref number of the first document ever seen
    _documents: deque[tuple[str, int]] = field(default_factory=lambda: deque(maxlen=KEEP_DOCUMENTS))
    _observations: OrderedDict[str, str] = field(default_factory=OrderedDict)   # observation id -> document
    _observation_seq: int = 0

    def __post_init__(self) -> None:
        self.base = self.next_ref               # the first number this tab may ever issue

    @property
    def current_document(self) -> str | None:
        return self._documents[-1][0] if self._documents else None

    def document_installed(self, document_id: str, ref_base: int) -> None:
        if self.first_ref is None:
            self.first_ref = ref_base
        self._documents.append((document_id, ref_base))
        self.next_ref = max(self.next_ref, ref_base)

    def saw(self, next_ref: int) -> None:
        self.next_ref = max(self.next_ref, next_ref)

    def new_observation(self) -> str:
        self._observation_seq += 1
        return f"o{self._observation_seq}"

    def observed(self, observation_id: str, document_id: str) -> None:
        self._observations[observation_id] = document_id
        while len(self._observations) > KEEP_OBSERVATIONS:
            self._observations.popitem(last=False)

    def check_ref(self, ref: str) -> str:
        """Return the ref if it belongs to the current document; raise the right error otherwise."""
        if not isinstance(ref, str) or not (match := REF_PATTERN.match(ref.strip())):
            raise InvalidArgument(f"{ref!r} is not a ref; refs look like e42 or f1e7 and come from browser_snapshot",
                                  ref=ref)
        ref = ref.strip()
        number = int(match.group(1))
        if number < self.base:
            raise UnknownRef(f"{ref} is not a ref of this session: its refs start at e{self.base}. A ref from "
                             "another session? Take a snapshot here and use one of its refs", ref=ref)
        if number >= self.next_ref or self.first_ref is None or number < self.first_ref:
            raise UnknownRef(f"{ref} was never issued on this tab; take a snapshot and use one of its refs", ref=ref)
        owner = self._owner(number)
        if owner != self.current_document:
            raise StaleObservation(f"{ref} came from a document this tab has since navigated away from; "
                                   "take a new snapshot", ref=ref)
        return ref

    def check_cursor(self, cursor: str) -> tuple[str, int]:
        match = CURSOR_PATTERN.match(cursor.strip()) if isinstance(cursor, str) else None
        if not match:
            raise InvalidArgument(f"{cursor!r} is not a cursor; pass next_cursor from a snapshot", cursor=cursor)
        number, offset = int(match.group(1)), int(match.group(2))
        observation_id = f"o{number}"
        document = self._observations.get(observation_id)
        if document is None and 0 < number <= self._observation_seq:
            raise InvalidArgument(f"observation {observation_id} is no longer cached; take a new snapshot",
                                  cursor=cursor)
        if document is None:
            raise InvalidArgument(f"observation {observation_id} is unknown on this tab", cursor=cursor)
        if document != self.current_document:
            raise StaleObservation(f"observation {observation_id} belongs to a document this tab has since "
                                   "navigated away from; take a new snapshot", cursor=cursor)
        return observation_id, offset

    def _owner(self, number: int) -> str | None:
        """The document that issued ref ``number``; None when it is older than the documents kept."""
        owner = None
        for document_id, start in self._documents:
            if start <= number:
                owner = document_id
        return owner
