"""Proving on export (verdex/proof.py): ``export_test`` runs the test it just wrote against the app the
session is on — once as it is, twice under seeded chaos — before it answers; revises verdex's own
choices when a run fails on one; says UNPROVEN, with the run, the line and the error, when the test
still fails; bounds each run (a hang is stopped); proves from the command line; refuses what is no
number of runs. The state an app kept across runs, told apart from a wrong choice, has files of its own:
tests/test_proof_kept_state.py (what the test's first page shows, what it types) and
tests/test_proof_kept_state_where_stopped.py (the page a run stopped or landed on, what its first action finds).

Recorded by a scripted agent over the SDK's real MCP client (tests/flows/agent.py) on the fixture shop
and on the small apps of tests/proof_apps.py; every proof runs the real pytest / ``npx playwright test``.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, Outcome, recording_client
from tests.proof_apps import PASSWORD, proof_apps
from tests.proof_flows import add_first_book, create_and_export
from verdex import exporting
from verdex.errors import InvalidArgument
from verdex.fixtures.server import FixtureServer
from verdex.proof_runs import ADDOPTS_ENV, run_pytest, run_pytest_rounds
from verdex.unique import PYTHON_TOKEN

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")


async def _add_pixel(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/shop/")
    toast = "Added Pixel 8 to cart"
    await agent.click("button", "Add to Cart", after=("heading", "Pixel 8"), expect_text=toast)
    await agent.verify_text(toast)


async def _new_document(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/docs/")
    await agent.click("button", "New document")


async def _shop_exported(tmp_path: Path, target: str, path: Path) -> Outcome:
    with FixtureServer() as shop:
        async with recording_client(tmp_path / "shop.jsonl") as client:
            agent = Agent(client)
            await _add_pixel(agent, shop.url)
            return await agent.must("export_test", target=target, path=str(path), name="shop")


async def test_an_export_proves_its_test_once_as_is_and_twice_under_chaos(tmp_path):
    answer = await _shop_exported(tmp_path, "python", tmp_path / "test_shop.py")
    assert PROVED_3.search(answer.text), answer.text
    assert answer.text.startswith(f"wrote {tmp_path / 'test_shop.py'}, {tmp_path / 'conftest.py'}; proved")
    assert answer.data["proof"]["verdict"] == "proved" and answer.data["proof"]["passed"] == 3


@pytest.mark.usefixtures("proof_actions_bounded")
async def test_an_export_after_the_app_changed_under_the_recording_reports_the_failing_line(tmp_path):
    test_file = tmp_path / "test_shop.py"
    with FixtureServer() as shop:
        async with recording_client(tmp_path / "shop.jsonl") as client:
            agent = Agent(client)
            await _add_pixel(agent, shop.url)
            shop.change_shop("renamed-button")              # "Add to Cart" is "Add to basket" from now on
            answer = await agent.call("export_test", target="python", path=str(test_file), name="shop")
    assert answer.error and "UNPROVEN: test_shop.py: run 1 (as it is) failed at line " in answer.text, answer.text
    line = int(re.search(r"failed at line (\d+)", answer.text).group(1))
    source = test_file.read_text(encoding="utf-8").splitlines()
    assert source[0].startswith("# UNPROVEN (verdex proved it on export and it failed): run 1 (as it is)")
    header = next(i for i, text in enumerate(source) if not text.startswith("#"))
    assert "click()" in "".join(source[header + line - 3:header + line + 1])     # the line, before the header
    assert max(len(text) for text in source[:header]) <= 100, source[:header]   # as wide as the code at most
    assert 'name="Add to Cart"' in answer.text and "TimeoutError" in answer.text


@pytest.mark.skipif(shutil.which("npx") is None, reason="Node.js is not installed")
async def test_a_typescript_export_is_proven_by_playwright_test(tmp_path, monkeypatch):
    """The path as a user types it in their project's folder, relative: Playwright Test runs from the
    project that holds @playwright/test, and still finds the spec's config."""
    monkeypatch.chdir(tmp_path)
    answer = await _shop_exported(tmp_path, "typescript", Path("specs") / "shop.spec.ts")
    assert re.search(r"proved 1/1 \(1 plain; verdex's chaos runs under pytest only, \d+ s\)", answer.text), \
        answer.text


