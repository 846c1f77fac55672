"""Syntax check and formatting for generated TypeScript (@playwright/test) specs, before they are written.

Runs ``prettier_format.mjs`` (next to this file) with ``node``, one process kept warm for the next spec:
prettier parses the source with TypeScript's parser and formats it. Without prettier,
``typescript_syntax.mjs`` parses it with the ``typescript`` package. Each package is found in ``node_modules/`` of the working directory or a
parent (the user's project), else of the verdex checkout (``./dev setup`` installs the pinned ones). Only
syntax is checked, not types. Never imports Playwright. See docs/typescript.md.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import subprocess
import threading
import time
from pathlib import Path

__all__ = ["UNCHECKED_NOTE", "NodeToolchainMissing", "TypeScriptSyntaxError", "checked_and_formatted",
           "prettier_formatted", "typescript_syntax_errors"]

SCRIPT = Path(__file__).with_name("typescript_syntax.mjs")
FORMAT_SCRIPT = Path(__file__).with_name("prettier_format.mjs")
REPO_ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 30

_SETUP_HINT = ("run `npm install --save-dev typescript` in your project, or ./dev setup in a verdex checkout "
               "(it runs npm ci and installs the pinned typescript package)")

# The first line of a spec written where node or its typescript package is not found (a pip-installed
# verdex in a project without them): written, not proven to parse, and it says so.
UNCHECKED_NOTE = ("// not syntax-checked or formatted: node or its typescript package is not installed here "
                  "(npm install --save-dev typescript prettier, then export again)")
NOT_FORMATTED_NOTE = "// not formatted: prettier is not installed (npm install --save-dev prettier, then export again)"


class NodeToolchainMissing(RuntimeError):
    """node, or the package a step runs (typescript, prettier), is not where the step looks for it."""


class TypeScriptSyntaxError(ValueError):
    """The source does not parse; ``errors`` are ``"line:col message"`` strings."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


def checked_and_formatted(source: str) -> str:
    """The spec as it is written: parsed and formatted by prettier (one Node.js process: prettier parses
    with TypeScript's own parser, so it is the syntax check too); without prettier, checked by the
    typescript package and written unformatted; without either, written as it is. Each of the two
    last says so in its first line. A source that does not parse raises TypeScriptSyntaxError."""
    try:
        return prettier_formatted(source)
    except NodeToolchainMissing:
        pass
    try:
        errors = typescript_syntax_errors(source)
    except NodeToolchainMissing:
        return f"{UNCHECKED_NOTE}\n{source}"
    if errors:
        raise TypeScriptSyntaxError(errors)
    return f"{NOT_FORMATTED_NOTE}\n{source}"


def package_root(start: Path, package: str = "typescript") -> Path | None:
    """The folder at or above ``start`` whose node_modules holds the package."""
    start = start.resolve()
    return next((folder for folder in (start, *start.parents)
                 if (folder / "node_modules" / package / "package.json").is_file()), None)


def prettier_formatted(source: str, *, root: Path | None = None) -> str:
    """``source`` formatted by the prettier package of the user's project (else of the verdex checkout;
    only under ``root`` when given), 100 columns wide like the Python black writes. A source that does not
    parse raises TypeScriptSyntaxError (its first error); NodeToolchainMissing when node or prettier is not
    there, RuntimeError when prettier fails in any other way."""
    node = shutil.which("node")
    starts = [Path(root)] if root is not None else [Path.cwd(), REPO_ROOT]
    cwd = next((found for found in (package_root(start, "prettier") for start in starts) if found is not None), None)
    if node is None or cwd is None:
        raise NodeToolchainMissing("prettier is not installed (npm install --save-dev prettier)")
    answer = _formatter(node, cwd).answer({"source": source})
    if "errors" in answer:
        raise TypeScriptSyntaxError([f"{d['line']}:{d['column']} {d['message']}" for d in answer["errors"]])
    if "failed" in answer:
        raise RuntimeError(f"prettier failed: {answer['failed']}")
    return answer["formatted"]


