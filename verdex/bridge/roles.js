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

  // The elements an open overlay hid with aria-hidden, read as shown while a tree is built `behind` (tree.js):
  // their controls are named as they were before it opened.
  const hiddenByOverlay = new Set();

  function displayNoneOrAriaHidden(el) {
    let hidden = hiddenCache.get(el);
    if (hidden !== undefined) return hidden;
    hidden = !!(el.parentElement && el.parentElement.shadowRoot && !el.assignedSlot);
    if (!hidden) {
      const s = style(el);
      hidden = !s || s.display === 'none' ||
        ((el.getAttribute('aria-hidden') || '').toLowerCase() === 'true' && !hiddenByOverlay.has(el));
    }
    if (!hidden) {
      const parent = parentOf(el);
      if (parent) hidden = displayNoneOrAriaHidden(parent);
    }
    hiddenCache.set(el, hidden);
    return hidden;
  }

