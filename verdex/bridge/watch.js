  // ---------------------------------------------------------------- an action's watch
  // Started in the action's preflight call and finished by one call after the action: what the page
  // showed before (its interactive lines, its form values, the overlays on it), and once it has settled,
  // only what changed. The watch keeps a baseline of its own: the agent's snapshot diff (snapshot.js
  // `previous`), its observation ids and its paging cache are never touched by an action.
  let watch = null;              // the action under way: {t0, tree, values, overlays, sightings}
  let settledValues = null;      // the form values when the last watch finished
  const MAX_FIELDS = 500;
  const MAX_VALUE_CHANGES = 20;
  const VALUE_LIMIT = 200;
  const FIELD_SELECTOR = 'input, textarea, select, [role=slider], [role=spinbutton]';
  const UNREAD_INPUT_TYPES = new Set(['password', 'file', 'submit', 'button', 'reset', 'image']);
  // What a script opens over the page: a dialog, a toast, a notice — by role, or by the class an app
  // gives it when it gives no role.
  const OVERLAY_SELECTOR = 'dialog, [role=dialog], [role=alertdialog], [role=alert], [role=status], [aria-live], ' +
    '[class*=toast i], [class*=snackbar i], [class*=notification i], [class*=flash i], [class*=modal i], ' +
    '[class*=dialog i], [class*=popup i], [class*=popover i]';
  const DIALOG_LIKE = /modal|dialog|popup|popover/i;

  // Every form field's value as the page holds it now (the property, which a script sets without any
  // mutation): text fields, hidden ones included, selects, checkboxes and sliders. Secrets are not read.
  function fieldValues() {
    const out = new Map();
    for (const el of document.querySelectorAll(FIELD_SELECTOR)) {
      if (out.size >= MAX_FIELDS) break;
      const type = (el.type || '').toLowerCase();
      if (el.tagName === 'INPUT' && UNREAD_INPUT_TYPES.has(type)) continue;
      if (isSensitive(el)) continue;
      if (type === 'checkbox' || type === 'radio') out.set(el, { kind: 'checked', value: String(el.checked) });
      else if ('value' in el && el.tagName !== 'DIV' && el.tagName !== 'SPAN') out.set(el, { kind: 'value', value: String(el.value) });
      else out.set(el, { kind: 'value', value: el.getAttribute('aria-valuenow') || '' });
    }
    return out;
  }

  function changedValues(before, after) {
    const out = [];
    for (const [el, now] of after) {
      const then = before.get(el);
      if (!then || then.value === now.value) continue;      // a field that came with the change is in the diff
      out.push(describeField(el, then.value, now));
      if (out.length >= MAX_VALUE_CHANGES) break;
    }
    return out;
  }

  function valuesMoved(before) {
    for (const [el, now] of fieldValues()) {
      const then = before.get(el);
      if (then && then.value !== now.value) return true;
    }
    return false;
  }

  // A field whose value changed: what it is, and how a test finds it again (its ref when it can be
  // seen, else a selector the page counted; verdex/effects.py proves either with Playwright).
  function describeField(el, before, now) {
    const r = role(el);
    const hidden = !visibleBox(el) || hiddenForAria(el);
    const name = r && !hidden ? clip(accessibleName(el), NAME_LIMIT) : '';
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') || '').toLowerCase();
    const attr = el.getAttribute('name');
    const described = hidden || !r
      ? tag + (type ? '[type=' + type + ']' : '') + (attr ? '[name=' + JSON.stringify(attr) + ']' : el.id ? '#' + el.id : '')
      : r + (name ? ' ' + JSON.stringify(name) : '');
    const selector = fieldSelector(el, tag, attr);
    return { field: described, ref: hidden ? null : refFor(el), hidden, kind: now.kind,
      before: before.slice(0, VALUE_LIMIT), after: now.value.slice(0, VALUE_LIMIT),
      test_id: el.getAttribute(TEST_ID), selector,
      selector_count: selector ? document.querySelectorAll(selector).length : 0 };
  }

  function fieldSelector(el, tag, attr) {
    if (el.id && !/\d{3,}|[0-9a-f]{8,}|^:r/i.test(el.id)) return '#' + CSS.escape(el.id);
    if (attr) return tag + '[name=' + JSON.stringify(attr) + ']';
    return null;
  }

  function overlayTexts() {
    const out = new Set();
    for (const el of document.querySelectorAll(OVERLAY_SELECTOR)) if (showing(el)) out.add(overlayText(el));
    return out;
  }

  function showing(el) {
    const s = style(el);
    return !!visibleBox(el) && !!s && s.visibility !== 'hidden' && Number(s.opacity) > 0 && !hiddenForAria(el);
  }

  function overlayText(el) {
    return clip(collapse(el.innerText || el.textContent || ''), 120);
  }

  // Called for each element a mutation touched while a watch is on: an overlay that shows itself now
  // is kept with its text, even if it is gone again by the time the page settles (a toast).
  function sightOverlay(node) {
    if (!watch) return;
    const el = node.nodeType === 1 ? node : node.parentElement;
    let overlay = el && el.closest ? el.closest(OVERLAY_SELECTOR) : null;
    // the outermost: a dialog's header, body and footer (JupyterLab's jp-Dialog-header …) are the dialog
    for (let outer = overlay; outer; outer = outer.parentElement && outer.parentElement.closest(OVERLAY_SELECTOR))
      if (showing(outer)) overlay = outer;
    if (!overlay || !overlay.isConnected || !showing(overlay)) return;
    const text = overlayText(overlay);
    const known = watch.sightings.find((s) => s.el === overlay);
    if (known && text) known.text = text;         // drawn in parts (its footer before its header): its whole text
    if (known || !text || watch.overlays.has(text) || watch.sightings.some((s) => s.text === text)) return;
    const r = role(overlay);
    const dialog = r === 'dialog' || r === 'alertdialog' || overlay.tagName === 'DIALOG' ||
      DIALOG_LIKE.test(typeof overlay.className === 'string' ? overlay.className : '');
    watch.sightings.push({ kind: dialog ? 'dialog' : 'toast', text, el: overlay, role: r });
  }

  // The events an action delivers: the first one to arrive is when the action landed.
  const LANDING_EVENTS = ['pointerdown', 'pointerover', 'keydown', 'input', 'change', 'click'];

  function watchStart(args) {
    resetCaches();
    if (watch) stopListening(watch);
    const values = fieldValues();
    const late = settledValues ? changedValues(settledValues, values) : [];
    const w = { t0: performance.now(), tree: treeLines(document.body || document.documentElement, { mode: 'default' }),
      values, overlays: overlayTexts(), sightings: [], ancestors: null, listener: null };
    const found = args && args.ref ? resolve(args.ref) : null;
    if (found && found.status === 'ok') {
      // the target's ancestors as the action lands (an app may become interactive between the preflight and it)
      w.listener = () => { if (w.ancestors === null && found.element.isConnected) w.ancestors = ancestorState(found.element); };
      for (const type of LANDING_EVENTS) window.addEventListener(type, w.listener, true);
    }
    watch = w;
    return { identity: identity(document), now: watch.t0, origin: performance.timeOrigin, late_values: late,
      next_ref: nextRef };
  }

  // The preflight and the start of the watch in one round trip (what an action does first).
  function preflightAndWatch(args) {
    const facts = preflight(args);
    if (!facts.error) facts.watch = watchStart(args);
    return facts;
  }

  function stopListening(w) {
    if (w.listener) for (const type of LANDING_EVENTS) window.removeEventListener(type, w.listener, true);
    w.listener = null;
  }

  function pause(ms) {
    return new Promise((done) => setTimeout(done, ms));
  }

  // Until the page has settled: something changed (the DOM, a value, an overlay) and the DOM has been
  // quiet for quiet_ms — or nothing changed within first_sign_ms of the start — bounded by bound_ms.
  async function settle(w, args) {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      const last = mutations.length ? mutations[mutations.length - 1][0] : null;
      const changed = (last !== null && last >= w.t0) || w.sightings.length > 0 || valuesMoved(w.values);
      if (now - started >= args.bound_ms) return;
      if (changed ? last === null || now - last >= args.quiet_ms : now - w.t0 >= (args.first_sign_ms || 0)) return;
      await pause(args.poll_ms || 30);
    }
  }

  async function watchFinish(args) {
    const w = watch;
    if (!w) {                                    // a new document: the page navigated; what it is so far
      resetCaches();
      return { error: 'no-watch', identity: identity(document), next_ref: nextRef };
    }
    stopListening(w);
    let ancestors = w.ancestors;
    if (ancestors === null && args.ref) {
      const found = resolve(args.ref);
      if (found.status === 'ok') ancestors = ancestorState(found.element);
    }
    await settle(w, args);
    resetCaches();
    const values = fieldValues();
    const tree = treeLines(document.body || document.documentElement, { mode: 'default' });
    const times = [];
    for (const [time] of mutations) if (time >= w.t0) times.push(Math.round(time));
    const sightings = w.sightings.map((s) => ({ kind: s.kind, text: s.text, role: s.role || null,
      gone: !s.el.isConnected || !showing(s.el) }));
    if (watch === w) watch = null;
    settledValues = values;
    return { identity: identity(document), diff: diffLines(w.tree, tree).filter((line) => line.includes('[ref=')),
      mutation_times: times, stalls: stallsSince(w.t0), values: changedValues(w.values, values), overlays: sightings,
      ancestors, now: performance.now(), next_ref: nextRef };
  }
