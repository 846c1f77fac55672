  // ---------------------------------------------------------------- page identity
  function visibleBox(el) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return null;
    return rect;
  }

  const DIALOG_NAME_LIMIT = 80;

  function describe(el) {
    const r = role(el);
    const out = { role: r || el.tagName.toLowerCase(), name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '',
      test_id: el.getAttribute(TEST_ID), ref: refFor(el) };
    return out;
  }

  // A dialog the page gave no name (JupyterLab's): its heading's text, else its first words.
  function untitledDialogName(el) {
    const heading = el.querySelector('h1, h2, h3, h4, h5, h6, [role=heading], [class*=header i], [class*=title i]');
    const text = collapse(renderedText(heading && collapse(renderedText(heading)) ? heading : el));
    return clip(text, DIALOG_NAME_LIMIT);
  }

  function identity(doc) {
    const view = doc.defaultView;
    const vw = view.innerWidth, vh = view.innerHeight;
    const headingEl = doc.querySelector('h1') || doc.querySelector('[role=heading][aria-level="1"], h2');
    const heading = headingEl && !hiddenForAria(headingEl) ? clip(accessibleName(headingEl), NAME_LIMIT) : null;
    const dialogs = [];
    const notices = [];
    const loading = [];
    const blockers = [];
    const seen = new Set();
    for (const el of identityCandidates(doc)) {
      if (seen.has(el) || hiddenForAria(el)) continue;
      seen.add(el);
      const r = role(el);
      const label = ((el.className && typeof el.className === 'string' ? el.className : '') + ' ' + (el.id || '') +
        ' ' + (el.getAttribute(TEST_ID) || '')).toLowerCase();
      const busy = el.getAttribute('aria-busy') === 'true';
      const box = visibleBox(el);
      if (busy || box && (r === 'progressbar' || /loading|spinner|skeleton|loader/.test(label))) {
        const d = describe(el);
        d.busy = busy;
        loading.push(d);
      }
      if (!box) continue;
      if (r === 'dialog' || r === 'alertdialog') {
        const d = describe(el);
        if (!d.name) d.name = untitledDialogName(el);
        d.modal = (el.tagName === 'DIALOG' && safeMatches(el, ':modal')) || el.getAttribute('aria-modal') === 'true';
        dialogs.push(d);
      } else if (r === 'alert' || r === 'status' || el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off') {
        const text = clip(collapse(renderedText(el)), 200);
        if (text) notices.push({ role: r || 'status', text, ref: refFor(el), test_id: el.getAttribute(TEST_ID) });
      }
      const blocker = blockerFact(el, box, vw, vh, label);
      if (blocker) blockers.push(blocker);
    }
    return {
      url: doc.location.href, title: doc.title, heading, lang: doc.documentElement.getAttribute('lang') || null,
      dialogs: dialogs.slice(0, 5), notices: notices.slice(0, 5), loading: loading.slice(0, 5),
      blockers: blockers.slice(0, 5), busy: loading.some((d) => d.busy),
    };
  }

  const IDENTITY_SELECTOR = 'dialog, [role=dialog], [role=alertdialog], [role=alert], [role=status], ' +
    'output, [aria-live], [aria-busy=true], [role=progressbar], progress, [class*=loading i], [class*=spinner i], ' +
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
    if (holdsThePage(el)) return null;                 // the app's shell, not an overlay on it
    const text = collapse(renderedText(el));
    const kind = /cookie|consent|gdpr|privacy/i.test(text + ' ' + label) ? 'consent'
      : (role(el) === 'dialog' || role(el) === 'alertdialog') ? 'dialog'
      : /loading|spinner|scrim|skeleton/.test(label) || el.getAttribute('aria-busy') === 'true' ? 'loading' : 'overlay';
    const d = describe(el);
    d.kind = kind;
    d.viewport_share = Math.round(share * 100) / 100;
    d.text = clip(text, 120);
    return d;
  }

