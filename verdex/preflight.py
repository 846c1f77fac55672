"""Race preflight: read the raw facts about a target in one bridge round trip, and say which of them
block an action and which only ride along with it.

Blocking (the action would be lost or land elsewhere): the element is clipped away by its closed
container (a collapsed section 0 px high with its overflow hidden, a <details> not open: said as that,
with the toggle that opens it, not as what the point hits instead), kept in the page while closed (a menu
drawn at opacity 0 that takes no pointer events: said as that, not as covered by what lies under it), placed off
the page where no scroll reaches (a menu's flyout kept at ``top: -1000em`` until hovered: said with the control to
hover, for an action at a point), hidden, covered at the point
Playwright clicks (its centre) by something that takes pointer events, moving (an animation or
transition of position or size on it or an ancestor) for an action at a point (click, check, hover;
keys and a choice go to the element itself, moving or not), disabled, or — for typing — not editable.
Keys (press, type, fill) go to the element Playwright focuses, not to a point: there, what covers the
target blocks only when it is not part of the target's own widget (a code editor's lines drawn over the
hidden textarea that takes its keys are; a scrim over the page is not).
Advisory: partly covered away from the centre, fading (an animation of opacity, visibility or a filter;
one of colours or a background alone — a login page's drifting gradient — changes nothing an action
meets and is not said), outside the
viewport (Playwright scrolls), inside an aria-busy region, an ancestor whose readiness signal says
not yet (``data-hydrated="false"``: visible buttons whose handlers may not be attached — Playwright
cannot see that, so it does not block), requests in flight, a recent DOM change, and where it leads
(a link, a popup, a form submission).
"""

from __future__ import annotations

import re
from typing import Literal

from verdex.facts import (
    NOT_READY, READINESS_ATTRIBUTE, AnimationFacts, ClosedContainer, Effects, HitFacts, OffPage, PreflightFacts, Verdict,
)
from verdex.unseen import json_string

Action = Literal["click", "type", "fill", "press", "select", "check", "uncheck", "hover"]
TEXT_ACTIONS = ("type", "fill")
SUBMITS = "submits a form: "
# what the page's submit listeners say of the submission before acting (FormFacts.page_handles)
SUBMITS_HANDLED = {"prevents": "submits a form the page handles (its submit listener prevents the browser's "
                               "submission: no navigation): ",
                   "listens": "submits a form the page listens for (its script may handle it itself): "}
NAVIGATES = "navigates to "           # a link's note before its click, kept after it only when it did
STAYED = "a link to {}, whose click did not navigate: the page's script took it"
TURNED = "a link to {}, whose click the page's script took: the URL went to {}"
FADING = re.compile(r"^(opacity|visibility|filter|all|clip)", re.IGNORECASE)    # a transition of "all" may too
KEY_ACTIONS = ("type", "fill", "press")
# Actions that land at a point: one the target cannot take itself goes to what a user clicks (``stand_in``).
POINTER_ACTIONS = ("click", "check", "uncheck")
AT_A_POINT = (*POINTER_ACTIONS, "hover")     # actions a target that moves may be missed by
RECENT_MUTATION_MS = 200
ENDLESS = ("repeating forever (it never stands still, so waiting will not end it: force acts at once, and the test "
           "made from it acts with force too)")
# A repeating animation that began only just now may be a page's call for attention on what has just come, which the
# page takes off itself after a moment (ESPHome's new device card scales to and fro for 2 s): waited for, bounded.
ATTENTION_MS = 5_000
JUST_BEGUN = ("repeating, for {s:.1f} s so far (a page may take such a pulse off after a moment, as it highlights what "
              "has just come: wait waits for it to stop; one that goes on is forced, and the test made from it acts "
              "with force too)")


def as_acted(facts: PreflightFacts, action: Action) -> PreflightFacts:
    """The facts as the action meets them. A closed container clips away what a point lands on; keys and a choice
    go to the element wherever its container clips it (Playwright types into it), and a 0 px box around a field
    whose place the field's own widget fills is that widget's hiding place for its input, not a section (a
    code editor keeps its textarea in one, under its lines: what a click meets there is the editor, said as a
    cover)."""
    closed = facts.closed_container
    centre = next((p.hit for p in facts.coverage if p.point == "center"), None)
    hiding_place = facts.editable and centre is not None and centre.same_widget
    if closed is None or (action in AT_A_POINT and not hiding_place):
        return facts
    return facts.model_copy(update={"closed_container": None})


