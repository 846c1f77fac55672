"""The TypeScript toolchain for generated @playwright/test specs (docs/typescript.md).

Syntax check and format through generators.typescript_syntax (node + the pinned prettier, which parses with
TypeScript's parser; the typescript package where prettier is missing), then a
real `npx playwright test` run on the Chromium verdex finds (Debian's), with no browser download.
Needs node_modules/ from `./dev setup` (npm ci); `./dev test` does that first.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from verdex.generators.typescript_syntax import (NOT_FORMATTED_NOTE, REPO_ROOT, UNCHECKED_NOTE, TypeScriptSyntaxError,
                                                 checked_and_formatted, prettier_formatted, typescript_syntax_errors)
from verdex.browser.discovery import LAUNCH_ARGS, find_chromium

CLEAN_SPEC = """\
import { test, expect } from "@playwright/test";

test("greets", async ({ page }) => {
  await page.setContent("<button>Hi</button>");
  await expect(page.getByRole("button", { name: "Hi" })).toBeVisible();
});
"""

# Everything a recorded value can carry that a hand-built literal gets wrong.
AWKWARD = 'He said "hi" & \'bye\'\\ C:\\dir\\new\nline 2 ${x} `tick` </script> 😀 مرحبا بالعالم \u2028end'


def awkward_spec(literal: str) -> str:
    return f"""\
import {{ test, expect }} from "@playwright/test";

test("round-trips an awkward string", async ({{ page }}) => {{
  const expected: string = {literal};
  await page.setContent('<p id="t"></p>');
  await page.locator("#t").evaluate((el, text) => {{ el.textContent = text; }}, expected);
  expect(await page.locator("#t").textContent()).toBe({literal});
}});
"""


# --- (a) syntax check and format ----------------------------------------------------------------
def test_a_spec_is_formatted_by_prettier_within_100_columns():
    long_line = ('  await page.getByTestId("product-card").filter({ hasText: "Pixel 8" })'
                 '.getByRole("button", { name: "Add to Cart", exact: true }).click();')
    formatted = prettier_formatted(CLEAN_SPEC.replace("});\n", long_line + "\n});\n"))
    assert max(map(len, formatted.splitlines())) <= 100
    assert '    .filter({ hasText: "Pixel 8" })\n' in formatted and typescript_syntax_errors(formatted) == []


def test_prettier_is_the_syntax_check_and_says_the_first_error_as_typescript_does() -> None:
    broken = CLEAN_SPEC.replace('page.setContent("<button>Hi</button>")', 'page.setContent("<button>Hi</button>)')
    with pytest.raises(TypeScriptSyntaxError) as caught:
        checked_and_formatted(broken)
    assert caught.value.errors == typescript_syntax_errors(broken)[:1] == ["4:47 Unterminated string literal."]


def test_one_warm_prettier_formats_spec_after_spec_and_another_starts_when_it_died(tmp_path, monkeypatch):
    """Loading prettier is most of a format's time: the specs of a session, and each revision a proof makes, are
    formatted by one node process; one that died (killed, out of memory) is started again, nothing lost."""
    started = tmp_path / "started"
    shim = tmp_path / "bin" / "node"
    shim.parent.mkdir()
    shim.write_text(f"#!/bin/sh\necho $$ >> {started}\nexec {shutil.which('node')} \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    monkeypatch.setenv("PATH", f"{shim.parent}{os.pathsep}{os.environ['PATH']}")
    specs = [CLEAN_SPEC.replace('"greets"', f'"greets {n}"') for n in range(3)]
    assert [f'test("greets {n}"' in prettier_formatted(spec) for n, spec in enumerate(specs)] == [True] * 3
    assert len(started.read_text().split()) == 1
    os.kill(int(started.read_text()), signal.SIGKILL)
    assert prettier_formatted(specs[0]) == prettier_formatted(specs[0]) == checked_and_formatted(specs[0])
    assert len(started.read_text().split()) == 2


def test_without_node_the_spec_is_written_unchecked_and_unformatted_and_says_so(monkeypatch):
    monkeypatch.setenv("PATH", "")                 # no node on the PATH: neither prettier nor typescript can run
    assert checked_and_formatted(CLEAN_SPEC) == UNCHECKED_NOTE + "\n" + CLEAN_SPEC


def test_without_prettier_the_spec_is_checked_by_typescript_and_written_unformatted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "node_modules").mkdir()            # a project with typescript and no prettier
    (tmp_path / "node_modules" / "typescript").symlink_to(REPO_ROOT / "node_modules" / "typescript")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("verdex.generators.typescript_syntax.REPO_ROOT", tmp_path)
    assert checked_and_formatted(CLEAN_SPEC) == NOT_FORMATTED_NOTE + "\n" + CLEAN_SPEC
    with pytest.raises(TypeScriptSyntaxError, match="Declaration or statement expected"):
        checked_and_formatted(CLEAN_SPEC + "}\n")


def test_clean_spec_has_no_syntax_errors() -> None:
    assert typescript_syntax_errors(CLEAN_SPEC) == []


def test_unterminated_string_reports_line_and_column() -> None:
    broken = CLEAN_SPEC.replace('page.setContent("<button>Hi</button>")', 'page.setContent("<button>Hi</button>)')
    errors = typescript_syntax_errors(broken)
    assert errors, broken
    assert errors[0] == "4:47 Unterminated string literal.", errors   # TS points at the line end


def test_stray_brace_reports_line_and_column() -> None:
    errors = typescript_syntax_errors(CLEAN_SPEC + "}\n")
    assert errors == ["7:1 Declaration or statement expected."], errors


def test_types_are_not_checked() -> None:
    # Wrong types and unresolvable imports are not syntax errors.
    assert typescript_syntax_errors('import { x } from "no-such-module";\nconst n: number = "text";\n') == []


@pytest.mark.parametrize("ensure_ascii", [True, False], ids=["ascii-escaped", "utf8"])
def test_json_escaped_literal_with_awkward_text_parses_clean(ensure_ascii: bool) -> None:
    assert typescript_syntax_errors(awkward_spec(json.dumps(AWKWARD, ensure_ascii=ensure_ascii))) == []


def test_naive_literal_of_the_same_text_is_caught() -> None:
    naive = '"' + AWKWARD + '"'                   # unescaped quotes and a raw newline
    assert typescript_syntax_errors(awkward_spec(naive))


def test_missing_typescript_package_says_to_run_dev_setup(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match=r"\./dev setup"):
        typescript_syntax_errors(CLEAN_SPEC, root=tmp_path)


def test_missing_node_says_to_run_dev_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    with pytest.raises(RuntimeError, match=r"node is not installed.*\./dev setup"):
        typescript_syntax_errors(CLEAN_SPEC)


def test_syntax_module_does_not_import_playwright() -> None:
    code = ("import sys, generators.typescript_syntax; "
            "sys.exit(any(m == 'playwright' or m.startswith('playwright.') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT).returncode == 0


# --- (b) end to end: npx playwright test on Debian's Chromium ---------------------------------


@pytest.fixture
def spec_dir() -> Iterator[Path]:
    """A scratch folder inside the repository (gitignored .verdex/), so that Node resolves
    @playwright/test from the repository's node_modules/ as it would for a generated spec."""
    if not (REPO_ROOT / "node_modules" / "@playwright" / "test").is_dir():
        pytest.fail("node_modules/@playwright/test is missing: run ./dev setup (npm ci)")
    browser = find_chromium()
    if browser is None:
        pytest.fail("no Chromium found: run ./dev setup")
    parent = REPO_ROOT / ".verdex" / "tmp-ts"
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="run-", dir=parent))
    launch = {"executablePath": browser.path, "args": list(LAUNCH_ARGS)}
    (folder / "playwright.config.ts").write_text(f"""\
import {{ defineConfig }} from "@playwright/test";

export default defineConfig({{
  testDir: ".",
  outputDir: "./test-results",
  retries: 0,
  workers: 1,
  timeout: 20_000,
  use: {{ headless: true, launchOptions: {json.dumps(launch)} }},
}});
""", encoding="utf-8")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        try:
            parent.rmdir()                        # only when no other run is using it
        except OSError:
            pass


