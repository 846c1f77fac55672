"""Starting a real app on 127.0.0.1: its own process group, its log kept, ready when its page answers.

    with running(APPS["flask-admin"]) as base_url:
        ...   # base_url + APPS["flask-admin"].path is its first page
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.listeners import free_port, held_by

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
LAUNCHERS = HERE / "launchers"
START_TIMEOUT_S = 90.0
STOP_TIMEOUT_S = 10.0


class AppNotStarted(RuntimeError):
    """The app's process died or never answered; the message ends with its log."""


@dataclass(frozen=True)
class RealApp:
    name: str
    project: str                              # what it is, for the bench's table
    command: Callable[[str, int], list[str]]  # (what it runs with, port) -> argv
    path: str                                 # the page flows start from
    home: str = ".venv-apps"                  # where ./dev installed it: a virtualenv, or an npm folder

    def runs_with(self) -> str:
        """The python of its virtualenv, or the folder ./dev installed an npm app into."""
        if self.home.startswith(".apps-npm/"):
            folder = REPO_ROOT / self.home
            if not (folder / "node_modules").is_dir():
                raise AppNotStarted(f"{self.name} is not installed in {folder}: `./dev setup` installs it there "
                                    f"from tests/realapps/npm/{self.name}/package-lock.json")
            return str(folder)
        shared = self.home == ".venv-apps" and os.environ.get("VERDEX_APPS_PYTHON")
        python = shared or str(REPO_ROOT / self.home / "bin" / "python")
        if not Path(python).exists():
            raise AppNotStarted(f"no virtualenv for the real app {self.name} at {python}: `./dev setup` installs "
                                "its tests/realapps/requirements*.txt there (or set VERDEX_APPS_PYTHON)")
        return python


def launched(script: str) -> Callable[[str, int], list[str]]:
    """The command of an app started by one of launchers/ (its only argument: the port)."""
    return lambda python, port: [python, str(LAUNCHERS / script), str(port)]


APPS = {app.name: app for app in (
    RealApp("flask-admin", "Flask-Admin 2.2 CRUD views",
            launched("flask_admin_books.py"), "/admin/book/"),
    RealApp("dash", "Dash 4.4 DataTable and Dropdown",
            launched("dash_table.py"), "/"),
    RealApp("nicegui", "NiceGUI 3.18 (Vue and Quasar) cards",
            launched("nicegui_todos.py"), "/"),
    RealApp("mlflow", "MLflow 3.17 tracking UI (hash routes)",
            launched("mlflow_server.py"), "/"),
    RealApp("streamlit", "Streamlit 1.67 `streamlit hello` demo app",
            lambda python, port: [python, "-m", "streamlit", "hello", "--server.port", str(port),
                                  "--server.address", "127.0.0.1", "--server.headless", "true",
                                  "--browser.gatherUsageStats", "false"], "/"),
    RealApp("marimo", "marimo 0.25 notebook editor (CodeMirror cells)",
            launched("marimo_notebook.py"), "/"),
    RealApp("ihatemoney", "I Hate Money 7.2 (strict Content-Security-Policy)",
            launched("ihatemoney_demo.py"), "/demo",
            home=".venv-apps-ihatemoney"),
    RealApp("node-red", "Node-RED 4.1 flow editor (i18next, ten languages)",
            lambda folder, port: ["node", str(LAUNCHERS / "node_red.js"), folder, str(port)], "/",
            home=".apps-npm/node-red"),
    RealApp("wagtail", "Wagtail 8.0 admin and its Draftail rich-text editor",
            launched("wagtail_blog.py"), "/admin/pages/2/"),
    RealApp("element-plus", "Element Plus 2.14 (Vue 3, from npm) form, table and pop-ups",
            launched("element_plus_team.py"), "/"),
    RealApp("datasette", "Datasette 0.65 table browser: column menus, filter rows, facets",
            launched("datasette_books.py"), "/catalogue/books"),
    RealApp("mkdocs-material", "MkDocs Material 9.8 documentation site: search in a web worker, content tabs",
            launched("mkdocs_handbook.py"), "/"),
    RealApp("solara", "Solara 1.58 (Vue and Vuetify, its Python side over a Jupyter kernel's websocket)",
            launched("solara_shopping.py"), "/"),
)}


# The free port is told by binding to port 0, then given to the app, which binds it a moment later: a
# browser's outgoing connection or another test's app may take it in between (seen with two suites at once)
PORT_ATTEMPTS = 3
PORT_TAKEN = ("already in use", "EADDRINUSE")


@contextmanager
def running(app: RealApp, *options: str) -> Iterator[str]:
    """The app, started fresh (its data as seeded) on a free port; its base URL while it runs.
    ``options`` go to its launcher (``--renamed-delete`` for Flask-Admin's relabelled delete button)."""
    for attempt in range(1, PORT_ATTEMPTS + 1):
        port = free_port()
        base_url = f"http://127.0.0.1:{port}"
        # the app's own temporary files (its data, its notebook) in a folder of this run's: a launcher stopped
        # by a signal cleans up nothing itself
        with tempfile.TemporaryFile() as log, tempfile.TemporaryDirectory(
                prefix=f"verdex-{app.name}-", ignore_cleanup_errors=True) as scratch:
            process = subprocess.Popen([*app.command(app.runs_with(), port), *options], stdout=log,
                                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                                       cwd=LAUNCHERS, env={**_app_env(), "TMPDIR": scratch})
            try:
                _wait_until_ready(process, base_url + app.path, log)
                if not held_by(process.pid, port):
                    raise AppNotStarted(f"{base_url}: another process answers there (the port is already in use: "
                                        f"another worker's server bound it before the app did)")
            except AppNotStarted as exc:
                _stop(process)
                if attempt < PORT_ATTEMPTS and any(said in str(exc) for said in PORT_TAKEN):
                    continue          # another process took the free port before the app bound it
                raise
            try:
                yield base_url
            finally:
                _stop(process)
            return


def _app_env() -> dict[str, str]:
    """The environment without pytest's variables (NiceGUI takes PYTEST_CURRENT_TEST for its own test mode),
    and with Python's bytecode written: ./dev installs the apps uncompiled, and an app compiles the modules
    it imports on its first start, kept for every start after it (the suite's own processes keep
    PYTHONDONTWRITEBYTECODE=1)."""
    return {key: value for key, value in os.environ.items()
            if not key.startswith("PYTEST_") and key != "PYTHONDONTWRITEBYTECODE"}


def _wait_until_ready(process: subprocess.Popen[bytes], url: str, log: tempfile._TemporaryFileWrapper[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AppNotStarted(f"{url}: the app exited with {process.returncode}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise AppNotStarted(f"{url} did not answer within {START_TIMEOUT_S:.0f} s:\n{_tail(log)}")


def _tail(log: tempfile._TemporaryFileWrapper[bytes]) -> str:
    log.seek(0)
    return log.read().decode(errors="replace")[-3000:]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