def judge(facts: PreflightFacts, action: Action) -> Verdict:
    facts = as_acted(facts, action)
    blocking: list[str] = []
    advisory: list[str] = []
    closed = facts.closed_container
    off_page = kept_off_the_page(facts, action)
    if closed is not None:
        blocking.append(clipped_away(closed))
    elif off_page is not None and facts.visible:
        blocking.append(placed_off_the_page(off_page))
    elif not facts.visible:
        blocking.append("hidden: the element has no visible box (display, visibility or size)")
    def lands(hit: HitFacts) -> bool:
        return hit.reaches_target or (action in KEY_ACTIONS and hit.same_widget)

    centre = next((p for p in facts.coverage if p.point == "center"), None)
    # in a closed container, what a point on the target hits is whatever lies there instead (the next section)
    if centre is not None and centre.hit is not None and not centre.outside_viewport and facts.visible and closed is None:
        if not lands(centre.hit) and shut(facts):
            blocking.append(f"drawn transparent and takes no pointer events (a closed menu or popover, opacity 0, "
                            f"pointer-events: none): a click at its centre lands on {_describe_hit(centre.hit)} under "
                            f"it; click what opens it first")
        elif not lands(centre.hit) and passes_through(facts, centre.hit):
            if not (facts.disabled or facts.aria_disabled):      # else "disabled" below says why
                blocking.append(f"takes no pointer events (pointer-events: none): a click at its centre lands on "
                                f"its container {_describe_hit(centre.hit)}")
        elif not lands(centre.hit):
            blocking.append(f"covered at its centre by {_describe_hit(centre.hit)}")
        elif not centre.hit.reaches_target:
            advisory.append(f"drawn over by its own widget's {_describe_hit(centre.hit)} (keys go to the focused target)")
    covered_corners = [p.point for p in facts.coverage if p.point != "center" and p.hit is not None
                       and not p.outside_viewport and not lands(p.hit) and not passes_through(facts, p.hit)]
    if covered_corners and closed is None and not any(b.startswith("covered") for b in blocking):
        advisory.append(f"partly covered at {', '.join(covered_corners)}")
    moving = [a for a in facts.animations if a.moves]
    if moving:
        first = moving[0]
        # a point may miss a moving target; keys and a choice go to the element itself (Playwright's fill,
        # type, press and select_option do not wait for it to stand still)
        (blocking if action in AT_A_POINT else advisory).append(
            f"moving: {first.type} {first.name or ', '.join(first.properties)} on "
            f"{'the target' if first.on == 'target' else first.tag + ' (ancestor)'}"
            + (f", {JUST_BEGUN.format(s=first.running_ms / 1000)}" if just_begun(first) else
               f", {ENDLESS}" if first.endless else
               f", {round(first.progress * 100)}% done" if first.progress is not None else ""))
    fading = [a for a in facts.animations if not a.moves and _shows_or_hides(a)]
    if fading:
        advisory.append(f"fading: {', '.join(sorted({a.name or ','.join(a.properties) for a in fading}))} "
                        f"(opacity now {facts.opacity})")
    if action != "hover" and (facts.disabled or facts.aria_disabled):
        blocking.append("disabled" if facts.disabled else "aria-disabled=true")
    if action in TEXT_ACTIONS and not facts.editable:
        blocking.append("not editable" + (" (readonly)" if facts.readonly else ""))
    if facts.visible and facts.in_viewport < 1 and off_page is None:
        advisory.append(f"{round(facts.in_viewport * 100)}% inside the viewport (Playwright scrolls it into view)")
    if facts.busy_ancestors:
        advisory.append("inside aria-busy=true " + ", ".join(b.test_id or b.tag for b in facts.busy_ancestors))
    not_ready = [f"[{a.test_id}] {name}={value!r}" for a in facts.ancestor_state
                 for name, value in a.attributes.items() if READINESS_ATTRIBUTE.match(name) and value in NOT_READY]
    if not_ready:
        advisory.append(f"not ready yet: {', '.join(not_ready)} (its handlers may not be attached)")
    if facts.requests_in_flight:
        advisory.append(f"{len(facts.requests_in_flight)} request(s) in flight: {facts.requests_in_flight[0]}")
    if facts.ms_since_mutation is not None and facts.ms_since_mutation < RECENT_MUTATION_MS:
        advisory.append(f"its container changed {facts.ms_since_mutation} ms ago")
    link = facts.navigation.link if action != "hover" else None      # a hover follows no link
    if link is not None and link.in_document and link.target != "_blank":
        advisory.append('a link to "#" alone: no navigation, what its click does is the page\'s script\'s')
    elif link is not None:
        advisory.append(f"opens {link.href} in a new tab" if link.target == "_blank" else f"{NAVIGATES}{link.href}")
    if facts.navigation.form is not None:
        form = facts.navigation.form
        advisory.append(f"{SUBMITS_HANDLED.get(form.page_handles or '', SUBMITS)}{form.method.upper()} {form.action}")
    return Verdict(blocking=blocking, advisory=advisory)


