  // ---------------------------------------------------------------- page identity
  function visibleBox(el) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return null;
    return rect;
  }

  const DIALOG_NAME_LIMIT = 80;
  const NOTICE_LINES = 4;          // a toast's title, its text, an action's label: more is a panel, no notice

  // ``referred``: it gets a ref (else only the one it has): a class that says a server is at work is on
  // every output a dashboard draws again, and a ref would show each in every diff.
  function describe(el, referred = true) {
    const r = role(el);
    const out = { role: r || el.tagName.toLowerCase(), name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '',
      test_id: el.getAttribute(TEST_ID), ref: referred ? refFor(el) : refOf.get(el) || null };
    return out;
  }

  // A dialog the page gave no name (JupyterLab's): its heading's name (Fava's "Add Transaction Balance
  // Note", whose words are buttons: their text run together is no name), else its text, else its first
  // words.
  function untitledDialogName(el) {
    const heading = el.querySelector('h1, h2, h3, h4, h5, h6, [role=heading], [class*=header i], [class*=title i]');
    const said = heading && (accessibleName(heading) || collapse(spacedText(heading)));
    return clip(said || collapse(spacedText(el)), DIALOG_NAME_LIMIT);
  }

  function identity(doc) {
    const view = doc.defaultView;
    const vw = view.innerWidth, vh = view.innerHeight;
    // the page's own heading: the first shown h1 outside a dialog (a search dialog's results have theirs)
    const own = (el) => !hiddenForAria(el) && !el.closest('dialog, [role=dialog], [role=alertdialog]');
    const headingEl = [...doc.querySelectorAll('h1')].find(own)
      || [...doc.querySelectorAll('[role=heading][aria-level="1"], h2')].find(own);
    const heading = headingEl ? clip(accessibleName(headingEl), NAME_LIMIT) : null;
    const dialogs = [];
    const dialogElements = [];      // each of dialogs' element, in the same order
    const notices = [];
    const loading = [];
    const blockers = [];
    const seen = new Set();
    for (const el of identityCandidates(doc)) {
      if (seen.has(el) || hiddenForAria(el)) continue;
      seen.add(el);
      const r = role(el);
      const label = (classText(el) + ' ' + (builtin(el, 'id') || '') +
        ' ' + (el.getAttribute(TEST_ID) || '')).toLowerCase();
      const busy = el.getAttribute('aria-busy') === 'true';
      const box = visibleBox(el);
      const loadingWord = LOADING_CLASS.exec(label), workingWord = SERVER_WORKING_CLASS.exec(label);
      const spinning = (r === 'progressbar' ? progressing(el) : loadingWord && drawsSomething(el)) && !fadedOut(el);
      if (busy || box && (spinning || workingWord)) {
        const d = describe(el, busy || r === 'progressbar' || !!loadingWord);
        if (!d.name && workingWord) d.name = workingWord[0];   // what says so (Shiny's html.shiny-busy)
        d.busy = busy;
        loading.push(d);
      }
      if (!box) continue;
      if (r === 'dialog' || r === 'alertdialog') {
        const d = describe(el);
        if (!d.name) d.name = untitledDialogName(el);
        d.modal = (el.tagName === 'DIALOG' && safeMatches(el, ':modal')) || el.getAttribute('aria-modal') === 'true';
        // a dialog inside a dialog of the same name is one (a component's popover, role=dialog, inside the popper a
        // positioning library wraps it in, role=dialog too: Kolibri's menus in tippy.js): said once, as the first met
        if (!dialogElements.some((known, i) => (known.contains(el) || el.contains(known)) && dialogs[i].name === d.name)) {
          dialogs.push(d);
          dialogElements.push(el);
        }
      } else if ((r === 'alert' || r === 'status' || el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off'
                 && !contentRegion(el) && !INTERACTIVE_ROLES.has(r) && !NO_NOTICE_ROLES.has(r)) && !clippedAway(box, style(el))) {
        // (a copy for screen readers: no notice; a control marked aria-live, to have its new label read out: no
        // message either, Kedro-Viz's theme button)
        const text = clip(noticeText(el), 200);
        const lines = textLines(el).slice(0, NOTICE_LINES);
        if (text) notices.push({ role: r || 'status', text, ref: refFor(el), test_id: el.getAttribute(TEST_ID),
                                 lines: lines.length > 1 ? lines.map((line) => clip(line, 200)) : [] });
      }
      const blocker = blockerFact(el, box, vw, vh, label);
      if (blocker) blockers.push(blocker);
    }
    return {
      url: doc.location.href, title: doc.title, heading, lang: doc.documentElement && doc.documentElement.getAttribute('lang') || null,
      dialogs: dialogs.slice(0, 5), notices: notices.slice(0, 5), loading: loading.slice(0, 5),
      blockers: blockers.slice(0, 5), busy: loading.some((d) => d.busy),
    };
  }

  // Live regions that are no notice: a log is content that grows (a chat's transcript, as Gradio's chatbot marks it
  // aria-live: each message is one more entry of a list), a timer and a marquee change by themselves (TICKING).
  const NO_NOTICE_ROLES = new Set(['log', 'timer', 'marquee']);

  // What a notice says: its text, without a timer's count inside it (a status line "Running 0.4 s" is "Running"
  // at every tick); its lines then, each a text found again. A component's (a Lit status that binds its message
  // in its shadow root) is its shadow root's text too, as Playwright's has_text reads it.
  function noticeText(el) {
    if (el.querySelector(TICKING)) return textLines(el).join(' ');
    return collapse(el.shadowRoot ? [...composedTextNodes(el)].map((t) => t.data).join('') : renderedText(el));
  }

  // A progress bar at work: one with no value (indeterminate: something is under way, no more), or one whose value
  // moves: set again since the bridge's last read of the page, and more than once since the bridge watched it (an
  // upload's). One that holds still at a value (a disk's usage, a battery's level, "Step 2 of 4"), that was set once
  // (as the page's data came, whenever the bridge read it) or is full is a meter: no sign that the page still loads.
  const progressSeen = new WeakMap();          // a bar → {now: its value as last read, sets: the times it was set}
  function progressing(el) {
    const value = progressValue(el), seen = progressSeen.get(el);
    let sets = valueSets.get(el) || 0;
    valueSets.delete(el);
    if (!value) return true;
    if (!sets && seen && seen.now !== value.now) sets = 1;     // set where the observer does not look
    const total = (seen ? seen.sets : 0) + sets;
    progressSeen.set(el, { now: value.now, sets: total });
    return value.now < value.max && sets > 0 && total > 1;
  }

  // A progress bar's value and its maximum (ARIA's default 100); null when it has none (indeterminate).
  function progressValue(el) {
    if (el.tagName === 'PROGRESS') return el.hasAttribute('value') ? { now: el.value, max: el.max } : null;
    const now = parseFloat(el.getAttribute('aria-valuenow')), max = parseFloat(el.getAttribute('aria-valuemax'));
    return Number.isNaN(now) ? null : { now, max: Number.isNaN(max) ? 100 : max };
  }

  // A live region that holds content, not a message: a table, a chart, a form (a Shiny app marks every
  // output aria-live, its data grid and its plot too). Its changes are the page's, not a notice's.
  const CONTENT_INSIDE = 'table, [role=table], [role=grid], canvas, iframe, input, select, textarea';
  const CHART_SVGS = 3;
  function contentRegion(el) {
    return !!el.querySelector(CONTENT_INSIDE) || el.querySelectorAll('svg').length > CHART_SVGS;
  }

  // Whether an element paints anything: a background, a border, a shadow, text, a pseudo-element's content,
  // a replaced element or an svg shape; or an element inside it does. A loader's wrapper the app keeps on the
  // page (Kedro-Viz's pipeline-wrapper__loading, transparent, its icon at opacity 0) paints nothing: no loader
  // then. Past DRAWN_LOOK elements it is taken to paint.
  const DRAWN_LOOK = 200;
  const PAINTED = 'img, canvas, video, iframe, input, progress, meter, path, rect, circle, ellipse, line, polyline, polygon, image, use';
  // A spinner or progress bar no one sees, an ancestor's opacity 0 taking it away: a busy overlay
  // drawn once and kept, faded out while the app is idle (H2O Wave's Fluent Spinner, "Loading...")
  function fadedOut(el) {
    if (typeof el.checkVisibility !== 'function') return false;
    return !el.checkVisibility({ opacityProperty: true });
  }

  function drawsSomething(root) {
    let looked = 0;
    const draws = (el) => {
      if (++looked > DRAWN_LOOK) return true;
      const s = style(el);
      if (!s || s.display === 'none' || Number(s.opacity) === 0) return false;
      if (s.visibility !== 'hidden') {
        if (visibleBox(el) && (safeMatches(el, PAINTED) || ownPaint(s))) return true;
        for (const pseudo of ['::before', '::after']) {
          const p = el.ownerDocument.defaultView.getComputedStyle(el, pseudo);
          if (p.content && p.content !== 'none' && p.content !== 'normal' && Number(p.opacity) > 0) return true;
        }
        for (const node of el.childNodes) if (node.nodeType === 3 && collapse(node.data)) return true;
      }
      for (const child of el.children) if (draws(child)) return true;
      return false;
    };
    return draws(root);
  }
  function ownPaint(s) {
    const alpha = /rgba\([^)]*,\s*0\)$/.test(s.backgroundColor) || s.backgroundColor === 'transparent';
    const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) =>
      parseFloat(s['border' + side + 'Width']) > 0 && s['border' + side + 'Style'] !== 'none');
    return !alpha || s.backgroundImage !== 'none' || border || s.boxShadow !== 'none';
  }

  // A class that says the page is still at work: a spinner, a skeleton; or its server computing (Shiny's
  // shiny-busy on the root and recalculating on each output it is drawing again: named by that class).
  const LOADING_CLASS = /loading|spinner|skeleton|loader/;
  const SERVER_WORKING_CLASS = /[\w-]*(busy|recalculating)[\w-]*/;
  const IDENTITY_SELECTOR = 'dialog, [role=dialog], [role=alertdialog], [role=alert], [role=status], ' +
    'output, [aria-live], [aria-busy=true], [role=progressbar], progress, [class*=loading i], [class*=spinner i], ' +
    '[class*=busy i], [class*=recalculating i], ' +
    '[class*=skeleton i], [class*=overlay i], [class*=scrim i], [class*=backdrop i], [class*=modal i], ' +
    '[class*=cookie i], [id*=cookie i], [class*=consent i], [id*=consent i]';

  // What could be a dialog, notice, loading indicator or blocker: in the document, in the shadow roots the
  // tree walk has met, and in same-origin frames (a toast inside a payment iframe is the page's news too).
  function identityCandidates(doc) {
    const selector = IDENTITY_SELECTOR + ', [' + TEST_ID + ']';
    const out = queryComposed(doc, selector);
    for (const frame of doc.querySelectorAll('iframe')) {
      const inner = attempt(() => frame.contentDocument, null);
      if (inner && inner.documentElement && visibleBox(frame)) for (const el of queryComposed(inner, selector)) out.push(el);
    }
    return out;
  }

  function safeMatches(el, selector) {
    try { return el.matches(selector); } catch (e) { return false; }
  }

  // Whether the element is the app itself rather than something over it: a positioned shell that
  // holds the page's main landmark or most of its controls (Streamlit's whole app is one).
  function holdsThePage(el) {
    if (el.querySelector('main, [role=main]')) return true;
    const controls = el.ownerDocument.querySelectorAll('a[href], button, input, select, textarea');
    if (controls.length < 4) return false;
    let inside = 0;
    for (const c of controls) if (el.contains(c)) inside++;
    return inside * 2 > controls.length;
  }

  // A sticky element covers what it scrolled over once it is stuck; in its own place (a sidebar that stays in
  // view beside the content, Verdaccio's package sidebar) it lies over nothing but its own ancestors.
  function liesOverThePage(el, root, x, y) {
    if (!root.elementsFromPoint) return true;
    return root.elementsFromPoint(x, y).some((under) => under !== el && !el.contains(under) && !under.contains(el));
  }

  // An overlay that takes the pointer over a large share of the viewport.
  function blockerFact(el, box, vw, vh, label) {
    const s = style(el);
    if (!s || (s.position !== 'fixed' && s.position !== 'absolute' && s.position !== 'sticky' &&
        !(el.tagName === 'DIALOG' && safeMatches(el, ':modal')))) return null;
    if (s.pointerEvents === 'none' || Number(s.opacity) === 0) return null;
    const left = Math.max(0, box.left), top = Math.max(0, box.top);
    const right = Math.min(vw, box.right), bottom = Math.min(vh, box.bottom);
    if (right <= left || bottom <= top) return null;
    const share = ((right - left) * (bottom - top)) / (vw * vh);
    if (share < 0.2) return null;
    const cx = (left + right) / 2, cy = (top + bottom) / 2;
    const root = el.getRootNode();
    const hit = root.elementFromPoint ? root.elementFromPoint(cx, cy) : null;
    if (!hit || !(hit === el || el.contains(hit))) return null;
    if (s.position === 'sticky' && !liesOverThePage(el, root, cx, cy)) return null;
    if (holdsThePage(el)) return null;                 // the app's shell, not an overlay on it
    // what a user reads on it, a space where a box ends: a dialog's title, message and buttons say
    // "Clear? 1 will be removed. Remove Cancel", not "Clear?1 will be removed. RemoveCancel"
    const text = collapse(spacedText(el));
    const kind = /cookie|consent|gdpr|privacy/i.test(text + ' ' + label) ? 'consent'
      : (role(el) === 'dialog' || role(el) === 'alertdialog') ? 'dialog'
      : /loading|spinner|scrim|skeleton/.test(label) || el.getAttribute('aria-busy') === 'true' ? 'loading' : 'overlay';
    const d = describe(el);
    d.kind = kind;
    d.viewport_share = Math.round(share * 100) / 100;
    d.text = clip(text, 120);
    return d;
  }

