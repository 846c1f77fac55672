"""A test's start in a browser the module shares: its active tab blank, recording nothing."""

from __future__ import annotations

from verdex.browser.session import Session


async def start_blank(session: Session) -> None:
    """The session's active tab on about:blank, recording nothing: a dialog a test that failed left open is
    dismissed, and a page that asks before it is left (beforeunload) is left."""
    session.record(None)
    tab = await session.tab()
    while tab.pending_dialogs:                    # a test that failed with a dialog open
        await tab.pending_dialogs.pop(0).dismiss()
    await tab.navigate("about:blank")
    if tab.leaving is not None:                   # the page asked before it was left (beforeunload): leave
        await tab.pending_dialogs.pop(0).accept()
        await tab.left()
