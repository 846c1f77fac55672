  // ---------------------------------------------------------------- race preflight: raw facts
  const MOVING = /transform|translate|rotate|scale|left|right|top|bottom|inset|width|height|margin|padding|position|offset/;

  // What a point hits, in the innermost shadow root. Over a text slotted straight into a shadow root (a
  // web-component button's label, ``<mwc-button>Save</mwc-button>``) Chromium's elementFromPoint answers the
  // text's light-DOM parent, the host; elementsFromPoint answers what is drawn there, the shadow element
  // around the slot (Playwright's hit check reads it).
  function deepestAt(doc, x, y) {
    let hit = doc.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      let inner = hit.shadowRoot.elementFromPoint(x, y);
      if (inner === hit) inner = hit.shadowRoot.elementsFromPoint(x, y)[0];
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  function isInside(node, ancestor) {
    for (let n = node; n; n = parentOf(n)) if (n === ancestor) return true;
    return false;
  }

  // Inside as the page is drawn, in the composed tree: a node slotted into a shadow root is drawn where its
  // slot is, inside what holds the slot (a web-component button's light-DOM label, slotted into the shadow
  // <button>, is part of that button: a click on it is the button's).
  function drawnInside(node, ancestor) {
    for (let n = node; n; n = n.assignedSlot || parentOf(n)) if (n === ancestor) return true;
    return false;
  }

  // What takes keys (Playwright's press, type and fill focus the element and send keys; no point is hit).
  const KEY_TAKERS = 'input:not([type=hidden]), textarea, select, button, a[href], [contenteditable]:not([contenteditable=false]), ' +
    '[tabindex]:not([tabindex="-1"])';

  // Whether the element over the target is part of the target's own widget: the smallest subtree that
  // holds both holds no other element that takes keys (a code editor's hidden textarea under the
  // editor's own lines). Keys sent to the focused target reach it whatever the widget draws over it.
  function sameWidget(hit, el) {
    let common = hit;
    while (common && !isInside(el, common)) common = parentOf(common);
    if (!common || common.nodeType !== 1 || common.tagName === 'BODY' || common.tagName === 'HTML') return false;
    for (const other of common.querySelectorAll(KEY_TAKERS))
      if (other !== el && !isInside(el, other) && !isInside(other, el) && !hiddenForAria(other)) return false;
    return true;
  }

  function hitFacts(hit, el) {
    const s = style(hit);
    const r = role(hit);
    return { tag: hit.tagName.toLowerCase(), ref: refFor(hit), role: r,
      name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(hit), NAME_LIMIT) : '',
      test_id: hit.getAttribute(TEST_ID), id: builtin(hit, 'id') || null,
      classes: classText(hit).split(/\s+/).filter(Boolean).slice(0, 6),
      z_index: s ? s.zIndex : null, opacity: s ? Number(s.opacity) : null, display: s ? s.display : null,
      pointer_events: s ? s.pointerEvents : null, position: s ? s.position : null,
      is_target: hit === el, inside_target: hit !== el && drawnInside(hit, el),
      contains_target: hit !== el && drawnInside(el, hit),
      same_widget: hit !== el && !drawnInside(hit, el) && sameWidget(hit, el),
      locators: locatorCandidates(hit).slice(0, 4), containers: containersOf(hit, 1) };
  }

  // The part of the page the target can be seen through: the viewport, cut down to the box of each
  // ancestor a user scrolls (overflow auto or scroll, more content than room on that axis, and room for
  // the target: a dialog's body, a sidebar, a list). A point outside it is where Playwright scrolls the
  // target into view before it acts (every scrolling ancestor, not only the page): what lies there now (a
  // dialog's footer below the body) covers nothing. A box with its overflow hidden clips on purpose (a code
  // editor's input, 3 px wide under its lines), and above a fixed ancestor nothing clips.
  const SCROLLS = new Set(['auto', 'scroll', 'overlay']);
  function shownPart(el, own, view) {
    const shown = { left: 0, top: 0, right: view.innerWidth, bottom: view.innerHeight };
    for (let node = parentOf(el); node && node.nodeType === 1 && node.ownerDocument === el.ownerDocument &&
      node !== el.ownerDocument.scrollingElement && node.tagName !== 'BODY'; node = parentOf(node)) {
      const s = style(node);
      if (!s) continue;
      const box = node.getBoundingClientRect();
      const left = box.left + node.clientLeft, top = box.top + node.clientTop;
      if (SCROLLS.has(s.overflowY) && node.scrollHeight > node.clientHeight && node.clientHeight >= own.height) {
        shown.top = Math.max(shown.top, top);
        shown.bottom = Math.min(shown.bottom, top + node.clientHeight);
      }
      if (SCROLLS.has(s.overflowX) && node.scrollWidth > node.clientWidth && node.clientWidth >= own.width) {
        shown.left = Math.max(shown.left, left);
        shown.right = Math.min(shown.right, left + node.clientWidth);
      }
      if (s.position === 'fixed') break;
    }
    return shown;
  }

  function coverage(el, rect, shown) {
    const points = [['center', 0.5, 0.5], ['top-left', 0.2, 0.2], ['top-right', 0.8, 0.2],
      ['bottom-left', 0.2, 0.8], ['bottom-right', 0.8, 0.8]];
    const out = [];
    for (const [label, fx, fy] of points) {
      const x = rect.left + rect.width * fx, y = rect.top + rect.height * fy;
      if (x < shown.left || y < shown.top || x >= shown.right || y >= shown.bottom) {
        out.push({ point: label, x: Math.round(x), y: Math.round(y), outside_viewport: true, hit: null });
        continue;
      }
      const hit = deepestAt(el.ownerDocument, x, y);
      out.push({ point: label, x: Math.round(x), y: Math.round(y), outside_viewport: false,
        hit: hit ? hitFacts(hit, el) : null });
    }
    return out;
  }

  function animationFacts(el) {
    const out = [];
    for (let node = el, depth = 0; node && node.tagName !== 'HTML'; node = parentOf(node), depth++) {
      const running = attempt(() => node.getAnimations(), []);
      for (const animation of running) {
        if (animation.playState !== 'running' && animation.playState !== 'pending') continue;
        const properties = attempt(() => {
          const frames = animation.effect && animation.effect.getKeyframes ? animation.effect.getKeyframes() : [];
          const keys = new Set();
          for (const frame of frames) for (const key of Object.keys(frame))
            if (!['offset', 'easing', 'composite', 'computedOffset'].includes(key)) keys.add(key);
          return Array.from(keys);
        }, []);
        if (animation.transitionProperty) properties.push(animation.transitionProperty);
        const timing = animation.effect && animation.effect.getComputedTiming ? animation.effect.getComputedTiming() : {};
        out.push({ on: depth === 0 ? 'target' : 'ancestor', depth, tag: node.tagName.toLowerCase(),
          test_id: node.getAttribute(TEST_ID),
          type: animation.constructor ? animation.constructor.name : 'Animation',
          name: animation.animationName || animation.transitionProperty || animation.id || '',
          play_state: animation.playState, progress: timing.progress == null ? null : Math.round(timing.progress * 100) / 100,
          duration_ms: typeof timing.duration === 'number' ? Math.round(timing.duration) : null,
          endless: timing.iterations === Infinity,
          running_ms: typeof animation.currentTime === 'number' ? Math.round(animation.currentTime) : null,
          properties: Array.from(new Set(properties)),
          moves: properties.some((p) => MOVING.test(p)) });
      }
    }
    return out;
  }

  function navigationFacts(el) {
    const link = closestAcrossShadow(el, 'a[href], area[href]');
    const out = { link: null, form: null };
    if (link) {
      const href = linkHref(link);
      // a link to "#" alone from a URL with no fragment: the same document at the same place (what its click
      // does is the page's script's); from a hash route it goes to the page's first route
      const here = link.ownerDocument.location;
      const inDocument = !here.hash && href === String(here.href).split('#')[0] + '#';
      out.link = { href, target: link.getAttribute('target') || null, download: link.hasAttribute('download'),
                   in_document: inDocument };
    }
    const submits = (el.tagName === 'BUTTON' && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit') ||
      (el.tagName === 'INPUT' && ['submit', 'image'].includes((el.type || '').toLowerCase()));
    // formAction/formMethod reflect the button's own attributes and fall back to the document, not the form
    if (submits && el.form) out.form = {
      action: el.hasAttribute('formaction') ? el.formAction : builtin(el.form, 'action'),
      method: (el.hasAttribute('formmethod') ? el.formMethod : builtin(el.form, 'method') || 'get').toLowerCase(),
      target: el.getAttribute('formtarget') || el.form.getAttribute('target') || null,
      disabled_required: el.formNoValidate || el.form.noValidate ? [] : disabledRequired(el.form) };
    return out;
  }

  // The form's required fields, empty, that are disabled: a disabled field is barred from the browser's own
  // validation, so the form can be sent only while they stay disabled (a page's script often disables them
  // as it starts, the HTML sends them required and enabled)
  function disabledRequired(form) {
    const empty = (field) => {
      const type = (field.type || '').toLowerCase();
      if (type === 'checkbox') return !field.checked;
      if (type === 'radio') return !Array.from(form.elements).some((o) => o.type === 'radio' && o.name === field.name && o.checked);
      if (type === 'file') return !field.files || field.files.length === 0;
      return field.value === '';
    };
    return Array.from(form.elements)
      .filter((field) => field.hasAttribute('required') && field.type !== 'hidden' && field.matches(':disabled') && empty(field))
      .map((field) => ({ ref: refFor(field), tag: field.tagName.toLowerCase(), name: field.getAttribute('name') || '' }));
  }

  function editable(el) {
    if (el.isContentEditable) return true;
    if (el.tagName === 'TEXTAREA') return !el.readOnly && !el.disabled;
    if (el.tagName !== 'INPUT') return false;
    const type = (el.type || 'text').toLowerCase();
    const textual = ['text', 'search', 'email', 'password', 'tel', 'url', 'number', 'date', 'time', 'datetime-local', 'month', 'week'];
    return textual.includes(type) && !el.readOnly && !el.disabled;
  }

  // data-* and aria-busy attributes of the ancestors that have a test id: the readiness signals an
  // app sets when it becomes interactive (data-hydrated="true", aria-busy="false").
  function ancestorState(el) {
    const out = [];
    for (let node = parentOf(el), depth = 1; node && node.tagName !== 'HTML' && out.length < 6; node = parentOf(node), depth++) {
      const testId = lastingTestId(node);
      if (!testId) continue;
      const attributes = {};
      for (const attr of builtin(node, 'attributes')) {
        if ((attr.name.startsWith('data-') && attr.name !== TEST_ID) || attr.name === 'aria-busy')
          attributes[attr.name] = clip(attr.value, 100);
      }
      out.push({ depth, tag: node.tagName.toLowerCase(), test_id: testId, attributes });
    }
    return out;
  }

  // Fields a widget may draw its own face over (a select's placeholder, a code editor's lines).
  const FIELDS = 'textarea, select, [contenteditable]:not([contenteditable=false]), [role=combobox], [role=textbox], ' +
    '[role=searchbox], input:not([type=button]):not([type=submit]):not([type=reset]):not([type=image])' +
    ':not([type=checkbox]):not([type=radio])';

  // What a user clicks for a target Playwright cannot click itself, or cannot find (a click, check or
  // uncheck asks with args.pointer): a checkbox or radio drawn hidden beside the box a library styles, or
  // one its own label lies over (Vuetify's: Playwright's check says the label intercepts the click), is
  // clicked through its label; a wrapper with nothing of its own to be found by, on the text it shows; a
  // field that its own widget draws over (a select's placeholder over its input), on what covers its
  // centre. Null when the target takes the click itself.
  function pointerStandIn(el) {
    const rect = el.getBoundingClientRect();
    const s = style(el);
    const toggle = el.tagName === 'INPUT' && ['checkbox', 'radio'].includes((el.type || '').toLowerCase());
    if (toggle && (rect.width === 0 || rect.height === 0 || !s || s.visibility !== 'visible' || clippedAway(rect, s) ||
      underItsLabel(el, rect))) {
      for (const label of el.labels || []) {
        const box = label.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && !hiddenForAria(label)) return label;
      }
      return null;
    }
    if (rect.width === 0 || rect.height === 0) return null;
    const holder = textHolder(el);
    if (holder) return holder;
    if (!el.matches(FIELDS)) return null;          // a button under something is blocked, not drawn over
    const hit = deepestAt(el.ownerDocument, rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || hit === el || drawnInside(hit, el) || drawnInside(el, hit) || !sameWidget(hit, el)) return null;
    const cover = style(hit);
    return cover && cover.pointerEvents !== 'none' ? hit : null;
  }

  // (a label that holds the input, Gradio's, Element Plus's, lies over it only where the input is not)
  function underItsLabel(el, rect) {
    const hit = deepestAt(el.ownerDocument, rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit || hit === el || drawnInside(hit, el)) return false;
    return Array.from(el.labels || []).some((label) => hit === label || drawnInside(hit, label));
  }

  // A control with nothing of its own that tells it apart (no role, test id, text or id: a widget's wrapper
  // that takes the click) whose text a descendant holds: that descendant, which a click reaches it through.
  // Its class, or an icon it shows, says only its kind (pgAdmin's "Add New Server" tile shows the server
  // icon the tree shows beside every server; its words are the whole text of the link that fills it).
  // Words split between a name and a description (n8n's node panel: "Trigger manually" over "Runs the flow
  // on clicking a button…"), which no candidate tells apart (no child holds them all, and they are too long
  // to be a text): the name, its first words, which a click reaches it through as the user's does.
  function textHolder(el) {
    if (locatorCandidates(el).some(tellsApart)) return null;
    const text = collapse(renderedText(el));
    if (!text) return null;
    let holder = wholeTextHolder(el, text);
    if (!locatorCandidates(holder).some(tellsApart)) holder = titleOf(holder) || holder;
    if (holder === el) return null;
    const box = holder.getBoundingClientRect();
    const s = style(holder);
    return box.width > 0 && box.height > 0 && s && s.pointerEvents !== 'none' ? holder : null;
  }

  // The innermost element that holds all of ``text`` (the node itself when no child does).
  function wholeTextHolder(node, text) {
    let holder = node;
    for (let deeper = holder; deeper; ) {
      holder = deeper;
      deeper = null;
      for (let c = holder.firstElementChild; c; c = c.nextElementSibling)
        if (collapse(c.textContent || '') === text) { deeper = c; break; }
    }
    return holder;
  }

  // The element that holds a node's first words, when they come before any word of the node's own and are
  // short enough to be a name; null when the node's text begins with words of its own.
  function titleOf(node) {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      const words = collapse(c.textContent || '');
      if (!words) continue;
      if (c.nodeType !== 1 || words.length > LONG_VALUE || words === collapse(node.textContent || '')) return null;
      return wholeTextHolder(c, words);
    }
    return null;
  }

  function tellsApart(candidate) {
    return candidate.kind !== 'css' && !(candidate.kind === 'attribute' && candidate.value.includes(':has('));
  }

  function describeStandIn(standIn) {
    const what = standIn.tagName.toLowerCase() + (semanticClass(standIn) ? '.' + semanticClass(standIn) : '');
    return standIn.tagName === 'LABEL' ? 'its label ' + what + ' (the input is drawn hidden)'
      : what + ' (its own widget shows it on or over the target)';
  }

  // The target sits in a layer over the page: a dialog (by its role, <dialog>, aria-modal), or an ancestor of
  // fixed position (an onboarding or consent panel drawn over the app without a role).
  function inOverlay(el) {
    for (let node = parentOf(el); node && node !== document.body; node = parentOf(node)) {
      const r = role(node);
      if (r === 'dialog' || r === 'alertdialog' || node.tagName === 'DIALOG' || node.getAttribute('aria-modal') === 'true') return true;
      const s = style(node);
      if (s && s.position === 'fixed') return true;
    }
    return false;
  }

  // The closed container that clips the target away, or null: an ancestor whose overflow is hidden (or
  // clipped) and which is 0 px high or wide (a collapsed section, Bootstrap 2's collapse: the target keeps
  // its box, and a point on it hits the next section), or a <details> not open (the target outside its
  // summary). A click there is lost until the container opens, which the page does when its toggle is
  // clicked: the control that names it (aria-controls, data-target, data-bs-target, href="#id"), or the
  // details' summary.
  // An ancestor clips only what is placed inside it: an element positioned `absolute` is placed against its
  // nearest positioned ancestor, one `fixed` against the viewport (either, against an ancestor with a transform,
  // a filter or paint containment), and the ancestors between clip none of it (DokuWiki's media manager: a
  // wrapper 0 px high, its overflow hidden, whose panes are placed against the page).
  const CLIPS = new Set(['hidden', 'clip']);
  function closedContainer(el) {
    let placed = placing(style(el));
    for (let node = parentOf(el); node && node.nodeType === 1 && node.tagName !== 'BODY'; node = parentOf(node)) {
      if (node.tagName === 'DETAILS' && !node.open) {
        const summary = Array.from(node.children).find((c) => c.tagName === 'SUMMARY') || null;
        if (summary && isInside(el, summary)) continue;
        return containerFacts(node, '', summary);
      }
      const s = style(node);
      if (!s) continue;
      if (placed && !placesAgainst(s, placed)) continue;
      placed = placing(s);
      const box = node.getBoundingClientRect();
      if ((box.height < 1 && CLIPS.has(s.overflowY)) || (box.width < 1 && CLIPS.has(s.overflowX)))
        return containerFacts(node, box.height < 1 ? s.overflowY : s.overflowX, toggleOf(node, el));
    }
    return null;
  }

  function placing(s) {
    return s && (s.position === 'absolute' || s.position === 'fixed') ? s.position : null;
  }

  function placesAgainst(s, placed) {
    if (s.transform !== 'none' || s.filter !== 'none' || /paint|strict|content/.test(s.contain)) return true;
    return placed === 'absolute' && s.position !== 'static';
  }

  function containerFacts(node, overflow, toggle) {
    const box = node.getBoundingClientRect();
    const r = toggle ? role(toggle) : null;
    return { tag: node.tagName.toLowerCase(), id: builtin(node, 'id') || null,
      classes: classText(node).split(/\s+/).filter(Boolean).slice(0, 4),
      width: Math.round(box.width), height: Math.round(box.height), overflow,
      toggle: toggle ? { ref: refFor(toggle), tag: toggle.tagName.toLowerCase(), role: r,
        name: clip(r && !NAME_PROHIBITED.has(r) ? accessibleName(toggle) : collapse(renderedText(toggle)), NAME_LIMIT),
        expanded: toggle.getAttribute('aria-expanded') } : null };
  }

  // The control that names the container (or a wrapper of it up to two levels, or an element between it and
  // the target) as what it opens.
  function toggleOf(container, el) {
    const named = [];
    for (let node = container, up = 0; node && node.nodeType === 1 && up < 3; node = parentOf(node), up++) named.push(node);
    for (let node = parentOf(el); node && node !== container; node = parentOf(node)) named.push(node);
    for (const node of named) {
      const id = builtin(node, 'id');
      if (!id) continue;
      const quoted = cssString(id), hash = cssString('#' + id);
      const toggle = node.ownerDocument.querySelector('[aria-controls~=' + quoted + '], [data-target=' + hash +
        '], [data-bs-target=' + hash + '], a[href=' + hash + ']');
      if (toggle && !isInside(toggle, container)) return toggle;
    }
    return null;
  }

  // Where the target is placed off the page, or null: its box lies wholly above or left of the document's start
  // (top: -1000em, left: -9999em), where no scroll reaches, so Playwright's click waits in vain for it to come
  // into view. Menus and row actions shown on hover are kept there until then (WordPress's admin: the menu's
  // flyouts, a list row's Edit and Trash links). What reveals it is the first control beside the part placed
  // off the page (in its parent, or up to two levels above) that is on the page itself: the menu item, the
  // row's title.
  function offPage(el) {
    const view = el.ownerDocument.defaultView;
    if (!view || view !== window) return null;                 // a frame's page: its own scroll, not judged
    const beyond = (node) => {
      const box = node.getBoundingClientRect();
      return box.width * box.height > 0 && (box.bottom + view.scrollY <= 0 ||
        (box.right + view.scrollX <= 0 && style(document.documentElement).direction !== 'rtl'));
    };
    if (!beyond(el)) return null;
    let placed = el;
    for (let node = parentOf(el); node && node.nodeType === 1 && node.tagName !== 'BODY' && beyond(node);
      node = parentOf(node)) placed = node;
    const box = el.getBoundingClientRect();
    return { x: Math.round(box.left + view.scrollX), y: Math.round(box.top + view.scrollY),
      placed: placed.tagName.toLowerCase() + (builtin(placed, 'id') ? '#' + builtin(placed, 'id') :
        classText(placed).split(/\s+/).filter(Boolean).slice(0, 1).map((c) => '.' + c).join('')),
      revealer: revealerOf(placed, beyond) };
  }

  function revealerOf(placed, beyond) {
    for (let node = parentOf(placed), up = 0; node && node.nodeType === 1 && up < 3; node = parentOf(node), up++) {
      for (const control of node.querySelectorAll('a[href], button, [role=button], [role=link], [role=menuitem]')) {
        if (isInside(control, placed) || beyond(control) || hiddenForAria(control)) continue;
        const box = control.getBoundingClientRect(), s = style(control);
        if (box.width * box.height === 0 || !s || s.visibility !== 'visible') continue;
        const r = role(control);
        return { ref: refFor(control), tag: control.tagName.toLowerCase(), role: r,
          name: clip(r && !NAME_PROHIBITED.has(r) ? accessibleName(control) : collapse(renderedText(control)), NAME_LIMIT),
          expanded: control.getAttribute('aria-expanded') };
      }
    }
    return null;
  }

  // The element under the ref now shows another name than the agent last saw on it (its numbers aside): the
  // page drew another thing in its place. Said once: what it is now is shown by saying so.
  function drawnInItsPlace(el) {
    const shown = shownAs.get(el);
    const r = role(el);
    if (!shown || !shown.name || shown.role !== r) return null;
    const name = clip(accessibleName(el), NAME_LIMIT);
    if (nameWords(name) === nameWords(shown.name)) return null;
    shownAs.set(el, { role: r, name });
    return { was: r + ' ' + JSON.stringify(shown.name), now: r + ' ' + JSON.stringify(name) };
  }

  function preflight(args) {
    resetCaches();
    const found = resolve(args.ref);
    if (found.status !== 'ok') return { error: found.status, ref: args.ref, attached: false, next_ref: nextRef };
    const target = found.element;
    if (args.acting) {
      const drawnOver = drawnInItsPlace(target);
      if (drawnOver) return { error: 'changed', ref: args.ref, attached: true, ...drawnOver, next_ref: nextRef };
    }
    const standIn = args.pointer ? pointerStandIn(target) : null;
    // what the click lands on: the target, or what a user clicks for it (its facts are the stand-in's,
    // its identity, risk and state the target's)
    const el = standIn || target;
    const view = el.ownerDocument.defaultView;
    const rect = el.getBoundingClientRect();
    const s = style(el);
    let opacity = 1;
    for (let node = el; node; node = parentOf(node)) { const ns = style(node); if (ns) opacity *= Number(ns.opacity); }
    const shown = shownPart(el, rect, view);
    const visibleArea = Math.max(0, Math.min(rect.right, shown.right) - Math.max(rect.left, shown.left)) *
      Math.max(0, Math.min(rect.bottom, shown.bottom) - Math.max(rect.top, shown.top));
    const busy = [];
    for (let node = el; node; node = parentOf(node)) {
      if (node.getAttribute && node.getAttribute('aria-busy') === 'true')
        busy.push({ ref: refFor(node), tag: node.tagName.toLowerCase(), test_id: node.getAttribute(TEST_ID) });
    }
    let container = document.body;
    for (let node = parentOf(el); node; node = parentOf(node)) if (containerReason(node)) { container = node; break; }
    const r = role(target);
    const snapshotted = shownAs.get(target);
    return {
      ref: args.ref, attached: true, tag: el.tagName.toLowerCase(), role: r,
      name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(target), NAME_LIMIT) : '',
      // what the snapshot called an element no role names (Kedro-Viz's graph node: clickable "companies")
      ...(!r && snapshotted && UNROLED.has(snapshotted.role) && snapshotted.name
        ? { shown_role: snapshotted.role, shown_name: snapshotted.name } : {}),
      stand_in: standIn ? describeStandIn(standIn) : null,
      visible: rect.width > 0 && rect.height > 0 && !!s && s.visibility === 'visible' &&
        (!hiddenForAria(el) || listedHiddenControl(el) || handledInside.has(el)),
      box: { x: Math.round(rect.left), y: Math.round(rect.top), width: Math.round(rect.width), height: Math.round(rect.height) },
      page_box: pageBox(el),
      in_viewport: rect.width * rect.height > 0 ? Math.round(visibleArea / (rect.width * rect.height) * 100) / 100 : 0,
      opacity: Math.round(opacity * 100) / 100,
      disabled: !!target.disabled || (() => { try { return target.matches(':disabled'); } catch (e) { return false; } })(),
      aria_disabled: (target.getAttribute('aria-disabled') || '').toLowerCase() === 'true',
      editable: editable(target), readonly: !!target.readOnly, sensitive: holdsSecret(target), ...riskFacts(target),
      field_name: target.getAttribute('name') || target.id || null,
      busy_ancestors: busy,
      coverage: coverage(el, rect, shown),
      animations: animationFacts(el),
      styles: s ? { transition: s.transition, animation: s.animation, pointer_events: s.pointerEvents, cursor: s.cursor } : null,
      navigation: navigationFacts(target),
      container: { tag: container.tagName.toLowerCase(), test_id: container.getAttribute(TEST_ID), ref: refFor(container) },
      ancestor_state: ancestorState(target),
      in_overlay: inOverlay(target),
      closed_container: closedContainer(el),
      off_page: offPage(el),
      locating: args.with_candidates ? locating(el) : null,
      ms_since_mutation: msSinceMutationIn(container),
      next_ref: nextRef,
    };
  }

