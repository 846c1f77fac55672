"""Artifacts of a session: screenshots per step, a visual diff per action, a Playwright trace, and an
HTML report of a recording (``docs/artifacts.md``).

    options = ArtifactOptions(screenshots=True, visual_diff=True, trace="trace.zip")
    write_report("session.jsonl", "report.html")
"""

from verdex.artifacts.options import ArtifactOptions
from verdex.artifacts.report import write_report

__all__ = ["ArtifactOptions", "write_report"]
