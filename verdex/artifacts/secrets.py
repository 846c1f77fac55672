"""The secrets of a session, kept in memory only, and the masking of every form they take in text that
leaves it: the values verdex typed into sensitive fields (password, payment, one-time code: the preflight's
``sensitive`` fact), with the variable a test reads each from, masked in a Playwright trace; and the secrets the
page showed as text (an API token an app made: bridge/names.js ``shownSecrets``), masked in every reply, recording
and effect:

    secrets = TypedSecrets()
    secrets.add("correct horse")                 # by actions.fill/type_text on a sensitive field
    secrets.redact('{"password":"correct horse"}')   # '{"password":"[redacted]"}'
"""

from __future__ import annotations

import html
import json
from typing import Any
from urllib.parse import quote, quote_plus

from verdex.secret_names import secret_env_name

MASK = "[redacted]"         # the bridge's mask for a sensitive field's value (bridge/names.js)

# Characters each encoder leaves as they are: JavaScript's encodeURIComponent and encodeURI, and the
# browser's application/x-www-form-urlencoded serializer (WHATWG URL), besides Python's own defaults.
_URI_COMPONENT_SAFE = "-_.!~*'()"
_URI_SAFE = _URI_COMPONENT_SAFE + ";,/?:@&=+$#"
_FORM_SAFE = "*-._"


def encoded_forms(secret: str) -> set[str]:
    """The secret as it appears raw, inside a JSON string, percent-encoded in a URL, form-encoded in a
    request body, and escaped in HTML."""
    json_escaped = json.dumps(secret)[1:-1]
    return {
        secret,
        json_escaped,
        json.dumps(secret, ensure_ascii=False)[1:-1],
        json.dumps(json_escaped)[1:-1],                  # a JSON document carried inside a JSON string
        quote(secret, safe=""),
        quote(secret, safe=_URI_COMPONENT_SAFE),
        quote(secret, safe=_URI_SAFE),
        quote_plus(secret, safe=""),
        quote_plus(secret, safe=_FORM_SAFE),
        html.escape(secret),
        html.escape(secret, quote=False),
    }


class SecretForms:
    """Values never written anywhere: each masked in every form it takes."""

    def __init__(self) -> None:
        self._forms: list[str] = []        # longest first, so that a form holding another goes whole

    def __bool__(self) -> bool:
        return bool(self._forms)

    def add(self, value: str) -> None:
        if not value:
            return
        self._forms = sorted(set(self._forms) | encoded_forms(value), key=len, reverse=True)

    def joined(self, other: SecretForms) -> SecretForms:
        """These secrets and ``other``'s, as one."""
        both = SecretForms()
        both._forms = sorted(set(self._forms) | set(other._forms), key=len, reverse=True)
        return both

    def redact(self, text: str) -> str:
        for form in self._forms:
            text = text.replace(form, MASK)
        return text

    def found_in(self, text: str) -> bool:
        return any(form in text for form in self._forms)

    def redact_data(self, data: Any) -> Any:
        """``data`` (what JSON holds) with every form of a secret in its strings masked."""
        if not self._forms:
            return data
        return json.loads(self.redact(json.dumps(data, ensure_ascii=False)))


class TypedSecrets(SecretForms):
    """Every value typed into a sensitive field, and the variable a test reads each from."""

    def __init__(self) -> None:
        super().__init__()
        self._named: dict[str, str] = {}   # each variable a test reads, and the value typed under it

    def env_name(self, field: str | None, value: str) -> str:
        """The variable a test reads ``value`` from: named after the field (``VERDEX_SECRET_PASSWORD``). Another
        value typed into a field of the same name (a login's Password, then a database's Password in a dialog)
        is read from the next free ``_2``, ``_3``: one variable for both would type one secret where the other
        belongs. The same value typed again, into that field or another (a new password's confirmation), keeps
        its variable: the test types it from one."""
        known = next((name for name, typed in self._named.items() if typed == value), None)
        if known is not None:
            return known
        base = secret_env_name(field)
        name, number = base, 1
        while self._named.get(name, value) != value:
            number += 1
            name = f"{base}_{number}"
        self._named[name] = value
        return name
