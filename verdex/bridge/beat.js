  // The page's stalls: spans in which its event loop ran nothing of ours (a long task of the page's, or a
  // machine too busy to run it), so that "soon after an answer" counts the time the page ran, not the
  // clock's (verdex/browser/network.py changed_until). Kept from the document's first moment when verdex
  // watches it from then (early.js: an app that works on its answer before verdex's first call, as a busy
  // machine lets it, has that work counted), else from the page script's install (mutations.js).
  function pageBeat() {
    const BEAT_MS = 50, STALL_MS = 150, STALL_LOG = 200;
    const stalls = [];         // [start, end], newest last
    let lastBeat = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - lastBeat > STALL_MS) {
        stalls.push([Math.round(lastBeat + BEAT_MS), Math.round(now)]);
        if (stalls.length > STALL_LOG) stalls.shift();
      }
      lastBeat = now;
    }, BEAT_MS);
    return {
      since(since) {           // with the one this call ends (it ran as soon as the page was free)
        const now = performance.now();
        const ending = now - lastBeat > STALL_MS ? [[Math.round(lastBeat + BEAT_MS), Math.round(now)]] : [];
        return stalls.concat(ending).filter(([, end]) => end >= since);
      },
    };
  }
