  // ---------------------------------------------------------------- texts that tick by themselves
  // A text that keeps changing on its own, whether the agent acts or not, with no role=timer to say so: a run's
  // "Elapsed 00:01.37" told again every 50 ms, "Last saved 3 seconds ago", a dashboard's "Updated 12:04:31", a
  // countdown's "Offer ends in 04:59". It is known by what drives it, a timer of the page's and nothing else: an
  // element whose own text changed by itself (no action under way) TICKS_BY_ITSELF times with no action begun
  // between and no answer to the page's data requests come before any of them since the change before, each time
  // to a text holding a figure, ticks, and its changes are no one's as a timer's are (TICKING), for as long as it
  // goes on: it changed by itself since the action before this one began, or more than once while that one settled
  // (a stopwatch acted beside at once, again and again). A status the page polls ("Checked 3 times", drawn after
  // each answer) changes after an answer each time: the answer's drawing, which the answers' facts tell (the
  // startup's, an action's requests), never a tick. A count an action changes ("3 items", a counter a click
  // increments) changes under the action's watch, once, or once after it (a late answer), and never ticks. A count
  // drawn in steps as the page started (three figures by itself) is taken for a tick by the first action only: once
  // still, it goes on no more.
  const TICKS_BY_ITSELF = 3;
  let actionsBegun = 0;                 // counted by watch.js watchStart
  // an element → {run: its changes by itself in a row since `since` with no answer come between, since: the actions
  // begun then, ticking, how many times it changed while the action `acted` settled: `changes`, and the answers
  // come by its change before: `answers`}
  const textsBySelf = new WeakMap();
  const tickingTexts = new Set();       // the elements that tick, for the lines an action added (watch.js)
  // How many of the page's fetch and XHR requests were answered so far, by its resource timing (counted from the
  // document's start by early.js when it watched then; else from what the timing still lists)
  let answersCome = 0;
  const countAnswers = (entries) => {
    answersCome += entries.filter((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest').length;
  };
  const answersSeen = new PerformanceObserver((list) => countAnswers(list.getEntries()));

  // Count the answers from ``since`` on (early.js's count as the page script adopts its log; null: none kept).
  function watchAnswers(since) {
    answersCome = since || 0;
    answersSeen.observe({ type: 'resource', buffered: since === null });
  }

  // The answers come so far: the browser lists an answer before the page can read it and draw what it says.
  function answersNow() {
    countAnswers(answersSeen.takeRecords());
    return answersCome;
  }

  // The element whose own text a change set, an element that holds text alone: a text node's data, or text nodes
  // put in its place (textContent =) — not a text the parser or a script put between elements (a page's body,
  // parsed); ``added``: the nodes a childList change added, else null.
  function textElementOf(node, added) {
    const textsPut = !!added && added.length > 0 && added.every((n) => n.nodeType === 3);
    const el = node.nodeType === 3 ? parentOf(node) : textsPut ? node : null;
    return el && !el.firstElementChild ? el : null;
  }

  // ``answers``: how many answers had come by the change (early.js's for the changes it kept; null: by now).
  function noteTextChange(node, added, bySelf, answers = null) {
    const el = textElementOf(node, added);
    if (!el || !/\d/.test(el.textContent)) return;
    const seen = textsBySelf.get(el) ||
      { run: 0, since: actionsBegun, ticking: false, acted: 0, changes: 0, answers: 0 };
    textsBySelf.set(el, seen);
    const come = answers === null ? answersNow() : answers;
    const answered = come > seen.answers;        // since its change before
    seen.answers = come;
    if (!bySelf) {
      if (!goesOnTicking(el)) return;
      if (seen.acted !== actionsBegun) Object.assign(seen, { acted: actionsBegun, changes: 0 });
      seen.changes += 1;
      if (seen.changes > 1) seen.since = actionsBegun;
      return;
    }
    if (seen.since !== actionsBegun) Object.assign(seen, { run: 0, since: actionsBegun });
    seen.run = answered ? 0 : seen.run + 1;      // an answer's drawing: a run of a clock's ticks starts again
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

