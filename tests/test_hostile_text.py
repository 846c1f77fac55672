"""Hostile product names, from the agent's session to a passing test in both target languages.

The hostile catalog (``/shop/?catalog=hostile``, fixtures/catalog.py) names its products with quotes,
backslashes, a newline, ``{{ }}``, ``"); import os #``, ``${x}``, ``</script>``, HTML entities, emoji,
right-to-left text, a right-to-left override and an icon font's glyph with a zero-width space. For each product the scripted agent (tests/flows/agent.py) adds that product
to the cart, finding its "Add to Cart" under the card's heading in the snapshot, checks that the click
proposes the toast, verifies it, and exports a Python and a TypeScript test. Then:

- the Python file parses, imports only what the generator adds (``re``, ``playwright.sync_api``) and
  uses no name but ``page``/``expect``/``re``/``response``: page text is only ever a string constant;
- the TypeScript parses (``typescript_syntax_errors``), imports only ``@playwright/test``, has no
  template expression, and uses no free identifier but ``test``/``expect``/``page``/``response…``/
  ``RegExp``; the name and the toast are string literals in both files; beside the test, only the
  generator's own constants (``DATA_ANSWERED``, ``KEEP_ANSWER_TIMINGS``), each holding the generator's text;
- neither file holds a character a reader cannot see as it is (an override, a glyph, a zero-width space): each
  is written as its ``\\uXXXX`` escape, which both languages read back as the same string;
- all Python tests pass in one pytest run against one fresh fixture server, and all TypeScript specs
  in one ``npx playwright test`` run against another, whose carts then hold each product exactly once
  (the toast assertion alone passes only when the right card's button was clicked; the cart shows no
  other card was).

Accessible names collapse whitespace (accname), so the newline product's heading is
"Line one Line two" in the snapshot: the agent looks for the name as the snapshot shows it and
verifies the toast with the raw name (Playwright's text matching normalizes whitespace too).

Local helper (not in tests/flows/agent.py): ``accessible`` is the name as the snapshot shows it.
"""

from __future__ import annotations

import ast
import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
import urllib.request
from xml.etree import ElementTree
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from verdex.fixtures.catalog import HOSTILE_PRODUCTS
from verdex.fixtures.server import FixtureServer
from verdex.generators.typescript_syntax import REPO_ROOT, typescript_syntax_errors
from verdex.generators.waits import DATA_ANSWERED_COUNTED_SCRIPT, DATA_ANSWERED_SCRIPT, KEEP_ANSWER_TIMINGS_SCRIPT
from tests.flows.runner import playwright_test
from tests.flows.agent import Agent, AgentError, recording_client

CATALOG = "/shop/?catalog=hostile"
NAMES: dict[str, str] = {p["id"]: p["name"] for p in HOSTILE_PRODUCTS}
RECORD_CONCURRENCY = 3          # agent sessions (one browser each) at a time
REPLAY_CONCURRENCY = 3          # npx playwright test's workers for the specs
RUN_TIMEOUT_S = 300      # a bound on a hang only (twelve tests in one run)

# Generated Python may import these and nothing else (``os`` only for a secret, and nothing is typed here).
PY_IMPORT_LINES = {"import re", "from playwright.sync_api import Page, expect"}
PY_NAMES = {"page", "expect", "re", "response", "response_info", "Page"}
# The generator's own constants above the test, fixed text of verdex's with no page text in them: their names, and
# the texts each may hold (the TypeScript spec types the function's parameter)
GENERATOR_CONSTANTS = {"DATA_ANSWERED": {DATA_ANSWERED_SCRIPT, DATA_ANSWERED_COUNTED_SCRIPT},
                       "KEEP_ANSWER_TIMINGS": {KEEP_ANSWER_TIMINGS_SCRIPT}}
