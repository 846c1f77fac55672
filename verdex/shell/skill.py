"""``verdex install --skills``: the skill that teaches a coding agent the shell loop. SKILL.md is
written as it ships (verdex/shell/skill/SKILL.md); commands.md is made from the tools themselves —
each command's usage from its tool's input schema — so it cannot name a command or an option that
does not exist."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from verdex.shell.commands import COMMANDS, command_parser
from verdex.tools import TOOLS

DEFAULT_FOLDER = Path(".claude/skills/verdex")


def install_skill(folder: Path = DEFAULT_FOLDER) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    skill = folder / "SKILL.md"
    skill.write_text(files("verdex.shell").joinpath("skill/SKILL.md").read_text(encoding="utf-8"), encoding="utf-8")
    reference = folder / "commands.md"
    reference.write_text(commands_reference(), encoding="utf-8")
    return [skill, reference]


def commands_reference() -> str:
    lines = ["# verdex shell commands", "",
             "Every command takes `-s NAME` (the session; `$VERDEX_SESSION`, else \"default\") and `--json`.", "",
             "## Sessions", "",
             "    verdex open [URL] [--idle-timeout S] [--record PATH | --no-record] [--headed] [--role NAME STATE URL]",
             "    verdex sessions", "    verdex close [--all]", ""]
    for name, command in COMMANDS.items():
        parser = command_parser(name, command, TOOLS[command.tool])
        usage = " ".join(parser.format_usage().removeprefix("usage: ").replace(" [-h]", "").split())
        lines += [f"## {name}", "", parser.description or "", "", f"    {usage}", ""]
        for action in parser._actions:
            if action.help and action.dest != "help":
                flag = ", ".join(action.option_strings) or action.dest
                lines.append(f"- `{flag}`: {action.help}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