def write_spec(folder: Path, name: str, source: str) -> None:
    errors = typescript_syntax_errors(source)     # the generator's check before writing
    assert errors == [], errors
    (folder / name).write_text(source, encoding="utf-8")


def playwright_test(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1", "CI": "1"}
    env.pop("PLAYWRIGHT_BROWSERS_PATH", None)
    return subprocess.run(
        ["npx", "--no-install", "playwright", "test", "--config", str(folder / "playwright.config.ts"),
         "--reporter=line"],
        cwd=REPO_ROOT, env=env, capture_output=True, encoding="utf-8", timeout=120, check=False)


def test_generated_specs_pass_under_npx_playwright_test(spec_dir: Path) -> None:
    write_spec(spec_dir, "greets.spec.ts", CLEAN_SPEC)
    write_spec(spec_dir, "awkward.spec.ts", awkward_spec(json.dumps(AWKWARD, ensure_ascii=False)))
    run = playwright_test(spec_dir)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "2 passed" in output, output


def test_a_failing_spec_fails_the_run(spec_dir: Path) -> None:
    failing = CLEAN_SPEC.replace('{ name: "Hi" })).toBeVisible()', '{ name: "Bye" })).toBeVisible({ timeout: 1000 })')
    write_spec(spec_dir, "fails.spec.ts", failing)
    run = playwright_test(spec_dir)
    output = run.stdout + run.stderr
    assert run.returncode != 0, output
    assert "1 failed" in output, output