TS_CONSTANTS = {"DATA_ANSWERED": {DATA_ANSWERED_SCRIPT.replace("paths =>", "(paths: string[]) =>", 1),
                                  DATA_ANSWERED_COUNTED_SCRIPT.replace("answers =>", "(answers: [string, number][]) =>", 1)},
                "KEEP_ANSWER_TIMINGS": {json.dumps(KEEP_ANSWER_TIMINGS_SCRIPT)}}
TS_IMPORTS = ["@playwright/test"]
TS_FREE_IDENTIFIER = re.compile(r"^(test|expect|page|response\d*|RegExp)$")

# Known generator/tool problems, as (check, product id) → reason; marked xfail(strict=True).
KNOWN: dict[tuple[str, str], str] = {}


def params(check: str) -> list[Any]:
    return [pytest.param(pid, id=pid, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[(check, pid)])]
                         if (check, pid) in KNOWN else []) for pid in NAMES]


def accessible(name: str) -> str:
    """The name as an accessible name (and so the snapshot) shows it: whitespace collapsed, zero-width spaces
    dropped (as Playwright's name matching drops them)."""
    return " ".join(name.replace("\u200b", "").split())


def toast(name: str) -> str:
    return f"Added {name} to cart"


# ---------------------------------------------------------------------------------------- recording
@dataclass
class Recorded:
    pid: str
    name: str
    python: Path | None = None
    typescript: Path | None = None
    error: str | None = None
    seconds: float = 0.0

    def require(self) -> Recorded:
        if self.error:
            pytest.fail(f"recording {self.name!r} failed: {self.error}")
        return self


async def record_one(base_url: str, pid: str, work: Path, ts_dir: Path) -> Recorded:
    name = NAMES[pid]
    result = Recorded(pid, name)
    started = time.monotonic()
    try:
        async with recording_client(work / "recordings" / f"{pid}.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(base_url + CATALOG)
            added = await agent.click("button", "Add to Cart", after=("heading", accessible(name)))
            proposed = agent.proposals(added)
            if toast(accessible(name)) not in map(accessible, proposed):
                raise AgentError(f"the click proposed {proposed!r}, not the toast for {name!r}:\n{added.text}")
            await agent.verify_text(toast(name))
            result.python = (await agent.export("python", work / "py" / pid / f"test_hostile_{pid}.py",
                                                f"hostile_{pid}"))[0]
            result.typescript = (await agent.export("typescript", ts_dir / f"hostile_{pid}.spec.ts",
                                                    f"hostile_{pid}"))[0]
    except Exception as exc:  # noqa: BLE001 - one product's failure is that product's test failure
        result.error = f"{type(exc).__name__}: {exc}"
    result.seconds = time.monotonic() - started
    return result


async def record_all(base_url: str, work: Path, ts_dir: Path) -> dict[str, Recorded]:
    gate = asyncio.Semaphore(RECORD_CONCURRENCY)

    async def one(pid: str) -> Recorded:
        async with gate:
            return await record_one(base_url, pid, work, ts_dir)

    return {r.pid: r for r in await asyncio.gather(*(one(pid) for pid in NAMES))}


@dataclass
class Hostile:
    recorded: dict[str, Recorded]
    ts_dir: Path
    python_run: Future[Replay] | None = None
    wrong_card: Future[Replay] | None = None
    ts_run: Future[TsReplay] | None = None


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hostile]:
    """Every product recorded and exported (one agent session each), then every generated test
    replayed in the background: all Python tests in one pytest run, all specs in one npx run, each
    run against a server of its own."""
    if not (REPO_ROOT / "node_modules" / "@playwright" / "test").is_dir():
        pytest.fail("node_modules/@playwright/test is missing: run ./dev setup (npm ci)")
    work = tmp_path_factory.mktemp("hostile")
    parent = REPO_ROOT / ".verdex" / "tmp-ts"     # under the repo, for node_modules resolution
    parent.mkdir(parents=True, exist_ok=True)
    ts_dir = Path(tempfile.mkdtemp(prefix="hostile-", dir=parent))
    try:
        started = time.monotonic()
        with FixtureServer() as server:
            recorded = asyncio.run(record_all(server.url, work, ts_dir))
        slowest = max(recorded.values(), key=lambda r: r.seconds)
        print(f"\nrecorded {len(recorded)} products in {time.monotonic() - started:.1f} s "
              f"(slowest {slowest.pid}: {slowest.seconds:.1f} s)", file=sys.stderr)
        session = Hostile(recorded, ts_dir)
        ready = [r for r in recorded.values() if r.python and r.typescript]
        with ThreadPoolExecutor(max_workers=3) as pool:
            session.ts_run = pool.submit(run_typescript, ts_dir)
            session.python_run = pool.submit(run_python, *(r.python for r in ready))
            if any(r.pid == WRONG_CARD[0] for r in ready):
                mutated = retarget(recorded[WRONG_CARD[0]].python, NAMES[WRONG_CARD[1]], work / "wrong-card")
                session.wrong_card = pool.submit(run_python, mutated)
            yield session
    finally:
        shutil.rmtree(ts_dir, ignore_errors=True)
        try:
            parent.rmdir()                            # only when no other run is using it
        except OSError:
            pass


