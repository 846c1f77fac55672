  // ---------------------------------------------------------------- refs
  const documentId = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let nextRef = config.refBase;
  const refOf = new WeakMap();          // Element -> ref
  const elementOf = new Map();          // ref -> WeakRef<Element>
  const framePrefixOf = new WeakMap();  // iframe element -> 'f1', 'f2', …
  let nextFrame = 1;

  function framePrefix(el) {
    let prefix = '';
    const frame = el.ownerDocument.defaultView && el.ownerDocument.defaultView.frameElement;
    if (frame) {
      prefix = framePrefixOf.get(frame);
      if (!prefix) { prefix = 'f' + nextFrame++; framePrefixOf.set(frame, prefix); }
    }
    return prefix;
  }

  // What each element with a ref was last shown to the agent as, on a line of a snapshot or of an action's
  // watch (whose unchanged lines the agent had, and whose changed ones its diff said): {role, name}. An app
  // that reuses its elements for other data (a list filtered, a React row keyed by position) draws another
  // thing where the agent saw this one, under the same ref.
  const shownAs = new WeakMap();

  // A name as the agent would tell it from another: its numbers, a time or a count that moved on
  // ("Cart (2)", "16 seconds ago") left out.
  function nameWords(name) {
    return collapse(name.replace(/\d+/g, ' ')).toLowerCase();
  }

  function refFor(el) {
    let ref = refOf.get(el);
    if (!ref) {
      ref = (config.refPrefix || framePrefix(el)) + 'e' + nextRef++;   // a cross-origin frame's bridge has its own
      refOf.set(el, ref);
      elementOf.set(ref, new WeakRef(el));
    }
    return ref;
  }

  // The element the page drew anew in the place of one it took away (an action's own target re-created under its
  // new label: verdex/bridge/watch.js `targetDrawnAnew`) takes its ref: the same control to the agent.
  function passRef(from, to) {
    const ref = refOf.get(from);
    if (!ref || refOf.has(to)) return;
    refOf.delete(from);
    refOf.set(to, ref);
    elementOf.set(ref, new WeakRef(to));
  }

  // {status: 'ok', element} | {status: 'unknown'} | {status: 'stale'}
  function resolve(ref) {
    const weak = elementOf.get(ref);
    if (!weak) return { status: 'unknown' };
    const el = weak.deref();
    if (!el || !el.isConnected) return { status: 'stale' };
    return { status: 'ok', element: el };
  }

  // ---------------------------------------------------------------- per-call caches
  let styleCache = new Map();
  let roleCache = new Map();
  let hiddenCache = new Map();
  let nameCache = new Map();
  let riskContextCache = new Map();    // form or dialog -> its risk context (see riskContext)

  // What the page shows is under: its body, else its root element, else nothing (null): a document has no
  // root between its start and its first bytes, after document.open(), or when a script removed it.
  function pageRoot() {
    return document.body || document.documentElement;
  }

  function resetCaches() {
    styleCache = new Map(); roleCache = new Map(); hiddenCache = new Map(); nameCache = new Map();
    riskContextCache = new Map();
  }

  function style(el) {
    let s = styleCache.get(el);
    if (s === undefined) {
      const view = el.ownerDocument.defaultView;
      s = view ? view.getComputedStyle(el) : null;
      styleCache.set(el, s);
    }
    return s;
  }

  // An element hidden the screen-reader way (a 1×1 box clipped to nothing: Chakra's switch, Bootstrap's
  // visually-hidden, a toast library's announcement), drawn hidden wherever it is: below the fold too, where
  // no point says what covers it.
  function clippedAway(rect, s) {
    return !!s && rect.width <= 1 && rect.height <= 1 && (/^rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)$/.test(s.clip) ||
      /^inset\((50|100)%\)$/.test(s.clipPath) || s.overflow === 'hidden');
  }

  // A form's named controls stand in for its own properties (HTMLFormElement is [LegacyOverrideBuiltIns]):
  // with <input name="action">, form.action is that input, not the URL (Trac's new-ticket form); with
  // <input name="id">, form.id. An element's own property, read past them, for any element that may be a form.
  function builtin(el, property) {
    for (let proto = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, property);
      if (descriptor) return descriptor.get ? descriptor.get.call(el) : descriptor.value;
    }
    return undefined;
  }

  // An element's class attribute as a string ('' for an SVG element's animated className).
  function classText(el) {
    const className = builtin(el, 'className');
    return typeof className === 'string' ? className : '';
  }

  // ---------------------------------------------------------------- tree helpers
  // The element a node's shadow root is attached to, else null: a node out of the page has for root the top of
  // what was taken out, whose own ``host`` may be anything (a link's is its URL's host, a string).
  function shadowHost(node) {
    const root = node.getRootNode();
    return root && root.nodeType === 11 && root.host ? root.host : null;
  }

  function parentOf(el) {
    if (el.parentElement) return el.parentElement;
    const root = el.parentNode;
    if (root && root.nodeType === 11 && root.host) return root.host;
    return null;
  }

  // The element and its siblings: its parent's children, or the shadow root's it sits straight in (a list
  // component whose render() returns its rows and nothing around them: each row's parentElement is null).
  function withSiblings(el) {
    const root = el.parentNode;
    const parent = el.parentElement || (root && root.nodeType === 11 && root.host ? root : null);
    return parent ? Array.from(parent.children) : [el];
  }

  // The elements a node shows as its children: its shadow root's where it has one (what the page draws of a
  // web component; its own children are drawn where its slots are), else its own.
  function shownChildren(el) {
    return Array.from((el.shadowRoot || el).children);
  }

  function closestAcrossShadow(el, selector) {
    while (el) {
      const found = el.closest(selector);
      if (found) return found;
      el = shadowHost(el);
    }
    return null;
  }

  function idRefs(el, value) {
    if (!value) return [];
    const root = el.getRootNode();
    const out = [];
    for (const id of value.split(/\s+/)) {
      if (!id) continue;
      const found = root.getElementById ? root.getElementById(id) : root.querySelector('#' + CSS.escape(id));
      if (found && !out.includes(found)) out.push(found);
    }
    return out;
  }

  // What fn returns, or fallback when it throws (a cross-origin frame's document, a detached node).
  function attempt(fn, fallback) {
    try { return fn(); } catch (e) { return fallback; }
  }

  // The absolute URL a link leads to: an HTML <a>'s or <area>'s href; an svg <a>'s href attribute, resolved
  // against the document's base as the browser follows it (its href property is an SVGAnimatedString).
  function linkHref(link) {
    if (typeof link.href === 'string') return link.href;
    const raw = link.getAttribute('href') || '';
    return attempt(() => new URL(raw, link.baseURI).href, raw);
  }

  function collapse(text) {
    return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
  }

  function clip(text, limit) {
    return text.length > limit ? text.slice(0, limit - 1) + '…' : text;
  }

  // A CSS string of any text, for an attribute selector (a tooltip "Zoom in" as "Zoom in", not "Zoom\ in").
  function cssString(text) {
    return '"' + String(text).replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\a ') + '"';
  }
