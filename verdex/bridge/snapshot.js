  // ---------------------------------------------------------------- snapshot with paging and diff
  const observations = new Map();   // observation id -> {lines, keys}
  let previous = null;              // {lines, keys} of the agent's last snapshot, for its diff (an action's
                                    // watch keeps a baseline of its own and never moves this one)

  function snapshot(args) {
    resetCaches();
    let root = pageRoot();
    if (args.scope) {
      const found = resolve(args.scope);
      if (found.status !== 'ok') return { error: found.status, ref: args.scope };
      root = found.element;
    }
    const pageIdentity = identity(document);
    const { lines, keys, visited } = treeLines(root, args);
    const result = { document_id: documentId, identity: pageIdentity, next_ref: nextRef, element_count: visited,
      ready_state: document.readyState };
    const current = { lines, keys };
    if (args.diff) {
      result.diff = previous ? diffLines(previous, current) : null;
    }
    previous = current;
    observations.set(args.observation_id, current);
    if (observations.size > 5) observations.delete(observations.keys().next().value);
    Object.assign(result, page(current, 0, args.max_items, args.max_bytes, args.observation_id));
    return result;
  }

  // The tree under root as snapshot lines, each with the key that tells its node apart (for diffs).
  // Read by the agent's snapshot and by an action's watch (verdex/bridge/watch.js) alike.
  // `behind` (an action's watch): what an open overlay blocks is built too, its refs and the overlay returned;
  // `drawn` (the watch's start): the elements drawn now (displayed, visible, not transparent), returned as a WeakSet.
  function treeLines(root, args) {
    const ctx = { maxDepth: args.depth == null ? Infinity : args.depth, visited: 0, refAll: false,
      behind: args.behind ? new Set() : null, lifted: null, unhidden: null, blocker: null,
      drawn: args.drawn ? new WeakSet() : null };
    const top = [];
    if (!root) return { lines: [], keys: [], visited: 0, behind: ctx.behind, blocker: null, drawn: ctx.drawn };
    if (root === document.body) buildChildren(composedChildren(root), { children: top }, 0, ctx);
    else buildNodes(root, 0, ctx, top);
    const lines = [];
    const keys = [];
    const shown = args.mode !== 'full' ? foldTop(top) : top;
    finish(shown);
    render(shown, 0, lines, keys, '');
    if (hiddenByOverlay.size) {              // hidden again for everything else the call reads
      hiddenByOverlay.clear();
      resetCaches();
    }
    return { lines, keys, visited: ctx.visited, behind: ctx.behind, blocker: ctx.blocker, drawn: ctx.drawn };
  }

  function foldTop(top) {
    const holder = { children: top };
    foldChildren(holder);
    return holder.children;
  }

  function page(obs, offset, maxItems, maxBytes, observationId) {
    const out = [];
    let bytes = 0;
    let i = offset;
    for (; i < obs.lines.length; i++) {
      if (maxItems && out.length >= maxItems) break;
      const size = utf8Length(obs.lines[i]) + 1;
      if (maxBytes && bytes + size > maxBytes && out.length) break;
      out.push(obs.lines[i]);
      bytes += size;
    }
    const hasMore = i < obs.lines.length;
    return { text: out.join('\n'), total_lines: obs.lines.length, offset, has_more: hasMore,
      next_cursor: hasMore ? observationId + ':' + i : null };
  }

  function utf8Length(text) {
    let bytes = text.length;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0xD800 && code <= 0xDBFF) { bytes += 2; i++; }   // a surrogate pair: 4 bytes for 2 units
      else if (code >= 0x800) bytes += 2;
      else if (code >= 0x80) bytes += 1;
    }
    return bytes;
  }

  function nextPage(args) {
    const obs = observations.get(args.observation_id);
    if (!obs) return { error: 'expired' };
    resetCaches();
    const paged = page(obs, args.offset, args.max_items, args.max_bytes, args.observation_id);
    // the refs of these lines whose elements the page has drawn anew (or removed) since the observation
    const stale = [...paged.text.matchAll(/\[ref=(\w+)\]/g)].filter((m) => resolve(m[1]).status !== 'ok').length;
    return Object.assign({ document_id: documentId, next_ref: nextRef, identity: identity(document),
      stale_refs: stale }, paged);
  }

  // Which of the tree's lines after are new (their indexes), and how many of each line before are left over
  // (gone): a line is the same one when its key (its ref, or its place under the nearest ref) and text are.
  function linesAdded(before, after) {
    const count = new Map();
    for (let i = 0; i < before.keys.length; i++) {
      const key = before.keys[i] + '\u0000' + before.lines[i];
      count.set(key, (count.get(key) || 0) + 1);
    }
    const added = [];
    for (let i = 0; i < after.keys.length; i++) {
      const key = after.keys[i] + '\u0000' + after.lines[i];
      const n = count.get(key) || 0;
      if (n > 0) count.set(key, n - 1);
      else added.push(i);
    }
    return { added, count };
  }

  // `changed`: linesAdded's answer, when the caller has it already (a big page's trees are compared once)
  function diffLines(before, after, changed = linesAdded(before, after)) {
    const { added, count } = changed;
    const changes = added.map((i) => '+ ' + after.lines[i]);
    for (const [key, n] of count) {
      if (n <= 0) continue;
      const line = key.slice(key.indexOf('\u0000') + 1);
      for (let k = 0; k < n; k++) changes.push('- ' + line);
    }
    return changes;
  }