async def test_a_url_holding_a_name_the_server_made_is_any_name_before_proving_and_nothing_is_revised(tmp_path):
    """The generator tells the server's name from the recording (generators/server_names.py: the 201 that
    made the document, and the URL the page went to): proving has nothing to loosen."""
    test_file = tmp_path / "test_docs.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)          # the server names it Untitled.doc
            answer = await agent.must("export_test", target="python", path=str(test_file), name="docs")
    assert PROVED_3.search(answer.text), answer.text
    assert "revised" not in answer.text, answer.text
    source = test_file.read_text(encoding="utf-8")
    assert r'to_have_url(re.compile(r"/docs/edit/[^/]+$")' in source, source


async def test_a_servers_own_form_whose_controls_shadow_its_properties_is_recorded_and_proven(tmp_path):
    """Trac's new-ticket form: radios named ``action``, a hidden ``id``, a summary named ``title``; a
    form's named controls stand in for its own properties (``form.action`` is the radios). The click's
    facts still say where the form goes and how, and the test it gives is proven."""
    answer = await create_and_export(tmp_path, "/tickets/", "Summary", "Login page crashes", "Create ticket",
                                      "Login page crashes")
    assert not answer.error and "proved 3/3" in answer.text, answer.text
    click = next(step for step in map(json.loads, (tmp_path / "tickets.jsonl").read_text(encoding="utf-8").splitlines())
                 if step.get("type") == "step" and step.get("tool") == "browser_click")
    form = click["preflight"]["navigation"]["form"]
    assert form["action"].endswith("/tickets/new") and form["method"] == "post", form


async def test_a_name_of_each_runs_own_makes_a_flow_that_creates_repeatable(tmp_path):
    """The same flow with ``{unique}`` in the name it types: the session spells it with its token, the
    agent checks what the page then shows, and both tests make their own each run — proven 3/3 and 1/1
    on the app that keeps every name it was given, the recording's too. The flow deletes nothing it made,
    so the answer says that runs add up in the app (a list paged or drawn only in view hides a later run's)."""
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "names.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/names/")
            typed = await agent.fill("textbox", "Name", "Ada {unique}")
            token = re.search(r"\{unique\} is ((?:\d[a-f]){4}) in this session; the exported test makes its own each run",
                              typed.text).group(1)
            await agent.click("button", "Create", expect_text=f"Created Ada {token}")
            await agent.verify_text(f"Created Ada {token}")             # as the page shows it
            python = await agent.call("export_test", target="python", path=str(tmp_path / "test_names.py"),
                                      name="names")
            typescript = await agent.call("export_test", target="typescript",
                                          path=str(tmp_path / "names.spec.ts"), name="names")
    assert not python.error and PROVED_3.search(python.text), python.text
    assert not typescript.error and "proved 1/1" in typescript.text, typescript.text
    leaves = ("each run leaves what it makes under a name of its own ('Ada {unique}') and no control the flow uses "
              "after it says it deletes or removes")
    assert leaves in python.text and leaves in typescript.text, python.text
    for path, made, typed_line, checked in (
            ("test_names.py", f"unique = {PYTHON_TOKEN}", 'fill(f"Ada {unique}")', 'get_by_text(f"Created Ada {unique}"'),
            ("names.spec.ts", "const unique = Array.from(", "fill(`Ada ${unique}`)",
             "getByText(`Created Ada ${unique}`")):
        source = (tmp_path / path).read_text(encoding="utf-8")
        assert made in source and typed_line in source and checked in source, source
        code = [line for line in source.splitlines() if not line.strip().startswith(("#", "//"))]
        assert not any(token in line for line in code), source     # the recording's token only in its comment