class _Formatter:
    """One warm ``node prettier_format.mjs`` for a project's prettier: loading prettier is most of a format's
    time (a third of a second of CPU), and an export formats again at each revision its proof makes. A request
    is one JSON line, its answer the next line out; one at a time (a lock), each bounded by TIMEOUT_S, after
    which the process is stopped and the next request starts another. It ends when this process ends."""

    def __init__(self, node: str, cwd: Path) -> None:
        self._command, self._cwd = [node, str(FORMAT_SCRIPT)], cwd
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None

    def answer(self, request: dict[str, str]) -> dict:
        with self._lock:
            warm = self._proc is not None and self._proc.poll() is None
            if not warm:
                self._start()
            line = self._asked(request)
            if not line and warm:              # it died since its last answer (killed, out of memory): again
                self._start()
                line = self._asked(request)
            if not line:                       # it ended unasked: prettier missing, or node failed
                proc = self._proc
                self.stop()
                message = proc.stderr.read().decode("utf-8", "replace").strip()
                if proc.returncode == 3:
                    raise NodeToolchainMissing(f"prettier is not installed under {self._cwd} ({message})")
                raise RuntimeError(f"prettier failed (exit {proc.returncode}): {message}")
            return json.loads(line)

    def _start(self) -> None:
        self.stop()
        self._proc = subprocess.Popen(self._command, cwd=self._cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE)

    def _asked(self, request: dict[str, str]) -> bytes:
        """The process's answer line, empty when it ended first."""
        proc = self._proc
        try:
            proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            proc.stdin.flush()
            return _line_within(proc.stdout.fileno(), TIMEOUT_S)
        except BrokenPipeError:
            return b""
        except TimeoutError:
            self.stop()
            raise RuntimeError(f"prettier took more than {TIMEOUT_S} s") from None

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _line_within(fd: int, timeout_s: float) -> bytes:
    """One line read from ``fd`` (unbuffered: the answer is the only line the process writes), empty at its
    end; TimeoutError when it takes longer than ``timeout_s``."""
    deadline, line = time.monotonic() + timeout_s, b""
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise TimeoutError
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b""
        line += chunk
    return line


_formatters: dict[tuple[int, str, Path], _Formatter] = {}
_formatters_lock = threading.Lock()


def _formatter(node: str, cwd: Path) -> _Formatter:
    """The warm formatter of this process for ``node`` and the project at ``cwd`` (a forked child starts its
    own: the key holds the process id)."""
    key = (os.getpid(), node, cwd)
    with _formatters_lock:
        if key not in _formatters:
            _formatters[key] = _Formatter(node, cwd)
        return _formatters[key]


@atexit.register
def _stop_formatters() -> None:
    for key, formatter in list(_formatters.items()):
        if key[0] == os.getpid():
            formatter.stop()


def typescript_syntax_errors(source: str, *, root: Path | None = None) -> list[str]:
    """The syntax errors in TypeScript ``source`` as ``"line:col message"`` strings, [] when clean.

    ``root`` is where to look for ``node_modules/typescript`` (there and in its parents); by default
    the working directory, then the verdex checkout. Raises NodeToolchainMissing when ``node`` or the
    ``typescript`` package is missing, RuntimeError when the checker fails in any other way.
    """
    node = shutil.which("node")
    if node is None:
        raise NodeToolchainMissing(
            "node is not installed, so generated TypeScript cannot be syntax-checked; "
            f"{_SETUP_HINT} (on Debian: apt-get install -y nodejs npm)"
        )
    starts = [Path(root)] if root is not None else [Path.cwd(), REPO_ROOT]
    cwd = next((found for found in map(package_root, starts) if found is not None), None)
    if cwd is None:
        raise NodeToolchainMissing(
            "generated TypeScript is syntax-checked with the typescript package, which is not installed in "
            f"node_modules of {starts[0]} or a parent; {_SETUP_HINT}")
    try:
        proc = subprocess.run(
            [node, str(SCRIPT)],
            input=source,
            capture_output=True,
            encoding="utf-8",
            cwd=cwd,
            timeout=TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(f"the TypeScript syntax check took more than {TIMEOUT_S} s") from exc
    if proc.returncode == 3:
        raise NodeToolchainMissing(
            f"the typescript package is not installed under {cwd}/node_modules; {_SETUP_HINT}"
        )
    if proc.returncode not in (0, 1):
        raise RuntimeError(
            f"the TypeScript syntax check failed (exit {proc.returncode}): {proc.stderr.strip()}"
        )
    try:
        diagnostics = json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        raise RuntimeError(f"unexpected output from {SCRIPT.name}: {proc.stdout!r}") from exc
    if proc.returncode == 1 and not diagnostics:
        raise RuntimeError(f"{SCRIPT.name} exited 1 without diagnostics: {proc.stderr.strip()}")
    return [f"{d['line']}:{d['column']} {d['message']}" for d in diagnostics]
