"""The names ``verdex`` exports: every typed error a caller can catch, the session and its options, and
nothing that does not import."""

from __future__ import annotations

import inspect

import verdex
from verdex import errors


def test_every_typed_error_is_exported_from_the_package():
    typed = {name for name, obj in inspect.getmembers(errors, inspect.isclass)
             if issubclass(obj, errors.VerdexError) and obj.__module__ == errors.__name__}
    assert typed <= set(verdex.__all__), sorted(typed - set(verdex.__all__))


def test_every_exported_name_imports_and_the_session_api_is_there():
    assert {"Session", "BrowserOptions", "RoleSpec", "Policy", "AuditLog", "__version__"} <= set(verdex.__all__)
    for name in verdex.__all__:
        assert getattr(verdex, name) is not None, name
