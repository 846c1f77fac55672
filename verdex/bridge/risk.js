  // ---------------------------------------------------------------- risk of an affordance (safe / caution / danger)
  // The one vocabulary of risk, read by the snapshot ([danger], [caution]) and by preflight (which
  // gates the action in Python). Danger: committing money, destroying, publishing, leaving for good —
  // false positives are preferred to misses. An element is danger by its own name (a link also by its
  // URL), or, when it submits a form or answers a dialog, by the words of that form or dialog.
  // Caution: other submissions, consequential but reversible words, and the fields of a danger form.
  function words(list) { return new RegExp('(?:^|[^\\p{L}\\p{N}])(?:' + list.join('|') + ')(?![\\p{L}\\p{N}])', 'iu'); }
  const DANGER_PHRASES = ['pay', 'pay now', 'payer', 'pagar', 'bezahlen', '(?:submit|make|confirm|send|complete) payment',
    'place (?:my |your |the )?order', 'order now', '(?:submit|confirm|complete) (?:my |your |the )?(?:order|purchase)',
    'buy', 'buy now', 'purchase', 'kaufen', 'jetzt kaufen', 'zahlungspflichtig bestellen', 'acheter', 'comprar',
    'delete', 'remove', 'destroy', 'erase', 'wipe', 'purge', 'drop', 'terminate', 'deactivate',
    'close (?:my |your |the )?account', 'löschen', 'entfernen', 'supprimer', 'eliminar', 'borrar',
    'publish', 'deploy', 'merge', 'force push', 'refund', 'transfer', 'send money', 'withdraw', 'wire', 'donate',
    'unsubscribe', 'cancel (?:my |your |the )?(?:subscription|membership|plan|order|account)', 'revoke',
    'empty (?:the )?(?:trash|bin|cart)', 'factory reset', "yes,? i['’]?m sure", 'yes,? (?:delete|remove|cancel)',
    'i understand', 'permanently'];
  const DANGER_NAME = words(DANGER_PHRASES);
  const DANGER_CONTEXT = words([...DANGER_PHRASES, 'checkout', 'payment', 'billing', 'card number', 'credit card',
    "can(?:not|['’]t) be undone", 'irreversible', 'are you sure', 'permanent']);
  const CAUTION_NAME = words(['submit', 'send', 'save', 'confirm', 'continue', 'proceed', 'checkout', 'check out',
    'sign out', 'log ?out', 'sign off', 'archive', 'discard', 'clear', 'reset', 'cancel', 'leave', 'approve',
    'accept', 'decline', 'reject', 'apply', 'subscribe', 'upgrade', 'downgrade', 'share', 'invite', 'post',
    'upload', 'install', 'restore', 'disconnect', 'revert']);
  // Buttons that back out of a danger dialog or form stay safe to press (unless their own name is danger).
  const ESCAPE_NAME = /^(?:cancel|close|no\b.*|back|go back|dismiss|keep\b.*|not now|never mind|stay|×|✕|x)$/i;
  const AFFIRMATIVE_NAME = /^(?:ok|okay|yes\b.*|confirm|continue|proceed|submit|go|done|apply|agree|i agree|next)$/i;
  const ACTIVATING_ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox',
    'radio', 'switch', 'option', 'tab', 'treeitem']);
  const RISK_CONTEXTS = 'form, dialog, [role=dialog], [role=alertdialog]';

  function isSubmitter(el) {
    if (!el.form) return false;
    if (el.tagName === 'BUTTON') return (el.getAttribute('type') || 'submit').toLowerCase() === 'submit';
    return el.tagName === 'INPUT' && ['submit', 'image'].includes((el.type || '').toLowerCase());
  }

  function urlWords(el) {
    try { return decodeURIComponent(new URL(el.href).pathname).replace(/[/_\-.]+/g, ' '); } catch (e) { return ''; }
  }

  // The form or dialog an element acts in, with its label and whether its words say danger.
  function riskContext(el) {
    const container = el.form || closestAcrossShadow(el, RISK_CONTEXTS);
    if (!container) return null;
    let context = riskContextCache.get(container);
    if (context) return context;
    const heading = container.querySelector('h1, h2, h3, h4, h5, h6, legend, [role=heading]');
    const label = clip(collapse(accessibleName(container) || (heading ? heading.textContent : '') ||
      container.getAttribute('name') || ''), NAME_LIMIT);
    const action = container.tagName === 'FORM' ? urlWords({ href: container.action }) : '';
    const text = label + ' ' + action + ' ' + collapse(container.textContent || '').slice(0, 3000);
    context = { kind: container.tagName === 'FORM' ? 'form' : 'dialog', label, danger: DANGER_CONTEXT.test(text) };
    riskContextCache.set(container, context);
    return context;
  }

  // {level, reason, subject} for an affordance, or null when it is safe. subject names the target in
  // the confirmation text ("Place order").
  function riskOf(el, r, name) {
    const own = r === 'link' ? name + ' ' + urlWords(el) : name;
    const activating = ACTIVATING_ROLES.has(r);
    if (DANGER_NAME.test(own)) {
      return { level: activating ? 'danger' : 'caution', reason: 'its name says ' + quote(clip(own.trim(), 60)),
        subject: name || r };
    }
    const context = riskContext(el);
    const submits = isSubmitter(el);
    if (context && context.danger && r === 'button' && !ESCAPE_NAME.test(name) &&
        (submits || context.kind === 'dialog' || AFFIRMATIVE_NAME.test(name) || !name)) {
      return { level: 'danger', reason: (submits ? 'submits ' : 'answers ') + context.kind + ' ' + quote(context.label),
        subject: name || context.label || r };
    }
    if (CAUTION_NAME.test(own) || submits)
      return { level: 'caution', reason: submits ? 'submits a form' : 'its name says ' + quote(clip(own.trim(), 60)),
        subject: name || r };
    if (context && context.danger)
      return { level: 'caution', reason: 'in ' + context.kind + ' ' + quote(context.label), subject: name || r };
    return null;
  }

  // What pressing Enter in el would submit: the risk of its form's default button (or of the form).
  function submitRisk(el) {
    const form = el.form;
    if (!form || isSubmitter(el)) return null;
    const button = Array.from(form.elements).find(isSubmitter);
    if (button) return riskOf(button, role(button), accessibleName(button));
    const context = riskContext(el);
    return context && context.danger
      ? { level: 'danger', reason: 'submits form ' + quote(context.label), subject: context.label || 'form' } : null;
  }

  function riskFacts(el) {
    const r = role(el);
    const name = r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '';
    return { risk: riskOf(el, r, name) || { level: 'safe', reason: '', subject: name || r || '' },
      submit_risk: submitRisk(el) };
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

