"""Turning the paths on the command line into the files to lint.

Directories are walked for `*.py`, skipping virtualenvs, caches and `exclude` patterns; files named
explicitly are always linted. Symlinked directories are followed once; a link that points back to
one of its own ancestors is reported as a loop instead of being walked forever.
"""

import os
from dataclasses import dataclass

from verdex.lint.config import LintConfig
from verdex.lint.source_files import describe_os_error

SKIPPED_DIRECTORIES = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        "__pycache__",
        "node_modules",
        "build",
        "dist",
        "site-packages",
        ".eggs",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
    }
)


@dataclass(frozen=True)
class Target:
    """A file to lint, or a path that could not be followed and why."""

    path: str
    error: str | None = None


def discover(paths: list[str], config: LintConfig) -> list[Target]:
    targets: list[Target] = []
    seen_files: set[tuple[int, int]] = set()
    for path in paths:
        path = os.path.normpath(path)
        try:
            status = os.stat(path)
        except OSError as error:
            targets.append(Target(path, describe_os_error(error)))
            continue
        if os.path.isdir(path):
            _walk(path, config, targets, seen_files, ancestors=())
        elif _first_sighting(status, seen_files):
            targets.append(Target(path))
    return targets


def _walk(
    directory: str,
    config: LintConfig,
    targets: list[Target],
    seen_files: set[tuple[int, int]],
    ancestors: tuple[tuple[int, int], ...],
) -> None:
    stack = [(directory, ancestors)]
    visited: set[tuple[int, int]] = set()
    while stack:
        current, ancestors = stack.pop()
        status = os.stat(current)
        identity = (status.st_dev, status.st_ino)
        if identity in ancestors:
            targets.append(Target(current, "symbolic link loop: this directory links back to one of its ancestors"))
            continue
        if identity in visited:
            continue
        visited.add(identity)
        try:
            entries = sorted(os.scandir(current), key=lambda entry: entry.name)
        except OSError as error:
            targets.append(Target(current, describe_os_error(error)))
            continue
        subdirectories = []
        for entry in entries:
            path = os.path.normpath(entry.path)
            try:
                is_directory = entry.is_dir()
                is_file = not is_directory and entry.is_file()
                if entry.is_symlink() and not (is_directory or is_file):
                    os.stat(path)  # raises for a broken link or a loop
            except OSError as error:
                if entry.name.endswith(".py") or entry.is_symlink():
                    targets.append(Target(path, describe_os_error(error)))
                continue
            if is_directory:
                if entry.name not in SKIPPED_DIRECTORIES and not config.is_excluded(path):
                    subdirectories.append((entry.is_symlink(), path))
            elif is_file and entry.name.endswith(".py") and not config.is_excluded(path):
                if _first_sighting(entry.stat(), seen_files):
                    targets.append(Target(path))
        # Real directories first, so that a directory reached through a link as well keeps its own path.
        for _, subdirectory in sorted(subdirectories, reverse=True):
            stack.append((subdirectory, (*ancestors, identity)))


def _first_sighting(status: os.stat_result, seen: set[tuple[int, int]]) -> bool:
    identity = (status.st_dev, status.st_ino)
    if identity in seen:
        return False
    seen.add(identity)
    return True
