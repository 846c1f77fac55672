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

from verdex.generators.recording import Recording, read_recording
from verdex.recording_format import NAVIGATION_TOOLS, TAB_TOOLS, Step
from verdex.unseen import json_string

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
    steps = [_step_view(step, folder) for step in recording.records]
    return environment.get_template("report.html.j2").render(title=title, header=recording.header, steps=steps,
                                                             truncated=recording.truncated)


def _step_view(step: Step, folder: Path) -> StepView:
    view = StepView(index=step.index, tool=step.tool, outcome=step.outcome, time=step.time,
                    url=step.url or step.url_after or "", kind=_kind(step.tool),
                    raw=json.dumps(step.model_dump(mode="json", exclude_unset=True), ensure_ascii=False, indent=1))
    target = step.target
    if target is not None:
        view.target = f"{target.role or target.tag or ''} {json_string(target.name or '')}"
    if step.locators is not None:
        view.locator = step.locators.code + (" (positional fallback)" if step.locators.fallback else "")
    args = step.args.model_dump(mode="json", exclude_unset=True)
    if args:
        view.args = json.dumps(args, ensure_ascii=False)
    view.facts = _facts(step)
    waited = step.waited
    if waited is not None:
        view.waited = (f"waited {waited.waited_ms} ms for: {'; '.join(waited.blocking)}"
                       + ("" if waited.cleared else " (did not clear)"))
    view.effects = _effects(step)
    titles = {**PICTURE_TITLES, "page": "page, when refused"} if view.outcome == "not_actionable" else PICTURE_TITLES
    view.pictures = [_picture(kind, titles.get(kind, kind), path, folder)
                     for kind, path in (step.artifacts or {}).items()]
    return view


def _kind(tool: str) -> str:
    if tool.startswith("verify_"):
        return "assertion"
    if tool in NAVIGATION_TOOLS:
        return "navigation"
    if tool in TAB_TOOLS:
        return "context"                 # a tab or a role: where the next steps happen
    return {"browser_wait_for": "wait", "browser_dialog": "dialog"}.get(tool, "action")


def _facts(step: Step) -> list[str]:
    facts: list[str] = []
    verdict = step.verdict
    facts += [f"blocking: {b}" for b in (verdict.blocking if verdict else []) or step.blocking or []]
    facts += [f"advisory: {a}" for a in (verdict.advisory if verdict else [])]
    if step.blocker is not None and step.blocker.code:
        facts.append(f"covered by: {step.blocker.code}")
    pre = step.preflight
    if pre is not None:
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


def _effects(step: Step) -> list[str]:
    if step.effects is not None:
        return step.effects.to_text().splitlines()
    if step.tool in NAVIGATION_TOOLS:
        return [f"now at {step.url_after} (HTTP {step.status})"]
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
