"""``verdex heal``, proven on the shop's variants (fixtures/server.py, ``shop_variant``).

For each variant: the test fails on the changed shop, heal fixes it with one change (a locator, or a
wait before the action), and the healed test then passes three times in a row against a fresh fixture
server under a chaos seed (each page load draws its own delays, and the cart keeps what the runs before
added). Every run — heal's own included — bounds each
Playwright action by ACTION_BUDGET_MS, so that an action that waits on a covering element fails fast
(the variant's promo overlay stays 4 s) instead of riding out Playwright's 30 s default.

The tests start from the committed example (examples/recordings/shop.jsonl and the test generated
from it). verdex's own locator for the Add button is scoped by its card's text, so reordering the
cards or wrapping the button does not break it: for those two variants the broken test is the
generated one with the locator a person might have written instead (a position, a CSS path).
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import black
import pytest

from verdex.fixtures.server import FixtureServer
from verdex.errors import CannotHeal
from verdex.heal import heal
from verdex.heal.runner import run_test

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RECORDING = EXAMPLES / "recordings" / "shop.jsonl"
GENERATED = EXAMPLES / "generated" / "python" / "test_shop.py"
CONFTEST = EXAMPLES / "generated" / "python" / "conftest.py"
ACTION_BUDGET_MS = 3_000
CHAOS_SEED = 3
VERDEX_LOCATOR = ('page.get_by_test_id("product-card").filter(has_text="Pixel 8").get_by_role(\n'
                  '            "button", name="Add to Cart", exact=True\n        )')


def with_add_locator(locator: str) -> str:
    """The generated test with another locator for the Add button, formatted as the generator does."""
    source = GENERATED.read_text(encoding="utf-8")
    assert VERDEX_LOCATOR in source
    return black.format_str(source.replace(VERDEX_LOCATOR, locator), mode=black.Mode(line_length=100))


BROKEN = {
    "renamed-testid": (GENERATED.read_text(encoding="utf-8"), "locator"),
    "reordered": (with_add_locator('page.get_by_role("button", name="Add to Cart", exact=True).nth(1)'), "locator"),
    "wrapped": (with_add_locator("page.locator(\"article:has-text('Pixel 8') > button\")"), "locator"),
    "overlay": (GENERATED.read_text(encoding="utf-8"), "wait"),
    "renamed-button": (GENERATED.read_text(encoding="utf-8"), "locator"),
}


def write_test(folder: Path, source: str, name: str = "test_shop.py") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(CONFTEST, folder / "conftest.py")
    path = folder / name
    path.write_text(source, encoding="utf-8")
    return path


def click_statement(source: str) -> str:
    """The Add button's click inside ``with page.expect_response(...):``, up to the assertion after it."""
    opening = 'with page.expect_response("**/api/cart/add"):\n'
    start = source.index(opening) + len(opening)
    return source[start:source.index('    expect(page.get_by_text("Added')]


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return ([line[2:] for line in diff if line.startswith("- ")], [line[2:] for line in diff if line.startswith("+ ")])


@pytest.mark.parametrize("variant", list(BROKEN))
def test_heal_repairs_the_test_a_changed_shop_breaks(variant: str, tmp_path: Path) -> None:
    broken, kind = BROKEN[variant]
    path = write_test(tmp_path / "heal", broken)
    progress: list[str] = []
    with FixtureServer(shop_variant=variant) as server:   # heal's first run shows the test failing
        report = heal(path, RECORDING, base_url=server.url, action_timeout_ms=ACTION_BUDGET_MS,
                      progress=progress.append)
    healed = path.read_text(encoding="utf-8")
    assert report.passed, "\n".join(progress)
    assert [(fix.step, fix.kind) for fix in report.fixes] == [(4, kind)], "\n".join(progress)
    assert len(report.runs) == 2 and not report.runs[0].passed and report.runs[1].passed
    assert any("belongs to action 1, recorded step 4" in line for line in progress)

    removed, added = changed_lines(broken, healed)
    if kind == "wait":          # two lines in, nothing else touched
        assert removed == []
        assert added == ["    # healed: step 4: the target was covered at its centre by div [testid=promo-overlay]",
                         '    expect(page.get_by_test_id("promo-overlay")).to_be_hidden()']
    else:                       # only the Add button's click statement; every other line byte for byte
        before, after = click_statement(broken), click_statement(healed)
        assert broken.replace(before, "") == healed.replace(after, "")
        assert "Pixel 8" in after and after.rstrip().endswith(".click()")
    assert "nth(" not in healed and "> button" not in healed

    copies = [tmp_path / "again" / f"test_shop_{n}.py" for n in range(1, 4)]
    for copy in copies:
        write_test(copy.parent, healed, copy.name)

    with FixtureServer(chaos_seed=CHAOS_SEED, shop_variant=variant) as server:
        three = run_test(copies[0].parent, base_url=server.url, action_timeout_ms=ACTION_BUDGET_MS)
    assert three.passed and "3 passed" in three.output, f"seed {CHAOS_SEED}:\n{three.output[-3000:]}"


@pytest.mark.parametrize("variant", ["reordered", "wrapped"])
def test_the_generated_test_survives_reordered_cards_and_a_wrapped_button_and_heal_leaves_it_alone(
        variant: str, tmp_path: Path) -> None:
    source = GENERATED.read_text(encoding="utf-8")
    path = write_test(tmp_path, source)
    with FixtureServer(shop_variant=variant) as server:
        report = heal(path, RECORDING, base_url=server.url, action_timeout_ms=ACTION_BUDGET_MS, progress=lambda _: None)
    assert report.passed and report.fixes == [] and len(report.runs) == 1
    assert path.read_text(encoding="utf-8") == source


def test_a_failure_that_is_not_a_locator_or_a_wait_is_reported_not_patched(tmp_path: Path) -> None:
    source = GENERATED.read_text(encoding="utf-8").replace('"Added Pixel 8 to cart"', '"Added Pixel 9 to cart"')
    path = write_test(tmp_path, source)
    with FixtureServer() as server, pytest.raises(CannotHeal) as caught:
        heal(path, RECORDING, base_url=server.url, action_timeout_ms=ACTION_BUDGET_MS, progress=lambda _: None)
    assert caught.value.code == "CANNOT_HEAL"
    assert "not a locator or a missing wait" in caught.value.message
    assert "Locator expected to be visible" in caught.value.facts["failure"]
    assert path.read_text(encoding="utf-8") == source