# ---------------------------------------------------------------------------------------- replaying
@dataclass
class Replay:
    returncode: int
    output: str
    cart: dict[str, Any]
    failures: dict[str, str]                      # test file name → why its test did not pass


def get_cart(base_url: str) -> dict[str, Any]:
    with urllib.request.urlopen(base_url + "/api/cart", timeout=10) as response:
        return json.loads(response.read())


def quantities(cart: dict[str, Any]) -> dict[str, int]:
    return {item["id"]: item["quantity"] for item in cart["items"]}


def run_python(*test_files: Path) -> Replay:
    """The tests in one pytest run (each file's folder has its conftest.py) against a fresh server."""
    with FixtureServer() as server, tempfile.TemporaryDirectory() as scratch:   # a fresh server: an empty cart
        report = Path(scratch) / "report.xml"
        run = subprocess.run(
            [sys.executable, "-m", "pytest", *map(str, test_files), "-q", "-p", "no:cacheprovider",
             "--base-url", server.url, f"--junitxml={report}"],
            cwd=test_files[0].parent.parent, capture_output=True, encoding="utf-8", timeout=RUN_TIMEOUT_S,
            check=False)
        failures = {}
        if report.exists():
            for case in ElementTree.parse(report).iter("testcase"):
                said = [child.get("message") or child.text or child.tag for child in case
                        if child.tag in ("failure", "error", "skipped")]
                failures[case.get("classname", "").rsplit(".", 1)[-1] + ".py"] = "\n".join(said)
        return Replay(run.returncode, run.stdout + run.stderr, get_cart(server.url), failures)


@dataclass
class TsReplay:
    returncode: int
    output: str
    cart: dict[str, Any]
    specs: dict[str, dict[str, Any]]              # spec file name → {"ok": bool, "errors": [...]}


def run_typescript(ts_dir: Path) -> TsReplay:
    report = ts_dir / "report.json"
    with FixtureServer() as server:
        env = {**os.environ, "BASE_URL": server.url, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1", "CI": "1",
               "PLAYWRIGHT_JSON_OUTPUT_NAME": str(report)}
        env.pop("PLAYWRIGHT_BROWSERS_PATH", None)
        run = subprocess.run(
            [*playwright_test(), "--config", str(ts_dir / "playwright.config.ts"),
             "--reporter=json", f"--workers={REPLAY_CONCURRENCY}"],
            cwd=REPO_ROOT, env=env, capture_output=True, encoding="utf-8", timeout=RUN_TIMEOUT_S, check=False)
        cart = get_cart(server.url)
    specs: dict[str, dict[str, Any]] = {}
    if report.exists():
        def walk(suite: dict[str, Any]) -> None:
            for spec in suite.get("specs", []):
                errors = [e.get("message", "") for t in spec.get("tests", []) for r in t.get("results", [])
                          for e in r.get("errors", [])]
                specs[Path(spec["file"]).name] = {"ok": spec["ok"], "errors": errors}
            for child in suite.get("suites", []):
                walk(child)
        for suite in json.loads(report.read_text(encoding="utf-8")).get("suites", []):
            walk(suite)
    return TsReplay(run.returncode, (run.stdout[-4000:] if not report.exists() else "") + run.stderr, cart, specs)


