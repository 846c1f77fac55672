"""A click the page's own script answers, on a page an action loaded: a server-rendered page's controls (a
Bootstrap dropdown's toggle, a tab, a select2 box) get their handlers from the scripts at the end of its body.
A test goes on as soon as the page an action loaded has committed (its URL check holds then), while those
scripts are still on their way: the click lands on a link to ``#`` with no handler yet, and nothing opens
(django-oscar's dashboard menu, "Catalogue", then "Products" never shown). ``page.goto`` waits for the page's
load event; an action does not. So a click whose answer was the page's alone (no request, no navigation: the
page changed) on a page that an action loaded, asking for scripts as it loaded, first waits for that page's
``DOMContentLoaded``, which comes once the scripts of its markup have run — not its ``load``, which waits for
every image and frame too and never comes past a request that hangs — once per page: a later click there acts
after it. A click on a submit button or on a link to another page that stayed is the script's answer too, with
requests or not: the script posts the form itself (WordPress's "Add New Category"), and a click before it has run
is the browser's post, a new page where the test waits for the script's request.

An app that loads each page by a request into the one document, then the scripts that page asks for, may ignore
input until they have run: phpMyAdmin's ``AJAX.active`` stays true until the new page's scripts have loaded, and a
link clicked or a form sent meanwhile is dropped without a word. A test goes on as soon as the next control is
drawn; when the scripts come late (a busy machine, a slow network) its next action goes nowhere. So the action
after one that loaded scripts without leaving the document (their paths recorded, format 26) first waits until the
page has had each script's answer (a ``data_answered`` wait: the page's Resource Timing entry of each, made as its
body has come; the script runs as it comes, before Playwright has checked the next target and acted). A script whose
name its build made from its content (``/assets/Example-BxwHpb9T.js``) is waited for by the name's other parts
(``/assets/Example-*.js``, generators/build_hashes.py): the next build of the app names it otherwise."""

from __future__ import annotations

from verdex.generators.build_hashes import with_any_build
from verdex.generators.plan import Wait
from verdex.generators.waits import STARTUP_TIMEOUT_MS, names_one_thing
from verdex.recording_format import ACTION_TOOLS, NAVIGATION_TOOLS, TAB_TOOLS
from verdex.recording_format import Step as Record


def scripts_run_waits(steps: list[Record], index: int) -> list[Wait]:
    """The waits for the page's scripts (its ``DOMContentLoaded``, then an answer to each script it asked for)
    before the click ``steps[index - 1]``, when it is the first click a script answered (the page's own change, or
    a request the script sent) on a page an earlier action loaded with scripts. A script a loader asks for once the
    markup's have run (require.js, a dynamic import) comes after ``DOMContentLoaded``, even after the load event:
    JupyterHub's token page gets its form's and its revoke buttons' handlers from ``token.js`` that way, and a click
    before it came posted the form the browser's way (a page loaded again where the test waited for the script's
    request) or did nothing. A page the test loaded again (``reload``, which waits for the load event) waits for the
    scripts it asked for when an action loaded it before."""
    record = steps[index - 1]
    if not _answered_by_script(record):
        return []
    reloaded = False
    for earlier in reversed(steps[:index - 1]):
        if earlier.tab != record.tab:
            continue
        if earlier.tool == "browser_reload" and not reloaded:
            reloaded = True              # the page is the one the action before the reload loaded
            continue
        if earlier.tool in NAVIGATION_TOOLS or _answered_by_script(earlier) and not reloaded:
            return []                    # a goto waits for the load event; a click before this one waited (on
                                         # this load of the page: one before the reload acted on the one before)
        effects = earlier.effects
        if effects is not None and effects.navigated:
            if not effects.code_loaded:
                return []
            paths = _script_paths(effects.scripts)
            answered = [Wait(kind="data_answered", paths=paths, timeout_ms=STARTUP_TIMEOUT_MS,
                             reason=("and " if not reloaded else "the reload loaded this page again, which asked for "
                                     "scripts as it loaded: it clicks ") + "once the page has had each of them: a "
                                    "script a loader asks for comes after the markup's have run")] if paths else []
            if reloaded:
                return answered
            scripts = f"{effects.code_loaded} script{'s' if effects.code_loaded > 1 else ''}"
            loaded = Wait(kind="load", reason=f"the {earlier.tool.removeprefix('browser_')} before loaded this page, "
                                              f"which asked for {scripts}, and the page's script answered this click "
                                              f"({_answer(record)}): it clicks once they have run")
            return [loaded, *answered]
    return []


def _script_paths(scripts: list[str]) -> list[str]:
    """The paths of the scripts a page asked for, each as any build of it names it."""
    built = [with_any_build(path) for path in dict.fromkeys(scripts) if not names_one_thing(path)]
    return list(dict.fromkeys(path for path in built if path is not None))


def _answered_by_the_page(record: Record) -> bool:
    """A click that changed the page without a request, a navigation or a new tab: its script's answer; so is one
    on a submit button or a link to another page that did not navigate, with requests or not (WordPress's "Add
    New Category": the script posts the form itself, and the browser would post it before the script has run)."""
    effects = record.effects
    if record.tool != "browser_click" or effects is None or effects.no_effect:
        return False
    if effects.navigated or effects.new_tabs:
        return False
    if _default_taken(record):
        return True
    if effects.moved or effects.requests:
        return False
    return bool(effects.interactive_diff or effects.appeared)


def _answered_by_script(record: Record) -> bool:
    """A click the page's script answered: by a change of its own, or by a request it sent (a click that stayed on
    the page and asked the server: a fetch, an XHR)."""
    effects = record.effects
    return _answered_by_the_page(record) or (record.tool == "browser_click" and effects is not None
                                             and not effects.no_effect and not effects.navigated
                                             and not effects.new_tabs and bool(effects.requests))


def _answer(record: Record) -> str:
    if _default_taken(record):
        return "it took what the browser does by default"
    return "it sent the request itself" if record.effects is not None and record.effects.requests else "no request"


def _default_taken(record: Record) -> bool:
    """The click's target submits a form or links to another page, and the click stayed: the page's script took
    what the browser does by default."""
    navigation = record.preflight.navigation if record.preflight is not None else None
    if navigation is None:
        return False
    link = navigation.link
    elsewhere = link is not None and not link.download and link.target in (None, "_self") and \
        link.href.split("#")[0] != (record.url or "").split("#")[0]
    return navigation.form is not None or elsewhere


def code_run_wait(steps: list[Record], index: int) -> Wait | None:
    """The wait for the answers to the scripts the action before ``steps[index - 1]`` in its tab loaded without
    leaving the document (checks between them aside), so that it acts once the app has the code it asked for."""
    record = steps[index - 1]
    earlier = next((step for step in reversed(steps[:index - 1]) if step.tab == record.tab
                    and step.tool in (*ACTION_TOOLS, *NAVIGATION_TOOLS, *TAB_TOOLS)), None)
    effects = earlier.effects if earlier is not None and earlier.tool in ACTION_TOOLS else None
    if effects is None or effects.navigated:
        return None
    paths = _script_paths(effects.scripts)
    if not paths:
        return None
    hashed = " (a build's hash in a name as any name: the next build names that file otherwise)" \
        if any("*" in path for path in paths) else ""
    return Wait(kind="data_answered", paths=paths, timeout_ms=STARTUP_TIMEOUT_MS,
                reason=f"the {earlier.tool.removeprefix('browser_')} before loaded code the page did not have yet "
                       f"({', '.join(paths)}){hashed}: an app may ignore input until it has run (a click dropped while "
                       "it loads), so the test acts once each has been answered")
