  // The page's clock and its DOM activity, for effects: when did the page last change, and when after a given time.
  function activity(args) {
    const times = [];
    if (args.since != null) for (const [time] of mutations) if (time >= args.since) times.push(Math.round(time));
    return { now: performance.now(), origin: performance.timeOrigin,
      last_mutation: mutations.length ? mutations[mutations.length - 1][0] : null,
      mutation_times: times, stalls: stallsSince(args.since || 0) };
  }

  watchMutations(document);

  const methods = { snapshot, nextPage, ancestors, scroll, siblings, descendants, describeRef, refsWithAttribute,
    preflight, candidates, shownWay, activity, watchStart, watchFinish, watchLanded, preflightAndWatch, changedTexts, answersEnded, extract, find, frameElementChain, closedFrames, focusedRisk,
    identity: () => { resetCaches(); return identity(document); },
    // what the page shows as text (the recording's first page, told apart by proving from what the recording made)
    pageText: (args) => ({ text: clip(document.body ? document.body.innerText : '', args.limit) }),
    // the browser's language and time zone, which a test pins to run as the recording did
    browserLocale: () => ({ language: navigator.language, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone }) };
  // The answers that tell what the page shows carry the secrets it shows as text (names.js shownSecrets), for
  // verdex to mask wherever it would say them (verdex/bridge/__init__.py).
  const SHOWS_THE_PAGE = new Set(['snapshot', 'ancestors', 'siblings', 'descendants', 'watchFinish', 'extract', 'find',
    'identity', 'pageText']);
  const withShownSecrets = (answer) => answer && typeof answer.then === 'function'
    ? answer.then(withShownSecrets) : { ...answer, shown_secrets: shownSecrets() };
  globalThis.__verdex = {
    documentId,
    // the element of a ref and the nodes above it up to the window (shadow hosts included), as objects for
    // DevTools to read their event listeners (verdex/bridge/__init__.py listener_types); [] for a stale ref
    chainOf(ref) {
      const found = resolve(ref);
      if (found.status !== 'ok') return [];
      const out = [];
      for (let node = found.element; node; node = node.parentNode || node.host) out.push(node);
      out.push(window);
      return out;
    },
    // the elements inside controls with a click handler of their own, as the page's world saw them
    markHandledInside,
    call(method, args) {
      const fn = methods[method];
      if (!fn) return { error: 'no-method', method };
      const answer = fn(args || {});
      return SHOWS_THE_PAGE.has(method) ? withShownSecrets(answer) : answer;
    },
  };
  return documentId;