WRONG_CARD = ("h1", "h2")     # the control: h1's test made to click h2's card must fail


def retarget(test_file: Path, other: str, folder: Path) -> Path:
    """The generated test with the product's name in its locator swapped for another product's (the
    toast it expects is unchanged): a copy that clicks the wrong card."""
    name = NAMES[WRONG_CARD[0]]

    class Swap(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.Constant:
            return ast.Constant(other) if node.value in (name, accessible(name)) else node

    folder.mkdir(parents=True, exist_ok=True)
    for support in test_file.parent.glob("conftest.py"):
        shutil.copy(support, folder / support.name)
    mutated = folder / test_file.name
    tree = Swap().visit(ast.parse(test_file.read_text(encoding="utf-8")))
    mutated.write_text(ast.unparse(ast.fix_missing_locations(tree)), encoding="utf-8")
    return mutated


# ---------------------------------------------------------------------------------------- source checks
def python_problems(source: str, name: str) -> list[str]:
    """Why this generated Python could run something other than the test, or lost the page's text."""
    tree = ast.parse(source)
    problems = []
    for index, node in enumerate(tree.body):
        if index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue                                  # the module docstring
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            line = ast.get_source_segment(source, node)
            if line not in PY_IMPORT_LINES:
                problems.append(f"import the generator does not add: {line}")
            continue
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            continue
        if _generator_constant(node):
            continue
        problems.append(f"top-level statement other than imports and the test: {ast.unparse(node)[:120]}")
    tests = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    if len(tests) != 1:
        problems.append(f"{len(tests)} function/class definitions, expected the one test")
    imports_inside = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                      and n not in tree.body]
    problems += [f"nested import: {line}" for line in imports_inside]
    strange = sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} - PY_NAMES - GENERATOR_CONSTANTS.keys())
    if strange:
        problems.append(f"names outside the test's vocabulary: {strange}")
    for line in source.splitlines():
        if re.match(r"\s*(import|from)\s", line) and line.strip() not in PY_IMPORT_LINES:
            problems.append(f"an import line: {line!r}")
    constants = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    if toast(name) not in constants:
        problems.append(f"the toast {toast(name)!r} is not a string constant")
    if name not in constants and accessible(name) not in constants:
        problems.append(f"the product name {name!r} is not a string constant (the locator lost it)")
    return problems


def unseen(source: str) -> list[str]:
    """The characters of the source a reader cannot see, as written (not escaped): an icon font's private code
    point, a format character (a bidirectional control that makes the code read other than it runs, a zero-width
    space) but the joiners emoji draw with, a line or paragraph separator."""
    return sorted({f"U+{ord(c):04X}" for c in source if unicodedata.category(c) in ("Co", "Cf", "Zl", "Zp")
                   and c not in "\u200c\u200d"})


def _generator_constant(node: ast.stmt) -> bool:
    """A top-level assignment of one of the generator's own constants, holding its fixed text."""
    return (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and node.value.value in GENERATOR_CONSTANTS.get(node.targets[0].id, set()))


