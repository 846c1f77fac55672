  // ---------------------------------------------------------------- an action's watch
  // Started in the action's preflight call and finished by one call after the action: what the page
  // showed before (its interactive lines, its form values, the overlays on it), and once it has settled,
  // only what changed. The watch keeps a baseline of its own: the agent's snapshot diff (snapshot.js
  // `previous`), its observation ids and its paging cache are never touched by an action.
  let watch = null;              // the action under way: {t0, tree, values, overlays, dialogs, sightings}
  let finished = null;           // the last watch finished: settled again when its server's answer came later
  let settledValues = null;      // the form values when the last watch finished
  let settledFocus = null;       // {el}: what had the focus when the last watch finished
  let focusedIdle = false;       // the page moved the focus since then, while no action was watched
  window.addEventListener('focusin', (event) => {
    if (!watch) focusedIdle = true;
    else if (!ownFocus(watch.seen, event.composedPath()[0])) watch.focusedElsewhere = true;
  }, true);
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
  // mutation): text fields, hidden ones included, selects, checkboxes and sliders, in the page's shadow
  // roots too (a web component's input). Secrets are not read.
  function fieldValues() {
    const out = new Map();
    for (const el of queryComposed(document, FIELD_SELECTOR)) {
      if (out.size >= MAX_FIELDS) break;
      const type = (el.type || '').toLowerCase();
      if (el.tagName === 'INPUT' && UNREAD_INPUT_TYPES.has(type)) continue;
      if (holdsSecret(el)) continue;
      if (type === 'checkbox' || type === 'radio') out.set(el, { kind: 'checked', value: String(el.checked) });
      else if ('value' in el && el.tagName !== 'DIV' && el.tagName !== 'SPAN') out.set(el, { kind: 'value', value: String(el.value) });
      else out.set(el, { kind: 'value', value: el.getAttribute('aria-valuenow') || '' });
    }
    return out;
  }

  // The fields the page drew empty (put into the document while this script watched): one that holds a
  // value when an action types into it was filled by the page after it drew it (an edit dialog's form,
  // filled a moment after the server answered with the record).
  const drawnEmpty = new WeakSet();
  function noteDrawn(node) {
    if (node.nodeType !== 1) return;
    const fields = node.matches(FIELD_SELECTOR) ? [node] : node.querySelectorAll(FIELD_SELECTOR);
    for (const el of fields) if ('value' in el && String(el.value) === '') drawnEmpty.add(el);
  }

  // What the action's text field held as it began: 'later' when the page drew it empty and filled it
  // after, 'drawn' when it held a value otherwise; null when empty, a secret, or no text field.
  function replacedValue(target) {
    const el = target && (target.matches(FIELD_SELECTOR) ? target : target.control);
    if (!el || !('value' in el) || el.tagName === 'SELECT' || holdsSecret(el)) return null;
    const type = (el.type || '').toLowerCase();
    if (UNREAD_INPUT_TYPES.has(type) || type === 'checkbox' || type === 'radio' || !String(el.value).trim()) return null;
    return drawnEmpty.has(el) ? 'later' : 'drawn';
  }

  // The element that has the focus, inside shadow roots too; null for the page itself.
  function focusedElement() {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el && el !== document.body && el !== document.documentElement ? el : null;
  }

  // The page moved the focus by script (a dialog that takes it once it has opened, a form that focuses
  // its first field): where to, as a field is described — not to the action's own target (a click
  // focuses what it clicks, a label its control), not to nothing.
  function focusMoved(before, target) {
    const el = focusedElement();
    if (!el || el === before || !el.isConnected || ownFocus(target, el)) return null;
    const field = describeField(el, '', { kind: 'focus', value: '' });
    return field.hidden ? null : field;        // a hidden radio a tab's label focuses: nothing to wait for
  }

  // The focus the action itself gives: its target, what the target holds, a label's control — or an
  // element of the target's role and name, which a re-render put where the target was (Playwright acts
  // on what its locator finds when it acts, not on the element the ref had). ``target`` is what
  // ``targetSeen`` saw as the action began: out of the page, the target loses what a stylesheet adds
  // to its name (an icon font's glyph), and its copy would no longer be named as it is.
  function ownFocus(target, el) {
    if (!target || !el) return false;
    const { element } = target;
    if (element === el || element.contains(el) || (!!element.control && element.control === el)) return true;
    const r = role(el);
    return !!r && r === target.role && accessibleName(el) === target.name;
  }

  // The action's target as it began, for ownFocus: the element, its role and its name while in the page.
  function targetSeen(element) {
    return element ? { element, role: role(element), name: accessibleName(element) } : null;
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
      attribute: now.kind === 'value' && !('value' in el && el.tagName !== 'DIV' && el.tagName !== 'SPAN') ? 'aria-valuenow' : null,
      before: before.slice(0, VALUE_LIMIT), after: now.value.slice(0, VALUE_LIMIT),
      test_id: el.getAttribute(TEST_ID), selector,
      selector_count: selector ? document.querySelectorAll(selector).length : 0 };
  }

  // a key a number is a part of, or a made one
  const COUNTED_KEY = /\d{3,}|[0-9a-f]{8,}|^:r|(^|[-_.:])\d+([-_.:]|$)/i;
  function fieldSelector(el, tag, attr) {
    // a field of a formset's row: its id and its name hold the row's index, the end of its name says its column
    const column = columnOfRow(el);
    if (column) return column;
    // not an id or a name a number is a part of (a builder's count, "3"; a row's index, "items-2-ab"; a library's
    // count of its instances, Keen UI's "ui-select-379"), nor a made one
    if (el.id && !COUNTED_KEY.test(el.id)) return '#' + CSS.escape(el.id);
    if (attr && !COUNTED_KEY.test(attr)) return tag + '[name=' + JSON.stringify(attr) + ']';
    return null;
  }

  function overlayTexts() {
    const out = new Set();
    for (const el of document.querySelectorAll(OVERLAY_SELECTOR)) if (overlayElement(el) && showing(el)) out.add(overlayText(el));
    return out;
  }

  // The dialogs open as the action starts: one whose text the action changes is the same dialog, not one
  // that appeared (Fava's Save empties its form as the dialog fades out: "appeared … (gone again)" beside
  // "disappeared"). A toast region's new text is a new message.
  function openDialogs() {
    return new Set([...document.querySelectorAll(OVERLAY_SELECTOR)].filter((el) => overlayElement(el) && showing(el) && isDialog(el)));
  }

  function isDialog(el) {
    const r = role(el);
    return r === 'dialog' || r === 'alertdialog' || el.tagName === 'DIALOG' ||
      DIALOG_LIKE.test(classText(el));
  }

  // The page itself is no overlay, whatever its classes say (Bootstrap's body.modal-open while a dialog is open).
  function overlayElement(el) {
    return el !== document.body && el !== document.documentElement;
  }

  function showing(el) {
    const s = style(el), box = visibleBox(el);
    return !!box && !!s && s.visibility !== 'hidden' && Number(s.opacity) > 0 && !clippedAway(box, s) &&
      !hiddenForAria(el);
  }

  function overlayText(el) {
    return clip(collapse(domText(el, 400)), 120);
  }

  // An element's shown text as the DOM holds it, which Playwright's text engine and the accessible names
  // read (at most about ``limit`` characters): not innerText, which a CSS text-transform writes otherwise
  // ("SAVE CANCEL" for the buttons "Save" and "Cancel"). Hidden elements count for nothing; a block
  // element's text is spaced from its neighbours'. A timer's count is no text of what holds it (TICKING).
  function domText(root, limit) {
    let out = '';
    const visit = (node) => {
      for (const child of composedChildren(node)) {
        if (out.length > limit) return;
        if (child.nodeType === 3) out += child.data;
        if (child.nodeType !== 1 || !readableElement(child) || styleHidden(child) || child.matches(TICKING)) continue;
        const block = BLOCK_DISPLAYS.test(style(child).display) ? ' ' : '';
        out += block;
        visit(child);
        out += block;
      }
    };
    visit(root);
    return out;
  }

  // Called for each element a mutation touched while a watch is on: an overlay that shows itself now
  // is kept with its text, even if it is gone again by the time the page settles (a toast).
  function sightOverlay(node, added = false) {
    if (!watch) return;
    // a text's element: the component holding it where it sits straight in a shadow root (a Lit toast's message)
    const el = node.nodeType === 1 ? node : parentOf(node);
    // a timer's tick is no one's effect; a log's new entry is content the action added, no notice
    if (el && closestAcrossShadow(el, TICKING + ', [role=log]')) return;
    let overlay = el ? closestAcrossShadow(el, OVERLAY_SELECTOR) : null;
    // the outermost: a dialog's header, body and footer (JupyterLab's jp-Dialog-header …) are the dialog
    for (let outer = overlay; outer; outer = outer.parentElement && outer.parentElement.closest(OVERLAY_SELECTOR))
      if (overlayElement(outer) && showing(outer)) overlay = outer;
    const fresh = added || (!!el && !watch.tree.drawn.has(el));     // put in, or shown anew (held hidden till now)
    const floating = !overlay && fresh && el ? floatingNotice(el, node) : null;   // a toast that says nothing of itself
    overlay = overlay || floating;
    if (!overlay || !overlayElement(overlay) || !overlay.isConnected) return;
    noteOpening(overlay);
    if (liveContent(overlay)) return;
    // fading in, its opacity still 0 as its transition starts (a region shown by a class): sighted once it shows
    if (!showing(overlay)) { if (watch.opening.has(overlay)) watch.fadingIn.set(overlay, !!floating); return; }
    sight(overlay, !!floating);
  }

  function sight(overlay, floating) {
    const text = overlayText(overlay);
    const known = watch.sightings.find((s) => s.el === overlay);
    if (known && text) known.text = text;         // drawn in parts (its footer before its header): its whole text
    if (known && text) known.lines = noticeLines(overlay);
    if (known || !text || watch.overlays.has(text) || watch.sightings.some((s) => s.text === text)) return;
    const dialog = isDialog(overlay);
    if (dialog && watch.dialogs.has(overlay)) return;
    // a class that says toast, notification or flash over a panel that holds a form, a list, many controls or
    // lines: no message that names an outcome
    const kind = dialog ? 'dialog' : floating || shortMessage(overlay) ? 'toast' : 'panel';
    watch.sightings.push({ kind, text, el: overlay, role: role(overlay), lines: noticeLines(overlay) });
  }

  // A notice that says nothing of itself (no role, no aria-live, a class that names nothing: a CSS-in-JS hash),
  // known by how it came and where it is: brought while the action settled (``added``: a node the page added, or
  // one it held hidden and showed anew, not drawn as the action began — its `hidden`, its style or its class
  // changed: Vue's v-show — which holds all the notice shows) over the page, by a fixed position or an absolute
  // one raised above it (a z-index) — the element brought, or what holds it, or the one block of a region over the
  // page that holds it (a corner region always there, empty until a message comes) — and by what it is: a short
  // message (shortMessage), over a small part of the viewport, not the app's own shell. What appears in the page's
  // flow (a new row, a card) is none, nor a new text in a bar over the page that was there before (a fixed header's
  // "Cart (1)": the header shows more than what was added; its class changed), nor a spinner's "Loading…".
  const FLOATING_Z = 10;
  function floatingNotice(el, added) {
    for (let node = el; node && overlayElement(node); node = node.parentElement) {
      const s = style(node);
      if (!s) return null;
      const raised = s.position === 'absolute' && (parseInt(s.zIndex, 10) || 0) >= FLOATING_Z;
      if (s.position !== 'fixed' && !raised) continue;
      const blocks = [...node.children].filter((child) => visibleBox(child));
      const held = blocks.length > 1 && stacked(blocks) ? blocks.find((child) => child.contains(el)) : null;
      const notice = held || node;
      const box = visibleBox(notice), view = notice.ownerDocument.defaultView;
      const large = !box || box.width * box.height >= 0.2 * view.innerWidth * view.innerHeight;
      if (large || holdsThePage(notice) || appBar(notice)) return null;
      const shows = collapse(domText(notice, 400));
      const brought = collapse(added.nodeType === 1 ? domText(added, 400) : added.data || '');
      // a spinner's "Loading…" over the page says the page is at work (the identity's loading), no outcome
      if (BUSY_TEXT.test(shows) || LOADING_CLASS.test(classText(notice).toLowerCase())) return null;
      return shows && shows === brought && shortMessage(notice) ? notice : null;
    }
    return null;
  }

  // The app's bar over the page (a header: its title, a back button), which a route draws anew with the page
  // (Kolibri's "New users" bar in place of the bar of links): what the route drew, no message
  const APP_BAR = 'header, [role=banner]';
  function appBar(el) {
    return !!(el.closest(APP_BAR) || el.querySelector(APP_BAR));
  }

  // A region's messages stand one above the other; boxes side by side on one line (an icon, the words, a close
  // icon: a row of flex items) are the parts of one message.
  function stacked(blocks) {
    const boxes = blocks.map((block) => visibleBox(block)).sort((a, b) => a.top - b.top);
    return boxes.every((box, i) => i === 0 || box.top >= boxes[i - 1].bottom - 1);
  }

  // What a toast is: a few lines of text (NOTICE_LINES, 200 characters) beside two controls at most (its Close, an
  // Undo); nothing to fill in, no table or chart, and no menu, list of options, tooltip or form.
  const IN_NO_MESSAGE = '[role=menu], [role=menubar], [role=listbox], [role=tooltip], [role=tree], [role=grid]';
  const NOT_A_MESSAGE = IN_NO_MESSAGE + ', [role=tablist], [role=navigation], nav, form';  // (in a form: a flash)
  const MESSAGE_CONTROLS = 'button, a[href], [role=button], [role=link]';
  function shortMessage(el) {
    if (el.closest(IN_NO_MESSAGE) || el.matches(NOT_A_MESSAGE) || el.querySelector(NOT_A_MESSAGE)) return false;
    if (el.querySelector(FIELD_SELECTOR) || contentRegion(el)) return false;
    if (el.querySelectorAll(MESSAGE_CONTROLS).length > 2 || onlyAList(el)) return false;
    const lines = textLines(el);                 // (its controls' words are no line: a message says more than them)
    return lines.length > 0 && lines.length <= NOTICE_LINES && collapse(domText(el, 400)).length <= 200;
  }

  // A list and nothing said beside it: choices (a select's options a library draws with no roles, Keen UI's UiSelect
  // in Kolibri), no message about what the action did
  function onlyAList(el) {
    const list = el.matches('ul, ol') ? el : el.querySelector('ul, ol');
    return !!list && list.children.length > 1 && collapse(domText(el, 400)) === collapse(domText(list, 400));
  }

  // A notice's lines as a reader sees them, when it has several (a toast's title and its text), or when its one
  // line is not all its text holds (its words beside an icon's: "notifications Saved close" reads "Saved")
  function noticeLines(el) {
    const lines = textLines(el).slice(0, NOTICE_LINES);
    const parts = lines.length > 1 || (lines.length === 1 && lines[0] !== collapse(domText(el, 400)));
    return parts ? lines.map((line) => clip(line, 200)) : [];
  }

  // A live region of content, no toast: an output a dashboard marks aria-live that holds its chart, its table
  // or its inputs (Shiny's outputs, its checkbox groups), with no role or class of a message.
  const MESSAGE_ROLES = new Set(['alert', 'status', 'log', 'dialog', 'alertdialog']);
  function liveContent(el) {
    return el.hasAttribute('aria-live') && !MESSAGE_ROLES.has(role(el)) && contentRegion(el)
      && !/toast|snackbar|notification|flash|modal|dialog|popup|popover/i.test(classText(el));
  }

  // An overlay the page changed while the watch is on, shown or still fading in (its opacity is 0 until its
  // transition starts, frames later on a busy machine): opening until its declared transition has passed,
  // counted from the second frame after it was drawn at the earliest (a library starts the transition in
  // one: Bootstrap after a reflow, others two requestAnimationFrames on; a busy machine's frames come late).
  function noteOpening(overlay) {
    if (watch.opening.has(overlay) || !visibleBox(overlay)) return;
    const w = watch, declared = declaredOpening(overlay);
    w.opening.set(overlay, { until: performance.now() + declared, declared });
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const opening = w.opening.get(overlay);
      opening.until = Math.max(opening.until, performance.now() + declared);
    }));
  }

  // How long an overlay's own styles say it takes to open: the longest transition declared on it and its
  // children. A library times its "shown" (its focus, its form reset) by it whether a transition runs or
  // not (Bootstrap's modal: a timer of its dialog's transition-duration).
  function declaredOpening(el) {
    let longest = 0;
    for (const node of [el, ...Array.from(el.children).slice(0, 20)]) {
      const s = style(node);
      if (!s) continue;
      const durations = s.transitionDuration.split(','), delays = s.transitionDelay.split(',');
      durations.forEach((d, i) => { longest = Math.max(longest, cssSeconds(d) + cssSeconds(delays[i % delays.length])); });
    }
    return longest * 1000;
  }

  function cssSeconds(value) {
    const n = parseFloat(value) || 0;
    return /ms\s*$/.test(value) ? n / 1000 : n;
  }

  // The page's URL as it moved within its document (a route: pushState, replaceState, a hash), each move with
  // its time on the page's clock (the answers' and the mutations' clock): a route the app moves to only once
  // its data has come (a router that waits for its model) moves after those answers, however late they come.
  const URL_MOVE_LOG = 50;
  const urlMoves = [];              // [time, url], newest last
  let lastUrl = location.href;
  function noteUrl() {
    if (location.href === lastUrl) return;
    lastUrl = location.href;
    urlMoves.push([performance.now(), lastUrl]);
    if (urlMoves.length > URL_MOVE_LOG) urlMoves.shift();
  }
  // the Navigation API's event comes with every move, a script's pushState too; hashchange and popstate where
  // there is none (a script's pushState then goes unseen: its move has no time)
  if (globalThis.navigation) navigation.addEventListener('currententrychange', noteUrl);
  else for (const type of ['hashchange', 'popstate']) window.addEventListener(type, noteUrl, true);

  // The events an action delivers: the last one to arrive is when the action landed (a click's).
  const LANDING_EVENTS = ['pointerdown', 'pointerover', 'keydown', 'input', 'change', 'click'];

  function watchStart(args) {
    resetCaches();
    if (watch) stopListening(watch);
    finished = null;
    const values = fieldValues();
    const late = settledValues ? changedValues(settledValues, values) : [];
    const found = args && args.ref ? resolve(args.ref) : null;
    const target = found && found.status === 'ok' ? found.element : null;
    // before this action acts: elsewhere, or away and back (a dialog that took it, then gave it to the
    // field that had it)
    const lateFocus = settledFocus ? focusMoved(focusedIdle ? null : settledFocus.el, null) : null;
    focusedIdle = false;
    if (lateFocus) late.push(lateFocus);
    const w = { t0: performance.now(), tree: treeLines(pageRoot(), { mode: 'default', behind: true, drawn: true }),
      values, overlays: overlayTexts(), dialogs: openDialogs(), sightings: [], opening: new Map(), fadingIn: new Map(), ending: new Set(), ancestors: null, listener: null,
      focus: focusedElement(),
      target, seen: targetSeen(target), place: target ? placeOf(target) : null, focusedElsewhere: false,
      landed: false };
    if (found && found.status === 'ok') {
      // the target's ancestors as the action's last event reaches the page (an app may become interactive
      // between the preflight and it, or between a click's pointer events and the click itself); a trusted
      // event is the browser's input, which only the action delivers while the watch is on (a script's are not)
      w.listener = (event) => {
        if (event.isTrusted) { w.landed = true; w.landedAt = performance.now(); }
        if (found.element.isConnected) w.ancestors = ancestorState(found.element);
      };
      for (const type of LANDING_EVENTS) window.addEventListener(type, w.listener, true);
    }
    watch = w;
    actionsBegun += 1;
    return { identity: identity(document), now: watch.t0, origin: performance.timeOrigin, late_values: late,
      replaced: replacedValue(target), next_ref: nextRef };
  }

  // Where an element sits: its index among its parent's children, and its parent's among its own, up to
  // PLACE_DEPTH ancestors (a component that draws its wrapper anew too), with the element's role and name. The
  // parent of what sits straight in a shadow root is the shadow root (a web component whose render() returns
  // a button and nothing around it), where the walk ends.
  const PLACE_DEPTH = 4;
  function placeOf(el) {
    const steps = [];
    for (let node = el; steps.length < PLACE_DEPTH; node = node.parentNode) {
      const parent = node.parentNode;
      if (!parent || parent.nodeType === Node.DOCUMENT_NODE) break;
      steps.push([parent, withSiblings(node).indexOf(node)]);
    }
    return { steps, role: role(el), name: accessibleName(el) };
  }

  // The action's own target, taken away as it settled, drawn anew in its place under another label (a
  // framework that makes a new node when the label changes: "Save" → "Saved"): the element now where it was,
  // reached from its nearest ancestor still in the page, put there since the action began (not drawn then), of
  // its role, with a name no element of that role showed before the action (not the next row's button, moved
  // up into the place of a row the action deleted). It takes the target's ref: the answer then says the
  // control took another name, as for a label changed in place (verdex/facts.py Effects.own_label).
  function targetDrawnAnew(w) {
    if (!w.target || w.target.isConnected || !w.place || !w.place.role) return null;
    const steps = w.place.steps;
    const kept = steps.findIndex(([parent]) => parent.isConnected);
    if (kept < 0) return null;
    let el = steps[kept][0];
    for (let i = kept; i >= 0 && el; i--) el = el.children[steps[i][1]];
    if (!el || w.tree.drawn.has(el) || role(el) !== w.place.role) return null;
    const name = clip(accessibleName(el), NAME_LIMIT);
    const line = '- ' + w.place.role + ' ' + quote(name);
    const shownBefore = w.tree.lines.some((shown) => shown.trimStart().startsWith(line));
    if (!name || name === clip(w.place.name, NAME_LIMIT) || shownBefore) return null;
    return el;
  }

  // The preflight and the start of the watch in one round trip (what an action does first).
  function preflightAndWatch(args) {
    const facts = preflight(args);
    if (!facts.error) facts.watch = watchStart(args);
    return facts;
  }

  // Whether the action's input has reached the page: true once a trusted event came since the watch
  // started, or when this is a new document (the page the action, most likely, went to).
  function watchLanded() {
    return { landed: !watch || watch.landed };
  }

  function stopListening(w) {
    if (w.listener) for (const type of LANDING_EVENTS) window.removeEventListener(type, w.listener, true);
    w.listener = null;
  }

  function pause(ms) {
    return new Promise((done) => setTimeout(done, ms));
  }

  // Until the page has settled: something changed (the DOM, a value, an overlay), the DOM has been quiet
  // for quiet_ms, and so has every transition or animation the action began that lasts no longer than the
  // bound (and its end event has come: what the page does as it ends runs in that event), and every overlay
  // that appeared has had its declared time to open (a dialog that fades in, whose page focuses its first
  // field once it has opened: the handler runs as its transition ends, or on a timer of its declared
  // length, changing no node) — or nothing changed; either way, unless nodes came or went, an overlay or a
  // value, not before first_sign_ms from the action's landing (its last trusted event; the start, without one):
  // a handler that moves a tray out of view at once (its style) and removes it, saving the choice, on a 250 ms
  // timer (Node-RED's) has done its work by then, and on a busy machine Playwright's checks before a click may
  // take longer than that window. A pass that ends it
  // was asked for after the last change, so the page's own timers due by then have run before it, however
  // late a busy machine ran them both. Bounded by bound_ms of the time the page ran (a pass counts two polls
  // at most: a stall of a busy machine's, or the page's own long task, does not eat the bound), and by
  // cap_ms of the clock's. Settling again (`again`), the DOM must be quiet for quiet_ms from the call on.
  async function settle(w, args) {
    const started = performance.now(), poll = args.poll_ms || 30;
    let moved = null;                            // when an animation the action began was last seen running
    let ran = 0, previous = started, asked = started;   // the page's running time; when this pass was asked for
    for (;;) {
      const now = performance.now();
      ran += Math.min(now - previous, 2 * poll);
      previous = now;
      if (animating(w, args.bound_ms)) moved = now;
      const last = mutations.length ? mutations[mutations.length - 1][0] : null;
      const changed = (last !== null && last >= w.t0) || w.sightings.length > 0 || valuesMoved(w.values)
        || moved !== null || args.again;
      // an overlay that appeared is opening until its declared transition has passed (if it is no longer than the bound)
      const opening = [...w.opening.values()].filter((o) => o.declared <= args.bound_ms).map((o) => o.until);
      // settling again: the answer that came may still be on its way to the page's script
      const lastChange = Math.max(last === null ? -Infinity : last, moved === null ? -Infinity : moved, ...opening,
        args.again ? started : -Infinity);
      if (ran >= args.bound_ms || now - started >= args.cap_ms) return;
      const signed = now - (w.landedAt === undefined ? w.t0 : w.landedAt) >= (args.first_sign_ms || 0);
      if (changed ? now - lastChange >= args.quiet_ms && asked >= lastChange && (signed || drawnAnew(w))
        : signed) return;
      asked = performance.now();
      await pause(poll);
    }
  }

  // The action changed what the page holds, not only how it looks: nodes added or removed, an overlay, a value. A
  // change of attributes alone (a tray moved out of view by its style, a class) may be the first step of what a
  // handler finishes on a timer, and is given the first sign's window.
  function drawnAnew(w) {
    return w.sightings.length > 0 || valuesMoved(w.values)
      || mutations.some(([time, , added]) => time >= w.t0 && added !== null);
  }

  // A transition or animation begun at or after t0 still runs, or a CSS one has ended without its end event
  // yet (the event comes with the next frame, which a busy machine draws late), and it lasts no longer than
  // `longest` (a spinner that turns for ever, or a toast's five-second countdown, does not hold the watch).
  // One still pending (made, to start at the next frame: a busy machine's frames come late) is about to run.
  function animating(w, longest) {
    const now = performance.now();
    let running = false;
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running') continue;
      const starts = animation.startTime === null ? (animation.pending ? now : null) : animation.startTime;
      if (starts === null || starts < w.t0) continue;
      const lasts = animation.effect ? animation.effect.getComputedTiming().endTime : Infinity;
      if (!Number.isFinite(lasts) || lasts > longest) continue;
      running = true;
      const target = animation.effect.target;     // its end event reaches the window (no shadow root's, no pseudo's)
      if (endEventName(animation) && target.getRootNode() === document && !animation.effect.pseudoElement) w.ending.add(animation);
    }
    for (const animation of w.ending) {
      if (animation.playState === 'finished' && animation.effect.target.isConnected) running = true;
      else if (animation.playState !== 'running') w.ending.delete(animation);   // cancelled, or its element gone
    }
    return running;
  }

  // The name a CSS transition's or animation's end event carries; none for a script's (element.animate).
  function endEventName(animation) {
    return animation.transitionProperty || animation.animationName || null;
  }

  const END_EVENTS = ['transitionend', 'transitioncancel', 'animationend', 'animationcancel'];
  for (const type of END_EVENTS) {
    window.addEventListener(type, (event) => {
      if (!watch) return;
      for (const animation of watch.ending) {
        if (animation.effect.target === event.target
            && endEventName(animation) === (event.propertyName || event.animationName)) watch.ending.delete(animation);
      }
    }, true);
  }

  // The controls an overlay blocked or gave back behind it (a modal <dialog>, a library's modal or menu that
  // hides its siblings), said in one line that counts them: each stays in both trees (built `behind`), so the
  // diff lists only what came or really went. `= ` tells the line from the diff's `+ ` and `- ` lines.
  function behindChange(before, after) {
    const refs = (tree) => new Set(tree.lines.map((line) => (/\[ref=([^\]]+)\]/.exec(line) || [])[1]));
    const shownBefore = refs(before), shownAfter = refs(after);
    const shownBoth = (ref) => shownBefore.has(ref) && shownAfter.has(ref);
    const blocked = [...after.behind].filter((ref) => shownBoth(ref) && !before.behind.has(ref));
    const back = [...before.behind].filter((ref) => shownBoth(ref) && !after.behind.has(ref));
    const controls = (n) => n + (n === 1 ? ' control' : ' controls');
    const out = [];
    if (blocked.length) {
      const name = clip(accessibleName(after.blocker), NAME_LIMIT);
      const overlay = (role(after.blocker) || 'dialog') + (name ? ' ' + quote(name) : '');
      out.push(`= the page behind the ${overlay} is blocked (${controls(blocked.length)})`);
    }
    if (back.length) out.push(`= the page behind is back (${controls(back.length)})`);
    return out;
  }

  // The lines of text the action put on the page that no control holds (a lap added to a list, a chat's new
  // message, a count that went up): what its snapshot now says that it did not, beyond the refs of the diff. Not
  // a line that changes by itself (in a timer or a marquee, TICKING; a bar's or a meter's value: its key names
  // the roles above it up to the nearest ref; a line that shows a text ticking by itself, ticking.js), nor a fold
  // of like rows.
  const CHANGING_BY_ITSELF = /(^|\|)(timer|marquee|progressbar|meter)\|/;
  // The first TEXTS_KEPT (verdex keeps five of them, past those a notice already says).
  const TEXTS_KEPT = 20;
  function textsAdded(after, added) {
    const out = [], ticking = tickingNow();
    for (const i of added) {
      if (out.length === TEXTS_KEPT) break;
      if (after.lines[i].includes('[ref=') || CHANGING_BY_ITSELF.test(after.keys[i] + '|')) continue;
      if (ticking.some((text) => after.lines[i].includes(text))) continue;
      const line = after.lines[i].trim().replace(/^- /, '');
      if (!line.startsWith('… ') && /^(text: |[a-z]+ "|[^:]*: \S)/.test(line)) out.push(line);
    }
    return out;
  }

  // Once the page has settled, what the action changed; `again`: the watch just finished, settled once
  // more (a request or a websocket message it caused was answered only after the page had settled).
  async function watchFinish(args) {
    const w = args.again ? finished : watch;
    if (!w) {                                    // a new document: the page navigated; what it is so far
      resetCaches();
      return { error: 'no-watch', identity: identity(document), next_ref: nextRef };
    }
    watch = w;
    stopListening(w);
    if (w.ancestors === null && args.ref) {
      const found = resolve(args.ref);
      if (found.status === 'ok') w.ancestors = ancestorState(found.element);
    }
    const ancestors = w.ancestors;
    await settle(w, args);
    resetCaches();
    const anew = targetDrawnAnew(w);
    if (anew) passRef(w.target, anew);
    // ... and once the page has settled: an app that became ready only now did so after the action
    const still = args.ref ? resolve(args.ref) : null;
    const settledAncestors = still && still.status === 'ok' ? ancestorState(still.element) : null;
    const values = fieldValues();
    const tree = treeLines(pageRoot(), { mode: 'default', behind: true });
    const times = [];
    for (const [time] of mutations) if (time >= w.t0) times.push(Math.round(time));
    // gone: taken away, hidden, or emptied (a field's messages region stays under the field, its message gone)
    for (const [overlay, floating] of w.fadingIn) if (overlay.isConnected && showing(overlay)) sight(overlay, floating);
    const sightings = w.sightings.map((s) => ({ kind: s.kind, text: s.text, role: s.role || null, lines: s.lines,
      gone: !s.el.isConnected || !showing(s.el) || !overlayText(s.el) }));
    if (watch === w) watch = null;
    finished = w;
    settledValues = values;
    settledFocus = { el: focusedElement() };
    focusedIdle = false;
    const changed = changedValues(w.values, values);
    const focus = focusMoved(w.focusedElsewhere ? null : w.focus, w.seen);
    if (focus) changed.push(focus);
    const lines = linesAdded(w.tree, tree);
    const diff = diffLines(w.tree, tree, lines).filter((line) => line.includes('[ref='));
    return { identity: identity(document), diff: diff.concat(behindChange(w.tree, tree)), texts: textsAdded(tree, lines.added),
      mutation_times: times, stalls: stallsSince(w.t0), values: changed, overlays: sightings,
      answers: answersEnded().answers.filter((answer) => answer.start >= w.t0),     // the action's requests'
      url_moves: urlMoves.filter(([time]) => time >= w.t0).map(([time, url]) => ({ time: Math.round(time), url })),
      ancestors, settled_ancestors: settledAncestors, now: performance.now(), next_ref: nextRef };
  }
