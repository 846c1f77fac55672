"""Bad input: each file that cannot be linted gets a clear error, the rest are linted, nothing crashes."""

import os
import re
from pathlib import Path

import pytest

from verdex.lint import lint_paths

BAD = "def test_x(page) -> None:\n    page.wait_for_timeout(100)\n"


def errors(result) -> dict[str, str]:
    """path -> error, from text output (`path:line:col: error: …` or `path: error: …`)."""
    found = {}
    for line in result.stdout.splitlines():
        if ": error: " in line:
            place, _, message = line.partition(": error: ")
            found[re.sub(r":\d+:\d+$", "", place)] = message
    return found


def assert_no_traceback(result) -> None:
    assert "Traceback" not in result.stderr + result.stdout


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "test_ok.py").write_text(BAD)
    return tmp_path


def test_file_that_does_not_parse(lint, tree: Path) -> None:
    (tree / "test_broken.py").write_text("def test_x(page):\n    page.click(\n")
    result = lint(".", cwd=tree)
    assert_no_traceback(result)
    assert result.returncode == 1
    assert "test_broken.py:2:15: error: syntax error: '(' was never closed" in result.stdout.splitlines()
    assert "test_ok.py:2:5: VDX004" in result.stdout
    assert "1 file could not be linted." in result.stdout


def test_file_that_is_not_utf8(lint, tree: Path) -> None:
    (tree / "test_latin1.py").write_bytes(b"def test_x(page):\n    page.get_by_text('caf\xe9').click()\n")
    result = lint(".", cwd=tree)
    assert_no_traceback(result)
    assert errors(result)["test_latin1.py"] == (
        "not valid UTF-8 (byte 0xe9 on line 2); save the file as UTF-8 or declare its encoding (PEP 263)"
    )
    assert "test_ok.py:2:5: VDX004" in result.stdout


def test_file_that_declares_its_encoding_is_read(lint, tree: Path) -> None:
    (tree / "test_cookie.py").write_bytes(
        b"# -*- coding: latin-1 -*-\ndef test_x(page):\n    page.get_by_text('caf\xe9').nth(1).click()\n"
    )
    result = lint(".", "--select", "ALL", cwd=tree)
    assert "test_cookie.py:3:30: VDX001" in result.stdout


def test_empty_file_is_clean(lint, tmp_path: Path) -> None:
    (tmp_path / "test_empty.py").write_text("")
    result = lint(".", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == "All checks passed!\n"


def test_huge_file_is_refused_with_a_reason(lint, tree: Path) -> None:
    (tree / "test_huge.py").write_text("x = 1\n" * 200_000)
    result = lint(".", cwd=tree)
    assert_no_traceback(result)
    assert errors(result)["test_huge.py"] == "file is 1171 KB, larger than the 1024 KB limit (max-file-kb); not linted"
    assert "test_ok.py:2:5: VDX004" in result.stdout


def test_deeply_nested_code_is_an_error_not_a_crash(lint, tree: Path) -> None:
    (tree / "test_deep.py").write_text("def test_x(page):\n    x = " + "-" * 5000 + "1\n")
    (tree / "test_parens.py").write_text("def test_x(page):\n    x = " + "(" * 300 + "1" + ")" * 300 + "\n")
    result = lint(".", cwd=tree)
    assert_no_traceback(result)
    assert errors(result)["test_deep.py"] == "code is nested too deeply to parse"
    assert "too many nested parentheses" in errors(result)["test_parens.py"]
    assert "test_ok.py:2:5: VDX004" in result.stdout


def test_null_bytes(lint, tree: Path) -> None:
    (tree / "test_nul.py").write_bytes(b"def test_x(page):\n    page\x00\n")
    result = lint(".", cwd=tree)
    assert_no_traceback(result)
    assert "test_nul.py" in errors(result)


def test_symlink_loops(lint, tree: Path) -> None:
    (tree / "sub").mkdir()
    (tree / "sub" / "test_sub.py").write_text(BAD)
    os.symlink("..", tree / "sub" / "up")  # a directory that contains itself
    os.symlink("test_self.py", tree / "test_self.py")  # a file link that points at itself
    os.symlink("sub", tree / "same_sub")  # the same directory twice: linted once
    result = lint(".", cwd=tree)
    assert_no_traceback(result)
    found = errors(result)
    assert found["sub/up"] == "symbolic link loop: this directory links back to one of its ancestors"
    assert found["test_self.py"] == "symbolic link loop (too many levels of symbolic links)"
    assert result.stdout.count("VDX004") == 2  # test_ok.py and sub/test_sub.py, once each


def test_missing_path(lint, tree: Path) -> None:
    result = lint("nope.py", "test_ok.py", cwd=tree)
    assert errors(result)["nope.py"] == "No such file or directory"
    assert "test_ok.py:2:5: VDX004" in result.stdout          # the other paths are still linted
    assert result.returncode == 2                             # but a path that is not there is a usage error
    assert lint("nope.py", "--exit-zero", cwd=tree).returncode == 2


def test_a_directory_with_thousands_of_files(lint, tmp_path: Path) -> None:
    for index in range(3000):
        body = BAD if index % 100 == 0 else f"def test_{index}(page) -> None:\n    page.get_by_role('button').click()\n"
        (tmp_path / f"test_{index:04}.py").write_text(body)
    (tmp_path / "test_0001.py").write_text("def (:\n")
    result = lint(".", "--statistics", cwd=tmp_path)
    assert_no_traceback(result)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "   30\tVDX004\thard-wait"
    assert "1 file could not be linted." in result.stdout


def test_api_keeps_going_past_bad_files(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_bytes(b"\xff\xfe")
    (tmp_path / "b.py").write_text(BAD)
    results = lint_paths([str(tmp_path)])
    assert [bool(result.error) for result in results] == [True, False]
    assert [finding.rule for finding in results[1].findings] == ["VDX004"]
