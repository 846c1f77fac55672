"""The shell's commands and the MCP tool each one runs: one table, read by the command line (which
words are session commands) and by the session process (which tool to call). A test walks the MCP
tool list and checks every tool has its command here. ``command_parser`` turns a command line into
the tool's arguments, from the tool's own input schema."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Command:
    tool: str
    preset: dict[str, Any] = field(default_factory=dict)      # arguments the command fixes (uncheck: checked=false)
    optional: dict[str, Any] = field(default_factory=dict)    # required by the tool, defaulted by the command
    files: tuple[str, ...] = ()     # arguments naming files: relative to where the command was typed, not the session
    trailing: str | None = None     # an optional list the command takes as its last positional words (select's labels)
    also: str = ""                  # the one-shot command of the same name, said under --help


COMMANDS: dict[str, Command] = {
    "goto": Command("browser_navigate"),
    "back": Command("browser_back"),
    "forward": Command("browser_forward"),
    "scroll": Command("browser_scroll"),
    "reload": Command("browser_reload"),
    "snapshot": Command("browser_snapshot", also="verdex snapshot URL [--full]: one page's snapshot, no session"),
    "ancestors": Command("get_ancestors"),
    "siblings": Command("get_siblings"),
    "descendants": Command("get_descendants"),
    "click": Command("browser_click"),
    "fill": Command("browser_fill"),
    "type": Command("browser_type"),
    "select": Command("browser_select", trailing="labels"),      # select REF Large, as the snapshot names it
    "check": Command("browser_check"),
    "uncheck": Command("browser_check", preset={"checked": False}),
    "hover": Command("browser_hover"),
    "drag": Command("browser_drag"),
    "press": Command("browser_press"),
    "upload": Command("browser_upload", files=("paths",)),
    "wait-for": Command("browser_wait_for"),
    "wait-for-url": Command("browser_wait_for_url"),
    "dialog": Command("browser_dialog"),
    "observe": Command("observe_element_state"),
    "evaluate": Command("browser_evaluate"),
    "verify-text": Command("verify_text_visible"),
    "verify-element": Command("verify_element"),
    "verify-url": Command("verify_url"),
    "export": Command("export_test", optional={"target": "python", "name": None}, files=("path",),
                      also="verdex export RECORDING.jsonl -o FILE [--target typescript] [--name NAME] [--prove N]: "
                           "a test from a recording file, no session"),
    "export-report": Command("export_report", files=("path",)),
    "extract": Command("browser_extract"),
    "find": Command("browser_find"),
    "tabs": Command("browser_tabs"),
    "tab-select": Command("browser_tab_select"),
    "tab-new": Command("browser_tab_new"),
    "tab-close": Command("browser_tab_close"),
    "frames": Command("browser_frames"),
    "downloads": Command("browser_downloads"),
    "screenshot": Command("browser_screenshot", files=("path",)),
    "state-save": Command("browser_state_save", files=("path",)),
    "state-load": Command("browser_state_load", files=("path",)),
    "info": Command("browser_initialize"),
    "roles": Command("list_roles"),
    "role": Command("select_role"),
    "restart-browser": Command("browser_close"),
}

# handled by the command line itself, not by a tool
LIFECYCLE = ("open", "close", "sessions")
# tools whose command needs no session: `verdex lint` is lint_test's
WITHOUT_SESSION = {"lint_test": "lint"}


class Usage(Exception):
    """A command line the tool's arguments do not fit: exit 2, with the usage."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:          # type: ignore[override]
        raise Usage(f"{self.format_usage()}{self.prog}: error: {message}")

    def exit(self, status: int = 0, message: str | None = None) -> None:   # type: ignore[override]
        raise Usage(message or "")

    def print_help(self, file: Any = None) -> None:
        raise Usage(self.format_help())


def command_parser(name: str, command: Command, tool: Any) -> _Parser:
    """The command's arguments, from the tool's input schema: what the tool requires comes in order
    as positional arguments (a ref, a value, a key), the rest as --options; flags are switches."""
    parser = _Parser(prog=f"verdex {name}", description=" ".join((tool.description or "").split()), add_help=True,
                     epilog=f"also: {command.also}" if command.also else None)
    schema = tool.input_schema
    required = set(schema.get("required", [])) - set(command.optional) - set(command.preset)
    for prop, spec in schema.get("properties", {}).items():
        if prop in command.preset:
            continue
        shape = _shape(spec)
        kind, help_text = shape.get("type"), spec.get("description")
        options: dict[str, Any] = {"help": help_text}
        if "enum" in shape:
            options["choices"] = shape["enum"]
        if kind == "integer":
            options["type"] = int
        elif kind == "number":
            options["type"] = float
        elif kind == "array":
            options["nargs"] = "+"
        if prop == command.trailing:
            parser.add_argument(prop, nargs="*", default=None, help=help_text)
        elif kind == "boolean":
            default = spec.get("default", False)
            parser.add_argument(f"--{'no-' if default else ''}{prop.replace('_', '-')}", dest=prop,
                                action="store_false" if default else "store_true", default=None, help=help_text)
        elif prop in required:
            parser.add_argument(prop, **options)
        else:
            parser.add_argument(f"--{prop.replace('_', '-')}", dest=prop, default=None, **options)
    return parser


def _shape(spec: dict[str, Any]) -> dict[str, Any]:
    """A property's own shape: ``anyOf [T, null]`` (an optional argument) is T."""
    options = [o for o in spec.get("anyOf", []) if o != {"type": "null"}]
    return options[0] if len(options) == 1 else spec
