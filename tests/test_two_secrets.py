"""Two secrets typed into two fields of the same name are read from two variables (tests/secret_apps.py
``/vault/``): an account's Password, then a database's Password, each a field with neither a name nor an
id. Both were read from VERDEX_SECRET_PASSWORD, so the test typed the account's password where the
database's belonged, and its check failed every run, while proving blamed the agent's check (pgAdmin's
login, then a server registered in its dialog). Recorded in a real Chromium, exported, run by pytest with
each value in its variable."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.secret_apps import ACCOUNT_PASSWORD, DATABASE_PASSWORD, secret_apps

pytestmark = pytest.mark.anyio


async def test_a_second_secret_typed_into_a_field_of_the_same_name_is_read_from_a_variable_of_its_own(tmp_path,
                                                                                                     monkeypatch):
    """Unset, both variables are named in one answer before any run (the first answer named one of them, so
    the user exported a second time to learn of the other)."""
    recording = tmp_path / "vault.jsonl"
    with secret_apps() as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/vault/")
            await agent.fill("textbox", "Password", ACCOUNT_PASSWORD)
            await agent.click("button", "Sign in")
            await agent.verify_text("Connect a database")
            await agent.fill("textbox", "Password", DATABASE_PASSWORD)
            await agent.click("button", "Connect")
            await agent.verify_text("Connected to the database")
            await agent.fill("textbox", "Password", ACCOUNT_PASSWORD)      # the first value again: its variable
            for name in ("VERDEX_SECRET_PASSWORD", "VERDEX_SECRET_PASSWORD_2"):
                monkeypatch.delenv(name, raising=False)
            unset = await agent.call("export_test", target="python", path=str(tmp_path / "test_unset.py"), name="unset",
                                    prove=3)
        assert unset.error and "UNPROVEN" in unset.text, unset.text
        assert ("reads VERDEX_SECRET_PASSWORD and VERDEX_SECRET_PASSWORD_2 from the environment" in unset.text
                and "run 1" not in unset.text), unset.text
        python = runner.export_python(recording, tmp_path, "vault")
        source = python.read_text(encoding="utf-8")
        read = re.findall(r'os\.environ\["(VERDEX_SECRET_\w+)"\]', source)
        assert read == ["VERDEX_SECRET_PASSWORD", "VERDEX_SECRET_PASSWORD_2", "VERDEX_SECRET_PASSWORD"], source
        assert ACCOUNT_PASSWORD not in source and DATABASE_PASSWORD not in source
        env = {**os.environ, "VERDEX_SECRET_PASSWORD": ACCOUNT_PASSWORD, "VERDEX_SECRET_PASSWORD_2": DATABASE_PASSWORD,
               "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run([sys.executable, "-m", "pytest", str(python), "-q", "-p", "no:cacheprovider",
                               "--base-url", url], cwd=tmp_path, env=env, capture_output=True, encoding="utf-8",
                              timeout=runner.PYTEST_TIMEOUT_S, check=False)
        assert done.returncode == 0, f"{source}\n{done.stdout[-3000:]}{done.stderr[-2000:]}"


def test_a_value_typed_again_into_another_field_is_read_from_the_variable_it_was_first_read_from():
    """Homebridge's Add User: a new password, then its confirmation in a field named otherwise: one variable
    for the one value (a second one, VERDEX_SECRET_FORM_PASS_CONFIRM, asked the user to set the same secret
    twice)."""
    from verdex.artifacts.secrets import TypedSecrets

    secrets = TypedSecrets()
    assert secrets.env_name("form-pass", ACCOUNT_PASSWORD) == "VERDEX_SECRET_FORM_PASS"
    assert secrets.env_name("form-pass", DATABASE_PASSWORD) == "VERDEX_SECRET_FORM_PASS_2"
    assert secrets.env_name("form-pass-confirm", DATABASE_PASSWORD) == "VERDEX_SECRET_FORM_PASS_2"
    assert secrets.env_name("form-pass-confirm", "another") == "VERDEX_SECRET_FORM_PASS_CONFIRM"
