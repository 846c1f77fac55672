"""verdex from the shell: a named session outlives the command that opened it, every MCP tool has its
command, and what an agent does with the commands alone becomes a test that passes.

Real processes throughout: ``verdex open`` starts a session process on a real Chromium, later
commands reach it over its socket, and the exported test runs under pytest."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from verdex.server import build_server
from verdex.cli import SESSION_HELP
from verdex.shell.commands import COMMANDS, WITHOUT_SESSION, command_parser
from verdex.shell.places import REF_BLOCK, SESSIONS_DIR_ENV, Place
from verdex.tools import CAPABILITY_GROUPS, TOOLS

WAIT_S = 30.0


@pytest.fixture
def shell(tmp_path: Path):
    """``shell("click", "e5", session="s")`` runs ``verdex …`` in tmp_path with its own sessions folder;
    every session it opened is closed afterwards."""
    def run(*argv: str, session: str | None = "t", cwd: Path = tmp_path, **env_vars: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "verdex", *argv, *(["-s", session] if session else [])]
        env = {**os.environ, SESSIONS_DIR_ENV: str(tmp_path / "sessions"), **env_vars}
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False)

    run.folder = tmp_path / "sessions"
    yield run
    run("close", "--all", session=None)


def _ref(snapshot: str, line_pattern: str) -> str:
    match = re.search(line_pattern + r".*\[ref=(e\d+)\]", snapshot)
    assert match, snapshot
    return match.group(1)


def _until(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {WAIT_S:.0f} s"
        time.sleep(0.1)


@pytest.mark.anyio
async def test_every_tool_is_an_mcp_tool_and_a_shell_command_and_every_command_a_tool():
    listed = await build_server(caps=CAPABILITY_GROUPS).list_tools()
    assert {tool.name for tool in listed} == set(TOOLS), "the MCP server lists verdex's tools, no more"
    assert all(tool.input_schema == {k: v for k, v in TOOLS[tool.name].input_schema.items()
                                     if k != "additionalProperties"} for tool in listed), "with the same arguments"
    commanded = {command.tool for command in COMMANDS.values()} | set(WITHOUT_SESSION)
    assert set(TOOLS) - commanded == set(), "tools without a command"
    assert commanded - set(TOOLS) == set(), "commands without a tool"


def test_every_option_the_help_shows_for_a_session_command_is_one_that_command_takes():
    """`verdex --help` said `upload REF --paths F`; `upload` takes its files as arguments and refused `--paths`
    (an agent driving Transmission's add dialog from that help tripped on it)."""
    listed = SESSION_HELP.split("\n  verdex sessions")[0].split("verdex snapshot", 1)[1]
    for entry in ("snapshot" + listed).replace("\n", " ").split("|"):
        name, *words = entry.split()
        if name not in COMMANDS:
            continue
        command = COMMANDS[name]
        taken = {flag for action in command_parser(name, command, TOOLS[command.tool])._actions
                 for flag in action.option_strings}
        shown = {word.strip("[]") for word in words if word.strip("[]").startswith("--")} - {"--json"}  # every one's
        assert shown <= taken, f"{name}: the help shows {sorted(shown - taken)}, which it refuses"


def test_the_session_process_calls_the_tools_without_loading_the_mcp_sdk():
    """The first command of a session waits for the session process's imports: the shell needs the
    tools, not the protocol (the MCP SDK takes longer to import than Chromium takes to start)."""
    loaded = subprocess.run([sys.executable, "-c", "import sys, verdex.shell.daemon, verdex.tools; "
                             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types')))"],
                            capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"


def test_a_session_opened_with_a_role_on_its_default_url_exports_what_it_filled_there(apps, shell, tmp_path):
    """``verdex open --role alice - URL``: the role's default-URL navigation is recorded, so the test starts there."""
    opened = shell("open", "--role", "alice", "-", f"{apps.url}/login/")
    assert opened.returncode == 0, opened.stderr
    username = _ref(shell("snapshot").stdout, r'textbox "Username"')
    assert shell("fill", username, "demo").returncode == 0
    exported = shell("export", "test_alice.py")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    source = (tmp_path / "test_alice.py").read_text()
    assert source.index('page.goto("/login/")') < source.index('.fill("demo")'), source


def test_a_file_a_command_names_is_where_the_command_was_typed_not_where_the_session_was_opened(
        apps, shell, tmp_path):
    assert shell("open", f"{apps.url}/shop/").returncode == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    saved = shell("state-save", "state.json", cwd=elsewhere)
    assert saved.returncode == 0, saved.stdout + saved.stderr
    exported = shell("export", "tests/test_shop.py", "--prove", "0", cwd=elsewhere)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    assert (elsewhere / "state.json").is_file() and (elsewhere / "tests" / "test_shop.py").is_file()
    assert not (tmp_path / "state.json").exists() and not (tmp_path / "tests").exists()
    assert str(elsewhere / "tests" / "test_shop.py") in exported.stdout, exported.stdout


def test_a_secret_set_where_export_is_typed_reaches_the_runs_that_prove_the_test(apps, shell, tmp_path):
    """The session was opened without the password's variable; the agent sets it in the shell it types the
    export in, as the unproven export told it, and the runs that prove the test read it there."""
    assert shell("open", f"{apps.url}/login/").returncode == 0
    snapshot = shell("snapshot").stdout
    assert shell("fill", _ref(snapshot, r'textbox "Username"'), "demo").returncode == 0
    assert shell("fill", _ref(snapshot, r'textbox "Password"'), "hunter2").returncode == 0
    assert shell("export", "test_login.py", "--prove", "0").returncode == 0
    secret = re.search(r'os\.environ\["(VERDEX_SECRET_\w+)"\]', (tmp_path / "test_login.py").read_text())
    assert secret, (tmp_path / "test_login.py").read_text()
    assert secret.group(1) not in os.environ
    exported = shell("export", "test_login.py", "--prove", "1", **{secret.group(1): "hunter2"})
    assert exported.returncode == 0 and "proved 1/1" in exported.stdout, exported.stdout + exported.stderr


def test_an_agent_with_only_the_shell_writes_a_test_that_passes(apps, shell, tmp_path):
    opened = shell("open", f"{apps.url}/shop/")
    assert opened.returncode == 0, opened.stderr
    assert "navigated (HTTP 200)" in opened.stdout and "recording to " in opened.stderr
    assert shell("wait-for", "--text", "Pixel 8").returncode == 0         # the products come from an API
    snapshot = shell("snapshot")
    assert snapshot.returncode == 0 and 'heading "Pixel 8"' in snapshot.stdout
    card = shell("ancestors", _ref(snapshot.stdout, r'button "Add to Cart"'))
    assert card.returncode == 0 and "product-card" in card.stdout
    button = _ref(snapshot.stdout.split('heading "Pixel 8"', 1)[1], r'button "Add to Cart"')
    clicked = shell("click", button, "--wait")
    assert clicked.returncode == 0, clicked.stderr
    assert 'appeared: status "Added Pixel 8 to cart"' in clicked.stdout
    assert shell("verify-text", "Added Pixel 8 to cart").returncode == 0
    assert shell("verify-url", "/shop/").returncode == 0
    missing = shell("verify-text", "Added Emma to cart")          # a check that does not hold stops a script
    assert missing.returncode == 1 and "Added Emma to cart" in missing.stderr, missing.stdout + missing.stderr
    as_data = shell("verify-text", "Added Emma to cart", "--json")
    assert as_data.returncode == 1 and json.loads(as_data.stdout)["passed"] is False, as_data.stdout + as_data.stderr
    exported = shell("export", "tests/test_pixel.py")
    assert exported.returncode == 0 and "test_pixel.py" in exported.stdout, exported.stderr
    assert shell("export", "tests/pixel.spec.ts", "--target", "typescript").returncode == 0
    listed = shell("sessions", session=None)
    assert re.search(r"^t\s+" + re.escape(f"{apps.url}/shop/") + r"\s+\d+ steps", listed.stdout, re.M), listed.stdout
    closed = shell("close")
    assert closed.returncode == 0 and re.fullmatch(r"closed session t \(\d+ steps recorded\)\n", closed.stdout)
    recording = tmp_path / opened.stderr.split("recording to ")[1].strip()        # said once, from where it was opened
    assert recording.is_file() and recording.read_text().count("\n") >= 5
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--base-url", apps.url],
                         cwd=tmp_path / "tests", capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout[-3000:]


def test_select_takes_the_labels_the_snapshot_shows_as_words(apps, shell):
    """As Playwright's CLI takes its option: `verdex select REF Japan` (--values for the options' values)."""
    assert shell("open", f"{apps.url}/aria/").returncode == 0
    snapshot = shell("snapshot").stdout
    chosen = shell("select", _ref(snapshot, r'combobox "Country"'), "Japan")
    assert chosen.returncode == 0 and '"Japan"' in chosen.stdout, chosen.stdout + chosen.stderr
    colors = shell("select", _ref(snapshot, r'listbox "Colors"'), "Green", "Blue")
    assert colors.returncode == 0, colors.stderr
    assert shell("select", _ref(snapshot, r'combobox "Country"'), "--values", "Brazil").returncode == 0
    refused = shell("select", _ref(snapshot, r'combobox "Country"'))
    assert refused.returncode != 0 and "pass values or labels" in refused.stdout + refused.stderr


def test_the_structured_form_and_the_exit_codes(apps, shell):
    assert shell("open", f"{apps.url}/login/").returncode == 0
    as_json = shell("snapshot", "--json")
    assert as_json.returncode == 0 and '"identity"' in as_json.stdout
    unknown_ref = shell("click", "e999")
    assert unknown_ref.returncode == 1 and unknown_ref.stderr.startswith("UNKNOWN_REF: ")
    out_of_bounds = shell("click", "e1", "--click-count", "4")        # the tool's own bounds, as over MCP
    assert out_of_bounds.returncode == 1
    assert out_of_bounds.stderr.startswith("INVALID_ARGUMENT: browser_click: click_count Input should be less than")
    usage = shell("click")
    assert usage.returncode == 2 and "the following arguments are required: ref" in usage.stderr
    assert shell("click", "e1", "--no-such-option").returncode == 2


def test_output_read_by_a_reader_that_stops_early_ends_quietly(apps, shell, tmp_path):
    """``verdex snapshot | head -3``: the reader closes the pipe (here before verdex writes a line), and
    verdex ends without a traceback."""
    assert shell("open", f"{apps.url}/shop/").returncode == 0
    env = {**os.environ, SESSIONS_DIR_ENV: str(shell.folder)}
    piped = subprocess.Popen([sys.executable, "-m", "verdex", "snapshot", "-s", "t"], cwd=tmp_path, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    piped.stdout.close()                                 # the reader is gone
    _, said = piped.communicate(timeout=120)
    assert piped.returncode == 1 and "Traceback" not in said, said


def test_a_command_without_a_session_says_how_to_start_one(shell):
    missing = shell("snapshot", session="nobody")
    assert missing.returncode == 1
    assert missing.stderr.startswith("NO_SESSION: ") and "verdex open URL -s nobody" in missing.stderr


def test_every_session_command_prints_its_help_without_a_session(shell):
    for name in ("verify-element", "click", "export"):
        helped = shell(name, "e9", "--help", session="nobody")
        assert helped.returncode == 0 and helped.stdout.startswith(f"usage: verdex {name}"), helped.stderr
    said = shell("verify-element", "-h", session=None).stdout
    assert "{visible,hidden,enabled,disabled,checked,unchecked,selected,expanded,collapsed,pressed,value,text,count}" in said and "--value VALUE" in said
    exported = " ".join(shell("export", "--help", session=None).stdout.split())
    assert "also: verdex export RECORDING.jsonl -o FILE" in exported       # the one-shot form of the same name


def test_a_session_name_with_path_characters_is_refused(shell):
    for name in ("../etc", "a/b", ".hidden"):
        refused = shell("open", "about:blank", session=name)
        assert refused.returncode == 2 and refused.stderr.startswith("INVALID_ARGUMENT: session name"), name
    assert not any(shell.folder.glob("*.sock"))


def test_the_session_folder_and_its_socket_are_the_owners_only(apps, shell):
    assert shell("open", f"{apps.url}/shop/").returncode == 0
    assert shell.folder.stat().st_mode & 0o777 == 0o700
    assert (shell.folder / "t.sock").stat().st_mode & 0o077 == 0


def test_a_session_too_busy_to_take_a_connection_is_alive_and_keeps_its_socket(tmp_path, monkeypatch):
    """A session process still starting on a loaded machine takes no connection for a while: its
    backlog fills with the opener's probes. It is alive, and its socket stays (the opener used to remove
    it, and then waited for a session it could no longer reach)."""
    monkeypatch.setenv(SESSIONS_DIR_ENV, str(tmp_path / "sessions"))
    place = Place("busy")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(str(place.socket))
        listener.listen(0)                                  # accepts nothing: the backlog fills at once
        waiting = []
        try:
            while True:
                probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                probe.setblocking(False)
                waiting.append(probe)
                probe.connect(str(place.socket))
        except BlockingIOError:
            pass
        try:
            assert place.answers() and place.socket.exists()
        finally:
            for probe in waiting:
                probe.close()
    assert not place.answers() and not place.socket.exists()      # nobody listens now: a stale socket


def test_a_socket_bound_by_a_live_session_that_does_not_listen_yet_stays(tmp_path, monkeypatch):
    """A session writes what it is, binds its socket and then listens: a probe in between is refused. The
    process is alive, so its socket stays (the opener used to remove it, and waited 90 s for nothing)."""
    monkeypatch.setenv(SESSIONS_DIR_ENV, str(tmp_path / "sessions"))
    place = Place("starting")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as bound:
        bound.bind(str(place.socket))                          # not listening yet
        place.about.write_text(json.dumps({"pid": os.getpid(), "ref_block": 0}))
        assert not place.answers() and place.socket.exists() and place.about.exists()
        place.about.write_text(json.dumps({"pid": 2 ** 22 + 1, "ref_block": 0}))     # no such process
        assert not place.answers() and not place.socket.exists()


def test_a_socket_left_by_a_killed_session_is_cleaned_and_said(apps, shell):
    assert shell("open", f"{apps.url}/shop/").returncode == 0
    pid = int(re.search(r'"pid": (\d+)', (shell.folder / "t.json").read_text()).group(1))
    os.kill(pid, signal.SIGKILL)
    _until(lambda: subprocess.run(["kill", "-0", str(pid)], capture_output=True).returncode != 0, "the process died")
    assert (shell.folder / "t.sock").exists()                   # what the killed process left
    stale = shell("snapshot")
    assert stale.returncode == 1 and stale.stderr.startswith("NO_SESSION: ")
    assert not (shell.folder / "t.sock").exists()
    assert shell("open", f"{apps.url}/shop/").returncode == 0    # the name is free again


def test_two_commands_at_once_on_one_session_are_both_answered(apps, shell):
    assert shell("open", f"{apps.url}/shop/").returncode == 0
    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(lambda argv: shell(*argv), [("snapshot",), ("tabs",)])
    assert (first.returncode, second.returncode) == (0, 0), first.stderr + second.stderr
    assert "url: " in first.stdout and "t1" in second.stdout


def test_a_ref_from_another_session_is_refused_and_nothing_is_recorded(apps, shell):
    """Each live session numbers its refs in a block of its own, so the wrong session's ref is never
    taken for one of its own elements."""
    for name in ("a", "b"):
        assert shell("open", f"{apps.url}/login/", session=name).returncode == 0
    theirs = _ref(shell("snapshot", session="a").stdout, r'textbox "Username"')
    ours = _ref(shell("snapshot", session="b").stdout, r'textbox "Username"')
    assert int(theirs[1:]) < REF_BLOCK < int(ours[1:]), (theirs, ours)     # a opened first: the first block

    def steps() -> int:
        listed = json.loads(shell("sessions", "--json", session=None).stdout)
        return next(row["steps"] for row in listed if row["name"] == "b")

    before = steps()
    refused = shell("fill", theirs, "ada", session="b")
    assert refused.returncode == 1 and refused.stderr.startswith(f"UNKNOWN_REF: {theirs} is not a ref of this session")
    assert "another session" in refused.stderr and steps() == before
    assert shell("fill", ours, "ada", session="b").returncode == 0 and steps() == before + 1


def test_the_session_comes_from_verdex_session_when_not_given(apps, shell):
    assert shell("open", f"{apps.url}/login/", session="from-env").returncode == 0
    listed = shell("tabs", session=None, VERDEX_SESSION="from-env")
    assert listed.returncode == 0 and "/login/" in listed.stdout
    missing = shell("tabs", session=None, VERDEX_SESSION="nobody")
    assert missing.returncode == 1 and missing.stderr.startswith("NO_SESSION: no session 'nobody'")


def test_an_idle_session_shuts_itself_down(apps, shell):
    assert shell("open", f"{apps.url}/shop/", "--idle-timeout", "1").returncode == 0
    _until(lambda: not (shell.folder / "t.sock").exists(), "the idle session closed")
    assert shell("sessions", session=None).stdout.startswith("no open sessions")


def test_the_idle_clock_starts_with_the_openers_first_command_however_late_it_comes(apps, shell):
    """On a loaded machine the `verdex open` that started a session may reach it seconds later: the
    session waits for that first command before it counts itself idle."""
    env = {**os.environ, SESSIONS_DIR_ENV: str(shell.folder)}
    shell.folder.mkdir(parents=True, exist_ok=True)
    started = subprocess.Popen([sys.executable, "-m", "verdex.shell.daemon", "t", "--idle-timeout", "1", "--no-record"],
                               cwd=shell.folder.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _until(lambda: (shell.folder / "t.sock").exists(), "the session listens")
    time.sleep(3)                                   # three idle timeouts before the opener's first command
    assert started.poll() is None and shell("goto", f"{apps.url}/login/").returncode == 0
    _until(lambda: started.poll() is not None, "then, idle for a second, the session closed itself")


def test_the_session_limit_is_said(apps, shell, monkeypatch):
    monkeypatch.setenv("VERDEX_MAX_SESSIONS", "1")
    assert shell("open", f"{apps.url}/shop/", session="one").returncode == 0
    refused = shell("open", f"{apps.url}/shop/", session="two")
    assert refused.returncode == 1 and "1 sessions are open (one)" in refused.stderr


# ------------------------------------------------------------------------------------------------ the skill
def test_the_skill_names_only_commands_that_exist_and_its_example_runs(apps, shell, tmp_path):
    from verdex.cli import _parser
    from verdex.shell.commands import LIFECYCLE

    installed = shell("install", "--skills", "--dir", "skill", session=None)
    assert installed.returncode == 0, installed.stderr
    skill = (tmp_path / "skill" / "SKILL.md").read_text()
    assert skill.startswith("---\nname: verdex\ndescription: ")
    top_level = set(_parser()._subparsers._group_actions[0].choices)
    reference = (tmp_path / "skill" / "commands.md").read_text()
    example = skill.split("```bash\n", 1)[1].split("```", 1)[0]
    named = set(re.findall(r"`verdex ([a-z][a-z-]+)", skill)                 # inline code, not prose
                + re.findall(r"^verdex ([a-z][a-z-]+)", example, re.M)         # the example
                + re.findall(r"^    verdex ([a-z][a-z-]+)", reference, re.M))  # the reference's usage lines
    assert {"open", "snapshot", "ancestors", "click", "verify-text", "export", "prove", "close"} <= named
    assert named - (set(COMMANDS) | set(LIFECYCLE) | top_level) == set()
    ref = "e7"          # the example's ref; the snapshot says which it is on this run (the loading scrim takes one while it shows)
    for line in example.splitlines():
        command = line.split("#")[0].strip().replace("http://127.0.0.1:8765", apps.url)
        if command.startswith("verdex "):
            argv = re.sub(r"\be7\b", ref, command).split()[1:]
            done = shell(*shlex.split(" ".join(argv)), session=None)
            assert done.returncode == 0, f"{command}: {done.stderr}"
            if argv[0] == "snapshot":
                card = done.stdout.split('heading "Pixel 8"', 1)[1].split("article", 1)[0]
                ref = re.search(r'button "Add to Cart" \[ref=(e\d+)\]', card).group(1)
            if argv[0] == "ancestors":
                assert 'article "Pixel 8"' in done.stdout and 'data-testid="product-card"' in done.stdout
        elif command.startswith("pytest "):
            run = subprocess.run([sys.executable, "-m", *command.split(), "-q", "-p", "no:cacheprovider"], cwd=tmp_path,
                                 capture_output=True, text=True, timeout=300, check=False)
            assert run.returncode == 0, run.stdout[-3000:]



def test_the_tabs_of_a_session_are_bounded(apps, shell):
    assert shell("open", f"{apps.url}/shop/", "--max-tabs", "1").returncode == 0
    refused = shell("tab-new", "--url", f"{apps.url}/login/")
    assert refused.returncode == 1 and "already has 1 tabs open" in refused.stderr, refused.stderr


def test_a_browser_that_cannot_start_is_said_with_its_code_and_the_session_stays_to_be_told_again(apps, shell):
    """The session process starts Chromium while it loads its tools; when Chromium cannot start, the
    first command says why (the same error as over MCP) and the session is still there to close."""
    opened = shell("open", apps.url + "/shop/", "--executable", "/nonexistent/chromium", session="broken")
    assert opened.returncode == 1 and "starting the browser failed" in opened.stdout + opened.stderr, opened
    again = shell("snapshot", session="broken")
    assert again.returncode == 1 and "/nonexistent/chromium" in again.stdout + again.stderr, again
    assert "broken" in shell("sessions", session=None).stdout