async def test_an_empty_state_verdex_waited_for_is_dropped_when_the_flow_makes_its_values_anew(tmp_path):
    """Airflow 3's Variables page: the startup wait verdex chose was the empty state the app's first answer drew
    ("No variables found"), which the recording's variable took away. The agent had typed {unique}, so every
    run adds a variable of its own and its checks hold whatever the app kept; the page showed the recording's
    variable with the description the flow types each run, and the export said "the app kept state from the
    recording … type {unique} in its name", advice already followed, of a line verdex chose.
    The wait is dropped (revised) and the test proven; without {unique} the kept state is still said (the
    shelf's test above). The rows come as HTML the server renders inside a JSON answer, so nothing in the answer
    reads as an empty list or a fragment of no rows (one that does is waited for as an answer when recorded:
    tests/test_startup_text.py)."""
    test_file = tmp_path / "test_catalogue.py"
    with proof_apps() as (url, apps):
        apps.names_late = True
        async with recording_client(tmp_path / "catalogue.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/catalogue/")
            await agent.click("button", "New book")
            await agent.fill("textbox", "Title", "Dune {unique}")
            await agent.fill("textbox", "Author", "Frank Herbert")
            await agent.click("button", "Save", expect_text="Added Dune")
            await agent.verify_text("Added Dune {unique}")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="catalogue")
    written = test_file.read_text(encoding="utf-8")
    assert not answer.error and "proved 3/3" in answer.text, answer.text
    assert "revised by proving: dropped the wait" in written, written
    assert 'get_by_text("No books yet"' not in written, written


@pytest.mark.usefixtures("proof_actions_bounded")
async def test_the_command_line_export_proves_a_recording_when_asked_and_says_unproven_with_the_reason(tmp_path):
    """``verdex export REC -o F --prove N`` runs the test against the recorded app as the session's export
    does; without ``--prove`` it writes only."""
    recording = tmp_path / "shelf.jsonl"
    with proof_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await add_first_book(agent, url)
        command = [sys.executable, "-m", "verdex", "export", str(recording), "-o"]
        written = subprocess.run([*command, str(tmp_path / "test_written.py")], capture_output=True, text=True,
                                 timeout=120, env=runner.test_env())
        apps.reset()                                          # a fresh copy of the app: no book yet
        proved = subprocess.run([*command, str(tmp_path / "test_proved.py"), "--prove", "1"], capture_output=True,
                                text=True, timeout=300, env=runner.test_env())
        kept = subprocess.run([*command, str(tmp_path / "test_kept.py"), "--prove", "1"], capture_output=True,
                              text=True, timeout=300, env=runner.test_env())    # Dune is there from that run
    assert written.returncode == 0 and "proved" not in written.stdout, written.stdout + written.stderr
    assert proved.returncode == 0 and re.search(r"proved 1/1 \(1 plain", proved.stdout), \
        proved.stdout + proved.stderr
    assert kept.returncode == 1 and "UNPROVEN: test_kept.py: the app kept state from the recording: before the " \
        "test's first step, its first page already shows 'Dune'" in kept.stderr, kept.stderr
    assert (tmp_path / "test_kept.py").read_text(encoding="utf-8").startswith("# UNPROVEN")


async def test_prove_0_skips_proving_and_says_so(tmp_path):
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)
            answer = await agent.must("export_test", target="python", path=str(tmp_path / "test_docs.py"),
                                      name="docs", prove=0)
    assert answer.text.endswith("; not proved (prove=0)"), answer.text


async def test_an_app_that_is_down_at_export_time_is_unproven_with_the_reason(tmp_path):
    async with recording_client(tmp_path / "docs.jsonl") as client:
        agent = Agent(client)
        with proof_apps() as (url, _):
            await _new_document(agent, url)
        answer = await agent.call("export_test", target="python", path=str(tmp_path / "test_docs.py"), name="docs")
    assert answer.error and f"the app the test was recorded on, {url}, does not answer now" in answer.text, \
        answer.text
    assert (tmp_path / "test_docs.py").read_text(encoding="utf-8").startswith("# UNPROVEN")


async def test_a_secret_is_read_from_the_environment_by_the_proof_and_never_printed(tmp_path, monkeypatch):
    """Unset, the secret is what the proof says is missing: not the app's kept state, though the user the
    test types ("admin") is a part of the first page's text (Django's login: "Django administration")."""
    test_file = tmp_path / "test_vault.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "vault.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/secret/")
            await agent.fill("textbox", "User", "admin")
            await agent.fill("textbox", "Password", PASSWORD)
            await agent.click("button", "Unlock", expect_text="Unlocked")
            await agent.verify_text("Unlocked")
            monkeypatch.delenv("VERDEX_SECRET_PASSWORD", raising=False)
            missing = await agent.call("export_test", target="python", path=str(test_file), name="vault")
            monkeypatch.setenv("VERDEX_SECRET_PASSWORD", PASSWORD)
            proved = await agent.must("export_test", target="python", path=str(test_file), name="vault")
    assert missing.error and "VERDEX_SECRET_PASSWORD" in missing.text, missing.text
    assert "reads VERDEX_SECRET_PASSWORD from the environment" in missing.text, missing.text   # not a locator's
    assert "no other choice" not in missing.text and "kept state" not in missing.text, missing.text
    assert PROVED_3.search(proved.text), proved.text
    for text in (missing.text, proved.text, test_file.read_text(encoding="utf-8")):
        assert PASSWORD not in text


