"""Flows of one test module recorded once each, in a module fixture, so that their exported tests run together
(tests/flows/runner.py ``run_exported``: one pytest run, one Playwright Test run): each test then asserts its own
flow's answers and its own file's run. A flow whose recording failed fails its own test, not its neighbours'."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from tests.blank_tab import start_blank
from tests.flows.runner import Run, run_pytest
from verdex.browser.session import Session
from verdex.generators import export


@dataclass(frozen=True)
class Recorded:
    """A flow recorded once for its test: the recording, and the tool's answers on the way."""
    recording: Path
    answers: dict[str, object]


RecordFlow = Callable[[Path], Awaitable[Recorded]]     # records the flow to the path it is given


def on_blank(session: Session, apps: object,
             record: Callable[[Session, object, Path], Awaitable[Recorded]]) -> RecordFlow:
    """The flow recorded in the module's browser (``record(session, apps, path)``), from a blank tab."""
    async def recorded(path: Path) -> Recorded:
        await start_blank(session)
        return await record(session, apps, path)
    return recorded


async def record_each(flows: Mapping[str, RecordFlow], folder: Path) -> dict[str, Recorded | Exception]:
    """Each flow recorded, one after the other, to ``folder/<name>.jsonl``: by its name, its recording, or the
    error that stopped it (its test raises it)."""
    recorded: dict[str, Recorded | Exception] = {}
    for name, record in flows.items():
        try:
            recorded[name] = await record(folder / f"{name}.jsonl")
        except Exception as error:              # noqa: BLE001  (this flow's own test raises it)
            recorded[name] = error
    return recorded


def recorded_flow(flows: Mapping[str, Recorded | Exception], name: str) -> Recorded:
    """The flow's recording; the error that stopped its recording, raised."""
    flow = flows[name]
    if isinstance(flow, Exception):
        raise flow
    return flow


def recordings(flows: Mapping[str, Recorded | Exception], names: Iterable[str] | None = None) -> dict[str, Path]:
    """The recordings of the flows (of ``names``, or all) that were recorded, to run: by name."""
    return {name: flow.recording for name, flow in flows.items()
            if isinstance(flow, Recorded) and (names is None or name in names)}


def assert_passed(runs: Mapping[str, Mapping[str, Run]], name: str) -> None:
    """The flow's exported test passed in every target it ran in (its own file's outcome in the batch's run)."""
    assert runs.get(name), f"{name} did not run: its recording failed (its own test says how)"
    failed = [f"{name} ({target}):\n{run.tail()}" for target, run in runs[name].items() if not run.passed]
    assert not failed, "\n\n".join(failed)


def exported_beside(recording: Path, name: str, target: str = "python") -> Path:
    """The recording exported beside it, as test_<name>.py or <name>.spec.ts: the file."""
    path = recording.parent / (f"test_{name}.py" if target == "python" else f"{name}.spec.ts")
    export(recording, target=target, path=path, name=name, overwrite_support=True)
    return path


def exported_python(recording: Path, name: str) -> str:
    """The recording exported as test_<name>.py beside it: its source."""
    return exported_beside(recording, name).read_text(encoding="utf-8")


def exported_and_passed(recording: Path, name: str) -> str:
    """The recording exported as test_<name>.py beside it and run by pytest, which passes: its source."""
    path = exported_beside(recording, name)
    source = path.read_text(encoding="utf-8")
    done = run_pytest(path, None)
    assert done.passed, f"{source}\n{done.tail()}"
    return source


def exported_spec_source(recording: Path, name: str) -> str:
    """The recording exported as <name>.spec.ts beside it: its source."""
    return exported_beside(recording, name, "typescript").read_text(encoding="utf-8")
