"""I Hate Money (ihatemoney on PyPI), a shared-budget app, as it ships: its own demo project (Amina,
Georg and Alice, three bills), its pages under its own Content-Security-Policy (Flask-Talisman:
``default-src 'self'``, scripts from the app and inline, no ``unsafe-eval``) and in its 30-odd languages.
Only the settings are ours: a fresh SQLite file per start, plain HTTP cookies, no mail.
Usage: python ihatemoney_demo.py PORT"""

import os
import sys
import tempfile
from pathlib import Path

folder = Path(tempfile.mkdtemp(prefix="ihatemoney-"))
settings = folder / "ihatemoney.cfg"
settings.write_text(f"""
SQLALCHEMY_DATABASE_URI = "sqlite:///{folder / 'ihatemoney.sqlite'}"
SECRET_KEY = "local-only"
SESSION_COOKIE_SECURE = False
ACTIVATE_DEMO_PROJECT = True
MAIL_SUPPRESS_SEND = True
""")
os.environ["IHATEMONEY_SETTINGS_FILE_PATH"] = str(settings)

from ihatemoney.run import create_app  # noqa: E402  (reads the settings above)

app = create_app()

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]))