TS_ANALYSIS = r"""
const ts = require("typescript");
const fs = require("fs");
const out = {};
for (const file of process.argv.slice(1)) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const info = { imports: [], top: [], strings: [], free: [], templates: 0, constants: {} };
  const constants = new Set();          // the generator's own (TS_CONSTANTS): read apart, not visited
  for (const st of sf.statements) {
    const declared = ts.isVariableStatement(st) && st.declarationList.declarations.length === 1
      ? st.declarationList.declarations[0] : null;
    if (declared && ts.isIdentifier(declared.name) && CONSTANT_NAMES.includes(declared.name.text) && declared.initializer) {
      info.constants[declared.name.text] = declared.initializer.getText(sf);
      constants.add(st);
      continue;
    }
    info.top.push(ts.SyntaxKind[st.kind]);
    if (ts.isImportDeclaration(st)) info.imports.push(st.moduleSpecifier.text);
  }
  const visit = (n) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) info.strings.push(n.text);
    if (ts.isTemplateExpression(n) || ts.isTaggedTemplateExpression(n)) info.templates++;
    if (ts.isIdentifier(n)) {
      const p = n.parent;
      const named = ((ts.isPropertyAccessExpression(p) || ts.isPropertyAssignment(p)) && p.name === n)
        || ts.isImportSpecifier(p);
      if (!named) info.free.push(n.text);
    }
    ts.forEachChild(n, visit);
  };
  for (const st of sf.statements) if (!constants.has(st)) visit(st);
  out[file] = info;
}
process.stdout.write(JSON.stringify(out));
"""


def typescript_problems(info: dict[str, Any], name: str) -> list[str]:
    problems = [f"the constant {constant} holds other text than the generator's: {text[:120]}"
                for constant, text in info["constants"].items()
                if _as_formatted(text) not in {_as_formatted(known) for known in TS_CONSTANTS[constant]}]
    if info["imports"] != TS_IMPORTS:
        problems.append(f"imports {info['imports']}, expected only {TS_IMPORTS}")
    if info["top"] != ["ImportDeclaration", "ExpressionStatement"]:
        problems.append(f"top-level statements {info['top']}, expected the import and the test(...) call")
    if info["templates"]:
        problems.append(f"{info['templates']} template expression(s): page text could interpolate")
    strange = sorted({i for i in info["free"] if not TS_FREE_IDENTIFIER.match(i) and i not in info["constants"]})
    if strange:
        problems.append(f"identifiers outside the test's vocabulary: {strange}")
    if toast(name) not in info["strings"]:
        problems.append(f"the toast {toast(name)!r} is not a string literal")
    if name not in info["strings"] and accessible(name) not in info["strings"]:
        problems.append(f"the product name {name!r} is not a string literal (the locator lost it)")
    return problems


def _as_formatted(code: str) -> str:
    """Code without what prettier may change: its whitespace, a trailing comma."""
    return re.sub(r",(?=[)\]}])", "", re.sub(r"\s+", "", code))