def as_it_went(verdict: Verdict, effects: Effects | None) -> Verdict:
    """The verdict once the action is done: a form it was to submit that the page's script handled instead (an
    Angular or React form that posts its data itself: no new document came, nor a tab) is said so, not as a
    submission — also when the script then moved the URL itself (``pushState`` to the saved record's route:
    a submission loads a document). A form the page listened for that loaded a document was submitted (also one
    whose listener prevented the browser's submission and sent the form itself), and
    so was one whose answer closed its window (Django admin's related-record popup: its Save posts, and the page
    it answers hands the record to the opener and closes). A link said to navigate whose click moved nothing (no
    document, no URL, no tab: the page's script prevented it) is said so, and one whose script moved the URL
    elsewhere than the link's href says where it went."""
    if effects is None:
        return verdict
    if not (effects.navigated or effects.moved or effects.new_tabs or effects.closed_to is not None):
        # a link whose click the page took (AngularJS keeps ``<a href="">`` from navigating): said as it went
        verdict = verdict.model_copy(update={"advisory": [STAYED.format(note.removeprefix(NAVIGATES))
                                                          if note.startswith(NAVIGATES) else note
                                                          for note in verdict.advisory]})
    if effects.moved and not (effects.navigated or effects.new_tabs) and effects.url_after:
        # a tab drawn as a link whose script moved the URL elsewhere (Prometheus's "#graph0" puts ?g0.tab=0 in it)
        verdict = verdict.model_copy(update={"advisory": [
            TURNED.format(note.removeprefix(NAVIGATES), effects.url_after)
            if note.startswith(NAVIGATES) and note.removeprefix(NAVIGATES) != effects.url_after else note
            for note in verdict.advisory]})
    if effects.navigated or effects.new_tabs or effects.closed_to is not None:
        # a listener that prevents the browser's submission may send the form itself (pretalx's guard against a
        # second click: ``preventDefault()``, the button disabled, ``form.submit()``): a document came all the same
        handled = tuple(SUBMITS_HANDLED.values())
        return verdict.model_copy(update={"advisory": [
            SUBMITS + note.removeprefix(next(p for p in handled if note.startswith(p))) if note.startswith(handled)
            else note for note in verdict.advisory]})
    said = []
    for note in verdict.advisory:
        prefix = next((p for p in (SUBMITS, *SUBMITS_HANDLED.values()) if note.startswith(p)), None)
        said.append(f"its form's submission was handled by the page (no navigation): {note.removeprefix(prefix)}"
                    if prefix else note)
    return verdict.model_copy(update={"advisory": said})


def clipped_away(closed: ClosedContainer) -> str:
    """``clipped away by its closed container div#connection (0 px high, overflow hidden); heading
    "Connection" [ref=e12] opens it``."""
    what = closed.tag + (f"#{closed.id}" if closed.id else "".join(f".{c}" for c in closed.classes[:2]))
    how = ("not open" if not closed.overflow else
           f"{closed.height if closed.height < 1 else closed.width} px {'high' if closed.height < 1 else 'wide'}, "
           f"overflow {closed.overflow}")
    said = f"clipped away by its closed container {what} ({how})"
    toggle = closed.toggle
    if toggle is None:
        return said + ": no control on the page names it as what it opens"
    named = f" {json_string(toggle.name)}" if toggle.name else ""
    return said + f"; {toggle.role or toggle.tag}{named} [ref={toggle.ref}] opens it"


def kept_off_the_page(facts: PreflightFacts, action: Action) -> OffPage | None:
    """Where the target is kept off the page, for an action at a point, unless it is on its way in (an animation
    that moves it or an ancestor: a panel sliding in from beyond the edge, which Playwright waits out)."""
    if action not in AT_A_POINT or any(a.moves for a in facts.animations):
        return None
    return facts.off_page


