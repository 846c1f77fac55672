"""Linting many files: discovery, then a process pool when there is enough work for one."""

import difflib
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from verdex.lint.config import LintConfig
from verdex.lint.discovery import discover
from verdex.lint.fixes import fix_source
from verdex.lint.linter import failed, lint_file, lint_source
from verdex.lint.models import LintResult
from verdex.lint.source_files import SourceError, read_source

# Below this much source a pool costs more than it saves.
_POOL_THRESHOLD_BYTES = 256 * 1024


@dataclass(frozen=True)
class FileFix:
    """A file after fixing: what is left to report, and the unified diff of what changed."""

    result: LintResult
    diff: str
    fixed: int


Paths = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


def lint_paths(paths: Paths, config: LintConfig | None = None, *, jobs: int | None = None) -> list[LintResult]:
    """Lint files and directories (walked for `*.py`). One result per file, errors included.

    `jobs` caps the worker processes (default: one per core); small inputs are linted in-process.
    """
    config = config or LintConfig()
    return _run(paths, config, jobs, _lint_chunk, lambda path, error: LintResult(path=path, error=error))


def fix_paths(paths: Paths, config: LintConfig | None = None, *, write: bool, jobs: int | None = None) -> list[FileFix]:
    """Apply safe fixes to files (rewriting them when `write`), and lint what remains."""
    config = config or LintConfig()
    worker = _fix_and_write_chunk if write else _fix_chunk

    def failed(path: str, error: str) -> FileFix:
        return FileFix(LintResult(path=path, error=error), "", 0)

    return _run(paths, config, jobs, worker, failed)


def _run(paths: Paths, config, jobs, worker, failed):
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    targets = discover([os.fspath(path) for path in paths], config)
    files = [target.path for target in targets if target.error is None]
    done = dict(zip(files, _map(worker, files, config, jobs, failed)))
    return [done[target.path] if target.error is None else failed(target.path, target.error) for target in targets]


def _map(worker, files: list[str], config: LintConfig, jobs: int | None, failed) -> list:
    """`worker` over `files`, in a pool when worthwhile; results in the order of `files`."""
    workers = min(jobs or os.cpu_count() or 1, len(files))
    sizes = {path: _size(path) for path in files}
    total = sum(sizes.values())
    if workers <= 1 or total < _POOL_THRESHOLD_BYTES:
        return worker(files, config)
    from concurrent.futures import ProcessPoolExecutor              # only here: one file starts faster without
    from concurrent.futures.process import BrokenProcessPool

    chunks = _balanced_chunks(files, sizes, target=max(1, total // (workers * 8)))
    done: dict[str, object] = {}
    with ProcessPoolExecutor(max_workers=workers, mp_context=_start_method()) as pool:
        futures = [pool.submit(worker, part, config) for part in chunks]
        for part, future in zip(chunks, futures):
            try:
                done.update(zip(part, future.result()))
            except BrokenProcessPool:
                done.update((path, failed(path, "internal error: the lint worker process died")) for path in part)
    return [done[path] for path in files]


def _balanced_chunks(files: list[str], sizes: dict[str, int], target: int) -> list[list[str]]:
    """Largest files first, grouped up to `target` bytes, so that no worker is left with the giant at the end."""
    chunks: list[list[str]] = []
    current: list[str] = []
    filled = 0
    for path in sorted(files, key=sizes.__getitem__, reverse=True):
        current.append(path)
        filled += sizes[path]
        if filled >= target:
            chunks.append(current)
            current, filled = [], 0
    if current:
        chunks.append(current)
    return chunks


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _start_method():
    # fork is fast, but not safe once the process has threads (an MCP server, say).
    import multiprocessing

    return multiprocessing.get_context("fork" if threading.active_count() == 1 else "spawn")


def _lint_chunk(paths: list[str], config: LintConfig) -> list[LintResult]:
    return [lint_file(path, config) for path in paths]


def _fix_chunk(paths: list[str], config: LintConfig) -> list[FileFix]:
    return [_fix_file(path, config, write=False) for path in paths]


def _fix_and_write_chunk(paths: list[str], config: LintConfig) -> list[FileFix]:
    return [_fix_file(path, config, write=True) for path in paths]


def _fix_file(path: str, config: LintConfig, *, write: bool) -> FileFix:
    try:
        source, encoding = read_source(path, config.max_file_kb * 1024)
        before = lint_source(source, path, config)
        if before.error is not None or not any(finding.fixable for finding in before.findings):
            return FileFix(before, "", 0)
        fixed = fix_source(source, path, config)
        after = lint_source(fixed, path, config)
        if write and fixed != source:
            with open(path, "wb") as file:
                file.write(fixed.encode(encoding))
        diff = "".join(
            difflib.unified_diff(
                source.splitlines(keepends=True), fixed.splitlines(keepends=True), f"a/{path}", f"b/{path}"
            )
        )
        return FileFix(after if write else before, diff, max(0, len(before.findings) - len(after.findings)))
    except SourceError as error:
        return FileFix(failed(path, error), "", 0)
    except OSError as error:
        return FileFix(LintResult(path=path, error=f"cannot write: {error.strerror or error}"), "", 0)
    except Exception as error:  # a bug in a fix must not stop the other files
        return FileFix(LintResult(path=path, error=f"internal error: {type(error).__name__}: {error}"), "", 0)
