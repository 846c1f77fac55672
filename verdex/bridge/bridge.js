// verdex bridge: the only code that reads the page.
//
// Evaluated by verdex/bridge/__init__.py inside a CDP isolated world (Page.createIsolatedWorld), so
// the page's own scripts share the DOM but not one JavaScript global with it: a page that replaces
// Array.prototype.map or JSON.stringify changes its own world, never this one, and the page never
// sees a verdex attribute or global. The expression below evaluates to an install function; it is
// called once per document with {refBase, testIdAttribute} and leaves `globalThis.__verdex` behind.
(config) => {
  if (globalThis.__verdex) return globalThis.__verdex.documentId;

  const TEST_ID = config.testIdAttribute || 'data-testid';
  const NAME_LIMIT = 100;
  const TEXT_LIMIT = 120;
  const FOLD_RUN = 20;        // fold a shape seen among siblings more than this many times …
  const FOLD_KEEP = 10;       // … keeping this many of them
  const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE']);
  const INTERACTIVE_ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox',
    'listbox', 'slider', 'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
    'treeitem', 'option', 'row']);
  const LEAF_ROLES = new Set(['button', 'checkbox', 'radio', 'switch', 'img', 'separator', 'slider', 'progressbar',
    'meter', 'textbox', 'searchbox', 'spinbutton', 'scrollbar', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'tab', 'option']);
  const NAME_FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link',
    'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
    'tooltip', 'treeitem']);
  const NAME_FROM_CONTENT_IN_DESCENDANT = new Set(['', 'caption', 'code', 'contentinfo', 'definition', 'deletion',
    'emphasis', 'insertion', 'list', 'listitem', 'mark', 'none', 'paragraph', 'presentation', 'region', 'row',
    'rowgroup', 'section', 'strong', 'subscript', 'superscript', 'table', 'term', 'time']);
  const NAME_PROHIBITED = new Set(['caption', 'code', 'definition', 'deletion', 'emphasis', 'generic', 'insertion',
    'mark', 'paragraph', 'presentation', 'strong', 'subscript', 'suggestion', 'superscript', 'term', 'time']);
  const TRANSPARENT_ROLES = new Set(['generic', 'none', 'presentation']);
  const LANDMARK_ROLES = new Set(['banner', 'main', 'navigation', 'complementary', 'contentinfo', 'region', 'form',
    'search', 'dialog', 'alertdialog']);
  const CONTAINER_ROLES = new Set(['listitem', 'row', 'article', 'group', 'tabpanel', 'figure', 'table', 'list']);
  const VALID_ROLES = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button',
    'caption', 'cell', 'checkbox', 'code', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition',
    'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid',
    'gridcell', 'group', 'heading', 'img', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log', 'main',
    'mark', 'marquee', 'math', 'meter', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
    'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio', 'radiogroup',
    'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider',
    'spinbutton', 'status', 'strong', 'subscript', 'superscript', 'switch', 'tab', 'table', 'tablist', 'tabpanel',
    'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem']);
  const INPUT_ROLES = { button: 'button', checkbox: 'checkbox', image: 'button', number: 'spinbutton',
    radio: 'radio', range: 'slider', reset: 'button', submit: 'button' };
  const SENSITIVE_AUTOCOMPLETE = /^(cc-|one-time-code|current-password|new-password)/;
  const LANDMARK_BLOCKERS = 'article:not([role]), aside:not([role]), main:not([role]), nav:not([role]), ' +
    'section:not([role]), [role=article], [role=complementary], [role=main], [role=navigation], [role=region]';
  const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby',
    'aria-details', 'aria-dropeffect', 'aria-flowto', 'aria-grabbed', 'aria-hidden', 'aria-keyshortcuts',
    'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription'];

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

  function refFor(el) {
    let ref = refOf.get(el);
    if (!ref) {
      ref = (config.refPrefix || framePrefix(el)) + 'e' + nextRef++;   // a cross-origin frame's bridge has its own
      refOf.set(el, ref);
      elementOf.set(ref, new WeakRef(el));
    }
    return ref;
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

  // ---------------------------------------------------------------- tree helpers
  function parentOf(el) {
    if (el.parentElement) return el.parentElement;
    const root = el.parentNode;
    if (root && root.nodeType === 11 && root.host) return root.host;
    return null;
  }

  function closestAcrossShadow(el, selector) {
    while (el) {
      const found = el.closest(selector);
      if (found) return found;
      const root = el.getRootNode();
      el = root && root.host ? root.host : null;
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

  function collapse(text) {
    return text.replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
  }

  function clip(text, limit) {
    return text.length > limit ? text.slice(0, limit - 1) + '…' : text;
  }

  // ---------------------------------------------------------------- roles (HTML-AAM, WAI-ARIA 1.2)
  function explicitRole(el) {
    const attr = el.getAttribute('role');
    if (!attr) return null;
    for (const token of attr.split(' ')) {
      const role = token.trim();
      if (VALID_ROLES.has(role)) return role;
    }
    return null;
  }

  function hasGlobalAria(el, role) {
    for (const attr of GLOBAL_ARIA) {
      if (!el.hasAttribute(attr)) continue;
      if ((attr === 'aria-label' || attr === 'aria-labelledby') && NAME_PROHIBITED.has(role || '')) continue;
      if (attr === 'aria-roledescription' && role === 'generic') continue;
      return true;
    }
    return false;
  }

  function focusable(el) {
    if (el.disabled) return false;
    const tag = el.tagName;
    if (tag === 'BUTTON' || tag === 'DETAILS' || tag === 'SELECT' || tag === 'TEXTAREA') return true;
    if (tag === 'A' || tag === 'AREA') return el.hasAttribute('href');
    if (tag === 'INPUT') return !el.hidden;
    return !Number.isNaN(Number(String(el.getAttribute('tabindex'))));
  }

  function implicitRole(el) {
    const tag = el.tagName.toUpperCase();
    switch (tag) {
      case 'A': case 'AREA': return el.hasAttribute('href') ? 'link' : null;
      case 'ARTICLE': return 'article';
      case 'ASIDE': return 'complementary';
      case 'BLOCKQUOTE': return 'blockquote';
      case 'BUTTON': return 'button';
      case 'CAPTION': return 'caption';
      case 'CODE': return 'code';
      case 'DATALIST': return 'listbox';
      case 'DD': return 'definition';
      case 'DEL': return 'deletion';
      case 'DETAILS': return 'group';
      case 'DFN': case 'DT': return 'term';
      case 'DIALOG': return 'dialog';
      case 'EM': return 'emphasis';
      case 'FIELDSET': return 'group';
      case 'FIGURE': return 'figure';
      case 'FOOTER': return closestAcrossShadow(parentOf(el), LANDMARK_BLOCKERS) ? null : 'contentinfo';
      case 'HEADER': return closestAcrossShadow(parentOf(el), LANDMARK_BLOCKERS) ? null : 'banner';
      case 'FORM': return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'form' : null;
      case 'H1': case 'H2': case 'H3': case 'H4': case 'H5': case 'H6': return 'heading';
      case 'HR': return 'separator';
      case 'HTML': return 'document';
      case 'IMG':
        return el.getAttribute('alt') === '' && !el.getAttribute('title') && !hasGlobalAria(el) &&
          Number.isNaN(Number(String(el.getAttribute('tabindex')))) ? 'presentation' : 'img';
      case 'INPUT': {
        const type = (el.type || '').toLowerCase();
        if (type === 'email' || type === 'search' || type === 'tel' || type === 'text' || type === 'url' || type === '') {
          const list = idRefs(el, el.getAttribute('list'))[0];
          if (list && list.tagName === 'DATALIST') return 'combobox';
          return type === 'search' ? 'searchbox' : 'textbox';
        }
        if (type === 'hidden') return null;
        if (type === 'file') return 'button';
        return INPUT_ROLES[type] || 'textbox';
      }
      case 'INS': return 'insertion';
      case 'LI': return 'listitem';
      case 'MAIN': return 'main';
      case 'MARK': return 'mark';
      case 'MATH': return 'math';
      case 'MENU': case 'OL': case 'UL': return 'list';
      case 'METER': return 'meter';
      case 'NAV': return 'navigation';
      case 'OPTGROUP': return 'group';
      case 'OPTION': return 'option';
      case 'OUTPUT': return 'status';
      case 'P': return 'paragraph';
      case 'PROGRESS': return 'progressbar';
      case 'SEARCH': return 'search';
      case 'SECTION': return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
      case 'SELECT': return el.hasAttribute('multiple') || el.size > 1 ? 'listbox' : 'combobox';
      case 'STRONG': return 'strong';
      case 'SUB': return 'subscript';
      case 'SUP': return 'superscript';
      case 'SVG': return 'img';
      case 'TABLE': return 'table';
      case 'TBODY': case 'THEAD': case 'TFOOT': return 'rowgroup';
      case 'TD': {
        const table = closestAcrossShadow(el, 'table');
        const tableRole = table ? explicitRole(table) : null;
        return tableRole === 'grid' || tableRole === 'treegrid' ? 'gridcell' : 'cell';
      }
      case 'TH': return headerCellRole(el);
      case 'TEXTAREA': return 'textbox';
      case 'TIME': return 'time';
      case 'TR': return 'row';
      default: return null;
    }
  }

  function headerCellRole(el) {
    const scope = el.getAttribute('scope');
    if (scope === 'col' || scope === 'colgroup') return 'columnheader';
    if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
    const next = el.nextElementSibling;
    const prev = el.previousElementSibling;
    if (!next && !prev) {
      const row = el.parentElement && el.parentElement.tagName === 'TR' ? el.parentElement : null;
      const table = row ? closestAcrossShadow(row, 'table') : null;
      if (table && table.rows.length <= 1) return null;
      return 'columnheader';
    }
    const isTh = (e) => !!e && e.tagName === 'TH';
    const isDataCell = (e) => !!e && e.tagName === 'TD' && !!(collapse(e.textContent || '') || e.children.length);
    if (isTh(next) && isTh(prev)) return 'columnheader';
    if (isDataCell(next) || isDataCell(prev)) return 'rowheader';
    return 'columnheader';
  }

  const PRESENTATION_PARENTS = { DD: ['DL', 'DIV'], DIV: ['DL'], DT: ['DL', 'DIV'], LI: ['OL', 'UL'],
    TBODY: ['TABLE'], TD: ['TR'], TFOOT: ['TABLE'], TH: ['TR'], THEAD: ['TABLE'], TR: ['THEAD', 'TBODY', 'TFOOT', 'TABLE'] };

  function inheritedPresentation(el, implicit) {
    let node = el;
    while (node) {
      const parent = parentOf(node);
      const allowed = PRESENTATION_PARENTS[node.tagName];
      if (!allowed || !parent || !allowed.includes(parent.tagName)) break;
      const parentRole = explicitRole(parent);
      if ((parentRole === 'none' || parentRole === 'presentation') && !hasGlobalAria(parent, parentRole) && !focusable(parent))
        return parentRole;
      node = parent;
    }
    return implicit;
  }

  function role(el) {
    let r = roleCache.get(el);
    if (r !== undefined) return r;
    const explicit = explicitRole(el);
    if (!explicit) {
      const implicit = implicitRole(el);
      r = implicit ? inheritedPresentation(el, implicit) : null;
    } else if (explicit === 'none' || explicit === 'presentation') {
      const implicit = implicitRole(el);
      r = (hasGlobalAria(el, implicit) || focusable(el)) ? implicit : explicit;
    } else {
      r = explicit;
    }
    roleCache.set(el, r);
    return r;
  }

  // ---------------------------------------------------------------- visibility for the accessibility tree
  function styleHidden(el) {
    const s = style(el);
    return !s || s.visibility !== 'visible';
  }

  function hiddenForAria(el) {
    if (SKIPPED_TAGS.has(el.tagName)) return true;
    const s = style(el);
    if (s && s.display === 'contents' && el.tagName !== 'SLOT') {
      for (let child = el.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 1 && !hiddenForAria(child)) return false;
        if (child.nodeType === 3 && collapse(child.data)) return false;
      }
      return true;
    }
    const optionInSelect = el.tagName === 'OPTION' && !!el.closest('select');
    if (!optionInSelect && el.tagName !== 'SLOT' && styleHidden(el)) return true;
    return displayNoneOrAriaHidden(el);
  }

  function displayNoneOrAriaHidden(el) {
    let hidden = hiddenCache.get(el);
    if (hidden !== undefined) return hidden;
    hidden = !!(el.parentElement && el.parentElement.shadowRoot && !el.assignedSlot);
    if (!hidden) {
      const s = style(el);
      hidden = !s || s.display === 'none' || (el.getAttribute('aria-hidden') || '').toLowerCase() === 'true';
    }
    if (!hidden) {
      const parent = parentOf(el);
      if (parent) hidden = displayNoneOrAriaHidden(parent);
    }
    hiddenCache.set(el, hidden);
    return hidden;
  }

  // ---------------------------------------------------------------- accessible names (accname 1.2)
  function accessibleName(el) {
    let name = nameCache.get(el);
    if (name !== undefined) return name;
    const r = role(el) || '';
    name = NAME_PROHIBITED.has(r) ? '' : flatten(textAlternative(el, { visited: new Set(), target: 'self' }));
    nameCache.set(el, name);
    return name;
  }

  function flatten(text) {
    return text.split('\u00A0').map((chunk) => chunk.replace(/\r\n/g, '\n').replace(/[\u200b\u00ad]/g, '')
      .replace(/\s\s*/g, ' ')).join('\u00A0').trim();
  }

  function labelsText(labels, options) {
    const parts = [];
    for (const label of labels) {
      parts.push(textAlternative(label, { ...options, target: undefined, inLabel: { hidden: hiddenForAria(label) },
        inLabelledBy: undefined, inNative: undefined }));
    }
    return parts.join(' ');
  }

  function textAlternative(el, options) {
    if (options.visited.has(el)) return '';
    const child = { ...options, target: options.target === 'self' ? 'descendant' : options.target };
    const inHiddenReference = (options.inLabelledBy && options.inLabelledBy.hidden) ||
      (options.inNative && options.inNative.hidden) || (options.inLabel && options.inLabel.hidden);
    if (SKIPPED_TAGS.has(el.tagName) || (!inHiddenReference && hiddenForAria(el))) {
      options.visited.add(el);
      return '';
    }
    const labelledByAttr = el.getAttribute('aria-labelledby');
    const labelledBy = labelledByAttr === null ? null : idRefs(el, labelledByAttr);
    const hasLabelledBy = !!(labelledBy && labelledBy.length);
    if (!options.inLabelledBy && hasLabelledBy) {
      const parts = labelledBy.map((ref) => textAlternative(ref, { visited: options.visited,
        inLabelledBy: { hidden: hiddenForAria(ref) } }));
      const text = parts.join(' ');
      if (text) return text;
    }
    const r = role(el) || '';
    const tag = el.tagName.toUpperCase();

    if (options.inLabel || options.inLabelledBy || options.target === 'descendant') {
      const ownLabel = el.labels ? Array.prototype.includes.call(el.labels, el) : false;
      const ownLabelledBy = hasLabelledBy && labelledBy.includes(el);
      if (!ownLabel && !ownLabelledBy) {
        if (r === 'textbox') {
          options.visited.add(el);
          if (isSensitive(el)) return '';        // a password or card number never becomes part of a name
          return tag === 'INPUT' || tag === 'TEXTAREA' ? el.value : (el.textContent || '');
        }
        if (r === 'combobox' || r === 'listbox') {
          options.visited.add(el);
          let selected = [];
          if (tag === 'SELECT') {
            selected = Array.from(el.selectedOptions);
            if (!selected.length && el.options.length) selected.push(el.options[0]);
          } else {
            const box = r === 'combobox' ? Array.from(el.querySelectorAll('*')).find((e) => role(e) === 'listbox') : el;
            selected = box ? Array.from(box.querySelectorAll('[aria-selected="true"]')).filter((e) => role(e) === 'option') : [];
          }
          if (!selected.length && tag === 'INPUT') return el.value;
          return selected.map((option) => textAlternative(option, child)).join(' ');
        }
        if (r === 'progressbar' || r === 'scrollbar' || r === 'slider' || r === 'spinbutton' || r === 'meter') {
          options.visited.add(el);
          if (el.hasAttribute('aria-valuetext')) return el.getAttribute('aria-valuetext');
          if (el.hasAttribute('aria-valuenow')) return el.getAttribute('aria-valuenow');
          return el.getAttribute('value') || '';
        }
        if (r === 'menu') { options.visited.add(el); return ''; }
      }
    }

    const ariaLabel = el.getAttribute('aria-label') || '';
    if (ariaLabel.trim()) { options.visited.add(el); return ariaLabel; }

    if (r !== 'presentation' && r !== 'none') {
      const native = nativeTextAlternative(el, tag, hasLabelledBy, options, child);
      if (native !== undefined) return native;
    }

    const summary = tag === 'SUMMARY' && r !== 'presentation' && r !== 'none';
    const fromContent = NAME_FROM_CONTENT.has(r) ||
      (options.target === 'descendant' && NAME_FROM_CONTENT_IN_DESCENDANT.has(r));
    if (fromContent || summary || options.inLabelledBy || options.inLabel || options.inNative) {
      options.visited.add(el);
      const text = contentText(el, child);
      if (options.target === 'self' ? text.trim() : text) return text;
    }
    options.visited.add(el);
    if (r !== 'presentation' && r !== 'none' || tag === 'IFRAME') {
      const title = el.getAttribute('title') || '';
      if (title.trim()) return title;
    }
    return '';
  }

  // HTML-AAM's per-element rules; undefined when the element has none and the generic steps apply.
  function nativeTextAlternative(el, tag, hasLabelledBy, options, child) {
    const type = tag === 'INPUT' ? (el.type || '').toLowerCase() : '';
    if (tag === 'INPUT' && (type === 'button' || type === 'submit' || type === 'reset')) {
      options.visited.add(el);
      if ((el.value || '').trim()) return el.value;
      if (type === 'submit') return 'Submit';
      if (type === 'reset') return 'Reset';
      return el.getAttribute('title') || '';
    }
    if (tag === 'INPUT' && type === 'file') {
      options.visited.add(el);
      if (el.labels && el.labels.length && !options.inLabelledBy) return labelsText(el.labels, options);
      return 'Choose File';
    }
    if (tag === 'INPUT' && type === 'image') {
      options.visited.add(el);
      if (el.labels && el.labels.length && !options.inLabelledBy) return labelsText(el.labels, options);
      const alt = el.getAttribute('alt') || '';
      if (alt.trim()) return alt;
      const title = el.getAttribute('title') || '';
      if (title.trim()) return title;
      return 'Submit';
    }
    if (!hasLabelledBy && tag === 'BUTTON') {
      options.visited.add(el);
      if (el.labels && el.labels.length) return labelsText(el.labels, options);
      return undefined;
    }
    if (!hasLabelledBy && tag === 'OUTPUT') {
      options.visited.add(el);
      if (el.labels && el.labels.length) return labelsText(el.labels, options);
      return el.getAttribute('title') || '';
    }
    if (!hasLabelledBy && (tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'INPUT')) {
      options.visited.add(el);
      if (el.labels && el.labels.length) return labelsText(el.labels, options);
      const usePlaceholder = tag === 'TEXTAREA' ||
        (tag === 'INPUT' && ['text', 'password', 'number', 'search', 'tel', 'email', 'url'].includes(type));
      const title = el.getAttribute('title') || '';
      if (!usePlaceholder || title) return title;
      return el.getAttribute('placeholder') || '';
    }
    if (!hasLabelledBy && (tag === 'FIELDSET' || tag === 'FIGURE')) {
      options.visited.add(el);
      const captionTag = tag === 'FIELDSET' ? 'LEGEND' : 'FIGCAPTION';
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.tagName === captionTag)
          return textAlternative(c, { ...child, inNative: { hidden: hiddenForAria(c) } });
      }
      return el.getAttribute('title') || '';
    }
    if (tag === 'IMG' || tag === 'AREA') {
      options.visited.add(el);
      const alt = el.getAttribute('alt') || '';
      if (alt.trim()) return alt;
      return el.getAttribute('title') || '';
    }
    if (tag === 'TABLE') {
      options.visited.add(el);
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.tagName === 'CAPTION')
          return textAlternative(c, { ...child, inNative: { hidden: hiddenForAria(c) } });
      }
      const summary = el.getAttribute('summary') || '';
      if (summary) return summary;
      return undefined;
    }
    if (tag === 'SVG' || el.ownerSVGElement) {
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (c.tagName.toUpperCase() === 'TITLE' && c.ownerSVGElement) {
          options.visited.add(el);
          return textAlternative(c, { ...child, inLabelledBy: { hidden: hiddenForAria(c) } });
        }
      }
    }
    return undefined;
  }

  function contentText(el, options) {
    const tokens = [];
    const visit = (node, skipSlotted) => {
      if (skipSlotted && node.assignedSlot) return;
      if (node.nodeType === 1) {
        const s = style(node);
        const display = (s && s.display) || 'inline';
        let token = textAlternative(node, options);
        if (display !== 'inline' || node.nodeName === 'BR') token = ' ' + token + ' ';
        tokens.push(token);
      } else if (node.nodeType === 3) {
        tokens.push(node.data);
      }
    };
    const assigned = el.nodeName === 'SLOT' ? el.assignedNodes() : [];
    if (assigned.length) {
      for (const node of assigned) visit(node, false);
    } else {
      for (let c = el.firstChild; c; c = c.nextSibling) visit(c, true);
      if (el.shadowRoot) for (let c = el.shadowRoot.firstChild; c; c = c.nextSibling) visit(c, true);
      for (const owned of idRefs(el, el.getAttribute('aria-owns'))) visit(owned, true);
    }
    return tokens.join('');
  }

  // ---------------------------------------------------------------- states
  function isDisabled(el) {
    if ((el.getAttribute('aria-disabled') || '').toLowerCase() === 'true') return true;
    try { return el.matches(':disabled'); } catch (e) { return false; }
  }

  function checkedState(el, r) {
    if (r !== 'checkbox' && r !== 'radio' && r !== 'switch' && r !== 'menuitemcheckbox' && r !== 'menuitemradio') return null;
    if (el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.indeterminate) return 'mixed';
      return el.checked ? 'true' : 'false';
    }
    const aria = (el.getAttribute('aria-checked') || '').toLowerCase();
    return aria === 'true' || aria === 'mixed' ? aria : 'false';
  }

  function isSensitive(el) {
    if (el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA') return false;
    if ((el.type || '').toLowerCase() === 'password') return true;
    return SENSITIVE_AUTOCOMPLETE.test((el.getAttribute('autocomplete') || '').toLowerCase());
  }

  function states(el, r) {
    const out = [];
    if (r === 'heading') {
      const aria = Number(el.getAttribute('aria-level'));
      const m = /^H([1-6])$/.exec(el.tagName);
      out.push('level=' + (aria > 0 ? aria : m ? m[1] : 2));
    }
    const checked = checkedState(el, r);
    if (checked === 'true') out.push('checked');
    else if (checked === 'mixed') out.push('checked=mixed');
    if (INTERACTIVE_ROLES.has(r) && isDisabled(el)) out.push('disabled');
    const expanded = el.getAttribute('aria-expanded');
    if (expanded === 'true') out.push('expanded');
    else if (expanded === 'false') out.push('collapsed');
    else if (el.tagName === 'SUMMARY' && el.parentElement && el.parentElement.tagName === 'DETAILS')
      out.push(el.parentElement.open ? 'expanded' : 'collapsed');
    const pressed = el.getAttribute('aria-pressed');
    if (pressed === 'true') out.push('pressed');
    if (r === 'option' && (el.selected || el.getAttribute('aria-selected') === 'true')) out.push('selected');
    if (r === 'tab' && el.getAttribute('aria-selected') === 'true') out.push('selected');
    if (el.getAttribute('aria-busy') === 'true') out.push('busy');
    if (el.tagName === 'DIALOG' && el.open) {
      try { if (el.matches(':modal')) out.push('modal'); } catch (e) { /* older engines */ }
    } else if (el.getAttribute('aria-modal') === 'true') {
      out.push('modal');
    }
    return out;
  }

  function valueOf(el, r) {
    if (r !== 'textbox' && r !== 'searchbox' && r !== 'spinbutton' && r !== 'combobox' && r !== 'slider') return null;
    let value = null;
    if (el.tagName === 'SELECT') {
      const option = el.selectedOptions[0];
      value = option ? collapse(option.textContent || '') : '';
    } else if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') {
      value = el.value;
    } else if (el.isContentEditable) {
      value = el.textContent || '';
    }
    if (!value) return null;
    return isSensitive(el) ? '[redacted]' : clip(value, NAME_LIMIT);
  }

  // ---------------------------------------------------------------- the tree
  // A node is {el, role, name, ref, testId, attrs, value, url, children, text, shape} or a text node
  // {text}. Generic wrappers with no name, ref or test id dissolve: their children join the parent.

  function isInteractive(el, r) {
    if (el.tagName === 'OPTION' && el.closest('select')) return false;  // chosen through its select
    return INTERACTIVE_ROLES.has(r) || (el.tagName === 'SUMMARY' && !!el.parentElement && el.parentElement.tagName === 'DETAILS');
  }

  function composedChildren(el) {
    if (el.tagName === 'SLOT') {
      const assigned = el.assignedNodes();
      return assigned.length ? assigned : Array.from(el.childNodes);
    }
    if (el.shadowRoot) {
      watchMutations(el.shadowRoot);
      shadowRoots.add(el.shadowRoot);
      return Array.from(el.shadowRoot.childNodes);
    }
    return el.childNodes;
  }

  function buildNodes(el, depth, ctx, out) {
    if (SKIPPED_TAGS.has(el.tagName)) return;
    const s = style(el);
    if (!s || s.display === 'none') return;
    if ((el.getAttribute('aria-hidden') || '').toLowerCase() === 'true') return;
    if (el.hasAttribute('inert')) return;
    ctx.visited++;
    const visible = s.visibility === 'visible' && s.display !== 'contents';
    const r = visible ? role(el) : null;
    const testId = el.getAttribute(TEST_ID);
    const interactive = !!r && isInteractive(el, r);
    const node = { el, role: r || 'generic', name: '', ref: null, testId: visible && testId || null, attrs: null,
      value: null, url: null, children: [], shape: '' };
    node.nameable = !!r && !NAME_PROHIBITED.has(r) && !TRANSPARENT_ROLES.has(r);   // named in finish()
    if (interactive || ctx.refAll && visible) node.ref = refFor(el);
    else node.ref = refOf.get(el) || null;      // handed out earlier (identity, structure tools): keep showing it
    if (visible) node.attrs = states(el, r || 'generic');
    if (r) {
      node.value = valueOf(el, r);
      if (r === 'link') node.url = clip(el.getAttribute('href') || '', NAME_LIMIT);
    }

    if (el.tagName === 'IFRAME') {
      node.role = 'iframe';
      node.name = clip(el.getAttribute('title') || el.getAttribute('name') || '', NAME_LIMIT);
      node.ref = refFor(el);
      let doc = null;
      try { doc = el.contentDocument; } catch (e) { doc = null; }
      if (doc && doc.body) {
        watchMutations(doc);
        if (depth < ctx.maxDepth) buildChildren([doc.body], node, depth + 1, ctx);
      } else {
        node.attrs = ['cross-origin'];
      }
      out.push(node);
      return;
    }

    const leaf = !!r && LEAF_ROLES.has(r);
    if (!leaf && depth < ctx.maxDepth) buildChildren(composedChildren(el), node, depth + 1, ctx);
    else if (!leaf && el.firstElementChild) node.truncated = true;

    const dissolve = (!r || TRANSPARENT_ROLES.has(r)) && !node.ref && !node.testId;
    if (dissolve) {
      for (const c of node.children) {
        const last = out[out.length - 1];
        if (c.text !== undefined && last && last.text !== undefined) last.text = last.text + ' ' + c.text;
        else out.push(c);
      }
      return;
    }
    out.push(node);
  }

  function buildChildren(childNodes, node, depth, ctx) {
    for (const child of childNodes) {
      if (child.nodeType === 1) {
        buildNodes(child, depth, ctx, node.children);
      } else if (child.nodeType === 3) {
        const text = collapse(child.data);
        if (!text) continue;
        const parent = child.parentElement;
        if (parent && styleHidden(parent)) continue;
        const last = node.children[node.children.length - 1];
        if (last && last.text !== undefined) last.text = last.text + ' ' + text;
        else node.children.push({ text });
      }
    }
  }

  // Names are computed only for the nodes that are shown (folding drops most of a big page), and
  // then a named element whose children are only the text of its own name says it once, and a
  // container named by the heading it starts with leaves the name to the heading.
  function finish(nodes) {
    for (const node of nodes) {
      if (node.fold !== undefined) { finish([node.like]); continue; }
      if (node.text !== undefined) continue;
      if (node.nameable) node.name = clip(accessibleName(node.el), NAME_LIMIT);
      if (node.ref && INTERACTIVE_ROLES.has(node.role)) node.risk = riskOf(node.el, node.role, node.name);
      finish(node.children);
      dropRedundantText(node);
      const first = node.children[0];
      if (node.name && !node.ref && first && first.role === 'heading' && first.name === node.name) node.name = '';
    }
  }


  function dropRedundantText(node) {
    const kids = node.children;
    if (!kids.length) return;
    for (const k of kids) if (k.text === undefined) return;
    const joined = kids.map((k) => k.text).join(' ');
    if (node.name && collapse(joined) === collapse(node.name)) node.children = [];
    else if (kids.length === 1 && !node.name) { node.inlineText = kids[0].text; node.children = []; }
  }

  // ---------------------------------------------------------------- folding of repeated shapes
  function shapeOf(node) {
    if (node.text !== undefined) return '#';
    if (node.shape) return node.shape;
    let shape = node.role + (node.testId ? '[' + node.testId + ']' : '');
    if (node.children.length) {
      const parts = [];
      for (const c of node.children) parts.push(shapeOf(c));
      shape += '(' + parts.join(',') + ')';
    }
    node.shape = shape.length > 2000 ? shape.slice(0, 2000) : shape;
    return node.shape;
  }

  function firstHeading(node) {
    for (const c of node.children || []) if (c.role === 'heading' && c.name) return c.name;
    return '';
  }

  function labelOf(node) {
    if (node.text !== undefined) return clip(node.text, 40);
    if (node.name) return node.name;
    if (node.inlineText) return clip(node.inlineText, 40);
    for (const c of node.children) {
      const label = labelOf(c);
      if (label) return label;
    }
    return '';
  }

  // Among many siblings, a shape seen more than FOLD_RUN times keeps its first FOLD_KEEP
  // occurrences; one line after the last of them stands for the rest. Siblings of rarer shapes (the
  // row that has a button among thousands that do not) stay visible wherever they are.
  function foldChildren(node) {
    const kids = node.children;
    if (kids.length > FOLD_RUN) {
      const counts = new Map();
      for (const k of kids) if (k.text === undefined) counts.set(shapeOf(k), (counts.get(shapeOf(k)) || 0) + 1);
      const seen = new Map();
      const folded = [];
      for (const k of kids) {
        const total = k.text === undefined ? counts.get(shapeOf(k)) : 0;
        if (total <= FOLD_RUN) { folded.push(k); continue; }
        const n = (seen.get(k.shape) || 0) + 1;
        seen.set(k.shape, n);
        if (n <= FOLD_KEEP) folded.push(k);
        else if (n === FOLD_KEEP + 1) folded.push({ fold: total - FOLD_KEEP, like: k });
      }
      node.children = folded;
    }
    for (const c of node.children) if (c.children) foldChildren(c);
  }

  // ---------------------------------------------------------------- rendering
  function quote(text) { return JSON.stringify(text); }

  // Text after a colon goes unquoted when it cannot be mistaken for structure (a quote, brackets
  // that look like [ref=…], a leading YAML indicator, a line break, a ': ' or ' #').
  function scalar(text) {
    if (/^[^\s"'`{}\[\]&*#?|<>=!%@,:-][^\n\r"\[\]]*$/.test(text) && !/: | #|[\s:]$/.test(text)) return text;
    return quote(text);
  }

  function head(node) {
    let line = node.role;
    if (node.name) line += ' ' + quote(node.name);
    if (node.ref) line += ' [ref=' + node.ref + ']';
    if (node.testId) line += ' [testid=' + clip(node.testId, NAME_LIMIT) + ']';
    if (node.attrs) for (const a of node.attrs) line += ' [' + a + ']';
    if (node.url) line += ' [url=' + node.url + ']';
    if (node.risk) line += ' [' + node.risk.level + ']';
    return line;
  }

  function render(nodes, indent, lines, keys, parentKey) {
    for (const node of nodes) {
      const pad = '  '.repeat(indent);
      if (node.fold !== undefined) {
        let line = pad + '- … ' + node.fold + ' more like ' + head(node.like).replace(/ \[ref=[^\]]*\]/, '');
        const label = labelOf(node.like) || firstHeading(node.like);
        if (label && !node.like.name) line += ' ' + quote(label);
        lines.push(line);
        keys.push(parentKey + '|fold|' + head(node.like));
        continue;
      }
      if (node.text !== undefined) {
        lines.push(pad + '- text: ' + scalar(clip(node.text, 300)));
        keys.push(parentKey + '|' + node.text);
        continue;
      }
      let line = pad + '- ' + head(node);
      if (node.value !== null) line += ': ' + quote(node.value);
      else if (node.inlineText) line += ': ' + scalar(clip(node.inlineText, 300));
      else if (node.children.length) line += ':';
      else if (node.truncated) line += ': …';
      lines.push(line);
      const key = node.ref || (parentKey + '|' + node.role + '|' + node.name + '|' + (node.testId || ''));
      keys.push(key);
      if (node.children.length) render(node.children, indent + 1, lines, keys, key);
    }
  }

  // ---------------------------------------------------------------- page identity
  function visibleBox(el) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return null;
    return rect;
  }

  function describe(el) {
    const r = role(el);
    const out = { role: r || el.tagName.toLowerCase(), name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '',
      test_id: el.getAttribute(TEST_ID), ref: refFor(el) };
    return out;
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
        d.modal = (el.tagName === 'DIALOG' && safeMatches(el, ':modal')) || el.getAttribute('aria-modal') === 'true';
        dialogs.push(d);
      } else if (r === 'alert' || r === 'status' || el.hasAttribute('aria-live') && el.getAttribute('aria-live') !== 'off') {
        const text = clip(collapse(el.textContent || ''), 200);
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
      let inner = null;
      try { inner = frame.contentDocument; } catch (e) { inner = null; }
      if (inner && inner.documentElement && visibleBox(frame)) for (const el of queryComposed(inner, selector)) out.push(el);
    }
    return out;
  }

  function safeMatches(el, selector) {
    try { return el.matches(selector); } catch (e) { return false; }
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
    const text = collapse(el.textContent || '');
    const kind = /cookie|consent|gdpr|privacy/i.test(text + ' ' + label) ? 'consent'
      : (role(el) === 'dialog' || role(el) === 'alertdialog') ? 'dialog'
      : /loading|spinner|scrim|skeleton/.test(label) || el.getAttribute('aria-busy') === 'true' ? 'loading' : 'overlay';
    const d = describe(el);
    d.kind = kind;
    d.viewport_share = Math.round(share * 100) / 100;
    d.text = clip(text, 120);
    return d;
  }

  // ---------------------------------------------------------------- snapshot with paging and diff
  const observations = new Map();   // observation id -> {lines, keys}
  let previous = null;              // {lines, keys} of the last snapshot, for diff

  function snapshot(args) {
    resetCaches();
    const doc = document;
    let root = doc.body || doc.documentElement;
    if (args.scope) {
      const found = resolve(args.scope);
      if (found.status !== 'ok') return { error: found.status, ref: args.scope };
      root = found.element;
    }
    const ctx = { maxDepth: args.depth == null ? Infinity : args.depth, visited: 0, refAll: false };
    const pageIdentity = identity(doc);
    const top = [];
    if (root === doc.body) buildChildren(composedChildren(root), { children: top }, 0, ctx);
    else buildNodes(root, 0, ctx, top);
    const lines = [];
    const keys = [];
    const shown = args.mode !== 'full' ? foldTop(top) : top;
    finish(shown);
    render(shown, 0, lines, keys, '');
    const result = { document_id: documentId, identity: pageIdentity, next_ref: nextRef, element_count: ctx.visited };
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
    return Object.assign({ document_id: documentId, next_ref: nextRef, identity: identity(document) },
      page(obs, args.offset, args.max_items, args.max_bytes, args.observation_id));
  }

  function diffLines(before, after) {
    const count = new Map();
    const lineOf = new Map();
    for (let i = 0; i < before.keys.length; i++) {
      const key = before.keys[i] + '\u0000' + before.lines[i];
      count.set(key, (count.get(key) || 0) + 1);
      lineOf.set(before.keys[i], before.lines[i]);
    }
    const changes = [];
    for (let i = 0; i < after.keys.length; i++) {
      const key = after.keys[i] + '\u0000' + after.lines[i];
      const n = count.get(key) || 0;
      if (n > 0) { count.set(key, n - 1); continue; }
      changes.push('+ ' + after.lines[i]);
    }
    for (const [key, n] of count) {
      if (n <= 0) continue;
      const line = key.slice(key.indexOf('\u0000') + 1);
      for (let k = 0; k < n; k++) changes.push('- ' + line);
    }
    return changes;
  }

  // ---------------------------------------------------------------- structure
  function attributesOf(el) {
    const out = {};
    for (const attr of el.attributes) out[attr.name] = clip(attr.value, 200);
    return out;
  }

  function ownText(el) {
    let text = '';
    for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += ' ' + c.data;
    return clip(collapse(text), TEXT_LIMIT);
  }

  // The element's text with a space between text nodes, stopping once the limit is reached.
  function textOf(el, limit) {
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const parts = [];
    let length = 0;
    for (let node = walker.nextNode(); node && length <= limit; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && SKIPPED_TAGS.has(parent.tagName)) continue;
      const text = collapse(node.data);
      if (!text) continue;
      parts.push(text);
      length += text.length + 1;
    }
    return clip(parts.join(' '), limit);
  }

  function refsWithin(el, limit) {
    const refs = [];
    let total = 0;
    const visit = (node) => {
      for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
        if (c.getAttribute('aria-hidden') === 'true') continue;
        const r = role(c);
        if (r && isInteractive(c, r) && !hiddenForAria(c)) {
          total++;
          if (refs.length < limit) refs.push(refFor(c));
        }
        if (c.shadowRoot) visit(c.shadowRoot);
        visit(c);
      }
    };
    visit(el);
    return { refs, total };
  }

  function containerReason(el) {
    const r = role(el);
    if (el.getAttribute(TEST_ID)) return 'test id';
    if (r && LANDMARK_ROLES.has(r)) return r === 'region' || r === 'form' ? 'named ' + r : 'landmark';
    if (r === 'listitem') return 'list item';
    if (r === 'row') return 'row';
    if (r === 'article') return 'article';
    const cls = typeof el.className === 'string' ? el.className : '';
    if (/(^|[\s_-])(card|tile|item|product|entry)s?([\s_-]|$)/i.test(cls)) return 'card';
    if (r && CONTAINER_ROLES.has(r) && accessibleName(el)) return 'named ' + r;
    return null;
  }

  function elementFacts(el) {
    const r = role(el);
    const within = refsWithin(el, 20);
    const reason = containerReason(el);
    return { ref: refFor(el), tag: el.tagName.toLowerCase(), role: r, name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '',
      attributes: attributesOf(el), child_count: el.children.length, refs: within.refs, ref_count: within.total,
      text: ownText(el) || textOf(el, TEXT_LIMIT), container: !!reason, container_reason: reason };
  }

  function withElement(ref, fn) {
    resetCaches();
    const found = resolve(ref);
    if (found.status !== 'ok') return { error: found.status, ref };
    const result = fn(found.element);
    result.next_ref = nextRef;
    return result;
  }

  function ancestors(args) {
    return withElement(args.ref, (el) => {
      const out = [];
      let node = parentOf(el);
      while (node && node.tagName !== 'HTML') {
        out.push(elementFacts(node));
        if (node.tagName === 'BODY') {
          const frame = node.ownerDocument.defaultView.frameElement;
          if (!frame) break;
          node = frame;
          continue;
        }
        node = parentOf(node);
      }
      return { target: elementFacts(el), ancestors: out };
    });
  }

  function shapeKey(el, depth) {
    let key = el.tagName + (el.getAttribute(TEST_ID) ? '[' + el.getAttribute(TEST_ID) + ']' : '');
    if (depth > 0 && el.children.length) {
      const parts = [];
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) parts.push(shapeKey(c, depth - 1));
      key += '(' + parts.join(',') + ')';
    }
    return key;
  }

  function distinguishingText(el) {
    const heading = el.querySelector('h1, h2, h3, h4, h5, h6, [role=heading], legend, caption, figcaption, label, strong, b, th');
    if (heading) {
      const text = textOf(heading, 80);
      if (text) return text;
    }
    const name = role(el) ? accessibleName(el) : '';
    if (name) return clip(name, 80);
    return textOf(el, 80);
  }

  function siblings(args) {
    return withElement(args.ref, (el) => {
      let branch = el;
      for (let i = 0; i < args.ancestor_level; i++) {
        const up = parentOf(branch);
        if (!up || up.tagName === 'BODY' || up.tagName === 'HTML') break;
        branch = up;
      }
      const parent = parentOf(branch);
      if (!parent) return { branch: elementFacts(branch), siblings: [], total: 0 };
      const kids = parent.shadowRoot ? Array.from(parent.shadowRoot.children) : Array.from(parent.children);
      const targetShape = shapeKey(branch, 3);
      const out = [];
      let total = 0;
      for (const sib of kids) {
        if (SKIPPED_TAGS.has(sib.tagName) || hiddenForAria(sib)) continue;
        total++;
        if (out.length >= args.max_items) continue;
        const r = role(sib);
        const within = refsWithin(sib, 10);
        out.push({ ref: refFor(sib), tag: sib.tagName.toLowerCase(), role: r,
          name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(sib), NAME_LIMIT) : '',
          attributes: attributesOf(sib), text: distinguishingText(sib), refs: within.refs, ref_count: within.total,
          same_shape: shapeKey(sib, 3) === targetShape, is_target_branch: sib === branch });
      }
      return { branch: elementFacts(branch), parent: elementFacts(parent), siblings: out, total };
    });
  }

  function descendants(args) {
    return withElement(args.ref, (el) => {
      const ctx = { maxDepth: args.depth, visited: 0, refAll: true };
      const top = [];
      buildChildren(composedChildren(el), { children: top }, 1, ctx);
      finish(top);
      const items = [];
      let total = 0;
      const visit = (nodes, depth) => {
        for (const n of nodes) {
          total++;
          if (items.length < args.max_items) {
            if (n.text !== undefined) items.push({ depth, text: clip(n.text, TEXT_LIMIT) });
            else items.push({ depth, ref: n.ref, tag: n.el.tagName.toLowerCase(), role: n.role, name: n.name,
              test_id: n.testId, states: n.attrs || [], text: n.inlineText ? clip(n.inlineText, TEXT_LIMIT) : null,
              child_count: n.el.children.length });
          }
          if (n.children && n.children.length) visit(n.children, depth + 1);
        }
      };
      visit(top, 1);
      return { root: elementFacts(el), items, total, has_more: total > items.length };
    });
  }

  function describeRef(args) {
    return withElement(args.ref, (el) => ({ element: elementFacts(el) }));
  }

  // Test support: the set of refs whose element carries a given attribute (the page sets it, verdex reads it).
  function refsWithAttribute(args) {
    const out = [];
    for (const [ref, weak] of elementOf) {
      const el = weak.deref();
      if (el && el.isConnected && el.hasAttribute(args.attribute)) out.push(ref);
    }
    return { refs: out };
  }


  // ---------------------------------------------------------------- mutations (for preflight's quiet time)
  const MUTATION_LOG = 400;
  const mutations = [];      // [time, node], newest last
  // One observer per document or open shadow root; roots are added as the tree walk meets them
  // (mutations inside a shadow root or an iframe are not seen from the top document).
  const watchedRoots = new WeakSet();
  // An app saying it has become interactive (data-hydrated="true") is not a change an action caused, nor a
  // re-render of the target's container (verdex/preflight.py READINESS_ATTRIBUTE is the same list).
  const READINESS_ATTRIBUTE = /^data-(hydrated|ready|loaded|interactive|initialized|mounted)$/;

  function watchMutations(root) {
    if (watchedRoots.has(root)) return;
    watchedRoots.add(root);
    const view = (root.ownerDocument || root).defaultView;
    if (!view) return;
    const observer = new view.MutationObserver((records) => {
      const now = performance.now();
      for (const record of records) {
        if (record.type === 'attributes' && READINESS_ATTRIBUTE.test(record.attributeName)) continue;
        mutations.push([now, record.target]);
        if (mutations.length > MUTATION_LOG) mutations.shift();
      }
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }

  function msSinceMutationIn(container) {
    const now = performance.now();
    for (let i = mutations.length - 1; i >= 0; i--) {
      const [time, node] = mutations[i];
      if (container === node || container.contains(node)) return Math.round(now - time);
    }
    return null;   // nothing changed there since verdex arrived
  }

  // ---------------------------------------------------------------- locator candidates
  const VOLATILE = /[$€£¥]\s?\d|\d[\d,.]*\s?(%|items?|left|in stock|results?)\b|\b\d{1,2}:\d{2}\b|\b(19|20)\d{2}-\d{2}|\b\d{3,}\b/i;

  function locatorCandidates(el) {
    const out = [];
    const r = role(el);
    const name = r && !NAME_PROHIBITED.has(r) ? accessibleName(el) : '';
    const testId = el.getAttribute(TEST_ID);
    if (testId) out.push({ kind: 'test_id', value: testId });
    if (r && !TRANSPARENT_ROLES.has(r) && name) out.push({ kind: 'role', role: r, name, volatile: VOLATILE.test(name) });
    const placeholder = el.getAttribute('placeholder');
    if (placeholder) out.push({ kind: 'placeholder', value: placeholder });
    if (el.labels && el.labels.length) {
      const label = flatten(labelsText(el.labels, { visited: new Set([el]) }));   // not the field's own value
      if (label) out.push({ kind: 'label', value: label, volatile: VOLATILE.test(label) });
    } else if (el.getAttribute('aria-label')) {
      out.push({ kind: 'label', value: el.getAttribute('aria-label').trim(), volatile: VOLATILE.test(el.getAttribute('aria-label')) });
    }
    const alt = el.getAttribute('alt');
    if (alt) out.push({ kind: 'alt', value: alt });
    const text = collapse(el.textContent || '');
    if (text && text.length <= 80 && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
      out.push({ kind: 'text', value: text, volatile: VOLATILE.test(text) });
    const title = el.getAttribute('title');
    if (title) out.push({ kind: 'title', value: title });
    if (r && !TRANSPARENT_ROLES.has(r) && !name) out.push({ kind: 'role', role: r, name: null });
    return out;
  }

  // Meaningful containers around the element, nearest first: how a locator is scoped when the
  // element alone is not unique.
  function containersOf(el, limit) {
    const out = [];
    for (let node = parentOf(el); node && node.tagName !== 'BODY' && out.length < limit; node = parentOf(node)) {
      const reason = containerReason(node);
      if (!reason) continue;
      const r = role(node);
      const testId = node.getAttribute(TEST_ID);
      const name = r && !NAME_PROHIBITED.has(r) ? accessibleName(node) : '';
      if (!testId && !(r && name)) continue;
      out.push({ reason, test_id: testId, role: r, name, text: distinguishingText(node) });
    }
    return out;
  }

  function frameChain(el) {
    const chain = [];
    let view = el.ownerDocument.defaultView;
    while (view && view.frameElement) {
      chain.unshift(frameFacts(view.frameElement));
      view = view.frameElement.ownerDocument.defaultView;
    }
    return chain;
  }

  function frameFacts(frame) {
    const frames = Array.from(frame.ownerDocument.querySelectorAll('iframe, frame'));
    return { test_id: frame.getAttribute(TEST_ID), title: frame.getAttribute('title'),
      name: frame.getAttribute('name'), id: frame.id || null, index: frames.indexOf(frame) };
  }

  // The frame chain down to a cross-origin frame's element (its document is closed to this bridge),
  // found by its name or its src: the prefix of the locators of the elements inside it.
  function frameElementChain(args) {
    const found = (doc) => {
      for (const frame of doc.querySelectorAll('iframe, frame')) {
        if ((args.name && frame.getAttribute('name') === args.name) || (!args.name && frame.src === args.url)) return frame;
        let inner = null;
        try { inner = frame.contentDocument; } catch (e) { inner = null; }
        const nested = inner && found(inner);
        if (nested) return nested;
      }
      return null;
    };
    const frame = found(document);
    return { frames: frame ? [...frameChain(frame), frameFacts(frame)] : null };
  }

  // The cross-origin iframe elements (their documents are closed to this bridge) with their refs,
  // so that the snapshot can put each frame's own lines under its iframe line.
  function closedFrames() {
    const out = [];
    const visit = (doc) => {
      for (const frame of doc.querySelectorAll('iframe, frame')) {
        let inner = null;
        try { inner = frame.contentDocument; } catch (e) { inner = null; }
        if (inner) visit(inner);
        else out.push({ ref: refFor(frame), name: frame.getAttribute('name') || '', url: frame.src || '' });
      }
    };
    visit(document);
    return { frames: out, next_ref: nextRef };
  }

  // The element's box in the top-level viewport (what Playwright's bounding_box reports).
  function pageBox(el) {
    const rect = el.getBoundingClientRect();
    let x = rect.left, y = rect.top;
    let view = el.ownerDocument.defaultView;
    while (view && view.frameElement) {
      const frame = view.frameElement;
      const frameRect = frame.getBoundingClientRect();
      x += frameRect.left + frame.clientLeft;
      y += frameRect.top + frame.clientTop;
      view = frame.ownerDocument.defaultView;
    }
    return { x, y, width: rect.width, height: rect.height };
  }

  // Every element of a document, open shadow roots included (Playwright's locators pierce them too).
  function composedElements(start) {
    const out = [];
    const visit = (root) => {
      for (const node of root.querySelectorAll('*')) {
        out.push(node);
        if (node.shadowRoot) visit(node.shadowRoot);
      }
    };
    visit(start);
    return out;
  }

  // How many elements of `pool` a candidate matches, judged the way Playwright's engine judges it:
  // an estimate that lets verdex skip candidates that cannot be unique before asking Playwright.
  function matchesOf(candidate, pool, limit) {
    let count = 0;
    for (const el of pool) {
      if (count >= limit) break;           // uniqueness is all that is asked: 0, 1 or "2 or more"
      switch (candidate.kind) {
        case 'test_id': if (el.getAttribute(TEST_ID) === candidate.value) count++; break;
        case 'placeholder': if (el.getAttribute('placeholder') === candidate.value) count++; break;
        case 'alt': if (el.getAttribute('alt') === candidate.value) count++; break;
        case 'title': if (el.getAttribute('title') === candidate.value) count++; break;
        case 'text': {
          if (el.childElementCount > 4) break;      // a big subtree's text is never a short exact value
          const raw = el.textContent || '';
          // an element whose text is much longer cannot collapse to the value: skip it before collapsing
          if (raw.length < candidate.value.length || raw.length > candidate.value.length * 4 + 64) break;
          if (collapse(raw) !== candidate.value || SKIPPED_TAGS.has(el.tagName)) break;
          let inner = false;
          for (let c = el.firstElementChild; c; c = c.nextElementSibling)
            if (collapse(c.textContent || '') === candidate.value) { inner = true; break; }
          if (!inner && !hiddenForAria(el)) count++;
          break;
        }
        case 'role': case 'label': {
          const wanted = candidate.kind === 'role' ? candidate.role : null;
          const r = role(el);
          if (!r || (wanted && r !== wanted)) break;
          if (candidate.kind === 'label' && !(el.labels && el.labels.length) && !el.hasAttribute('aria-label')) break;
          const name = candidate.kind === 'role' ? candidate.name : candidate.value;
          if (name && !(el.textContent || '').includes(name) && !el.hasAttribute('aria-label') &&
              !el.hasAttribute('aria-labelledby') && !el.hasAttribute('title') && !(el.labels && el.labels.length) &&
              !el.hasAttribute('placeholder') && !el.hasAttribute('alt') && el.tagName !== 'INPUT') break;
          if (hiddenForAria(el)) break;
          if (name === null || accessibleName(el) === name) count++;
          break;
        }
      }
    }
    return count;
  }

  // Shadow roots met by the tree walk, so that a selector can be asked of them too.
  const shadowRoots = new Set();

  function queryComposed(doc, selector) {
    const out = Array.from(doc.querySelectorAll(selector));
    for (const root of shadowRoots) {
      if (!root.host.isConnected || root.host.ownerDocument !== doc) continue;
      for (const el of root.querySelectorAll(selector)) out.push(el);
    }
    return out;
  }

  const ROLE_SELECTORS = {
    button: 'button, input, summary, [role]', link: 'a[href], area[href], [role]', heading: 'h1, h2, h3, h4, h5, h6, [role]',
    textbox: 'input, textarea, [contenteditable], [role]', searchbox: 'input, [role]', checkbox: 'input, [role]',
    radio: 'input, [role]', combobox: 'select, input, [role]', listbox: 'select, datalist, [role]', option: 'option, [role]',
    row: 'tr, [role]', listitem: 'li, [role]', article: 'article, [role]', img: 'img, svg, [role]', spinbutton: 'input, [role]',
    slider: 'input, [role]',
  };

  // The elements a candidate could match, narrowed with a selector where the kind allows it.
  function poolFor(candidate, doc) {
    const quoted = (value) => '"' + CSS.escape(value) + '"';
    switch (candidate.kind) {
      case 'test_id': return queryComposed(doc, '[' + TEST_ID + '=' + quoted(candidate.value) + ']');
      case 'placeholder': return queryComposed(doc, '[placeholder=' + quoted(candidate.value) + ']');
      case 'alt': return queryComposed(doc, '[alt=' + quoted(candidate.value) + ']');
      case 'title': return queryComposed(doc, '[title=' + quoted(candidate.value) + ']');
      case 'role': return queryComposed(doc, ROLE_SELECTORS[candidate.role] || '*');
      default: return queryComposed(doc, '*');
    }
  }

  function firstMatches(pool, test, limit) {
    const out = [];
    for (const el of pool) {
      if (test(el)) { out.push(el); if (out.length >= limit) break; }
    }
    return out;
  }

  // The target's candidates in the order a test prefers them, each with the bridge's count of its
  // matches (stopping at 2: only uniqueness matters). Containers are looked at only when no candidate
  // of the target's own is unique.
  function candidates(args) {
    return withElement(args.ref, locating);
  }

  function locating(el) {
    {
      const doc = el.ownerDocument;
      const own = locatorCandidates(el);
      let unique = false;
      const ambiguousNames = new Set();
      for (const candidate of own) {
        if (unique) { candidate.estimate = null; continue; }
        // text that is also an ambiguous accessible name of the same elements is ambiguous as text too
        if (candidate.kind === 'text' && ambiguousNames.has(candidate.value)) { candidate.estimate = 2; continue; }
        candidate.estimate = matchesOf(candidate, poolFor(candidate, doc), 2);
        if (candidate.kind === 'role' && candidate.estimate > 1 && candidate.name) ambiguousNames.add(candidate.name);
        if (candidate.estimate === 1 && !candidate.volatile) unique = true;
      }
      const containerPool = (container) => container.test_id
        ? queryComposed(doc, '[' + TEST_ID + '="' + CSS.escape(container.test_id) + '"]')
        : queryComposed(doc, ROLE_SELECTORS[container.role] || '*');
      const containers = unique ? [] : containersOf(el, 3);
      for (const container of containers) {
        container.estimates = {};
        if (unique) continue;                 // a nearer container already tells the target apart
        // told apart by test id and a substring of their text (Playwright's has_text), or by role and name
        const strategies = [
          ['test_id', () => container.test_id ? firstMatches(containerPool(container), (c) =>
            !container.text || (c.textContent || '').toLowerCase().includes(container.text.toLowerCase()), 2) : []],
          ['role', () => container.role && container.name ? firstMatches(
            queryComposed(doc, ROLE_SELECTORS[container.role] || '*'), (c) => role(c) === container.role &&
            accessibleName(c) === container.name, 2) : []],
        ];
        for (const [strategy, roots] of strategies) {
          if (unique) break;
          const found = roots();
          for (const candidate of own) {
            if (candidate.kind === 'test_id') continue;
            const key = candidate.kind + ':' + (candidate.role || '') + ':' + (candidate.name || candidate.value || '');
            const count = Math.min(2, found.reduce((sum, root) => sum + matchesOf(candidate, composedElements(root), 2), 0));
            (container.estimates[key] = container.estimates[key] || {})[strategy] = count;
            if (count === 1 && !candidate.volatile) { unique = true; break; }
          }
        }
      }
      return { candidates: own, containers, frames: frameChain(el), box: pageBox(el), tag: el.tagName.toLowerCase() };
    }
  }

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
      let inner = null;
      try { inner = el && el.tagName === 'IFRAME' ? el.contentDocument && el.contentDocument.activeElement : null; }
      catch (e) { inner = null; }
      if (inner) { el = inner; continue; }
      break;
    }
    if (!el || el === document.body || el === document.documentElement) return { tag: null, risk: null, submit_risk: null };
    return { tag: el.tagName.toLowerCase(), ...riskFacts(el) };
  }

  // ---------------------------------------------------------------- race preflight: raw facts
  const MOVING = /transform|translate|rotate|scale|left|right|top|bottom|inset|width|height|margin|padding|position|offset/;

  function deepestAt(doc, x, y) {
    let hit = doc.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  function isInside(node, ancestor) {
    for (let n = node; n; n = parentOf(n)) if (n === ancestor) return true;
    return false;
  }

  function hitFacts(hit, el) {
    const s = style(hit);
    const r = role(hit);
    return { tag: hit.tagName.toLowerCase(), ref: refFor(hit), role: r,
      name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(hit), NAME_LIMIT) : '',
      test_id: hit.getAttribute(TEST_ID), id: hit.id || null,
      classes: typeof hit.className === 'string' ? hit.className.split(/\s+/).filter(Boolean).slice(0, 6) : [],
      z_index: s ? s.zIndex : null, opacity: s ? Number(s.opacity) : null, display: s ? s.display : null,
      pointer_events: s ? s.pointerEvents : null, position: s ? s.position : null,
      is_target: hit === el, inside_target: hit !== el && isInside(hit, el), contains_target: hit !== el && isInside(el, hit),
      locators: locatorCandidates(hit).slice(0, 4), containers: containersOf(hit, 1) };
  }

  function coverage(el, rect, view) {
    const points = [['center', 0.5, 0.5], ['top-left', 0.2, 0.2], ['top-right', 0.8, 0.2],
      ['bottom-left', 0.2, 0.8], ['bottom-right', 0.8, 0.8]];
    const out = [];
    for (const [label, fx, fy] of points) {
      const x = rect.left + rect.width * fx, y = rect.top + rect.height * fy;
      if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) {
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
      let running = [];
      try { running = node.getAnimations(); } catch (e) { running = []; }
      for (const animation of running) {
        if (animation.playState !== 'running' && animation.playState !== 'pending') continue;
        let properties = [];
        try {
          const frames = animation.effect && animation.effect.getKeyframes ? animation.effect.getKeyframes() : [];
          const keys = new Set();
          for (const frame of frames) for (const key of Object.keys(frame))
            if (!['offset', 'easing', 'composite', 'computedOffset'].includes(key)) keys.add(key);
          properties = Array.from(keys);
        } catch (e) { properties = []; }
        if (animation.transitionProperty) properties.push(animation.transitionProperty);
        const timing = animation.effect && animation.effect.getComputedTiming ? animation.effect.getComputedTiming() : {};
        out.push({ on: depth === 0 ? 'target' : 'ancestor', depth, tag: node.tagName.toLowerCase(),
          test_id: node.getAttribute(TEST_ID),
          type: animation.constructor ? animation.constructor.name : 'Animation',
          name: animation.animationName || animation.transitionProperty || animation.id || '',
          play_state: animation.playState, progress: timing.progress == null ? null : Math.round(timing.progress * 100) / 100,
          duration_ms: typeof timing.duration === 'number' ? Math.round(timing.duration) : null,
          properties: Array.from(new Set(properties)),
          moves: properties.some((p) => MOVING.test(p)) });
      }
    }
    return out;
  }

  function navigationFacts(el) {
    const link = closestAcrossShadow(el, 'a[href], area[href]');
    const out = { link: null, form: null };
    if (link) out.link = { href: link.href, target: link.getAttribute('target') || null, download: link.hasAttribute('download') };
    const submits = (el.tagName === 'BUTTON' && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit') ||
      (el.tagName === 'INPUT' && ['submit', 'image'].includes((el.type || '').toLowerCase()));
    // formAction/formMethod reflect the button's own attributes and fall back to the document, not the form
    if (submits && el.form) out.form = {
      action: el.hasAttribute('formaction') ? el.formAction : el.form.action,
      method: (el.hasAttribute('formmethod') ? el.formMethod : el.form.method || 'get').toLowerCase(),
      target: el.getAttribute('formtarget') || el.form.getAttribute('target') || null };
    return out;
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
      const testId = node.getAttribute(TEST_ID);
      if (!testId) continue;
      const attributes = {};
      for (const attr of node.attributes) {
        if ((attr.name.startsWith('data-') && attr.name !== TEST_ID) || attr.name === 'aria-busy')
          attributes[attr.name] = clip(attr.value, 100);
      }
      out.push({ depth, tag: node.tagName.toLowerCase(), test_id: testId, attributes });
    }
    return out;
  }

  function preflight(args) {
    resetCaches();
    const found = resolve(args.ref);
    if (found.status !== 'ok') return { error: found.status, ref: args.ref, attached: false, next_ref: nextRef };
    const el = found.element;
    const view = el.ownerDocument.defaultView;
    const rect = el.getBoundingClientRect();
    const s = style(el);
    let opacity = 1;
    for (let node = el; node; node = parentOf(node)) { const ns = style(node); if (ns) opacity *= Number(ns.opacity); }
    const visibleArea = Math.max(0, Math.min(rect.right, view.innerWidth) - Math.max(rect.left, 0)) *
      Math.max(0, Math.min(rect.bottom, view.innerHeight) - Math.max(rect.top, 0));
    const busy = [];
    for (let node = el; node; node = parentOf(node)) {
      if (node.getAttribute && node.getAttribute('aria-busy') === 'true')
        busy.push({ ref: refFor(node), tag: node.tagName.toLowerCase(), test_id: node.getAttribute(TEST_ID) });
    }
    let container = document.body;
    for (let node = parentOf(el); node; node = parentOf(node)) if (containerReason(node)) { container = node; break; }
    const r = role(el);
    return {
      ref: args.ref, attached: true, tag: el.tagName.toLowerCase(), role: r,
      name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '',
      visible: rect.width > 0 && rect.height > 0 && !!s && s.visibility === 'visible' && !hiddenForAria(el),
      box: { x: Math.round(rect.left), y: Math.round(rect.top), width: Math.round(rect.width), height: Math.round(rect.height) },
      page_box: pageBox(el),
      in_viewport: rect.width * rect.height > 0 ? Math.round(visibleArea / (rect.width * rect.height) * 100) / 100 : 0,
      opacity: Math.round(opacity * 100) / 100,
      disabled: !!el.disabled || (() => { try { return el.matches(':disabled'); } catch (e) { return false; } })(),
      aria_disabled: (el.getAttribute('aria-disabled') || '').toLowerCase() === 'true',
      editable: editable(el), readonly: !!el.readOnly, sensitive: isSensitive(el), ...riskFacts(el),
      field_name: el.getAttribute('name') || el.id || null,
      busy_ancestors: busy,
      coverage: coverage(el, rect, view),
      animations: animationFacts(el),
      styles: s ? { transition: s.transition, animation: s.animation, pointer_events: s.pointerEvents, cursor: s.cursor } : null,
      navigation: navigationFacts(el),
      container: { tag: container.tagName.toLowerCase(), test_id: container.getAttribute(TEST_ID), ref: refFor(container) },
      ancestor_state: ancestorState(el),
      locating: args.with_candidates ? locating(el) : null,
      ms_since_mutation: msSinceMutationIn(container),
      next_ref: nextRef,
    };
  }

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
      let doc = null;
      try { doc = el.contentDocument; } catch (e) { doc = null; }
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
    if (isSensitive(el)) return '[redacted]';
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
      let doc = null;
      try { doc = el.contentDocument; } catch (e) { doc = null; }
      let sameOrigin = false;
      try { sameOrigin = !src || new URL(src, document.baseURI).origin === location.origin; } catch (e) { sameOrigin = false; }
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
    if (!main) return { root: document.body, main_only: false, skipped: [] };
    const skipped = landmarksOf(document.body, 50).filter((l) => CHROME_LANDMARKS.has(l.role)).map((l) => l.role);
    return { root: main, main_only: true, skipped: Array.from(new Set(skipped)) };
  }

  function extract(args) {
    resetCaches();
    const where = readingRoot(args);
    if (where.error) return { error: where.error, ref: where.ref, next_ref: nextRef };
    const rd = reader();
    if (where.root) { readElement(where.root, rd); flush(rd); }
    return {
      url: location.href, title: document.title, lang: document.documentElement.lang || '',
      main_only: where.main_only, skipped_landmarks: where.skipped, blocks: rd.blocks, truncated: rd.truncated,
      landmarks: landmarksOf(document.body, 50),
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
          if ((child.tagName === 'INPUT' || child.tagName === 'TEXTAREA') && isSensitive(child)) continue;
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
    const where = args.scope ? readingRoot(args) : { root: document.body };
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
      const target = interactiveAncestor(el);
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

  // The page's clock and its DOM activity, for effects: when did the page last change, and when after a given time.
  function activity(args) {
    const times = [];
    if (args.since != null) for (const [time] of mutations) if (time >= args.since) times.push(Math.round(time));
    return { now: performance.now(), origin: performance.timeOrigin,
      last_mutation: mutations.length ? mutations[mutations.length - 1][0] : null,
      mutation_times: times };
  }

  watchMutations(document);

  const methods = { snapshot, nextPage, ancestors, siblings, descendants, describeRef, refsWithAttribute,
    preflight, candidates, activity, extract, find, frameElementChain, closedFrames, focusedRisk,
    identity: () => { resetCaches(); return identity(document); } };
  globalThis.__verdex = {
    documentId,
    call(method, args) {
      const fn = methods[method];
      if (!fn) return { error: 'no-method', method };
      return fn(args || {});
    },
  };
  return documentId;
}