def placed_off_the_page(off: OffPage) -> str:
    """``placed off the page (ul.wp-submenu at x=160, y=-16000), where no scroll reaches it: kept there until
    hovered (a menu's flyout, a row's actions); hover link "Posts" [ref=e17] first``."""
    said = (f"placed off the page ({off.placed} at x={off.x}, y={off.y}), where no scroll reaches it: kept there "
            "until hovered (a menu's flyout, a row's actions)")
    shown = off.revealer
    if shown is None:
        return said + "; no control beside it on the page: hover what it belongs to first"
    named = f" {json_string(shown.name)}" if shown.name else ""
    return said + f"; hover {shown.role or shown.tag}{named} [ref={shown.ref}] first"


def waits_in_vain(facts: PreflightFacts, action: Action) -> str | None:
    """Why waiting for the blocking facts to clear would only run out, or None when it may not. A target in a
    closed container that is not opening (no animation of size or position runs on it or its ancestors) stays
    clipped until its toggle is clicked; one that moves, for an action at a point, round after round of an
    animation that repeats forever (a call to action's pulse) never stands still, once it has gone on for longer
    than a page's call for attention lasts (``just_begun``)."""
    if facts.closed_container is not None and not any(a.moves for a in facts.animations):
        return "it stays closed until its toggle is clicked"
    if kept_off_the_page(facts, action) is not None:
        return "it comes onto the page once what it belongs to is hovered"
    endless = endless_movement(facts)
    if action in AT_A_POINT and endless and not just_begun(endless):
        return "it moves for good"
    if action in AT_A_POINT and shut(facts) and not any(_shows_or_hides(a) for a in facts.animations):
        return "it shows once what opens it is clicked"
    return None


def shut(facts: PreflightFacts) -> bool:
    """The target is kept in the page while closed (a menu or popover drawn at opacity 0, taking no pointer events,
    until its toggle opens it): what a point on it hits lies under it, and covers nothing."""
    return facts.opacity == 0 and facts.styles is not None and facts.styles.get("pointer_events") == "none"


def endless_movement(facts: PreflightFacts) -> AnimationFacts | None:
    """The animation that moves the target for good, when every one that moves it repeats forever: Playwright's
    click waits for a target to stand still, and this one never does."""
    moving = [a for a in facts.animations if a.moves]
    return moving[0] if moving and all(a.endless for a in moving) else None


def just_begun(animation: AnimationFacts) -> bool:
    """A repeating animation that has run for less than ``ATTENTION_MS``: it may be a call for attention the page
    takes off after a moment, so waiting for it is not in vain."""
    return animation.endless and animation.running_ms is not None and animation.running_ms < ATTENTION_MS


def passes_through(facts: PreflightFacts, hit: HitFacts) -> bool:
    """The target takes no pointer events (``pointer-events: none``, as libraries style a disabled button),
    so a probe finds the container under it: nothing covers it; nor does what lies under a target kept in the page
    while closed (``shut``). (A container's overlay drawn by a pseudo-element is a cover: the target then takes
    pointer events, and the probe still finds the container.)"""
    return shut(facts) or (hit.contains_target and facts.styles is not None
                           and facts.styles.get("pointer_events") == "none")


def blockers(facts: PreflightFacts) -> list[dict[str, object]]:
    """Each element that covers the target, once, with the probe points it covers: the compact form of
    the coverage facts (five probes under one scrim are one blocker, not five)."""
    found: dict[str, dict[str, object]] = {}
    if facts.closed_container is not None:     # what lies where the closed container clips it covers nothing
        return []
    for probe in facts.coverage:
        if probe.hit is None or probe.outside_viewport or probe.hit.reaches_target or passes_through(facts, probe.hit):
            continue
        entry = found.setdefault(probe.hit.ref, {"by": _describe_hit(probe.hit), "covers": []})
        entry["covers"].append(probe.point)                     # type: ignore[union-attr]
    return list(found.values())


def _shows_or_hides(animation: AnimationFacts) -> bool:
    """Whether an animation that moves nothing changes how much of its element shows (one whose properties
    are unknown is taken to)."""
    return not animation.properties or any(FADING.search(p) for p in animation.properties)


def _describe_hit(hit: HitFacts) -> str:
    text = hit.tag
    if hit.test_id:
        text += f" [testid={hit.test_id}]"
    elif hit.id:
        text += f"#{hit.id}"
    elif hit.classes:
        text += "." + ".".join(hit.classes[:2])
    if hit.role and hit.name:
        text += f" ({hit.role} {hit.name!r})"
    text += f" [ref={hit.ref}]"
    if hit.opacity is not None and hit.opacity < 0.05:
        text += " (transparent, takes pointer events)"
    return text
