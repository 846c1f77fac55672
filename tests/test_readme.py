"""The README is a front door and stays true: at most 20 KB; its first screen has the install line,
an MCP client configuration and the shell loop; its JSON snippets parse; the test it shows is the one
the generator wrote (examples/generated/python/test_shop.py); the number of lint rules it states is the
linter's; every file it points to exists; the contributors' two commands are there."""

from __future__ import annotations

import json
import re
from pathlib import Path

from verdex.lint.rules import ALL_RULES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAX_BYTES = 20_000
FIRST_SCREEN_LINES = 60
NUMBERS = {"ten": 10, "twelve": 12, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
           "nineteen": 19, "twenty": 20, "twenty-one": 21, "twenty-two": 22, "twenty-three": 23, "twenty-four": 24,
           "twenty-five": 25}


def test_the_readme_is_at_most_20_kb():
    assert len(README.encode("utf-8")) <= MAX_BYTES


def test_the_first_screen_has_the_install_line_an_mcp_configuration_and_the_shell_loop():
    first = "\n".join(README.splitlines()[:FIRST_SCREEN_LINES])
    assert "pip install verdex" in first and "pipx install verdex" in first and "uvx verdex serve" in first
    assert "claude mcp add verdex -- verdex serve" in first and '"mcpServers"' in first
    loop = ["verdex open ", "verdex snapshot", "verdex click e12", "verdex export "]
    positions = [first.index(step) for step in loop]
    assert positions == sorted(positions)
    assert "generator" in "\n".join(README.splitlines()[:8])          # the main output, in the first lines


def test_its_json_snippets_parse():
    snippets = re.findall(r"```json\n(.*?)```", README, re.S)
    assert len(snippets) >= 2
    for snippet in snippets:
        json.loads(snippet)


def test_the_test_it_shows_is_the_one_the_generator_wrote():
    shown = re.search(r"```python\n(def test_shop.*?)```", README, re.S).group(1)
    generated = (ROOT / "examples" / "generated" / "python" / "test_shop.py").read_text(encoding="utf-8")
    assert shown in generated


def test_the_number_of_lint_rules_it_states_is_the_linters():
    stated = [NUMBERS[word.lower()] for word in re.findall(r"\b([A-Za-z-]+) rules\b", README) if word.lower() in NUMBERS]
    assert stated == [len(ALL_RULES)]
    codes = sorted(rule.code for rule in ALL_RULES)
    assert f"`{codes[0]}`–`{codes[-1]}`" in README


def test_every_file_it_points_to_exists():
    pointed = set(re.findall(r"`((?:docs|examples|bench|tests|\.ci)/[^`\s]*|LICENSE|constraints\.txt|package-lock\.json)`", README))
    assert "docs/benchmarks.md" in pointed and "LICENSE" in pointed
    missing = sorted(path for path in pointed if not (ROOT / path.rstrip("/")).exists())
    assert missing == []


def test_the_contributors_two_commands_are_there_and_dev_knows_them():
    assert "    ./dev demo " in README and "    ./dev test " in README
    dev = (ROOT / "dev").read_text()
    assert "  demo)" in dev and "  test)" in dev
