"""JupyterHub (jupyterhub on PyPI) as it ships: its login form, its home page's Start/Stop My Server, its
token page and its React admin page (add users, edit one, start and stop their servers, delete). Not in
the corpus: it runs from a virtualenv of its own (``pip install jupyterhub jupyter_server`` in
``.venv-apps-jupyterhub/``) and needs npm's ``configurable-http-proxy`` (``npm install
configurable-http-proxy`` in a folder given as CHP_DIR).

Only the settings are ours: a fresh folder per start (SQLite, cookie secret, users' homes), the shared-password
authenticator (``admin`` logs in with ADMIN_PASSWORD, anyone else with USER_PASSWORD), each user's server a
local ``jupyterhub-singleuser`` process of this virtualenv (a Jupyter Server with no UI of its own: the
flows are the hub's); signing in leads to the home page, not to starting one's server.
Usage: .venv-apps-jupyterhub/bin/python jupyterhub_hub.py PORT CHP_DIR"""

import os
import sys
import tempfile
from pathlib import Path

ADMIN_PASSWORD = "admin-password-of-this-local-hub-only"
USER_PASSWORD = "user-password"

port, chp_dir = int(sys.argv[1]), Path(sys.argv[2]).resolve()
folder = Path(tempfile.mkdtemp(prefix="jupyterhub-"))
bin_dir = Path(sys.executable).parent
config = folder / "jupyterhub_config.py"
config.write_text(f"""
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_port = {port + 1}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{port + 2}"
c.ConfigurableHTTPProxy.command = [{str(chp_dir / "node_modules/.bin/configurable-http-proxy")!r}]
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(folder / 'cookie_secret')!r}
c.JupyterHub.pid_file = {str(folder / 'jupyterhub.pid')!r}
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.admin_password = {ADMIN_PASSWORD!r}
c.SharedPasswordAuthenticator.user_password = {USER_PASSWORD!r}
c.Authenticator.admin_users = {{"admin"}}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.Spawner.cmd = [{str(bin_dir / "jupyterhub-singleuser")!r}]
c.Spawner.args = ["--allow-root"]
c.JupyterHub.redirect_to_server = False
c.LocalProcessSpawner.home_dir_template = {str(folder / 'home' / '{username}')!r}
c.Spawner.start_timeout = 60
""")
(folder / "home").mkdir()
os.chdir(folder)
os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
os.execv(str(bin_dir / "jupyterhub"), [str(bin_dir / "jupyterhub"), "-f", str(config)])
