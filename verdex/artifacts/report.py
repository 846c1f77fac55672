"""An HTML report of a recording: one self-contained file (pictures inlined, no script, a Content
Security Policy that forbids any) with a timeline of the steps — target, locator, preflight facts,
waits, effects and their visual diff, screenshots, assertions.

    write_report("session.jsonl", "report.html")

Everything from the page is data: the template escapes every value (Jinja autoescape), so a product
named ``</script><script>alert(1)</script>`` is shown, never run.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from pydantic import ValidationError

from verdex.generators.recording import Recording, read_recording
from verdex.recording_format import NAVIGATION_TOOLS, TAB_TOOLS
from verdex.facts import Effects, PreflightFacts

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PICTURE_TITLES = {"element": "target, before", "page": "page, after", "diff": "what changed"}


@dataclass(frozen=True)
class Picture:
    kind: str
    title: str
    src: str | None          # a data: URI, or None when the file is missing or not a PNG


@dataclass
class StepView:
    index: int
    tool: str
    outcome: str
    time: str
    url: str
    kind: str                                       # action | navigation | assertion | wait | dialog
    target: str = ""
    locator: str = ""
    args: str = ""
    facts: list[str] = field(default_factory=list)
    waited: str = ""
    effects: list[str] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    raw: str = ""


def write_report(recording: str | Path, output: str | Path) -> Path:
    """Render the recording's report to output (RecordingError if it is not a recording)."""
    recording = Path(recording)
    html = render_report(read_recording(recording), recording.parent, title=recording.name)
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(html, encoding="utf-8")
    return output


def render_report(recording: Recording, folder: Path, *, title: str) -> str:
    environment = Environment(loader=PackageLoader("verdex.artifacts", "templates"),
                              autoescape=select_autoescape(default=True, default_for_string=True))
    steps = [_step_view(step, folder) for step in recording.steps]
    return environment.get_template("report.html.j2").render(title=title, header=recording.header, steps=steps,
                                                             truncated=recording.truncated)


def _step_view(step: dict[str, Any], folder: Path) -> StepView:
    tool = str(step.get("tool", "?"))
    view = StepView(index=int(step.get("index", 0)), tool=tool, outcome=str(step.get("outcome", "")),
                    time=str(step.get("time", "")), url=str(step.get("url") or step.get("url_after") or ""),
                    kind=_kind(tool), raw=json.dumps(step, ensure_ascii=False, indent=1, default=str))
    target = step.get("target") or {}
    if target:
        view.target = f"{target.get('role') or target.get('tag') or ''} {json.dumps(target.get('name') or '', ensure_ascii=False)}"
    locators = step.get("locators") or {}
    view.locator = str(locators.get("code") or "") + (" (positional fallback)" if locators.get("fallback") else "")
    if step.get("args"):
        view.args = json.dumps(step["args"], ensure_ascii=False, default=str)
    view.facts = _facts(step)
    waited = step.get("waited") or {}
    if waited:
        view.waited = (f"waited {waited.get('waited_ms')} ms for: {'; '.join(waited.get('blocking') or [])}"
                       + ("" if waited.get("cleared") else " (did not clear)"))
    view.effects = _effects(step)
    titles = {**PICTURE_TITLES, "page": "page, when refused"} if view.outcome == "not_actionable" else PICTURE_TITLES
    view.pictures = [_picture(kind, titles.get(kind, kind), path, folder)
                     for kind, path in (step.get("artifacts") or {}).items()]
    return view


def _kind(tool: str) -> str:
    if tool.startswith("verify_"):
        return "assertion"
    if tool in NAVIGATION_TOOLS:
        return "navigation"
    if tool in TAB_TOOLS:
        return "context"                 # a tab or a role: where the next steps happen
    return {"browser_wait_for": "wait", "browser_dialog": "dialog"}.get(tool, "action")


def _facts(step: dict[str, Any]) -> list[str]:
    facts: list[str] = []
    verdict = step.get("verdict") or {}
    facts += [f"blocking: {b}" for b in verdict.get("blocking") or step.get("blocking") or []]
    facts += [f"advisory: {a}" for a in verdict.get("advisory") or []]
    blocker = step.get("blocker") or {}
    if blocker.get("code"):
        facts.append(f"covered by: {blocker['code']}")
    if step.get("preflight"):
        try:
            pre = PreflightFacts.model_validate(step["preflight"])
        except ValidationError:
            return facts + ["preflight facts in an unknown shape (see the record)"]
        centre = next((p for p in pre.coverage if p.point == "center"), None)
        hit = centre.hit if centre is not None else None
        facts.append(f"visible: {pre.visible}, in viewport: {pre.in_viewport:.0%}, opacity: {pre.opacity:g}, "
                     f"disabled: {pre.disabled or pre.aria_disabled}")
        if hit is not None:
            facts.append(f"at its centre: {hit.tag}" + (" (the target)" if hit.reaches_target else " (NOT the target)"))
        if pre.animations:
            facts.append(f"animations running: {len(pre.animations)}")
        if pre.requests_in_flight:
            facts.append(f"requests in flight: {', '.join(pre.requests_in_flight[:5])}")
        if pre.ms_since_mutation is not None:
            facts.append(f"last DOM change in its container: {pre.ms_since_mutation} ms before")
        if pre.sensitive:
            facts.append("sensitive field: its value is recorded as an environment variable name")
    return facts


def _effects(step: dict[str, Any]) -> list[str]:
    if step.get("effects"):
        try:
            return Effects.model_validate(step["effects"]).to_text().splitlines()
        except ValidationError:
            return ["effects in an unknown shape (see the record)"]
    if step.get("tool") in NAVIGATION_TOOLS:
        return [f"now at {step.get('url_after', '')} (HTTP {step.get('status')})"]
    return []


def _picture(kind: str, title: str, relative: Any, folder: Path) -> Picture:
    """A picture the recording names, inlined; only PNG files inside the recording's folder are read."""
    try:
        path = (folder / str(relative)).resolve()
        if not path.is_relative_to(folder.resolve()):
            return Picture(kind, title, None)
        data = path.read_bytes()
    except (OSError, ValueError):
        return Picture(kind, title, None)
    if not data.startswith(PNG_MAGIC):
        return Picture(kind, title, None)
    return Picture(kind, title, "data:image/png;base64," + base64.b64encode(data).decode("ascii"))
