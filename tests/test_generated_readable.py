"""What a generated test waits for, and how it says it. A response is waited for by Playwright's URL
glob, or — when the recording saw the same URL asked with another method — by a small named helper
that checks the method too; both forms run, in pytest and in ``npx playwright test``. An overlay
that covered the target is waited for before a fill (Playwright fills a covered field) but not
before a click (Playwright's click waits until the target itself receives it). A frame or container
the test goes into twice is held in a variable."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tests.flows import runner
from verdex.generators import build_plan, export, read_recording
from verdex.generators.plan import Action

RECORDINGS = Path(__file__).resolve().parent.parent / "examples" / "recordings"
CHECKOUT, SHOP, FRAMES = (RECORDINGS / f"{name}.jsonl" for name in ("checkout", "shop", "frames"))


def _write(recording: Path, steps: list[dict], folder: Path) -> Path:
    lines = recording.read_text(encoding="utf-8").splitlines()
    path = folder / recording.name
    path.write_text("\n".join([lines[0], *(json.dumps(step) for step in steps)]) + "\n", encoding="utf-8")
    return path


def _steps(recording: Path) -> list[dict]:
    return [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()[1:]]


def _also_asked_by_get(steps: list[dict], path: str) -> list[dict]:
    """The recording with one more request seen: a GET of ``path``, which a POST of the flow also asks."""
    changed = copy.deepcopy(steps)
    last = next(step for step in reversed(changed) if (step.get("effects") or {}).get("requests"))
    seen = next(r for r in last["effects"]["requests"] if path in r["url"])
    last["effects"]["requests"].append({**seen, "method": "GET", "changed_page": False})
    return changed


def test_a_response_is_waited_for_by_its_url_glob():
    plan = build_plan(read_recording(CHECKOUT), "checkout")
    responses = [s.response for s in plan.statements if isinstance(s, Action) and s.response]
    assert [(r.url_glob, r.method_matters) for r in responses] == [
        ("**/api/cart/add", False), ("**/api/cart", False), ("**/api/orders", False)]


def test_when_another_method_asks_the_same_url_the_test_checks_the_method_and_it_runs(tmp_path: Path):
    recording = _write(CHECKOUT, _also_asked_by_get(_steps(CHECKOUT), "/api/orders"), tmp_path)
    test_file = runner.export_python(recording, tmp_path / "python", "checkout")
    source = test_file.read_text(encoding="utf-8")
    assert 'page.expect_response(response_to("POST", r"/api/orders$"))' in source, source
    assert 'page.expect_response("**/api/cart/add")' in source, source
    run = runner.run_pytest(test_file, None)
    assert run.passed, run.tail()
    with runner.exported_spec(recording, "checkout") as spec:
        assert 'responseTo("POST", new RegExp("/api/orders$"))' in spec.read_text(encoding="utf-8")
        run = runner.run_typescript(spec.parent)
    assert run.passed, run.tail()


def _as_fill(steps: list[dict]) -> list[dict]:
    """The shop recording's blocked and then effective click on the Add button, made a fill."""
    changed = copy.deepcopy(steps)
    for step in changed:
        if step["tool"] == "browser_click" and step.get("blocker"):
            step["tool"], step["args"] = "browser_fill", {"value": "Pixel 8"}
    return changed


def _hidden_waits(steps: list[dict], folder: Path) -> list[str]:
    plan = build_plan(read_recording(_write(SHOP, steps, folder)), "shop")
    return [w.locator.steps[0].args[0] for s in plan.statements if isinstance(s, Action)
            for w in s.waits if w.kind == "hidden"]


def test_an_overlay_that_covered_a_click_target_is_left_to_playwrights_click(tmp_path: Path):
    steps = _steps(SHOP)
    assert any(step.get("blocker") for step in steps), "the shop recording saw the loading overlay"
    assert _hidden_waits(steps, tmp_path) == []


def test_an_overlay_that_covered_a_field_is_waited_for_before_the_fill(tmp_path: Path):
    assert _hidden_waits(_as_fill(_steps(SHOP)), tmp_path) == ["loading-scrim"]


@pytest.mark.parametrize("target,declaration", [
    ("python", "payment_form_frame = page.frame_locator('iframe[title=\"Payment form\"]')"),
    ("typescript", "const paymentFormFrame = page.frameLocator('iframe[title=\"Payment form\"]');"),
])
def test_a_frame_the_test_goes_into_twice_is_held_in_a_variable_declared_before_its_first_use(
        target: str, declaration: str, tmp_path: Path):
    suffix = "test_frames.py" if target == "python" else "frames.spec.ts"
    source = export(FRAMES, target=target, path=tmp_path / suffix, name="frames")[0].read_text(encoding="utf-8")
    lines = source.splitlines()
    declared = next(n for n, line in enumerate(lines) if line.strip() == declaration)
    first_use = next(n for n, line in enumerate(lines) if "ayment_form_frame." in line or "aymentFormFrame." in line)
    assert declared < first_use and "Payment form" not in "\n".join(lines[declared + 1:]), source


def test_a_long_url_pattern_is_written_one_query_condition_a_line_and_means_the_same():
    from verdex.generators.targets.python_pytest import pattern_literal
    from verdex.generators.targets.typescript import regex_literal
    from verdex.generators.waits import url_pattern
    pattern = url_pattern("http://h/admin/book/?page_size=20",
                          "http://h/admin/book/edit/?id=7&url=/admin/book/?page_size%3D20")
    written = pattern_literal(pattern)
    assert written.count('r"') == 3 and eval(written) == pattern        # black puts each piece on a line
    assert regex_literal(pattern).count('" + "') == 2
    assert json.loads("[" + regex_literal(pattern)[len("new RegExp("):-1].replace(" + ", ",") + "]") \
        == [piece for piece in eval("[" + written.replace('" r"', '", r"') + "]")]
