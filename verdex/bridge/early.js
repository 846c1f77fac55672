// Run in verdex's world as each new document of the page starts, before any of the page's scripts: keeps
// the document's DOM changes from its first moment, for the page script to adopt when it is installed (at
// verdex's first call, which may come after an app has drawn what it loaded: the startup's evidence). The
// page never sees it (an isolated world); at most EARLY_LOG changes are kept, the newest.
(() => {
  const EARLY_LOG = 400;
  const early = [];              // [time, node, added nodes (a childList change's; else null), attribute name]
  // a timer's or a marquee's tick is the page's own pace (mutations.js): not kept, or a stopwatch counting
  // tenths would push the startup's changes out of the log within seconds
  const TICKING = '[role=timer], [role=marquee]';
  // ... nor a text's that changes by itself (ticking.js): the first TICKS_BY_ITSELF changes of an element's own
  // text to one holding a figure are kept, for the page script to tell that it ticks, and no more
  const TICKS_BY_ITSELF = 3;
  const textChanges = new WeakMap();
  const ownTextSet = (record) => record.type === 'characterData' || (record.type === 'childList' &&
    record.addedNodes.length > 0 && [...record.addedNodes].every((n) => n.nodeType === 3));
  const keep = (records) => {
    const now = performance.now();
    for (const record of records) {
      const el = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (el && el.closest(TICKING)) continue;
      if (el && !el.firstElementChild && ownTextSet(record) && /\d/.test(el.textContent)) {
        textChanges.set(el, (textChanges.get(el) || 0) + 1);
        if (textChanges.get(el) > TICKS_BY_ITSELF) continue;
      }
      early.push([now, record.target, record.type === 'childList' ? [...record.addedNodes] : null,
        record.type === 'attributes' ? record.attributeName : null]);
      if (early.length > EARLY_LOG) early.shift();
    }
  };
  const observer = new MutationObserver(keep);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  globalThis.__verdexEarly = {
    adopt() {                    // the changes so far, and no more: the page script watches from now on
      keep(observer.takeRecords());
      observer.disconnect();
      delete globalThis.__verdexEarly;
      return early;
    },
  };
})();
