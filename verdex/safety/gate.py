"""Which actions a risk gates, and the confirmation text that lets one through.

A danger affordance is gated when the action would set it off: a click, a check or a select on it, a
key that activates it (Enter, Space), and — for a field — Enter (``submit=True`` or a pressed Enter)
when the form it submits is danger. Hovering and filling without submitting are never gated.
"""

from __future__ import annotations

from verdex.facts import RiskFact

ACTIVATING_KEYS = ("Enter", "NumpadEnter", " ", "Space")
SUBMITTING_KEYS = ("Enter", "NumpadEnter")


def gated_risk(risk: RiskFact | None, submit_risk: RiskFact | None, action: str, *, key: str | None = None,
               submit: bool = False) -> RiskFact | None:
    """The danger this action would set off, or None."""
    own = risk if risk is not None and risk.level == "danger" else None
    submits = submit_risk if submit_risk is not None and submit_risk.level == "danger" else None
    if action in ("click", "check", "uncheck", "select"):
        return own
    if action == "press":
        pressed = (key or "").split("+")[-1]
        return (own if pressed in ACTIVATING_KEYS else None) or (submits if pressed in SUBMITTING_KEYS else None)
    if action in ("fill", "type"):
        return submits if submit else None
    return None


def confirmation_text(subject: str, host: str) -> str:
    """The exact text an agent echoes in ``confirm=``: ``Place order on shop.example.com``."""
    return f"{' '.join(subject.split()) or 'this action'} on {host or 'this page'}"
