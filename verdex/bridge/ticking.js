  // ---------------------------------------------------------------- texts that tick by themselves
  // A text that keeps changing on its own, whether the agent acts or not, with no role=timer to say so: a run's
  // "Elapsed 00:01.37" told again every 50 ms, "Last saved 3 seconds ago", a dashboard's "Updated 12:04:31", a
  // countdown's "Offer ends in 04:59". It is known by what it does: an element whose own text changed by itself (no
  // action under way) TICKS_BY_ITSELF times with no action begun between, each time to a text holding a figure,
  // ticks, and its changes are no one's as a timer's are (TICKING), for as long as it goes on: it changed by itself
  // since the action before this one began, or more than once while that one settled (a stopwatch acted beside at
  // once, again and again). A count an action changes ("3 items", a counter a click increments) changes under the
  // action's watch, once, or once after it (a late answer), and never ticks. A count drawn in steps as the page
  // started (three figures by itself) is taken for a tick by the first action only: once still, it goes on no more.
  const TICKS_BY_ITSELF = 3;
  let actionsBegun = 0;                 // counted by watch.js watchStart
  // an element → {run: its changes by itself since `since`, since: the actions begun then, ticking, and how many
  // times it changed while the action `acted` settled: `changes`}
  const textsBySelf = new WeakMap();
  const tickingTexts = new Set();       // the elements that tick, for the lines an action added (watch.js)

  // The element whose own text a change set, an element that holds text alone: a text node's data, or text nodes
  // put in its place (textContent =) — not a text the parser or a script put between elements (a page's body,
  // parsed); ``added``: the nodes a childList change added, else null.
  function textElementOf(node, added) {
    const textsPut = !!added && added.length > 0 && added.every((n) => n.nodeType === 3);
    const el = node.nodeType === 3 ? parentOf(node) : textsPut ? node : null;
    return el && !el.firstElementChild ? el : null;
  }

  function noteTextChange(node, added, bySelf) {
    const el = textElementOf(node, added);
    if (!el || !/\d/.test(el.textContent)) return;
    const seen = textsBySelf.get(el) || { run: 0, since: actionsBegun, ticking: false, acted: 0, changes: 0 };
    textsBySelf.set(el, seen);
    if (!bySelf) {
      if (!goesOnTicking(el)) return;
      if (seen.acted !== actionsBegun) Object.assign(seen, { acted: actionsBegun, changes: 0 });
      seen.changes += 1;
      if (seen.changes > 1) seen.since = actionsBegun;
      return;
    }
    if (seen.since !== actionsBegun) Object.assign(seen, { run: 0, since: actionsBegun });
    seen.run += 1;
    if (seen.run >= TICKS_BY_ITSELF && !seen.ticking) { seen.ticking = true; tickingTexts.add(el); }
  }

  function goesOnTicking(el) {
    const seen = textsBySelf.get(el);
    return !!seen && seen.ticking && seen.since >= actionsBegun - 1;
  }

  // A change that is a tick: inside a timer or a marquee (TICKING, across shadow roots), or of a text that ticks.
  function ticks(node) {
    const el = node.nodeType === 1 ? node : parentOf(node);
    return !!el && (!!closestAcrossShadow(el, TICKING) || goesOnTicking(el));
  }

  // The texts that tick now, as the page shows them (those gone from it forgotten).
  function tickingNow() {
    const out = [];
    for (const el of tickingTexts) {
      if (!el.isConnected) tickingTexts.delete(el);
      else if (goesOnTicking(el)) out.push(collapse(el.textContent));
    }
    return out.filter((text) => text.length > 1);
  }

