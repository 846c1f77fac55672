// Run in verdex's world as each new document of the page starts, before any of the page's scripts: keeps
// the document's DOM changes from its first moment, for the page script to adopt when it is installed (at
// verdex's first call, which may come after an app has drawn what it loaded: the startup's evidence), and the
// page's stalls (beat.js, before this file in EARLY_SOURCE). The page never sees it (an isolated world); at
// most EARLY_LOG changes are kept, the newest.
(() => {
  const EARLY_LOG = 400;
  // [time, node, added nodes (a childList change's; else null), attribute name, the answers come by then]
  const early = [];
  // a timer's or a marquee's tick is the page's own pace (mutations.js): not kept, or a stopwatch counting
  // tenths would push the startup's changes out of the log within seconds
  const TICKING = '[role=timer], [role=marquee]';
  // ... nor a text's that changes by itself (ticking.js): of the changes of an element's own text to one holding a
  // figure with no answer to the page's data requests come since its change before (a clock's, not a polled
  // status's: "Checked 3 times" is drawn after each answer), the first TICKS_BY_ITSELF in a row are kept, for the
  // page script to tell that it ticks, and no more
  const TICKS_BY_ITSELF = 3;
  let answers = 0;               // the page's fetch and XHR requests answered so far, by its resource timing
  const countAnswers = (entries) => {
    answers += entries.filter((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest').length;
  };
  const answered = new PerformanceObserver((list) => countAnswers(list.getEntries()));
  answered.observe({ type: 'resource' });
  const textRuns = new WeakMap();   // an element → [its changes by itself in a row, the answers come by the last]
  const ownTextSet = (record) => record.type === 'characterData' || (record.type === 'childList' &&
    record.addedNodes.length > 0 && [...record.addedNodes].every((n) => n.nodeType === 3));
  const keep = (records) => {
    const now = performance.now();
    countAnswers(answered.takeRecords());   // the browser lists an answer before the page can read it
    for (const record of records) {
      const el = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (el && el.closest(TICKING)) continue;
      if (el && !el.firstElementChild && ownTextSet(record) && /\d/.test(el.textContent)) {
        const [run, answersThen] = textRuns.get(el) || [0, 0];
        textRuns.set(el, [answers > answersThen ? 0 : run + 1, answers]);
        if (textRuns.get(el)[0] > TICKS_BY_ITSELF) continue;
      }
      early.push([now, record.target, record.type === 'childList' ? [...record.addedNodes] : null,
        record.type === 'attributes' ? record.attributeName : null, answers]);
      if (early.length > EARLY_LOG) early.shift();
    }
  };
  const beat = pageBeat();
  const observer = new MutationObserver(keep);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  globalThis.__verdexEarly = {
    adopt() {                    // the changes so far and the answers come, and no more: the page script watches on;
      keep(observer.takeRecords());   // the beat goes on, the page script's
      observer.disconnect();
      answered.disconnect();
      delete globalThis.__verdexEarly;
      return { changes: early, answers, beat };
    },
  };
})();
