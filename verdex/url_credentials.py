"""Credentials a URL carries, masked wherever verdex keeps or shows a request's URL: the value of a query
parameter named for one (``?token=…``, ``access_token``, ``api_key``, ``X-Amz-Signature``), and a JSON Web
Token anywhere in it (a socket.io handshake's ``?token=eyJ…``, a path segment). The server issued them; the
agent, the recording and a generated test have no use for them, and a transcript must not hold them.

    masked("/socket.io/?token=eyJhbGciOi….eyJ1c2Vy….Rod6&EIO=4")   # "/socket.io/?token=[redacted]&EIO=4"
"""

from __future__ import annotations

import re

from verdex.artifacts.secrets import MASK

CREDENTIAL_PARAMETER = re.compile(
    r"(?P<key>(?:^|[?&;])(?:[\w.-]*[_.-])?(?:token|access_?token|id_?token|refresh_?token|api_?key|apikey|secret|"
    r"password|passwd|signature|credential|jwt|auth|authorization|session_?id)=)(?P<value>[^&#;]+)",
    re.IGNORECASE)
JWT = re.compile(r"\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*")


def masked(url: str) -> str:
    """The URL with every credential it carries replaced by ``[redacted]``; the rest as it was."""
    return CREDENTIAL_PARAMETER.sub(r"\g<key>" + MASK, JWT.sub(MASK, url))
