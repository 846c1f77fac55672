"""Whether a form's submission is the page's to handle, read before acting from the code of the submit
listeners on the form and above it (DevTools gives their code): a single-page app's form posts its data
itself and cancels the browser's submission (``event.preventDefault()`` in a listener, ``return false`` in an
``onsubmit`` attribute), so no navigation comes. A framework's root listener (React's, a bound or native
function) shows no code: the page listens, and whether it prevents the submission cannot be read."""

from __future__ import annotations

import re
from typing import Literal

PREVENTS = re.compile(r"\.preventDefault\s*\(|\breturn\s+false\b")


def page_handling(sources: list[str] | None) -> Literal["prevents", "listens"] | None:
    """``sources``: the code of each submit listener from the form up to the window (None: not read)."""
    if not sources:
        return None
    return "prevents" if any(PREVENTS.search(source) for source in sources) else "listens"