def test_a_run_that_hangs_is_stopped_and_reported(tmp_path):
    hanging = tmp_path / "test_hangs.py"
    hanging.write_text("import threading\n\n\ndef test_hangs():\n    threading.Event().wait()\n", encoding="utf-8")
    run = run_pytest(hanging, label="run 1 (as it is)", chaos_seed=None, timeout_s=5, secrets=[])
    assert not run.passed and run.error == "Hang" and "did not finish in 5 s" in run.message


def test_a_hang_costs_its_own_run_s_bound_not_the_rounds_and_takes_what_it_started_with_it(tmp_path):
    """Run 1 of ten hangs: it is stopped once it has run for its bound (not ten runs' worth; three, nine minutes
    at the default), and the process its test started (a browser, say) is stopped with it — asked first, so
    that it cleans up (Playwright's driver removes its browsers' profile folders), then killed."""
    hanging = tmp_path / "test_hangs.py"
    child = ("import pathlib, signal, sys, time\n"
             "signal.signal(signal.SIGTERM, lambda *_: (pathlib.Path('cleaned').write_text('yes'), sys.exit(0)))\n"
             "time.sleep(600)\n")
    hanging.write_text("import pathlib, subprocess, sys, threading\n\n\ndef test_hangs():\n"
                       f"    child = subprocess.Popen([sys.executable, '-c', {child!r}])\n"
                       "    pathlib.Path('child.pid').write_text(str(child.pid))\n"
                       "    threading.Event().wait()\n", encoding="utf-8")
    started = time.monotonic()
    runs = run_pytest_rounds(hanging, [(f"run {n}", None) for n in range(1, 11)], timeout_s=8, secrets=[])
    took = time.monotonic() - started
    assert [(run.label, run.error) for run in runs] == [("run 1", "Hang")]
    # its own 8 s after pytest started it, not the ten runs' 80 s (start-up on a busy machine has room)
    assert took < 6 * 8, f"{took:.0f} s: the hang was given the other runs' time too"
    stat = Path(f"/proc/{(tmp_path / 'child.pid').read_text()}/stat")
    assert not stat.exists() or stat.read_text().split(") ")[1][0] in "ZX", "the test's child still runs"
    assert (tmp_path / "cleaned").read_text() == "yes"


def test_the_runs_take_the_options_meant_for_them_and_not_the_developers(tmp_path, monkeypatch):
    """PYTEST_ADDOPTS is the developer's for their own suite (here it would deselect the test);
    VERDEX_PYTEST_ADDOPTS is for proving's runs (here: no hypothesis plugin, as this suite sets it)."""
    probe = tmp_path / "test_options.py"
    probe.write_text("def test_options(request):\n"
                     "    assert request.config.pluginmanager.is_blocked('hypothesispytest')\n", encoding="utf-8")
    monkeypatch.setenv("PYTEST_ADDOPTS", "-k nothing_is_named_so")
    monkeypatch.setenv(ADDOPTS_ENV, "-p no:hypothesispytest")
    run = run_pytest(probe, label="run 1 (as it is)", chaos_seed=None, timeout_s=120, secrets=[])
    assert run.passed, run.message
    monkeypatch.delenv(ADDOPTS_ENV)
    run = run_pytest(probe, label="run 1 (as it is)", chaos_seed=None, timeout_s=120, secrets=[])
    assert not run.passed and "is_blocked" in run.message


