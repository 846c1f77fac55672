"""Artifacts of a session: screenshots per step, a visual diff per action, a Playwright trace, and an
HTML report of a recording (``docs/artifacts.md``).

    options = ArtifactOptions(screenshots=True, visual_diff=True, trace=Path("trace.zip"))
    from verdex.artifacts.report import write_report      # imported on its own: it pulls in Jinja and generators
    write_report("session.jsonl", "report.html")
"""

from verdex.artifacts.options import ArtifactOptions

__all__ = ["ArtifactOptions"]