def analyse_typescript(files: list[Path]) -> dict[str, dict[str, Any]]:
    """Each spec's imports, top-level statements, string literals and free identifiers (by file name),
    read with the typescript package's parser."""
    script = TS_ANALYSIS.replace("CONSTANT_NAMES", json.dumps(sorted(TS_CONSTANTS)), 1)
    run = subprocess.run(["node", "-e", script, *map(str, files)], cwd=REPO_ROOT, capture_output=True,
                         encoding="utf-8", timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    return {Path(file).name: info for file, info in json.loads(run.stdout).items()}


@pytest.fixture(scope="module")
def ts_analysis(hostile: Hostile) -> dict[str, dict[str, Any]]:
    return analyse_typescript([r.typescript for r in hostile.recorded.values() if r.typescript])


# ---------------------------------------------------------------------------------------- the proofs
@pytest.mark.parametrize("pid", params("python-source"))
def test_python_source_carries_the_name_only_as_a_literal(hostile: Hostile, pid: str) -> None:
    recorded = hostile.recorded[pid].require()
    assert recorded.python is not None
    source = recorded.python.read_text(encoding="utf-8")
    assert python_problems(source, recorded.name) == [], source
    assert unseen(source) == [], source


@pytest.mark.parametrize("pid", params("typescript-source"))
def test_typescript_source_carries_the_name_only_as_a_literal(
        hostile: Hostile, ts_analysis: dict[str, dict[str, Any]], pid: str) -> None:
    recorded = hostile.recorded[pid].require()
    assert recorded.typescript is not None
    source = recorded.typescript.read_text(encoding="utf-8")
    assert typescript_syntax_errors(source) == [], source
    assert typescript_problems(ts_analysis[recorded.typescript.name], recorded.name) == [], source
    assert unseen(source) == [], source


@pytest.mark.parametrize("pid", params("python-run"))
def test_generated_python_test_passes_and_adds_exactly_that_product(hostile: Hostile, pid: str) -> None:
    recorded = hostile.recorded[pid].require()
    assert hostile.python_run is not None and recorded.python is not None
    replay = hostile.python_run.result()
    source = recorded.python.read_text(encoding="utf-8")
    failure = replay.failures.get(recorded.python.name)
    assert failure is not None, f"no result for {recorded.python.name}: {replay.output}"
    assert failure == "", f"{failure}\n{source}"
    # One run, one server: every test added its own product once, and no other card was clicked.
    ran = {p for p, r in hostile.recorded.items() if r.python and r.python.name in replay.failures}
    assert quantities(replay.cart).get(pid) == 1, (replay.cart, source)
    assert set(quantities(replay.cart)) <= ran, replay.cart


@pytest.mark.parametrize("pid", params("typescript-run"))
def test_generated_typescript_spec_passes_and_adds_exactly_that_product(hostile: Hostile, pid: str) -> None:
    recorded = hostile.recorded[pid].require()
    assert hostile.ts_run is not None and recorded.typescript is not None
    replay = hostile.ts_run.result()
    spec = replay.specs.get(recorded.typescript.name)
    source = recorded.typescript.read_text(encoding="utf-8")
    assert spec is not None, f"no result for {recorded.typescript.name}: {replay.output}"
    assert spec["ok"], "\n".join(spec["errors"]) + "\n" + source
    # One run, one server: every spec added its own product once, and no other card was clicked.
    ran = {p for p, r in hostile.recorded.items() if r.typescript and r.typescript.name in replay.specs}
    assert quantities(replay.cart).get(pid) == 1, replay.cart
    assert set(quantities(replay.cart)) <= ran, replay.cart


# ---------------------------------------------------------------------------------------- the controls
def test_control_the_toast_assertion_fails_when_the_wrong_card_is_clicked(hostile: Hostile) -> None:
    """Without this the passing runs above could be vacuous: the same generated test, clicking another
    card, fails on its toast assertion, and the server's cart shows the other product."""
    if hostile.wrong_card is None:
        hostile.recorded[WRONG_CARD[0]].require()
        pytest.fail("the control did not run")
    replay = hostile.wrong_card.result()
    assert replay.returncode == 1, replay.output
    assert "1 failed" in replay.output and "to_be_visible" in replay.output, replay.output
    assert quantities(replay.cart) == {WRONG_CARD[1]: 1}, replay.cart


def test_control_the_source_checks_catch_injected_code(tmp_path: Path) -> None:
    """The checks are not vacuous: what a naive generator (page text pasted between quotes) would write
    for the "); import os # and ${x} products is caught."""
    h5, h6 = NAMES["h5"], NAMES["h6"]
    naive_py = ("from playwright.sync_api import Page, expect\n\n\ndef test_naive(page: Page) -> None:\n"
                f'    page.get_by_test_id("product-card").filter(has_text="{h5}").get_by_role("button").click()\n')
    problems = python_problems(naive_py, h5)                 # it parses: `…filter(has_text="")`; `import os`
    assert any("import os" in p for p in problems), problems
    naive_ts = ('import { test, expect } from "@playwright/test";\n\n'
                'test("naive", async ({ page }) => {\n'
                f'  await page.getByTestId("product-card").filter({{ hasText: `{h6}` }}).getByRole("button").click();\n'
                '});\n')
    assert typescript_syntax_errors(naive_ts) == []          # it parses, and interpolates x
    spec = tmp_path / "naive.spec.ts"
    spec.write_text(naive_ts, encoding="utf-8")
    problems = typescript_problems(analyse_typescript([spec])[spec.name], h6)
    assert any("template expression" in p for p in problems), problems
    assert any("'x'" in p for p in problems), problems
