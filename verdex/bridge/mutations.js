  // ---------------------------------------------------------------- mutations (for preflight's quiet time)
  const MUTATION_LOG = 400;
  // One observer per document or open shadow root; roots are added as the tree walk meets them
  // (mutations inside a shadow root or an iframe are not seen from the top document).
  const watchedRoots = new WeakSet();
  // An app saying it has become interactive (data-hydrated="true") is not a change an action caused, nor a
  // re-render of the target's container (verdex/preflight.py READINESS_ATTRIBUTE is the same list).
  const READINESS_ATTRIBUTE = /^data-(hydrated|ready|loaded|interactive|initialized|mounted)$/;
  // [time, node, added nodes (a childList change's; else null)], newest last, the answers come and the page's
  // stalls (beat.js): from the document's start when verdex watched it then (early.js)
  const adopted = globalThis.__verdexEarly ? globalThis.__verdexEarly.adopt()
    : { changes: [], answers: null, beat: null };
  const early = adopted.changes;
  watchAnswers(adopted.answers);
  // A tick (ticking.js: a timer's, a marquee's, a text's that changes by itself) is the page's own pace, no one's
  // change: not logged, so that an action beside it settles once its own changes are quiet, an action that changed
  // nothing is said to, and no answer is taken to have drawn a tick. The changes before verdex watched were the
  // page's own.
  for (const [, node, added, , answers] of early) noteTextChange(node, added, true, answers);
  const mutations = early.filter(([, node, , attribute]) => !(attribute && READINESS_ATTRIBUTE.test(attribute)) &&
    !ticks(node)).map(([time, node, added]) => [time, node, added]).slice(-MUTATION_LOG);
  // How often each element's value (a progress bar's aria-valuenow, a <progress>'s value) was set since the page's
  // identity last read it (identity.js progressing)
  const VALUE_ATTRIBUTE = /^(aria-valuenow|value)$/;
  const valueSets = new WeakMap();
  const noteValueSet = (node, attribute) => {
    if (attribute && VALUE_ATTRIBUTE.test(attribute)) valueSets.set(node, (valueSets.get(node) || 0) + 1);
  };
  for (const [, node, , attribute] of early) noteValueSet(node, attribute);

  function watchMutations(root) {
    if (watchedRoots.has(root)) return;
    watchedRoots.add(root);
    const view = (root.ownerDocument || root).defaultView;
    if (!view) return;
    const observer = new view.MutationObserver((records) => {
      const now = performance.now();
      if (watch) resetCaches();
      for (const record of records) {
        if (record.type === 'attributes' && READINESS_ATTRIBUTE.test(record.attributeName)) continue;
        if (record.type === 'attributes') noteValueSet(record.target, record.attributeName);
        const addedNodes = record.type === 'childList' ? [...record.addedNodes] : null;
        noteTextChange(record.target, addedNodes, !watch);
        if (ticks(record.target)) continue;
        mutations.push([now, record.target, addedNodes]);
        if (mutations.length > MUTATION_LOG) mutations.shift();
        for (const added of record.addedNodes) noteDrawn(added);
        if (watch) {                         // an action is under way: did an overlay show itself?
          sightOverlay(record.target);
          for (const added of record.addedNodes) sightOverlay(added, true);
        }
      }
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }

  const beat = adopted.beat || pageBeat();
  const stallsSince = (since) => beat.since(since);

  function msSinceMutationIn(container) {
    const now = performance.now();
    for (let i = mutations.length - 1; i >= 0; i--) {
      const [time, node] = mutations[i];
      if (container === node || container.contains(node)) return Math.round(now - time);
    }
    return null;   // nothing changed there since verdex arrived
  }

  // What text a change put on the page, for the startup wait: the short texts that the mutations between
  // two times (the page's clock) showed, each with when it first changed then, earliest first (what an
  // answer drew comes right after it; a script chunk that lands later is another cause). A node put into
  // a container shows its own text, not the container's (a button drawn again beside the page's heading
  // does not show the heading again); a node taken out shows none; an attribute set on the page's root or
  // body (a theme's class, a dark mode) shows none either: the text under it was on the page before. Only static text
  // a test can wait for: visible, shown whole (no icon's title inside it), not inside a control (nor a control's value: a select's "Sort descending"), not a busy word ("Loading…"), not volatile, not
  // in a notice or a dialog (a toast, a one-time prompt "Would you like to get notified…?": what a page
  // says for a moment or asks once, not the data it loaded).
  const NOTICE_SELECTOR = '[role=alert], [role=status], [role=log], [role=marquee], [role=timer], [role=dialog], ' +
    '[role=alertdialog], dialog, [aria-live=polite], [aria-live=assertive]';
  const CONTROL_SELECTOR = 'button, a, input, select, textarea, option, [role=button], [role=link], ' +
    '[role=option], [role=menuitem], [contenteditable], [role=combobox], [role=listbox], [role=textbox], ' +
    '[role=searchbox], [role=spinbutton], [role=slider], [role=switch], [role=checkbox], [role=radio], [role=tab]';

  function changedTexts(args) {
    const first = new Map();      // the log is in time order
    // the document's own HTML, put in place by the parser before the page became interactive, is no answer's
    // drawing: a label parsed a few ms before a fast answer came is not what the answer drew
    const parsed = (performance.getEntriesByType('navigation')[0] || {}).domInteractive || 0;
    for (const [time, node, added] of mutations) {
      if (time < args.since || time > args.until || time < parsed) continue;
      if (!added && (node === document.body || node === document.documentElement)) continue;
      for (const changed of added || [node]) {
        // a text's element: the component holding it where it sits straight in a shadow root (a Lit binding's)
        const el = changed.nodeType === 1 ? changed : parentOf(changed);
        if (!el || !el.isConnected) continue;
        for (const text of textLeaves(el, 60)) if (!first.has(text)) first.set(text, time);
      }
    }
    return { texts: [...first].slice(0, 20).map(([text, time]) => ({ text, time: Math.round(time) })) };
  }

  // When the page's own data requests ended, in the page's clock (the mutations' clock): which startup
  // answer drew a text is told by this clock, as the network's may stand some ms apart from it.
  function answersEnded() {
    return { answers: performance.getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest')
      // came: its headers (a fetch resolves on them; a page that never reads the body goes on then), or its end
      // where another origin's timing hides them
      .map((entry) => ({ url: entry.name, start: entry.startTime, came: entry.responseStart || entry.responseEnd,
        end: entry.responseEnd })) };
  }

  // An element whose text holds text it does not show (its icons' SVG <title>s, tooltips, a part hidden
  // until hovered: Verdaccio's "Made with ♥ on" and its flags' country names): its whole text is no line the
  // page shows, and no sign of the data; its shown parts are leaves of their own. An SVG element has no
  // rendered text to tell (no innerText): as it was. A component's innerText leaves out its shadow root, whose
  // shown text is read as drawn (domText), and what it holds is its shadow root's text too.
  function showsAllItHolds(el) {
    if (typeof el.innerText !== 'string') return true;
    const letters = (text) => collapse(text).replace(/ /g, '').toLowerCase();   // a text-transform may shout it
    return letters(el.shadowRoot ? domText(el, 400) : el.innerText || '') === letters(heldText(el));
  }

  // The text an element holds: a component's, its shadow root's too.
  function heldText(el) {
    return el.shadowRoot ? composedText(el) : el.textContent || '';
  }

  // The short texts shown under root, each its element's whole text, as drawn: a component's shadow root with its
  // own children (what its slots show), a text straight in the shadow root its component's.
  function textLeaves(root, budget) {
    const out = [];
    const queue = [root];
    while (queue.length && budget-- > 0) {
      const el = queue.shift();
      if (SKIPPED_TAGS.has(el.tagName)) continue;
      queue.push(...el.children);
      if (el.shadowRoot) queue.push(...el.shadowRoot.children);
      const own = [...el.childNodes, ...(el.shadowRoot ? el.shadowRoot.childNodes : [])]
        .some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || closestAcrossShadow(el, CONTROL_SELECTOR) || closestAcrossShadow(el, NOTICE_SELECTOR) ||
          hiddenForAria(el) || !visibleBox(el) || !showsAllItHolds(el)) continue;
      const text = collapse(heldText(el));
      if (text.length < 2 || text.length > 80 || !/[A-Za-z\u00C0-\uFFFF]{2}/.test(text)) continue;
      if (BUSY_TEXT.test(text) || drawnFromData(text)) continue;
      out.push(text);
    }
    return out;
  }
