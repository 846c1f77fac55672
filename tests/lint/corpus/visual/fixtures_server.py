"""Starts the app under test for the visual suite."""

import subprocess
import time

import pytest
import requests
from playwright.sync_api import BrowserContext


@pytest.fixture(scope="session")
def server():
    process = subprocess.Popen(["npm", "run", "preview", "--", "--port", "8080"])
    time.sleep(3)
    for _ in range(20):
        try:
            requests.get("http://localhost:8080/", timeout=1)
            break
        except requests.ConnectionError:
            time.sleep(0.5)
    yield "http://localhost:8080"
    process.terminate()


@pytest.fixture
def logged_in_context(context: BrowserContext, server: str) -> BrowserContext:
    page = context.new_page()
    page.goto(f"{server}/login")
    page.get_by_label("Email").fill("ada@example.com")
    page.get_by_label("Password").fill("secret")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{server}/dashboard")
    context.storage_state(path="state.json")
    page.close()
    return context
