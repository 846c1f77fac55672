"""One renderer per target language behind one small interface: a plan in, files out."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from verdex.generators.plan import TestPlan
from verdex.generators.targets.errors import GenerationError

__all__ = ["GenerationError", "Renderer", "default_path", "renderer_for"]


class Renderer(Protocol):
    suffix: str

    def test_file(self, plan: TestPlan, shared_from: TestPlan | None = None) -> str:
        """The test source, formatted and parsed (raises GenerationError if it does not parse). ``shared_from``:
        the plan whose locators used more than once are held in variables (a cut of the whole plan, rendered
        to find a line, declares the whole plan's; by default, ``plan``'s own)."""

    def support_files(self, plan: TestPlan) -> dict[str, str]:
        """Files the test needs beside it (conftest.py, playwright.config.ts), by name."""


def renderer_for(target: str) -> Renderer:
    from verdex.generators.targets.python_pytest import PythonPytest
    from verdex.generators.targets.typescript import TypeScript
    renderers: dict[str, Renderer] = {"python": PythonPytest(), "typescript": TypeScript()}
    if target not in renderers:
        raise ValueError(f"unknown target {target!r}: python or typescript")
    return renderers[target]


def default_path(target: str, name: str) -> Path:
    return Path(f"test_{name}.py") if target == "python" else Path(f"{name}.spec.ts")
