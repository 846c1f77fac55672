"""[tool.verdex.lint] in pyproject.toml, and --select / --ignore."""

from pathlib import Path

import pytest

from verdex.lint import ConfigError, LintConfig, lint_paths, load_config

SOURCE = 'def test_x(page) -> None:\n    page.click("li:nth-child(2)")\n    page.wait_for_timeout(100)\n'


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def codes(results) -> list[str]:
    return sorted(finding.rule for result in results for finding in result.findings)


def test_defaults_select_the_recommended_rules_and_all_selects_every_rule(tmp_path: Path) -> None:
    config = load_config(start=tmp_path)
    codes = {rule.code for rule in config.selected_rules}
    opt_in = {"VDX001", "VDX018", "VDX019"}         # eslint-plugin-playwright leaves nth out too
    assert len(codes) == 17 and not codes & opt_in
    assert len(config.with_overrides(["ALL"], None).selected_rules) == 20
    assert {r.code for r in config.with_overrides(["RECOMMENDED", "VDX001"], None).selected_rules} == codes | {"VDX001"}


def test_nearest_pyproject_with_a_lint_table_wins(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.verdex.lint]\nselect = ["VDX004"]\n')
    write(tmp_path / "pkg" / "pyproject.toml", "[project]\nname = 'pkg'\n")
    config = load_config(start=tmp_path / "pkg")
    assert [rule.code for rule in config.selected_rules] == ["VDX004"]
    assert config.root == tmp_path


def test_select_by_prefix_and_ignore(tmp_path: Path) -> None:
    config = LintConfig(select=("VDX00",), ignore=("VDX004", "VDX002"))
    assert [rule.code for rule in config.selected_rules] == [
        "VDX001",
        "VDX003",
        "VDX005",
        "VDX006",
        "VDX007",
        "VDX008",
        "VDX009",
    ]


def test_per_file_ignores_match_relative_to_the_config(tmp_path: Path) -> None:
    write(
        tmp_path / "pyproject.toml",
        '[tool.verdex.lint]\nper-file-ignores = { "tests/legacy/*" = ["VDX004"], "test_sorting.py" = ["VDX00"] }\n',
    )
    write(tmp_path / "tests" / "legacy" / "test_old.py", SOURCE)
    write(tmp_path / "tests" / "test_new.py", SOURCE)
    write(tmp_path / "tests" / "test_sorting.py", SOURCE)
    results = {Path(r.path).name: r for r in lint_paths([str(tmp_path)], load_config(start=tmp_path))}
    assert codes([results["test_old.py"]]) == ["VDX002", "VDX010"]
    assert codes([results["test_new.py"]]) == ["VDX002", "VDX004", "VDX010"]
    assert codes([results["test_sorting.py"]]) == ["VDX010"]


def test_exclude_skips_directories_when_walking(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", '[tool.verdex.lint]\nexclude = ["vendored"]\n')
    write(tmp_path / "vendored" / "test_v.py", SOURCE)
    write(tmp_path / "test_mine.py", SOURCE)
    results = lint_paths([str(tmp_path)], load_config(start=tmp_path))
    assert [Path(r.path).name for r in results] == ["test_mine.py"]


def test_options_reach_the_rules(tmp_path: Path) -> None:
    source = 'def test_x(page) -> None:\n    page.locator("main section ul li a").click()\n'
    write(tmp_path / "test_x.py", source)
    assert codes(lint_paths([str(tmp_path)], LintConfig(select=("VDX013",)))) == ["VDX013"]
    assert codes(lint_paths([str(tmp_path)], LintConfig(select=("VDX013",), max_css_depth=5))) == []


@pytest.mark.parametrize(
    "table,message",
    [
        ('select = ["VDX999"]', "unknown rule code or prefix 'VDX999'"),
        ('selct = ["VDX001"]', "selct: unknown setting"),
        ("max-css-depth = 0", "max-css-depth"),
        ('per-file-ignores = { "x" = ["E501"] }', "unknown rule code or prefix 'E501'"),
    ],
)
def test_bad_settings_are_config_errors(tmp_path: Path, table: str, message: str) -> None:
    write(tmp_path / "pyproject.toml", f"[tool.verdex.lint]\n{table}\n")
    with pytest.raises(ConfigError, match=message.replace("(", r"\(")):
        load_config(start=tmp_path)


def test_invalid_toml_is_a_config_error(tmp_path: Path) -> None:
    path = write(tmp_path / "pyproject.toml", "[tool.verdex.lint\n")
    with pytest.raises(ConfigError, match="invalid TOML"):
        load_config(path)


def test_command_line_overrides(tmp_path: Path) -> None:
    config = LintConfig(ignore=("VDX001",)).with_overrides(["VDX00"], ["VDX002"])
    assert config.select == ("VDX00",)
    assert config.ignore == ("VDX001", "VDX002")
    with pytest.raises(ConfigError):
        config.with_overrides(["nope"], None)