def test_the_runs_share_one_pytest_process_each_under_its_own_seed_and_stop_at_the_first_failure(tmp_path):
    seeded = tmp_path / "test_seeded.py"
    seeded.write_text("import os\n\n\ndef test_seeded(request):\n    seed = request.config.getoption('chaos_seed')\n"
                      "    with open('seeds.txt', 'a') as seen:\n        seen.write(f'{seed} {os.getpid()}\\n')\n"
                      "    assert seed != 2, 'fails under seed 2'\n", encoding="utf-8")
    runs = run_pytest_rounds(seeded, [("run 1 (as it is)", None), ("run 2 (chaos seed 1)", 1),
                                      ("run 3 (chaos seed 2)", 2), ("run 4 (chaos seed 3)", 3)],
                             timeout_s=120, secrets=[])
    assert [(run.label, run.passed) for run in runs] == [("run 1 (as it is)", True), ("run 2 (chaos seed 1)", True),
                                                         ("run 3 (chaos seed 2)", False)]
    assert runs[-1].line == 8 and runs[-1].error == "AssertionError" and "fails under seed 2" in runs[-1].message
    seen = [line.split() for line in (tmp_path / "seeds.txt").read_text().splitlines()]
    assert [seed for seed, _ in seen] == ["None", "1", "2"] and len({pid for _, pid in seen}) == 1


async def test_an_export_into_a_folder_whose_conftest_names_another_app_carries_its_own_origin(tmp_path):
    folder = tmp_path / "e2e"
    folder.mkdir()
    other_app = (EXAMPLES / "generated" / "python" / "conftest.py").read_text(encoding="utf-8")   # verdex's, for
    (folder / "conftest.py").write_text(re.sub(r'RECORDED_BASE_URL = ".*"', 'RECORDED_BASE_URL = "http://127.0.0.1:9"',
                                               other_app), encoding="utf-8")                  # another app
    assert 'RECORDED_BASE_URL = "http://127.0.0.1:9"' in (folder / "conftest.py").read_text(encoding="utf-8")
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)
            answer = await agent.must("export_test", target="python", path=str(folder / "test_docs.py"),
                                      name="docs")
    assert "conftest.py beside this test points at http://127.0.0.1:9" in " ".join(answer.text.split()), answer.text
    assert PROVED_3.search(answer.text), answer.text
    assert f'RECORDED_BASE_URL = "{url}"' in (folder / "test_docs.py").read_text(encoding="utf-8")


async def test_two_exports_at_once_in_one_session_are_both_proven_and_a_dead_browser_does_not_matter(tmp_path):
    from verdex import actions
    from verdex.browser.session import Session
    with proof_apps() as (url, _):
        async with Session(record=tmp_path / "docs.jsonl") as session:
            tab = await session.tab()
            await actions.navigate(tab, url + "/docs/")
            snapshot = (await tab.snapshot()).text
            await actions.click(tab, re.search(r'button "New document" \[ref=(e\d+)\]', snapshot).group(1))
            await session.close()                                # the session's browser is gone
            first, second = await asyncio.gather(
                exporting.export_test(session, target="python", path=tmp_path / "a" / "test_docs.py", name="docs",
                                      prove=1),
                exporting.export_test(session, target="python", path=tmp_path / "b" / "test_docs.py", name="docs",
                                      prove=1))
    assert first.proof.verdict == second.proof.verdict == "proved", (first.summary(), second.summary())


async def test_without_node_python_is_proven_and_typescript_is_said_unproven_with_the_reason(tmp_path, monkeypatch):
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)
            bare = tmp_path / "bin"
            bare.mkdir()
            (bare / "python").symlink_to(sys.executable)
            monkeypatch.setenv("PATH", str(bare))
            python = await agent.must("export_test", target="python", path=str(tmp_path / "test_docs.py"),
                                      name="docs", prove=1)
            typescript = await agent.call("export_test", target="typescript", path=str(tmp_path / "docs.spec.ts"),
                                          name="docs")
    assert "proved 1/1 (1 plain" in python.text, python.text
    assert typescript.error and "UNPROVEN: docs.spec.ts: TypeScript is neither written nor proven: Node.js is not " \
        "installed" in typescript.text, typescript.text


def test_a_prove_that_is_not_a_number_of_runs_is_refused(monkeypatch):
    with pytest.raises(InvalidArgument, match="0 skips"):
        asyncio.run(exporting.export_test(None, target="python", path="x.py", name="x", prove=-1))   # type: ignore[arg-type]
    monkeypatch.setenv(exporting.PROVE_ENV, "three")
    with pytest.raises(InvalidArgument, match="VERDEX_PROVE"):
        exporting.default_runs()
