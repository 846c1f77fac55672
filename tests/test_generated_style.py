"""Generated tests a Playwright maintainer would merge: every committed example (examples/generated/)
passes the review checks of tests/generated_style.py — no port or absolute path in a test file, no
locator chain written three times, lines within 100 columns, texts matched exactly (or by a pattern
that says what varies), no comment pointing at a recorded step. The checks themselves are shown to
catch what they look for. The real-app corpus's exports are checked in tests/test_realapps.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.generated_style import style_problems

GENERATED = Path(__file__).resolve().parent.parent / "examples" / "generated"
FILES = sorted(path for path in GENERATED.rglob("*") if path.suffix in (".py", ".ts"))


def test_there_are_examples_in_both_languages():
    assert {path.suffix for path in FILES} == {".py", ".ts"} and len(FILES) >= 14


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(GENERATED)) for path in FILES])
def test_a_generated_example_passes_the_review_checks(path: Path):
    assert style_problems(path) == []


def _problems(tmp_path: Path, name: str, source: str) -> list[str]:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return style_problems(path)


def test_the_checks_catch_a_frame_chain_written_out_each_time(tmp_path: Path):
    frame = "page.frame_locator('iframe[title=\"Pay\"]')"
    source = "".join(f"    {frame}.get_by_role(\"button\", name=\"{n}\", exact=True).click()\n" for n in "ABC")
    [problem] = _problems(tmp_path, "test_x.py", source)
    assert "written 3 times" in problem and frame in problem


def test_the_checks_catch_a_typescript_container_split_over_lines_by_prettier(tmp_path: Path):
    card = '  await page\n    .getByTestId("card")\n    .filter({ hasText: "Pixel 8" })\n'
    source = "".join(f'{card}    .getByRole("button", {{ name: "{n}", exact: true }})\n    .click();\n' for n in "ABC")
    [problem] = _problems(tmp_path, "x.spec.ts", source)
    assert 'page.getByTestId("card").filter({ hasText: "Pixel 8" })' in problem


def test_the_checks_catch_substring_texts_ports_paths_step_comments_and_long_lines(tmp_path: Path):
    source = ('    page.goto("http://127.0.0.1:43655/shop/")\n'
              '    # step 4: the overlay covered the button\n'
              '    page.set_input_files("/home/ada/photo.png")\n'
              '    expect(page.get_by_text("Order placed")).to_be_visible()\n'
              f'    expect(page.get_by_text("Paid", exact=True)).to_be_visible()  # {"x" * 80}\n')
    problems = _problems(tmp_path, "test_x.py", source)
    said = ["test_x.py:5: 148 columns", "names a recorded step: '# step 4", "port is baked in: 'http://127.0.0.1:43655",
            "absolute path: '\"/home/", "substring: 'get_by_text(\"Order placed\")"]
    assert len(problems) == len(said) and all(any(s in p for p in problems) for s in said), problems


def test_a_pattern_or_an_exact_text_is_not_a_substring_match(tmp_path: Path):
    source = ('    expect(page.get_by_text(re.compile(r"^Order #\\d+ placed$"))).to_be_visible()\n'
              '    expect(page.get_by_text("Paid", exact=True)).to_be_visible()\n')
    assert _problems(tmp_path, "test_x.py", source) == []
    spec = ('  await expect(page.getByText(new RegExp("^Order #\\\\d+ placed$"))).toBeVisible();\n'
            '  await expect(page.getByText("Paid", { exact: true })).toBeVisible();\n')
    assert _problems(tmp_path, "x.spec.ts", spec) == []
