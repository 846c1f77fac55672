  // ---------------------------------------------------------------- the tree
  // A node is {el, role, name, ref, testId, attrs, value, url, children, text, shape} or a text node
  // {text}. Generic wrappers with no name, ref or test id dissolve: their children join the parent.

  function isInteractive(el, r) {
    if (el.tagName === 'OPTION' && el.closest('select')) return false;  // chosen through its select
    return INTERACTIVE_ROLES.has(r) || (el.tagName === 'SUMMARY' && !!el.parentElement && el.parentElement.tagName === 'DETAILS');
  }

  // Roles that already say what the element is (a heading, a table): the pointer cursor adds nothing. An
  // image is not one of them: an icon the page wires up itself (an svg with a hand cursor and a click
  // listener, a column's menu icon) is the only thing a user can click to reach what it opens.
  const NAMED_BY_ROLE = new Set(['heading', 'progressbar', 'meter', 'separator', 'table', 'list', 'row']);
  // A heading that opens and closes its section (Bootstrap's collapse: `<a role="heading"
  // data-toggle="collapse">`, handled by a listener on the document; or one that says what it controls or
  // whether it is expanded) is what a user clicks to reach what the section holds: it keeps its role and
  // gets a ref.
  const TOGGLE_ATTRIBUTES = ['data-toggle', 'data-bs-toggle', 'aria-controls', 'aria-expanded'];
  function togglesSection(el, r) {
    return r === 'heading' && TOGGLE_ATTRIBUTES.some((attribute) => el.hasAttribute(attribute));
  }

  // Selectable rows hold controls of their own: a script-wired icon inside one is still its own control.
  const ROW_ROLES = new Set(['row', 'treeitem', 'option']);

  // A control the page wires up by script, with no role to say so: it shows a hand cursor (pointer, or
  // grab/move for what is dragged; and is the outermost element that does), has an onclick or is
  // draggable="true" (a kanban card), or the page's stylesheet draws it pressed (below), and sits inside
  // no other control. The snapshot calls it "clickable" and gives it a ref; its name is its title, label,
  // icon title or short text.
  const HAND_CURSORS = new Set(['pointer', 'grab', 'move']);

  function scriptClickable(el, s) {
    const wired = el.onclick !== null || el.getAttribute('draggable') === 'true';
    if (!HAND_CURSORS.has(s.cursor) && !wired && !drawnPressed(el)) return false;
    if (el.tagName === 'LABEL' || el.tagName === 'BODY' || el.tagName === 'HTML') return false;
    const parent = parentOf(el);
    const parentStyle = parent && parent.nodeType === 1 ? style(parent) : null;
    if (HAND_CURSORS.has(s.cursor) && parentStyle && parentStyle.cursor === s.cursor && !wired) return false;
    for (let a = parent; a && a.nodeType === 1; a = parentOf(a)) {
      const ar = role(a);
      if ((ar && isInteractive(a, ar) && !ROW_ROLES.has(ar)) || a.tagName === 'LABEL') return false;
    }
    if (wrapsOneControl(el)) return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }

  // A label that draws a toggle whose input its style hides (display: none, visibility: hidden): tabs and switches
  // made of a radio or checkbox and its <label for> (pretalx's markdown "Text" / "Preview" tabs). The input is in no
  // accessibility tree and takes no click; the label is what a user clicks, so it is clickable, named by its
  // text, and checked when its input is.
  function labelOfHiddenToggle(el) {
    const control = el.tagName === 'LABEL' ? el.control : null;
    return !!control && control.tagName === 'INPUT' && ['checkbox', 'radio'].includes((control.type || '').toLowerCase()) &&
      !control.checkVisibility({ visibilityProperty: true });
  }

  // An element the page's stylesheet draws pressed while the mouse is down on it (`#settings_menu:active`,
  // Transmission's footer buttons: icons with a title and a listener, the default cursor) is a button drawn by
  // CSS. Only a rule whose subject is pressed and told apart by a class or an id counts (a rule for every
  // `a:active` says nothing of one element). The rules are read once per document while they stay the same.
  const PRESSED = /:active(?![\w-])/;
  const EVERY_PRESSED = new RegExp(PRESSED.source, 'g');
  const pressedRules = new WeakMap();
  function drawnPressed(el) {
    const doc = el.ownerDocument;
    const sheets = Array.from(doc.styleSheets, (sheet) => attempt(() => sheet.cssRules.length, -1)).join(',');
    let known = pressedRules.get(doc);
    if (!known || known.sheets !== sheets) {
      known = { sheets, selector: pressedSelector(doc) };
      pressedRules.set(doc, known);
    }
    return !!known.selector && attempt(() => el.matches(known.selector), false);
  }

  function pressedSelector(doc) {
    const found = new Set();
    const visit = (rules) => {
      for (const rule of rules) {
        if (rule.cssRules && !rule.selectorText) visit(rule.cssRules);          // @media, @supports
        if (!rule.selectorText || !PRESSED.test(rule.selectorText)) continue;
        for (const part of rule.selectorText.split(/,(?![^(]*\))/)) {
          const subject = part.trim().split(/[\s>+~]+/).pop();
          if (!PRESSED.test(subject) || !/[.#]/.test(subject)) continue;
          const base = part.replace(EVERY_PRESSED, '').trim();
          if (base && attempt(() => (doc.querySelector(base), true), false)) found.add(base);
        }
      }
    };
    for (const sheet of Array.from(doc.styleSheets)) visit(attempt(() => sheet.cssRules, []));
    return Array.from(found).join(', ');
  }

  const CONTROLS = 'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], ' +
    '[role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option], [role=combobox], [role=textbox]';

  // A wrapper that handles its control's click (a toolbar's span around each button; a web component's
  // host around the <button> in its shadow root, as JupyterLab's jp-button) is that control again: it
  // holds one control and no text of its own. The control alone is listed.
  function wrapsOneControl(el) {
    let controls = Array.from(el.querySelectorAll(CONTROLS));
    if (controls.length < 2) {
      controls = composedElements(el).filter((c) => c.matches(CONTROLS));
    }
    if (controls.length !== 1) return false;
    const root = controls[0].getRootNode();    // a shadow root's button shows its host's slotted text
    const shown = root.host && (root.host === el || el.contains(root.host)) ? root.host : controls[0];
    return collapse(renderedText(el)) === collapse(renderedText(shown));
  }

  // A member of a roving tabindex group (a file list, a grid of rows: one member takes Tab at a time,
  // the arrow keys move it on, every member is a control): the page made it focusable, and so it made
  // its peers, one of them in the tab order now. The peers are its siblings, or — when each member sits
  // in a repeated item of its own (JupyterLab's file list: the name's span in each row's <li>, only the
  // active one with role=button) — the elements in the same place in that item's siblings.
  function rovingMember(el) {
    if (!el.hasAttribute('tabindex') || wrapsOneControl(el)) return false;
    let members = 0, tabbable = false;
    for (const c of rovingPeers(el)) {
      members++;
      if (c.tabIndex >= 0) tabbable = true;
    }
    if (members < 2 || !tabbable) return false;
    for (let a = parentOf(el); a && a.nodeType === 1; a = parentOf(a)) {
      const ar = role(a);
      if (ar && isInteractive(a, ar) && !ROW_ROLES.has(ar) && ar !== 'listbox') return false;
    }
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  }

  const ROVING_ITEM_DEPTH = 3;
  // The focusable elements of el's tag in el's place: among its siblings, else in each sibling of the nearest
  // of its repeated ancestors (at most ROVING_ITEM_DEPTH up), found by the same path of child positions. The
  // siblings of what sits straight in a shadow root are the shadow root's children (withSiblings): a web
  // component whose render() returns its items and nothing around them.
  function rovingPeers(el) {
    const alike = (c) => c && c.tagName === el.tagName && c.hasAttribute('tabindex');
    const siblings = withSiblings(el).filter(alike);
    if (siblings.length >= 2) return siblings;
    const path = [];
    for (let item = el, depth = 0; item.parentElement && depth < ROVING_ITEM_DEPTH; item = item.parentElement, depth++) {
      path.unshift(Array.prototype.indexOf.call(item.parentElement.children, item));
      const items = withSiblings(item.parentElement).filter((c) => c.tagName === item.parentElement.tagName);
      if (items.length < 2) continue;
      const peers = items.map((other) => path.reduce((at, i) => at && at.children[i], other)).filter(alike);
      if (peers.length >= 2) return peers;
    }
    return siblings;
  }

  // A control marked aria-hidden="true" that a user still sees and clicks (OctoPrint's wizard dialogs close
  // only by such a "Close" link, drawn in their footer): out of the accessibility tree, it may be the only
  // way to do something. It is listed, said to be aria-hidden, when it is a link, a button or a control
  // wired up by script, drawn and visible, with a short text of its own (its locator finds it by that text:
  // Playwright's role engine does not see it), inside no other control and holding none: a decorative
  // icon inside a button stays a part of the button.
  const HIDDEN_CONTROL_TEXT = 40;
  function hiddenControl(el, s) {
    if (s.visibility !== 'visible' || el.hasAttribute('inert')) return false;
    if (!el.matches(CONTROLS) && !scriptClickable(el, s)) return false;
    if (el.matches('input, select, textarea') || el.querySelector(CONTROLS)) return false;
    for (let a = parentOf(el); a && a.nodeType === 1; a = parentOf(a)) {
      const ar = role(a);
      if ((ar && isInteractive(a, ar)) || a.tagName === 'LABEL') return false;
    }
    const text = collapse(renderedText(el));
    const rect = el.getBoundingClientRect();
    return !!text && text.length <= HIDDEN_CONTROL_TEXT && rect.width > 0 && rect.height > 0;
  }

  // Such a control, listed by the snapshot: marked aria-hidden itself, in a part of the page that is not.
  function listedHiddenControl(el) {
    if ((el.getAttribute('aria-hidden') || '').toLowerCase() !== 'true') return false;
    const parent = parentOf(el), s = style(el);
    return !!s && (!parent || parent.nodeType !== 1 || !hiddenForAria(parent)) && hiddenControl(el, s);
  }

  // What the page draws and reads out nowhere: aria-hidden="true" left on a part of the page that holds most of
  // what a user sees, with no dialog or menu open in its document. A modal library hides the app's root beside
  // its overlay while it is open, and one unmounted while open never takes that back (PatternFly 4's, in
  // Cockpit 287: after any dialog, the whole page). The tree leaves it out, as Chromium's and Playwright's role
  // engine do; the snapshot says so in a line of its own, rather than showing a page with nothing in it.
  const STRANDED_SHARE = 0.25;           // of the viewport, at least
  const STRANDED_TEXT = 20;              // characters it shows, at least

  function strandedContent(el, s) {
    if (s.visibility !== 'visible' || hiddenByOverlay.has(el) || editorDrawing(el)) return false;
    const view = el.ownerDocument.defaultView, rect = el.getBoundingClientRect();
    if (!view || rect.width * rect.height < STRANDED_SHARE * view.innerWidth * view.innerHeight) return false;
    if (collapse(renderedText(el)).length < STRANDED_TEXT) return false;
    const open = attempt(() => queryComposed(el.ownerDocument, OVERLAYS), []).filter((o) => o.getClientRects().length);
    return open.length === 0;
  }

  // A code editor's lines are hidden on purpose: Monaco (ESPHome's, VS Code's) draws them in a div.view-lines
  // marked aria-hidden and reads them out through the text field that takes its keys, three levels up beside
  // them (textarea.inputarea, "Editor content"). Such a drawing is no page a dialog left hidden: an element
  // below the body whose near ancestor holds a text field the reader still reaches, outside it.
  const EDITOR_LEVELS = 4;
  const TEXT_FIELDS = 'textarea, [contenteditable=""], [contenteditable="true"], [role=textbox]';
  function editorDrawing(el) {
    let node = parentOf(el);
    for (let level = 0; node && level < EDITOR_LEVELS; level++, node = parentOf(node)) {
      if (node.nodeType !== 1 || node.tagName === 'BODY' || node.tagName === 'HTML') return false;
      for (const field of node.querySelectorAll(TEXT_FIELDS))
        if (!isInside(field, el) && !hiddenForAria(field)) return true;
    }
    return false;
  }

  function strandedNote(el) {
    const id = el.id ? '#' + el.id : el.classList.length ? '.' + el.classList[0] : '';
    const said = el.tagName.toLowerCase() + id;
    return { text: `(aria-hidden=true on ${said}: what it draws is out of the accessibility tree, with no ` +
      'dialog open (one that closed may have left it): role locators find nothing in it; get_by_text does, ' +
      'and a reload may draw the page afresh)', ended: true, lead: false, trail: false };
  }

  // Elements inside a control that hold a click handler of their own (a column header's filter
  // icon: a click on the header sorts, one on the icon opens the column's menu). Only the page's
  // own world sees such a handler; verdex asks it before each snapshot (handled_inside.js) and
  // hands the elements over here. Each is a control of its own, listed inside the one that holds
  // it, even where that control's content is only its name.
  let handledInside = new Set();
  function markHandledInside(elements) {
    handledInside = new Set(elements);
  }

  function handledWithin(el) {
    if (!handledInside.size) return [];
    return [...handledInside].filter((inner) => inner !== el && el.contains(inner));
  }

  function handledInsideNode(el) {
    const rect = el.getBoundingClientRect();
    const drawn = el.checkVisibility({ visibilityProperty: true }) && rect.width && rect.height;
    if (!drawn) return null;
    const icon = el.getAttribute('data-icon-name') || el.getAttribute('data-icon') || '';
    const name = clickableName(el) || clip(icon, NAME_LIMIT);
    return { el, role: 'clickable', name, ref: refFor(el),
      testId: el.getAttribute(TEST_ID) || null, attrs: [], value: null, url: null, children: [],
      shape: '', nameable: false };
  }

  function hiddenControlNode(el, s) {
    const r = role(el);
    const shown = r && isInteractive(el, r) ? r : 'clickable';
    return { el, role: shown, name: collapse(spacedText(el)), ref: refFor(el), testId: el.getAttribute(TEST_ID) || null,
      attrs: [...states(el, shown), 'aria-hidden'], value: null, url: shown === 'link' ? clip(el.getAttribute('href') || '', NAME_LIMIT) : null,
      children: [], shape: '', nameable: false };
  }

  // An editing host the page gives no role (a rich-text editor: TinyMCE's and CKEditor 4's body in an iframe,
  // Quill's and ProseMirror's div): what a user types into, though no role says so and Playwright's role
  // engine finds no textbox there. The snapshot calls it "editable" and gives it a ref; its name is its
  // label or title, the placeholder the editor draws, or its class. A role that names no widget, only a
  // document (a block editor's rich-text block: WordPress's paragraph is `<p role="document" aria-label=
  // "Paragraph block" contenteditable>`), hides it no less: it is one too, found by that role and its label.
  const EDITED_DOCUMENT_ROLES = new Set(['generic', 'document']);
  function editingHost(el, r) {
    if (r && !EDITED_DOCUMENT_ROLES.has(r)) return false;
    const designed = el.tagName === 'BODY' && el.ownerDocument.designMode === 'on';
    if (!designed && !(el.isContentEditable && el.hasAttribute('contenteditable'))) return false;
    const parent = parentOf(el);
    return !parent || parent.nodeType !== 1 || !parent.isContentEditable;
  }

  function editableName(el) {
    const own = el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('aria-placeholder') ||
      el.getAttribute('data-placeholder') || el.getAttribute('placeholder');
    return own ? clip(collapse(own), NAME_LIMIT) : semanticClass(el) || '';
  }

  function clickableName(el) {
    const own = el.getAttribute('title') || el.getAttribute('aria-label') || el.getAttribute('alt') ||
      (tooltipOf(el) || {}).text;
    if (own) return clip(collapse(own), NAME_LIMIT);
    const held = heldImage(el);       // the one named image it shows and nothing else
    if (held) return clip(held.name, NAME_LIMIT);
    // its words, else its icon's title: an icon beside words is what every such item shows ("Arrow Icon")
    const titles = [...el.querySelectorAll('svg title')].map((title) => collapse(title.textContent || '')).filter(Boolean);
    const text = collapse(titles.reduce((words, title) => words.replace(title, ' '), spacedText(el)));
    if (text && text.length <= 40 && /[A-Za-z\u00C0-\uFFFF]{2}/.test(text)) return text;
    if (titles.length) return clip(titles[0], NAME_LIMIT);
    if (text && text.length <= 40) return text;
    return (iconOf(el) || {}).name || semanticClass(el) || '';
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

  // A part of the page an open modal <dialog> blocks (showModal()): everything outside the modal is inert
  // with no attribute saying so, and Chromium's accessibility tree leaves it out ("activeModalDialog"), as it
  // does what is [inert]; the modal, what it holds and the elements that hold it stay. Read once per document
  // and tree (ctx.modals).
  function blockedByModal(el, ctx) {
    const doc = el.ownerDocument;
    ctx.modals = ctx.modals || new Map();
    if (!ctx.modals.has(doc)) ctx.modals.set(doc, attempt(() => queryComposed(doc, 'dialog:modal'), []));
    const modals = ctx.modals.get(doc);
    return modals.length > 0 && !modals.some((modal) => holdsComposed(modal, el) || holdsComposed(el, modal));
  }

  // A part of the page a modal library hides while its overlay is open: aria-hidden or inert on each sibling of
  // the overlay and of its ancestors (Radix's, MUI's, Reka UI's modals and menus; Headless UI's). Asked only of a
  // tree built `behind` (an action's watch); read once per document and tree (ctx.overlays).
  const OVERLAYS = 'dialog[open], [aria-modal=true], [role=dialog], [role=alertdialog], [role=menu]';

  function hiddenBesideOverlay(el, ctx) {
    if ((el.getAttribute('aria-hidden') || '').toLowerCase() !== 'true' && !el.hasAttribute('inert')) return false;
    const doc = el.ownerDocument;
    ctx.overlays = ctx.overlays || new Map();
    if (!ctx.overlays.has(doc)) {
      ctx.overlays.set(doc, attempt(() => queryComposed(doc, OVERLAYS), []).filter((o) => o.getClientRects().length));
    }
    const parent = parentOf(el);
    const overlay = parent && ctx.overlays.get(doc).find((o) => holdsComposed(parent, o) && !holdsComposed(el, o));
    if (!overlay) return false;
    ctx.blocker = ctx.blocker || overlay;
    if (!hiddenByOverlay.has(el)) {
      hiddenByOverlay.add(el);
      resetCaches();                         // what was read as hidden under it is read again
    }
    return true;
  }

  // What an open overlay blocks, built all the same in a tree built `behind`: still on the page, it is not gone
  // when the overlay opens nor new when it closes. Its refs are kept in ctx.behind (counted, not listed).
  // `unhidden`: the aria-hidden or inert on el is the overlay's, read as not there.
  function buildBehind(el, depth, ctx, out, unhidden) {
    ctx.lifted = el;
    ctx.unhidden = unhidden ? el : null;
    try {
      buildNodes(el, depth, ctx, out);
    } finally {
      ctx.lifted = ctx.unhidden = null;
    }
  }

  function holdsComposed(outer, el) {
    for (let a = el; a; a = parentOf(a)) if (a === outer) return true;
    return false;
  }

  function buildNodes(el, depth, ctx, out) {
    if (SKIPPED_TAGS.has(el.tagName) || undrawnSvgPart(el)) return;
    const s = style(el);
    if (!s || s.display === 'none') return;
    if (handledInside.has(el)) {
      const node = handledInsideNode(el);
      if (node) out.push(node);
      return;
    }
    if (!ctx.lifted && blockedByModal(el, ctx)) {
      if (!ctx.behind) return;
      ctx.blocker = ctx.blocker || ctx.modals.get(el.ownerDocument).at(-1);
      return buildBehind(el, depth, ctx, out, false);
    }
    if (ctx.behind && !ctx.lifted && hiddenBesideOverlay(el, ctx)) return buildBehind(el, depth, ctx, out, true);
    const unhidden = ctx.unhidden === el;
    if (!unhidden && (el.getAttribute('aria-hidden') || '').toLowerCase() === 'true') {
      if (hiddenControl(el, s)) out.push(hiddenControlNode(el, s));
      else if (!ctx.behind && strandedContent(el, s)) out.push(strandedNote(el));
      return;
    }
    if (!unhidden && el.hasAttribute('inert')) return;
    ctx.visited++;
    const visible = s.visibility === 'visible' && s.display !== 'contents';
    if (ctx.drawn && visible && Number(s.opacity) > 0) ctx.drawn.add(el);
    const r = visible ? role(el) : null;
    const testId = el.getAttribute(TEST_ID);
    const interactive = !!r && isInteractive(el, r);
    const roving = !interactive && visible && rovingMember(el);
    const editable = !interactive && visible && editingHost(el, r);
    const drawnToggle = !interactive && !editable && visible && !r && labelOfHiddenToggle(el);
    const clickable = drawnToggle || !interactive && !editable && visible && (!r || !NAMED_BY_ROLE.has(r)) &&
      (scriptClickable(el, s) || (!r && roving));
    const node = { el, role: editable ? 'editable' : clickable ? 'clickable' : r || 'generic',
      name: editable ? editableName(el) : clickable ? clickableName(el) : '',
      ref: null, testId: visible && testId || null, attrs: null, value: null, url: null, children: [], shape: '' };
    node.nameable = !!r && !NAME_PROHIBITED.has(r) && !TRANSPARENT_ROLES.has(r);   // named in finish()
    if (interactive || editable || clickable || roving || togglesSection(el, r) || ctx.refAll && visible) node.ref = refFor(el);
    // handed out earlier (identity, structure tools): keep showing it while it is drawn; an element hidden by
    // visibility (a toolkit's window kept laid out for its next showing) is no longer one to act on or see
    else node.ref = visible ? refOf.get(el) || null : null;
    if (ctx.lifted && node.ref) ctx.behind.add(node.ref);
    if (visible) node.attrs = states(el, r || 'generic');
    if (drawnToggle && el.control.checked) node.attrs.push('checked');
    if (editable) node.value = clip(collapse(el.innerText || ''), NAME_LIMIT) || null;   // a field's value
    else if (r) {
      node.value = valueOf(el, r);
      if (r === 'link') node.url = clip(el.getAttribute('href') || '', NAME_LIMIT);
    }

    if (el.tagName === 'IFRAME') {
      node.role = 'iframe';
      node.name = clip(el.getAttribute('title') || el.getAttribute('name') || '', NAME_LIMIT);
      node.ref = refFor(el);
      const doc = attempt(() => el.contentDocument, null);
      if (doc && doc.body) {
        watchMutations(doc);
        if (depth < ctx.maxDepth) buildChildren([doc.body], node, depth + 1, ctx);
      } else {
        node.attrs = ['cross-origin'];
      }
      out.push(node);
      return;
    }

    const leaf = editable || !!r && LEAF_ROLES.has(r) && !drawingWithContent(el, r);
    if (!leaf && depth < ctx.maxDepth) buildChildren(composedChildren(el), node, depth + 1, ctx);
    else if (!leaf && el.firstElementChild) node.truncated = true;
    if (leaf) node.children.push(...handledWithin(el).map(handledInsideNode).filter(Boolean));

    const dissolve = (!r || TRANSPARENT_ROLES.has(r)) && !node.ref && !node.testId;
    if (dissolve) {
      // an inline element's text goes on with the text around it; a box's (a div, an inline-block) is a
      // line of its own, which the page's text holds as it stands
      const inline = INLINE_DISPLAYS.has(s.display);
      if (!inline) endText(out);
      for (const c of node.children) {
        const last = out[out.length - 1];
        if (c.text !== undefined && last && last.text !== undefined && !last.ended) joinText(last, c);
        else out.push(c);
      }
      if (!inline) endText(out);
      return;
    }
    out.push(node);
  }

  // A text line is what Playwright's text engine reads there (getByText, the agent's verify_text): the DOM's
  // text, a space only where the page has white space (`<span>{</span><span>"item"</span>` is `{"item"`),
  // a line break (<br>) or a box's edge ending the line.
  const INLINE_DISPLAYS = new Set(['inline', 'contents']);

  function textPiece(data) {
    return { text: collapse(data), lead: /^\s/.test(data), trail: /\s$/.test(data) };
  }

  function joinText(last, piece) {
    last.text = last.text + (last.trail || piece.lead ? ' ' : '') + piece.text;
    last.trail = piece.trail;
    last.ended = piece.ended;
  }

  function endText(list) {
    const last = list[list.length - 1];
    if (last && last.text !== undefined) last.ended = true;
  }

  function buildChildren(childNodes, node, depth, ctx) {
    const kids = node.children;
    for (const child of childNodes) {
      if (child.nodeType === 1) {
        if (child.tagName === 'BR') endText(kids);
        else buildNodes(child, depth, ctx, kids);
      } else if (child.nodeType === 3) {
        const piece = textPiece(child.data);
        const last = kids[kids.length - 1];
        if (!piece.text) {
          if (last && last.text !== undefined && child.data) last.trail = true;      // white space between
          continue;
        }
        const parent = child.parentElement;
        if (parent && (styleHidden(parent) || undrawnSvgText(child))) continue;
        if (last && last.text !== undefined && !last.ended) joinText(last, piece);
        else kids.push(piece);
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
      // a clickable's accessible name when it has one, else what clickableName found (an icon's class)
      if (node.nameable) node.name = clip(accessibleName(node.el), NAME_LIMIT) || node.name;
      if (node.ref && node.name && !SAYS_SOMETHING.test(node.name)) node.title = glyphTitle(node.el);
      if (node.ref && !node.name && INTERACTIVE_ROLES.has(node.role)) node.icon = (iconOf(node.el) || {}).name;
      if (node.ref && INTERACTIVE_ROLES.has(node.role)) node.risk = riskOf(node.el, node.role, node.name);
      finish(node.children);
      dropRedundantText(node);
      const first = node.children[0];
      if (node.name && !node.ref && first && first.role === 'heading' && first.name === node.name) node.name = '';
    }
  }


  // A name of icon glyphs only (an icon font's private code point, Playwright's and Chromium's name
  // of a control whose one child is an icon) says nothing to a reader: its title says what it does.
  const SAYS_SOMETHING = /[\p{L}\p{N}]/u;

  function glyphTitle(el) {
    const title = el.getAttribute('title') || el.getAttribute('aria-description') || '';
    return title.trim() ? clip(collapse(title), NAME_LIMIT) : null;
  }

  function dropRedundantText(node) {
    const kids = node.children;
    if (!kids.length) return;
    for (const k of kids) if (k.text === undefined) return;
    // the name is the same words, whether the page's text has white space between its parts or not
    const words = (text) => text.replace(/\s+/g, '');
    if (node.name && words(kids.map((k) => k.text).join('')) === words(node.name)) node.children = [];
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

  // Among many siblings, a run of one shape (its siblings one after another, nothing but text between them)
  // longer than FOLD_RUN keeps its first FOLD_KEEP; one line after them stands for the rest of the run. A
  // shape scattered among others is no run, however often it comes: a form's buttons between its fields and
  // headings (Directus's "Save" among its field types, each a button of no children) all stay where they
  // are, and so does the one row with a button among thousands that have none (each side of it a run).
  function foldChildren(node) {
    foldGroupedOptions(node);
    const kids = node.children;
    if (kids.length > FOLD_RUN) {
      const folded = [];
      let shape = null, n = 0, total = 0;
      kids.forEach((k, index) => {
        if (k.text !== undefined) { folded.push(k); return; }
        if (shapeOf(k) !== shape) { shape = k.shape; n = 0; total = runLength(kids, index); }
        n++;
        if (total <= FOLD_RUN || n <= FOLD_KEEP) folded.push(k);
        else if (n === FOLD_KEEP + 1) folded.push({ fold: total - FOLD_KEEP, like: k });
      });
      node.children = folded;
    }
    for (const c of node.children) if (c.children) foldChildren(c);
  }

  // A select's options in groups are one list to its reader, as they are to ``select REF LABEL``: a database
  // admin's collations (forty charsets' optgroups, 280 options, in every column's row) were no run, each group
  // of another shape, and pushed the form's buttons pages down. Past FOLD_RUN options in all, the first
  // FOLD_KEEP and the chosen one stay, in their groups, and one line stands for the rest.
  function foldGroupedOptions(node) {
    const options = [];
    for (const c of node.children) {
      if (c.role === 'option') options.push(c);
      else if (c.role === 'group' && c.children.length && c.children.every((o) => o.role === 'option')) options.push(...c.children);
      else return;
    }
    if (options.length <= FOLD_RUN || !node.children.some((c) => c.role === 'group')) return;
    const kept = new Set(options.filter((o, index) => index < FOLD_KEEP || (o.el && o.el.selected)));
    const children = [];
    for (const c of node.children) {
      if (c.role === 'option') { if (kept.has(c)) children.push(c); continue; }
      const inside = c.children.filter((o) => kept.has(o));
      if (inside.length) children.push({ ...c, children: inside, shape: '' });
    }
    children.push({ fold: options.length - kept.size, like: options.find((o) => !kept.has(o)) });
    node.children = children;
  }

  function runLength(kids, start) {
    let total = 0;
    for (let i = start; i < kids.length; i++) {
      if (kids[i].text !== undefined) continue;
      if (shapeOf(kids[i]) !== kids[start].shape) break;
      total++;
    }
    return total;
  }

  // ---------------------------------------------------------------- rendering
  // Characters a reader cannot see, escaped as JSON reads them back (the string is the same): an icon font's
  // private code point (a glyph a terminal shows as nothing), format characters (bidirectional controls reorder
  // the line around them; tags and zero-width spaces hide words) and the line separators. The zero-width joiner
  // and non-joiner stay: emoji and scripts draw with them (verdex/unseen.py spells the same in code).
  const UNSEEN = /(?![\u200c\u200d])[\p{Co}\p{Cf}\u2028\u2029]/u;
  const UNSEEN_ALL = new RegExp(UNSEEN.source, 'gu');
  const escaped = (c) => Array.from({ length: c.length }, (_, i) => '\\u' + c.charCodeAt(i).toString(16).padStart(4, '0')).join('');
  function quote(text) { return JSON.stringify(text).replace(UNSEEN_ALL, escaped); }

  // Text after a colon goes unquoted when it cannot be mistaken for structure (a quote, brackets
  // that look like [ref=…], a leading YAML indicator, a line break, a ': ' or ' #') or hide a character.
  function scalar(text) {
    if (/^[^\s"'`{}[\]&*#?|<>=!%@,:-][^\n\r"[\]]*$/.test(text) && !/: | #|[\s:]$/.test(text) && !UNSEEN.test(text)) {
      return text;
    }
    return quote(text);
  }

  function head(node) {
    // what the agent was shown it as: a changed name is said (preflight), a hidden one found by it (shownWay)
    if (node.ref && (node.nameable || UNROLED.has(node.role))) shownAs.set(node.el, { role: node.role, name: node.name });
    let line = node.role;
    if (node.name) line += ' ' + quote(node.name);
    if (node.ref) line += ' [ref=' + node.ref + ']';
    if (node.testId) line += ' [testid=' + clip(node.testId, NAME_LIMIT) + ']';
    if (node.attrs) for (const a of node.attrs) line += ' [' + a + ']';
    if (node.url) line += ' [url=' + node.url + ']';
    if (node.title) line += ' [title=' + quote(node.title) + ']';
    if (node.icon) line += ' [icon=' + node.icon + ']';
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

