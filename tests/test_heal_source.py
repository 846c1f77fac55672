"""The parts of ``verdex heal`` that need no browser: which action a failing line belongs to, the
recorded identity of a target, the patch (libcst, formatting kept) and the command's bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from verdex.cli import main
from verdex.errors import CannotHeal
from verdex.facts import LocatorStep
from verdex.generators import read_recording
from verdex.heal import Fix
from verdex.heal.identity import identity_of
from verdex.heal.patch import POSITIONAL_NOTE, apply
from verdex.heal.source import read_test

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SHOP = (EXAMPLES / "generated" / "python" / "test_shop.py").read_text(encoding="utf-8")
LOGIN = (EXAMPLES / "generated" / "python" / "test_login.py").read_text(encoding="utf-8")
BY_NAME = [LocatorStep(method="get_by_role", args=["article"], kwargs={"name": "Pixel 8", "exact": True}),
           LocatorStep(method="get_by_role", args=["button"], kwargs={"name": "Add to Cart", "exact": True})]


def line_of(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


def test_the_waits_the_wrapper_the_call_and_the_assertion_after_it_belong_to_the_action() -> None:
    test = read_test(SHOP, None)
    assert len(test.actions) == 1 and test.actions[0].method == "click"
    # the startup wait on a text's shape (get_by_text(re.compile(…))) is no locator chain to heal, but its
    # line is the action's: a failure there is the action's step
    assert [w.matcher for w in test.actions[0].waits] == ["to_have_attribute"]
    for text in ("re.compile(", 'get_by_test_id("product-grid")', "with page.expect_response(", ").click()",
                 "Added Pixel 8"):
        assert test.action_at(line_of(SHOP, text)) == 0


def test_a_failure_before_the_first_action_or_outside_the_file_cannot_be_healed() -> None:
    test = read_test(SHOP, None)
    with pytest.raises(CannotHeal, match="before the first action"):
        test.action_at(line_of(SHOP, "page.goto("))
    with pytest.raises(CannotHeal, match="not on a line of the test file"):
        test.action_at(None)


def test_each_action_is_one_recorded_step_in_order() -> None:
    test = read_test(LOGIN, None)
    assert [(a.method, a.chain.steps[-1].kwargs["name"]) for a in test.actions] == [
        ("fill", "Username"), ("fill", "Password"), ("click", "Sign in")]
    submitted = read_test('def test_x(page):\n    page.get_by_label("Q").fill("a")\n'
                          '    page.get_by_label("Q").press("Enter")\n    page.keyboard.press("Tab")\n', None)
    assert [(a.method, a.chain is None) for a in submitted.actions] == [("fill", False), ("press", True)]
    # a field that listens for keys: emptied, then typed into (one step); a fill then more typing: two
    by_keys = read_test('def test_x(page):\n    page.get_by_label("Q").fill("")\n'
                        '    page.get_by_label("Q").press_sequentially("basil")\n'
                        '    page.get_by_label("Q").fill("a")\n    page.get_by_label("Q").press_sequentially("b")\n', None)
    assert [a.method for a in by_keys.actions] == ["fill", "fill", "press_sequentially"]


def test_a_file_that_does_not_parse_or_has_no_test_is_a_typed_error() -> None:
    with pytest.raises(CannotHeal, match="does not parse"):
        read_test("def test_x(page):\n    page.click(\n", None)
    with pytest.raises(CannotHeal, match="no test function"):
        read_test("x = 1\n", None)


def test_the_identity_is_the_role_the_name_and_what_told_the_container_apart() -> None:
    steps = read_recording(EXAMPLES / "recordings" / "shop.jsonl").records
    identity = identity_of(steps[3])
    assert (identity.role, identity.name, identity.container_texts) == ("button", "Add to Cart", ("Pixel 8",))
    with pytest.raises(CannotHeal, match="no role"):
        identity_of(steps[0])


def test_a_new_locator_replaces_only_the_chain_and_black_keeps_the_rest() -> None:
    test = read_test(SHOP, None)
    healed = apply(SHOP, test, Fix(0, 4, "locator", BY_NAME, False, "step 4: renamed"))
    assert 'page.get_by_role("article", name="Pixel 8", exact=True).get_by_role(' in healed
    before, after = 'with page.expect_response("**/api/cart/add"):\n', ".click()\n"
    assert SHOP.split(before)[0] == healed.split(before)[0]
    assert SHOP.split(after)[1] == healed.split(after)[1]


def test_a_positional_locator_healed_drops_its_noqa_and_a_positional_fix_says_so() -> None:
    source = ("def test_x(page):\n"       # not black's style (quotes): written as it is, not re-formatted
              "    page.get_by_role('button').nth(1).click()  # noqa: VDX001 positional fallback\n"
              "    page.get_by_role('link').click()  # keep me\n")
    healed = apply(source, read_test(source, None), Fix(0, 2, "locator", BY_NAME, False, "moved"))
    assert healed.splitlines()[1] == ('    page.get_by_role("article", name="Pixel 8", exact=True)'
                                      '.get_by_role("button", name="Add to Cart", exact=True).click()')
    assert healed.splitlines()[2] == "    page.get_by_role('link').click()  # keep me"
    positional = apply(source, read_test(source, None), Fix(1, 3, "locator", BY_NAME[1:] + [
        LocatorStep(method="nth", args=[2])], True, "only by position"))
    assert positional.splitlines()[2].endswith(f".nth(2).click()  {POSITIONAL_NOTE}")


def test_a_fix_that_holds_the_token_heal_typed_is_written_as_the_tests_own_each_run() -> None:
    source = 'def test_x(page):\n    unique = "x"\n    page.get_by_role("link", name=f"Shop {unique}").click()\n'
    test = read_test(source, None, "77aa00ee")
    renamed = [LocatorStep(method="get_by_role", args=["button"], kwargs={"name": "Open Shop 77aa00ee {1}"})]
    healed = apply(source, test, Fix(0, 2, "locator", renamed, False, "renamed"), "77aa00ee")
    assert healed.splitlines()[2] == '    page.get_by_role("button", name=f"Open Shop {unique} {{1}}").click()'


def test_heal_refuses_a_missing_recording_or_a_typescript_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    test_file = tmp_path / "test_nothing.py"
    test_file.write_text(SHOP)
    assert main(["heal", str(test_file)]) == 2
    assert "no recording found" in capsys.readouterr().err
    spec = tmp_path / "shop.spec.ts"
    spec.write_text("")
    assert main(["heal", str(spec), "--recording", str(EXAMPLES / "recordings" / "shop.jsonl")]) == 2
    assert "TypeScript is not healed yet" in capsys.readouterr().err
    assert main(["heal", str(test_file), "--recording", str(tmp_path / "none.jsonl")]) == 1
    assert "CANNOT_HEAL" in capsys.readouterr().err
