  // ---------------------------------------------------------------- reading: extract and find
  // What an agent that browses to read gets: the readable content as blocks (Python renders them as
  // markdown, text or records) and text search with the nearest ref. Hidden, aria-hidden and inert
  // content, scripts and styles are skipped; values of sensitive fields are redacted.
  const READ_CHAR_CAP = 1000000;       // an extraction or a search reads at most this much text
  const FIND_MATCH_CAP = 1000;
  const READ_TEXT_LIMIT = 2000;        // one inline run (a link's text, a cell) is clipped to this
  const CHROME_LANDMARKS = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search']);
  const BLOCK_DISPLAYS = /^(block|flex|grid|list-item|table|flow-root)/;

  function readableElement(el) {
    if (SKIPPED_TAGS.has(el.tagName)) return false;
    const s = style(el);
    if (!s || s.display === 'none') return false;
    if ((el.getAttribute('aria-hidden') || '').toLowerCase() === 'true') return false;
    return !el.hasAttribute('inert');
  }

  function readableChildren(el) {
    if (el.tagName === 'IFRAME') {
      const doc = attempt(() => el.contentDocument, null);
      return doc && doc.body ? [doc.body] : [];
    }
    return Array.from(composedChildren(el));
  }

  function mainLandmark(doc) {
    for (const el of doc.querySelectorAll('main, [role="main"]')) {
      if (readableElement(el) && !displayNoneOrAriaHidden(el) && role(el) === 'main') return el;
    }
    return null;
  }

  function landmarksOf(root, limit) {
    const out = [];
    for (const el of root.querySelectorAll('main, nav, header, footer, aside, section, form, search, [role]')) {
      if (out.length >= limit) break;
      const r = role(el);
      if (!r || !LANDMARK_ROLES.has(r) || displayNoneOrAriaHidden(el)) continue;
      out.push({ role: r, name: clip(accessibleName(el), NAME_LIMIT) });
    }
    return out;
  }

  function fieldValue(el) {
    if (holdsSecret(el)) return '[redacted]';
    const type = (el.type || '').toLowerCase();
    if (type === 'checkbox' || type === 'radio') return el.checked ? 'checked' : 'unchecked';
    if (el.tagName === 'SELECT') return Array.from(el.selectedOptions).map((o) => collapse(o.textContent || '')).join(', ');
    return clip(el.value || '', READ_TEXT_LIMIT);
  }

  // A reader collects blocks; inline content gathers in `runs` until a block boundary flushes it.
  function reader() {
    return { blocks: [], runs: [], chars: 0, truncated: false, listDepth: 0, frames: [] };
  }

  function addRun(rd, run) {
    const size = (run.text || '').length + (run.href || '').length;
    if (rd.chars + size > READ_CHAR_CAP) { rd.truncated = true; return; }
    rd.chars += size;
    const last = rd.runs[rd.runs.length - 1];
    if (run.kind === 'text' && last && last.kind === 'text') last.text += run.text;
    else rd.runs.push(run);
  }

  function flush(rd, kind, extra) {
    const runs = rd.runs;
    rd.runs = [];
    while (runs.length && runs[0].kind === 'text' && !runs[0].text.trim()) runs.shift();
    if (!runs.length) return;
    rd.blocks.push(Object.assign({ kind: kind || 'paragraph', runs }, extra || {}));
  }

  function readInline(el, rd) {
    for (const child of readableChildren(el)) {
      if (rd.truncated) return;
      if (child.nodeType === 3) {
        const parent = child.parentElement;
        if (parent && styleHidden(parent)) continue;
        const text = child.data.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ');
        if (text.trim() || (text && rd.runs.length)) addRun(rd, { kind: 'text', text });
      } else if (child.nodeType === 1) {
        readElement(child, rd);
      }
    }
  }

  function inlineText(el) {
    const rd = reader();
    readInline(el, rd);
    return clip(rd.runs.map((r) => r.text || '').join('').replace(/\s+/g, ' ').trim(), READ_TEXT_LIMIT);
  }

  function readElement(el, rd) {
    if (!readableElement(el) || rd.truncated) return;
    const tag = el.tagName;
    const r = role(el);
    const s = style(el);
    if (tag === 'BR') { addRun(rd, { kind: 'text', text: '\n' }); return; }
    if (r === 'heading') {
      flush(rd);
      readInline(el, rd);
      const aria = Number(el.getAttribute('aria-level'));
      const m = /^H([1-6])$/.exec(tag);
      flush(rd, 'heading', { level: aria > 0 ? aria : m ? Number(m[1]) : 2 });
      return;
    }
    if (tag === 'PRE') {
      flush(rd);
      const code = el.querySelector('code');
      const lang = /(?:^|\s)(?:language|lang)-([\w+-]+)/.exec((code || el).className || '');
      const text = clip(el.innerText || el.textContent || '', READ_CHAR_CAP - rd.chars);
      rd.chars += text.length;
      rd.blocks.push({ kind: 'code', text: text.replace(/\n$/, ''), lang: lang ? lang[1] : '' });
      return;
    }
    if (tag === 'TABLE' || r === 'table' || r === 'grid') {
      flush(rd);
      readTable(el, rd);
      return;
    }
    if (tag === 'UL' || tag === 'OL' || r === 'list') {
      flush(rd);
      readList(el, rd, tag === 'OL');
      return;
    }
    if (tag === 'IFRAME') {
      flush(rd);
      const src = el.src || el.getAttribute('src') || '';
      const frame = { name: el.getAttribute('name') || '', title: el.getAttribute('title') || '', url: src };
      const doc = attempt(() => el.contentDocument, null);
      const sameOrigin = attempt(() => !src || new URL(src, document.baseURI).origin === location.origin, false);
      const loaded = doc && doc.body && !(doc.URL === 'about:blank' && src && src !== 'about:blank');
      if (loaded) {
        rd.blocks.push(Object.assign({ kind: 'frame', cross_origin: false }, frame));
        readInline(el, rd);
        flush(rd);
      } else if (sameOrigin) {
        // a same-origin frame whose document has not arrived yet: say so, not "cross-origin"
        rd.blocks.push(Object.assign({ kind: 'frame', cross_origin: false, loading: true }, frame));
      } else {
        rd.blocks.push(Object.assign({ kind: 'frame', cross_origin: true }, frame));
      }
      return;
    }
    if (tag === 'A' && el.hasAttribute('href')) {
      addRun(rd, { kind: 'link', text: inlineText(el), href: clip(el.href || el.getAttribute('href'), READ_TEXT_LIMIT) });
      return;
    }
    if (tag === 'CODE') { addRun(rd, { kind: 'code', text: clip(el.textContent || '', READ_TEXT_LIMIT) }); return; }
    if (tag === 'IMG') {
      const alt = collapse(el.getAttribute('alt') || '');
      if (alt) addRun(rd, { kind: 'image', text: clip(alt, NAME_LIMIT), href: clip(el.src || '', READ_TEXT_LIMIT) });
      return;
    }
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') {
      if ((el.type || '').toLowerCase() === 'hidden') return;
      const t = (el.type || '').toLowerCase();
      if (t === 'submit' || t === 'button' || t === 'reset') { addRun(rd, { kind: 'text', text: ' ' + (el.value || t) + ' ' }); return; }
      const labelled = el.labels && el.labels.length > 0;     // the label's text is read where it stands
      addRun(rd, { kind: 'field', text: labelled ? '' : clip(accessibleName(el), NAME_LIMIT), value: fieldValue(el) });
      return;
    }
    const block = BLOCK_DISPLAYS.test(s.display) || tag === 'BLOCKQUOTE';
    if (block) flush(rd);
    readInline(el, rd);
    if (block) flush(rd, tag === 'BLOCKQUOTE' ? 'quote' : 'paragraph');
  }

  function readList(el, rd, ordered) {
    rd.listDepth++;
    let index = 0;
    for (const item of readableChildren(el)) {
      if (item.nodeType !== 1 || !readableElement(item)) continue;
      index++;
      const nested = [];
      for (const child of readableChildren(item)) {
        if (child.nodeType === 1 && (child.tagName === 'UL' || child.tagName === 'OL')) nested.push(child);
        else if (child.nodeType === 3) { if (!(child.parentElement && styleHidden(child.parentElement))) addRun(rd, { kind: 'text', text: child.data.replace(/\s+/g, ' ') }); }
        else if (child.nodeType === 1) readInlineFlat(child, rd);
      }
      flush(rd, 'item', { depth: rd.listDepth - 1, ordered, index });
      for (const list of nested) readList(list, rd, list.tagName === 'OL');
    }
    rd.listDepth--;
  }

  // Inside a list item or a cell, blocks (paragraphs, divs) read as inline text.
  function readInlineFlat(el, rd) {
    if (!readableElement(el)) return;
    const s = style(el);
    if (BLOCK_DISPLAYS.test(s.display) && rd.runs.length) addRun(rd, { kind: 'text', text: ' ' });
    if (['A', 'CODE', 'IMG', 'INPUT', 'TEXTAREA', 'SELECT', 'BR'].includes(el.tagName)) { readElement(el, rd); return; }
    for (const child of readableChildren(el)) {
      if (child.nodeType === 3) { if (!styleHidden(el)) addRun(rd, { kind: 'text', text: child.data.replace(/\s+/g, ' ') }); }
      else if (child.nodeType === 1) readInlineFlat(child, rd);
    }
  }

  function readTable(el, rd) {
    const rows = [];
    let header = false;
    const rowEls = el.tagName === 'TABLE' ? Array.from(el.rows) : Array.from(el.querySelectorAll('[role="row"]'));
    for (const row of rowEls) {
      if (!readableElement(row) || rd.truncated) continue;
      const cells = [];
      const cellEls = row.tagName === 'TR' ? Array.from(row.cells) : Array.from(row.querySelectorAll('[role="cell"], [role="gridcell"], [role="columnheader"], [role="rowheader"]'));
      for (const cell of cellEls) {
        if (!readableElement(cell)) continue;
        const cellReader = reader();
        readInlineFlat(cell, cellReader);
        cells.push(cellReader.runs);
        rd.chars += cellReader.chars;
      }
      if (!rows.length && cellEls.length && cellEls.every((c) => c.tagName === 'TH' || c.getAttribute('role') === 'columnheader')) header = true;
      if (cells.length) rows.push(cells);
      if (rd.chars > READ_CHAR_CAP) rd.truncated = true;
    }
    const caption = el.tagName === 'TABLE' && el.caption ? collapse(el.caption.textContent || '') : clip(accessibleName(el), NAME_LIMIT);
    if (rows.length) rd.blocks.push({ kind: 'table', rows, header, caption });
  }

  function formsOf(root, limit) {
    const out = [];
    const seen = new Set();
    const collect = (doc) => {
      for (const form of doc.querySelectorAll('form, [role="form"]')) {
        if (out.length >= limit || !root.contains(form) && root !== doc.body) continue;
        if (displayNoneOrAriaHidden(form) || seen.has(form)) continue;
        seen.add(form);
        const fields = [];
        for (const field of form.querySelectorAll('input, textarea, select')) {
          const type = (field.type || field.tagName).toLowerCase();
          if (type === 'hidden' || displayNoneOrAriaHidden(field) || fields.length >= 100) continue;
          const fr = role(field);
          fields.push({ ref: refFor(field), role: fr, label: clip(accessibleName(field), NAME_LIMIT), type,
            name: field.getAttribute('name') || '', required: !!field.required, value: fieldValue(field) });
        }
        out.push({ ref: refFor(form), name: clip(accessibleName(form) || form.getAttribute('name') || '', NAME_LIMIT),
          action: form.getAttribute('action') || '', method: (form.getAttribute('method') || 'get').toLowerCase(), fields });
      }
    };
    collect(root.ownerDocument || document);
    return out;
  }

  function readingRoot(args) {
    if (args.scope) {
      const found = resolve(args.scope);
      if (found.status !== 'ok') return { error: found.status, ref: args.scope };
      return { root: found.element, main_only: false, skipped: [] };
    }
    const main = mainLandmark(document);
    if (!main) return { root: pageRoot(), main_only: false, skipped: [] };
    const skipped = landmarksOf(pageRoot(), 50).filter((l) => CHROME_LANDMARKS.has(l.role)).map((l) => l.role);
    return { root: main, main_only: true, skipped: Array.from(new Set(skipped)) };
  }

  function extract(args) {
    resetCaches();
    const where = readingRoot(args);
    if (where.error) return { error: where.error, ref: where.ref, next_ref: nextRef };
    const rd = reader();
    if (where.root) { readElement(where.root, rd); flush(rd); }
    return {
      url: location.href, title: document.title, lang: document.documentElement && document.documentElement.lang || '',
      main_only: where.main_only, skipped_landmarks: where.skipped, blocks: rd.blocks, truncated: rd.truncated,
      landmarks: pageRoot() ? landmarksOf(pageRoot(), 50) : [],
      forms: args.with_forms && where.root ? formsOf(where.root, 20) : [],
      next_ref: nextRef,
    };
  }

  // ---- find: the visible text of the page (or scope), matched by text or a regular expression
  function visibleTextPieces(root) {
    const pieces = [];
    let length = 0;
    const visit = (el) => {
      if (!readableElement(el) || length > READ_CHAR_CAP) return;
      const block = BLOCK_DISPLAYS.test(style(el).display);
      const separate = () => { if (pieces.length) { pieces.push({ start: length, text: '\n', node: null }); length += 1; } };
      if (block) separate();
      for (const child of readableChildren(el)) {
        if (child.nodeType === 3) {
          if (styleHidden(child.parentElement || el)) continue;
          const text = child.data.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ');
          if (!text.trim()) continue;
          pieces.push({ start: length, text, node: child });
          length += text.length;
        } else if (child.nodeType === 1) {
          if ((child.tagName === 'INPUT' || child.tagName === 'TEXTAREA') && holdsSecret(child)) continue;
          visit(child);
        }
      }
      if (block) separate();
    };
    visit(root);
    return pieces;
  }

  // The text piece a match starts in (a match that starts on a block break belongs to the text after it).
  function pieceAt(pieces, offset) {
    let lo = 0, hi = pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pieces[mid].start <= offset) lo = mid; else hi = mid - 1;
    }
    while (!pieces[lo].node && lo < pieces.length - 1) lo++;
    while (!pieces[lo].node && lo > 0) lo--;
    return pieces[lo];
  }

  function interactiveAncestor(el) {
    for (let node = el; node; node = parentOf(node)) {
      const r = role(node);
      if (r && isInteractive(node, r)) return node;
    }
    return null;
  }

  function nearestInteractive(el) {
    for (let node = el, level = 0; node && level < 4; node = parentOf(node), level++) {
      const within = refsWithin(node, 1);
      if (within.refs.length) return within.refs[0];
    }
    return null;
  }

  function refFacts(el) {
    const r = role(el);
    return { ref: refFor(el), role: r || el.tagName.toLowerCase(), name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '' };
  }

  function find(args) {
    resetCaches();
    let matcher;
    try {
      matcher = args.regex ? new RegExp(args.query, 'g' + (args.ignore_case ? 'i' : '') + 'u') : null;
    } catch (e) {
      return { error: 'bad-regex', detail: String(e.message || e) };
    }
    const where = args.scope ? readingRoot(args) : { root: pageRoot() };
    if (where.error) return { error: where.error, ref: where.ref, next_ref: nextRef };
    const pieces = where.root ? visibleTextPieces(where.root) : [];
    const text = pieces.map((p) => p.text).join('');
    const spans = [];
    if (matcher) {
      for (let m = matcher.exec(text); m && spans.length <= FIND_MATCH_CAP; m = matcher.exec(text)) {
        if (m[0] === '') { matcher.lastIndex++; continue; }
        spans.push([m.index, m[0].length]);
      }
    } else {
      const haystack = args.ignore_case ? text.toLowerCase() : text;
      const needle = args.ignore_case ? args.query.toLowerCase() : args.query;
      for (let at = haystack.indexOf(needle); at >= 0 && needle && spans.length <= FIND_MATCH_CAP; at = haystack.indexOf(needle, at + needle.length))
        spans.push([at, needle.length]);
    }
    const capped = spans.length > FIND_MATCH_CAP;
    const context = Math.max(0, Math.min(args.context_chars || 0, 2000));
    const matches = spans.slice(0, FIND_MATCH_CAP).map(([at, length]) => {
      const piece = pieceAt(pieces, at);
      const el = piece.node.parentElement || (piece.node.parentNode && piece.node.parentNode.host);
      const owner = interactiveAncestor(el);
      // a row holds texts of its own, each a cell's: the one found is what is meant, not the row's centre
      // (a data grid's header row, whose column names each open their column's menu)
      const target = owner && owner !== el && role(owner) === 'row' ? null : owner;
      const nearest = target ? null : nearestInteractive(el);
      const nearestEl = nearest ? resolve(nearest).element : null;
      return {
        text: clip(text.slice(at, at + length), READ_TEXT_LIMIT),
        before: text.slice(Math.max(0, at - context), at).replace(/\s+/g, ' ').replace(/^ /, ''),
        after: text.slice(at + length, at + length + context).replace(/\s+/g, ' ').replace(/ $/, ''),
        element: refFacts(target || el), interactive: !!target,
        nearest_interactive: nearestEl ? refFacts(nearestEl) : null,
      };
    });
    return { matches, capped, searched_chars: text.length, next_ref: nextRef };
  }

