// Run in verdex's world as each new document of the page starts, before any of the page's scripts: keeps
// the document's DOM changes from its first moment, for the page script to adopt when it is installed (at
// verdex's first call, which may come after an app has drawn what it loaded: the startup's evidence), and the
// page's stalls (beat.js, before this file in EARLY_SOURCE). The page never sees it (an isolated world); at
// most EARLY_LOG changes are kept, the newest.
(() => {
  const EARLY_LOG = 400;
  const early = [];              // [time, node, added nodes (a childList change's; else null), attribute name]
  // a timer's or a marquee's tick is the page's own pace (mutations.js): not kept, or a stopwatch counting
  // tenths would push the startup's changes out of the log within seconds
  const TICKING = '[role=timer], [role=marquee]';
  const keep = (records) => {
    const now = performance.now();
    for (const record of records) {
      const el = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (el && el.closest(TICKING)) continue;
      early.push([now, record.target, record.type === 'childList' ? [...record.addedNodes] : null,
        record.type === 'attributes' ? record.attributeName : null]);
      if (early.length > EARLY_LOG) early.shift();
    }
  };
  const beat = pageBeat();
  const observer = new MutationObserver(keep);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  globalThis.__verdexEarly = {
    adopt() {                    // the changes so far, and no more: the page script watches from now on;
      keep(observer.takeRecords());   // the beat goes on, the page script's
      observer.disconnect();
      delete globalThis.__verdexEarly;
      return { changes: early, beat };
    },
  };
})();
