  // ---------------------------------------------------------------- risk of an affordance (safe / caution / danger)
  // The one vocabulary of risk, read by the snapshot ([danger], [caution]) and by preflight (which
  // gates the action in Python). Danger: committing money, destroying, publishing, leaving for good —
  // false positives are preferred to misses. An element is danger by its own name (a link also by its
  // URL), or, when it submits a form or answers a dialog, by the words of that form or dialog.
  // Caution: other submissions, consequential but reversible words, and the fields of a danger form.
  // An icon font's ligature (``arrow_drop_down``, ``delete_forever``, drawn as an icon) is one identifier:
  // its first part says what it does, the others are no words of the name ("drop" in arrow_drop_down).
  function words(list) { return new RegExp('(?:^|[^\\p{L}\\p{N}_])(?:' + list.join('|') + ')(?![\\p{L}\\p{N}])', 'iu'); }
  const DANGER_PHRASES = ['pay', 'pay now', 'payer', 'pagar', 'bezahlen', '(?:submit|make|confirm|send|complete) payment',
    'place (?:my |your |the )?order', 'order now', '(?:submit|confirm|complete) (?:my |your |the )?(?:order|purchase)',
    'buy', 'buy now', 'purchase', 'kaufen', 'jetzt kaufen', 'zahlungspflichtig bestellen', 'acheter', 'comprar',
    'delete', 'remove', 'destroy', 'erase', 'wipe', 'purge', 'drop', 'terminate', 'deactivate', 'retire',
    'close (?:my |your |the )?account', 'löschen', 'entfernen', 'supprimer', 'eliminar', 'borrar',
    'publish', 'deploy', 'merge', 'force push', 'refund', 'transfer', 'send money', 'withdraw', 'wire', 'donate',
    'unsubscribe', 'cancel (?:my |your |the )?(?:subscription|membership|plan|order|account)', 'revoke',
    'empty (?:the )?(?:trash|bin|cart)', 'factory reset',
    '(?:clear|reset|wipe) (?:the |all |your |my |whole )?(?:canvas|library|data|database|history|everything|all)', "yes,? i['’]?m sure", 'yes,? (?:delete|remove|cancel)',
    'i understand', 'permanently'];
  const DANGER_NAME = words(DANGER_PHRASES);
  const DANGER_CONTEXT = words([...DANGER_PHRASES, 'checkout', 'payment', 'billing', 'card number', 'credit card',
    "can(?:not|['’]t) be undone", 'irreversible', 'are you sure', 'permanent']);
  const CAUTION_NAME = words(['submit', 'send', 'save', 'confirm', 'continue', 'proceed', 'checkout', 'check out',
    'sign out', 'log ?out', 'sign off', 'archive', 'discard', 'clear', 'reset', 'cancel', 'leave', 'approve',
    'accept', 'decline', 'reject', 'apply', 'subscribe', 'upgrade', 'downgrade', 'share', 'invite', 'post',
    'upload', 'install', 'restore', 'disconnect', 'revert']);
  // A link that leads to another page asks for that page: of the caution words, it does only what such a
  // link is known to do (sign out); its others name a page's topic ("/install/", "Share", "Archive").
  const LEAVING_LINK_CAUTION = words(['sign out', 'log ?out', 'sign off', 'disconnect']);
  // Buttons that back out of a danger dialog or form stay safe to press (unless their own name is danger).
  const ESCAPE_NAME = /^(?:cancel|close|no\b.*|back|go back|dismiss|keep\b.*|not now|never mind|stay|×|✕|x|don['’]?t\b.*|do not\b.*)$/i;
  const AFFIRMATIVE_NAME = /^(?:ok|okay|yes\b.*|confirm|continue|proceed|submit|go|done|apply|agree|i agree|next)$/i;
  // What changes only how a list is shown, never its data: a column's sorting taken off (DataTables names the sorted
  // column's button "User: activate to remove sorting"), a filter removed, the filters or the search cleared. Its
  // words say nothing of risk ("remove", "clear").
  const VIEW_CHANGE = /(?:remove|clear|reset|drop)\s+(?:the\s+|all\s+|this\s+)?(?:sort(?:ing)?|sort order|filters?|search|selection|highlight(?:ing)?|grouping)(?![\p{L}\p{N}])/giu;
  // Roles named by their content: a row or a cell that takes clicks shows data, whose words say no action.
  const DATA_NAMED_ROLES = new Set(['row', 'cell', 'gridcell', 'rowheader', 'columnheader', 'listitem']);
  const ACTIVATING_ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox',
    'radio', 'switch', 'option', 'tab', 'treeitem']);
  const PUSHING_ROLES = new Set(['button', 'link', 'menuitem']);
  const RISK_CONTEXTS = 'form, dialog, [role=dialog], [role=alertdialog]';

  function isSubmitter(el) {
    if (!el.form) return false;
    if (el.tagName === 'BUTTON') return (el.getAttribute('type') || 'submit').toLowerCase() === 'submit';
    return el.tagName === 'INPUT' && ['submit', 'image'].includes((el.type || '').toLowerCase());
  }

  // The words of the path a link leads to: none for a link within this document (a skip link's
  // ``#main`` is the page's own path, not where the link goes).
  function urlWords(el) {
    try {
      const url = new URL(linkHref(el));
      const here = new URL(el.ownerDocument ? el.ownerDocument.location.href : location.href);
      if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) return '';
      return decodeURIComponent(url.pathname).replace(/[/_\-.]+/g, ' ').replace(/\s+/g, ' ').trim();
    } catch (e) { return ''; }
  }

  function leadsElsewhere(el) {
    try {
      const url = new URL(linkHref(el));
      const here = new URL(el.ownerDocument ? el.ownerDocument.location.href : location.href);
      return /^https?:$/.test(url.protocol) &&
        !(url.origin === here.origin && url.pathname === here.pathname && url.search === here.search);
    } catch (e) { return false; }
  }

  // The words a form or dialog says itself (its heading, labels, sentences), without the names of the
  // controls in it, which carry a risk of their own (a form with a Delete button does not make its Save
  // button a deletion), and never a script's or a stylesheet's text. Read as drawn: a component's shadow root
  // and what its slots show (a confirmation a Lit or Shoelace component draws, the host its dialog).
  const NOT_OWN_WORDS = 'script, style, noscript, template, button, a[href], select, [role=button], [role=link], ' +
    '[role=menuitem], [role=tab], [role=option]';
  function ownWords(container, limit) {
    const out = [];
    let length = 0;
    const visit = (node) => {
      for (const child of composedChildren(node)) {
        if (length >= limit) return;
        if (child.nodeType === 1 && !child.matches(NOT_OWN_WORDS)) visit(child);
        if (child.nodeType !== 3 || namesAnUncheckedChoice(parentOf(child))) continue;
        const text = collapse(child.data);
        if (text) { out.push(text); length += text.length + 1; }
      }
    };
    visit(container);
    return out.join(' ').slice(0, limit);
  }

  // The label of a checkbox or radio, or the header of a column of them (a formset's "Delete?" over a box a
  // row), names what the form does with that box checked: while none is, sending the form does not do it.
  function namesAnUncheckedChoice(el) {
    const label = el.closest('label');
    if (label && label.control && isChoiceBox(label.control)) return !label.control.checked;
    const header = el.closest('th');
    if (!header) return false;
    const boxes = columnBoxes(header);
    return boxes.length > 0 && boxes.every((box) => !box.checked);
  }

  function isChoiceBox(el) {
    return el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio');
  }

  // The one checkbox or radio of each body row's cell under the header, or [] when a cell holds another count.
  function columnBoxes(header) {
    const table = header.closest('table');
    const column = header.parentElement ? Array.prototype.indexOf.call(header.parentElement.children, header) : -1;
    if (!table || column < 0) return [];
    const boxes = [];
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        const inputs = row.cells[column] ? row.cells[column].querySelectorAll('input') : [];
        if (inputs.length !== 1 || !isChoiceBox(inputs[0])) return [];
        boxes.push(inputs[0]);
      }
    }
    return boxes;
  }

  // The form or dialog an element acts in, with its label and whether its words say danger.
  function riskContext(el) {
    const container = el.form || closestAcrossShadow(el, RISK_CONTEXTS);
    if (!container) return null;
    let context = riskContextCache.get(container);
    if (context) return context;
    const headings = 'h1, h2, h3, h4, h5, h6, legend, [role=heading]';     // a component's: in its shadow root
    const heading = (container.shadowRoot && container.shadowRoot.querySelector(headings)) || container.querySelector(headings);
    const label = clip(collapse(accessibleName(container) || (heading ? heading.textContent : '') ||
      container.getAttribute('name') || ''), NAME_LIMIT);
    const action = container.tagName === 'FORM' ? urlWords({ href: builtin(container, 'action') }) : '';
    const text = label + ' ' + action + ' ' + ownWords(container, 3000);
    context = { kind: container.tagName === 'FORM' ? 'form' : 'dialog', label, danger: DANGER_CONTEXT.test(text) };
    riskContextCache.set(container, context);
    return context;
  }

  // {level, reason, subject} for an affordance, or null when it is safe. subject names the target in
  // the confirmation text ("Place order").
  function riskOf(el, r, name) {
    if (DATA_NAMED_ROLES.has(r)) return null;     // its name is the data it shows ("deploy_region"), not an action
    const said = name.replace(VIEW_CHANGE, ' ');   // the words that may say risk
    const path = r === 'link' ? urlWords(el) : '';
    const own = path ? said + ' ' + path : said;
    const activating = ACTIVATING_ROLES.has(r);
    const escape = ESCAPE_NAME.test(name.trim());      // "No, don't delete it" backs out of the deletion
    if (!escape && DANGER_NAME.test(said)) {
      return { level: activating ? 'danger' : 'caution', reason: 'its name says ' + quote(clip(name.trim(), 60)),
        subject: name || r };
    }
    if (!escape && path && DANGER_NAME.test(path)) {
      return { level: activating ? 'danger' : 'caution', reason: 'it leads to ' + quote(clip(new URL(linkHref(el)).pathname, 60)),
        subject: name || r };
    }
    const context = riskContext(el);
    const submits = isSubmitter(el);
    if (context && context.danger && r === 'button' && !ESCAPE_NAME.test(name) &&
        (submits || context.kind === 'dialog' || AFFIRMATIVE_NAME.test(name) || !name)) {
      return { level: 'danger', reason: (submits ? 'submits ' : 'answers ') + context.kind + ' ' + quote(context.label),
        subject: name || context.label || r };
    }
    const caution = r === 'link' && leadsElsewhere(el) ? LEAVING_LINK_CAUTION : CAUTION_NAME;
    // a push does what its name says ("Save", "Send"); a toggle's name is a setting ("Do not ask for
    // rename on first save"), and an escape ("Cancel" in a dialog) backs out
    if ((PUSHING_ROLES.has(r) && !escape && caution.test(own)) || submits)
      return { level: 'caution', reason: submits ? 'submits a form'
        : caution.test(said) ? 'its name says ' + quote(clip(name.trim(), 60))
        : 'it leads to ' + quote(clip(new URL(linkHref(el)).pathname, 60)), subject: name || r };
    if (context && context.danger && !escape)
      return { level: 'caution', reason: 'in ' + context.kind + ' ' + quote(context.label), subject: name || r };
    return null;
  }

  // What pressing Enter in el would submit: the risk of its form's default button (or of the form).
  function submitRisk(el) {
    const form = el.form;
    if (!form || isSubmitter(el)) return null;
    const button = Array.from(builtin(form, 'elements')).find(isSubmitter);
    if (button) return riskOf(button, role(button), accessibleName(button));
    const context = riskContext(el);
    return context && context.danger
      ? { level: 'danger', reason: 'submits form ' + quote(context.label), subject: context.label || 'form' } : null;
  }

  function riskFacts(el) {
    const r = role(el);
    const name = r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '';
    const risk = riskOf(el, r, name) || { level: 'safe', reason: '', subject: name || r || '' };
    // a control wired up by script has no role: it is named as the snapshot names it ("Save" of a
    // clickable div in a form whose words say danger)
    if (!risk.subject) risk.subject = clickableName(el);
    return { risk, submit_risk: submitRisk(el) };
  }

  // The risk of the element that has focus (a key pressed without a ref lands there).
  function focusedRisk() {
    resetCaches();
    let el = document.activeElement;
    for (;;) {
      if (el && el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; continue; }
      const inner = attempt(() => (el && el.tagName === 'IFRAME' ? el.contentDocument && el.contentDocument.activeElement : null), null);
      if (inner) { el = inner; continue; }
      break;
    }
    if (!el || el === document.body || el === document.documentElement) return { tag: null, risk: null, submit_risk: null };
    return { tag: el.tagName.toLowerCase(), ...riskFacts(el) };
  }

