  // ---------------------------------------------------------------- locator candidates
  // A time relative to now ("15 seconds ago", "a minute ago", "5m ago", "just now", "in 3 hours"), or a text
  // that is nothing but such a word ("now", a file browser's age of what was made a second ago, which says
  // "2s ago" a second later; "today", "yesterday"): a second later, or on the next load, the page says
  // another; never a way to find an element, not even pushed back.
  const RELATIVE_TIME = /\b(\d+|an?|one|a few)\s*(s|m|h|d|w|y|secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|weeks?|months?|mos?|years?|yrs?)\s+ago\b|\bjust now\b|\bin\s+(\d+|an?)\s+(seconds?|minutes?|hours?|days?)\b|^\s*(now|today|yesterday|tomorrow)\s*$/i;
  // A measurement: a duration or a size with its unit ("23ms", "1.5 s", "30b", "4.2 MB"), which a
  // request's log, a job's list or a file browser shows and the next run measures again.
  const MEASUREMENT = /\b\d[\d,.]*(ms|µs|ns|s|m|h|b)\b|\b\d[\d,.]*\s?(secs?|mins?|hrs?|[kmgt]i?b|bytes?)\b/;
  // A number before the plural of what it counts ("2 revisions", "12 comments": Redmine's wiki history link), the
  // number alone; tried after a relative time's ("15 seconds ago"), which is volatile as a whole.
  const COUNTED = /\b\d[\d,.]*(?=\s+[a-z]+s\b)/;
  // Text that changes with the data, never a way to find an element: a price, a count ("List (4)",
  // "3 items", "TargetDown (1 active)", "node (1/1 up)": a number in brackets with what it counts; "2 revisions"),
  // a time, a date, a time relative to now, a measurement, a number of three digits or more.
  const DRAWN_FROM_DATA = new RegExp(/[$€£¥]\s?\d|\d[\d,.]*\s?(%|items?|left|in stock|results?)\b|\(\d[\d,./]*(\s+[a-z]+)*\)|\b\d{1,2}:\d{2}\b|\b(19|20)\d{2}-\d{2}|\b\d{3,}\b/.source
    + '|' + MEASUREMENT.source + '|' + RELATIVE_TIME.source, 'i');
  const VOLATILE = new RegExp(DRAWN_FROM_DATA.source + '|' + COUNTED.source, 'i');
  // Where a server is, not what it holds: a URL's origin ("http://127.0.0.1:5302") or an address with its
  // port; its numbers are the place the app was pointed at, the same on every load, never a count.
  const ADDRESS = /\b[a-z][a-z\d+.-]*:\/\/[^\s/?#]+|\b\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?\b|\blocalhost:\d{1,5}\b/gi;
  // A text that shows an id a server made for one record (Piccolo Admin's rows begin with the row's UUID,
  // "e95298e7-96b8-487a-a2fa-aaf3c3430079") names that record only, as such a test id does: the next run's
  // record has another. Whether a UUID also held a run of digits ("487a" does not, "4870" would) decided, by
  // chance, whether it was taken for a count or for a name.
  const looksVolatile = (text) => VOLATILE.test(text.replace(ADDRESS, ' ')) || holdsMadeId(text);
  // A page's own text the startup may wait for: a count before its plural stays one ("Showing 1-2 of 2 members"),
  // waited for by its shape, its numbers as any number (generators/waits.py); the rest of the above does not
  const drawnFromData = (text) => DRAWN_FROM_DATA.test(text.replace(ADDRESS, ' ')) || holdsMadeId(text);
  // A name or value this long is a help text (a placeholder that documents the field), not a short label:
  // copy that changes, and a line no one reads; it is pushed back like volatile text, so a container or a
  // shorter way is preferred (text candidates stop at the same length).
  const LONG_VALUE = 80;
  // A name, label, placeholder, title or alt text of no letter or digit ("...", "-", "•": the aria-label a template
  // put on every control of its kind; an icon font's glyph) says nothing of which element it is, and a later version
  // fills it: pushed back as a help text is, so what says something (a title "Refresh", a container) is preferred.
  const saysLittle = (value) => value.length > LONG_VALUE || !SAYS_SOMETHING.test(value);
  const unsteady = (value) => looksVolatile(value) || saysLittle(value);
  // The words of a name that holds a count, a price or a date ("Best Trial (1)" → "Best Trial"): a role locator
  // matches them as a part of the name (Playwright's name without exact), so the count may change. Null when
  // fewer than five letters are left, which would match too much.
  const VOLATILE_ALL = new RegExp(VOLATILE.source, 'gi');
  function wordsOf(name) {
    const words = collapse(withoutMadeIds(name).replace(VOLATILE_ALL, ' ').replace(/\d[\d.,:/%-]*/g, ' ').replace(/[()[\]{}]/g, ' '))
      .replace(/^[\s,.:;|·–-]+|[\s,.:;|·–-]+$/gu, '');
    return (words.match(/\p{L}/gu) || []).length >= 5 && words !== name ? words : null;
  }

  // A count badge: an element inside a control that holds a number and nothing else ("0", "12", "99+"), the
  // count of what the control names (a shelf's books, a folder's unread mail, a tab's items), a separate
  // thing drawn beside its words. It changes with the data, as "(2)" does: the words beside it find the
  // control. Only a few elements are looked at (a link or a tab, not a page).
  const BADGE_COUNT = /^\d[\d,.]*\+?$/;
  const BADGE_LOOK = 40;
  function badgeCounts(el) {
    const inside = el.getElementsByTagName('*');
    if (inside.length > BADGE_LOOK) return [];
    const out = [];
    for (const child of inside) {
      if (child.firstElementChild || hiddenForAria(child)) continue;
      const text = collapse(child.textContent || '');
      if (BADGE_COUNT.test(text)) out.push(text);
    }
    return out;
  }

  // The words of a name beside its count badges ("\ue001 Garden 3fa2c1d9 0" → "Garden 3fa2c1d9"): the
  // longest run between them, an icon font's glyph or a mark at its ends left out, so that it is a part of
  // the name as Playwright matches one (a name without exact). Null when fewer than five letters are left.
  const letters = (text) => (text.match(/\p{L}/gu) || []).length;
  function runsBeside(name, counts) {
    const badge = new RegExp('(?:^|\\s)(?:' + counts.map((c) => c.replace(/[.+]/g, '\\$&')).join('|') + ')(?=\\s|$)');
    return name.split(badge).map((run) => collapse(run).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  }
  function wordsBeside(name, counts) {
    const words = runsBeside(name, counts).reduce((best, run) => (letters(run) > letters(best) ? run : best), '');
    return letters(words) >= 5 && words !== name ? words : null;
  }
  // The count badges of a named control that has words beside them (a pager's link "2" is no badge's). A row's
  // or a cell's number is its data (a status, a size), not a count drawn beside its name.
  const BADGE_ROLES = new Set(['link', 'button', 'tab', 'menuitem', 'menuitemradio', 'menuitemcheckbox', 'treeitem',
    'option']);
  function badgesOf(el, r, name) {
    const counts = name && BADGE_ROLES.has(r) ? badgeCounts(el) : [];
    return counts.length && runsBeside(name, counts).some((run) => letters(run) > 0) ? counts : [];
  }

  // A field whose label holds other controls and no text of its own that shows (Fava's narration field:
  // its "Narration:" hidden on a desktop, its "Add metadata" button "m" beside it) is named by those
  // controls' text alone, in Chromium and in Playwright: "m" is the button's, not the field's, and goes
  // when the button does. Its role and name and its label are pushed back like volatile text, so its
  // placeholder or a container finds it.
  function nameBorrowed(el) {
    if (!el.labels || !el.labels.length) return false;
    const visited = new Set([el]);
    for (const label of el.labels) {
      for (const inner of label.querySelectorAll('*')) if (INTERACTIVE_ROLES.has(role(inner))) visited.add(inner);
    }
    return !flatten(labelsText(el.labels, { visited }));
  }

  // A name made of a row's cells (a statistics row's "GET /hello.json 8 0 17 54 17.51"): its numbers are the
  // row's figures, counted or measured again on the next run, so the cell that names the row finds it.
  const holdsFigures = (el, r, name) => SCOPE_ROLES.has(r) && /\d/.test(name) && concatenated(el);

  function locatorCandidates(el) {
    const out = [];
    // a control marked aria-hidden (listed by the snapshot when it is the only way to do something) has no
    // role or name Playwright's role engine sees: its text finds it
    const r = el.closest('[aria-hidden="true" i]') ? null : role(el);
    const name = r && !NAME_PROHIBITED.has(r) ? accessibleName(el) : '';
    const borrowed = !!name && nameBorrowed(el);
    const testId = lastingTestId(el);
    const kind = !!testId && namesKind(el, testId, r, name);
    if (testId && !kind) out.push({ kind: 'test_id', value: testId });
    // a name of icon glyphs only is a code point of an icon font, not words: a title or label is preferred
    const counts = badgesOf(el, r, name);
    const figures = !!name && holdsFigures(el, r, name);
    if (r && !TRANSPARENT_ROLES.has(r) && name) {
      const words = name.length > LONG_VALUE ? null : counts.length ? wordsBeside(name, counts)
        : looksVolatile(name) ? wordsOf(name) : null;
      // a name that holds a time relative to now, only by the words around it ("Updated 15 seconds ago")
      if (words || !RELATIVE_TIME.test(name))
        out.push({ kind: 'role', role: r, name, volatile: unsteady(name) || figures || counts.length > 0 || borrowed,
          ...(words ? { words } : {}) });
    }
    const placeholder = el.getAttribute('placeholder');
    if (placeholder) out.push({ kind: 'placeholder', value: placeholder, volatile: saysLittle(placeholder) });
    if (el.labels && el.labels.length) {
      const label = flatten(labelsText(el.labels, { visited: new Set([el]) }));   // not the field's own value
      if (label) out.push({ kind: 'label', value: label, volatile: unsteady(label) || borrowed });
    } else if (el.getAttribute('aria-label')) {
      out.push({ kind: 'label', value: el.getAttribute('aria-label').trim(), volatile: unsteady(el.getAttribute('aria-label').trim()) });
    }
    // counted in the order a test prefers them: the first unique one stops the count
    const alt = el.getAttribute('alt');
    if (alt) out.push({ kind: 'alt', value: alt, volatile: saysLittle(alt) });
    // what an editing host shows is its value, as a field's is (CodeMirror 6's contenteditable lines: the
    // text the test types, or the file it opened, which the next run saved otherwise): never a way to find it
    const text = collapse(renderedText(el));
    if (text && text.length <= LONG_VALUE && !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) && !el.isContentEditable
      && !childHolds(el, text)
      && !RELATIVE_TIME.test(text))
      out.push({ kind: 'text', value: text, volatile: looksVolatile(text) || counts.length > 0 || (SCOPE_ROLES.has(r) && concatenated(el)) });
    const title = el.getAttribute('title');
    if (title) out.push({ kind: 'title', value: title, volatile: saysLittle(title) });
    for (const key of authoredKeys(el)) out.push({ kind: 'attribute', value: key });
    const replaced = name ? null : replacedField(el);
    if (replaced) out.push({ kind: 'attribute', value: replaced });
    const tip = name ? null : tooltipOf(el);
    if (tip) out.push({ kind: 'attribute', value: el.tagName.toLowerCase() + '[' + tip.attribute + '=' + cssString(tip.text) + ']' });
    // a control with no name, by the one named image it holds (``a:has(img[alt="Pause"])``); where no CSS says the
    // image's name (an svg's ``<title>``), by its class and the image Playwright's role engine finds by that name
    // (``locator("a.action", has=get_by_role("img", name="Resume"))``); else the icon it shows
    const held = name ? null : heldImage(el);
    if (held && held.selector) out.push({ kind: 'attribute', value: holding(el, held.selector) });
    else if (held) out.push({ kind: 'held_image', value: distinctClassSelector(el) || ownSelector(el), name: held.name,
      volatile: unsteady(held.name) });
    const icon = name ? null : iconOf(el);
    if (icon) out.push({ kind: 'attribute', value: holding(el, icon.selector) });
    // a test id that names its kind finds it only while it is alone of its kind, as its role alone does
    if (kind) out.push({ kind: 'test_id', value: testId, generic: true });
    // by its role alone where its name tells nothing for long (none, a help text, a price, a count, a time):
    // the container that holds it tells it apart
    // (a name of dashes only, a select's empty choice "---------", says nothing)
    if (r && !TRANSPARENT_ROLES.has(r) && (!name || unsteady(name) || figures || counts.length))
      out.push({ kind: 'role', role: r, name: null });
    const column = columnOfRow(el);
    if (column) out.push({ kind: 'css', value: column });
    // the data attribute its author named it by (Radicale's read-only ``data-name="url"`` field): a word, as a
    // column's key is; unique while its card is the one of its kind, so the container that tells it apart is asked
    // for too. One whose value is the text the element shows names which one it is (Kedro-Viz's graph node,
    // ``data-node-fullname="train_model_node"``), where another names its kind (``data-node-type="task"``), unique
    // only while a filter shows one of its kind: the one that names it comes first, and stands alone (an
    // ``attribute``, as an id is): a container told apart by that same text would add nothing
    const keys = keyAttributes(el);
    for (const key of keys.filter((key) => namesIt(key, text))) out.push({ kind: 'attribute', value: key });
    for (const key of keys.filter((key) => !namesIt(key, text))) out.push({ kind: 'css', value: key });
    const selector = distinctClassSelector(el) || (el.namespaceURI === SVG_NS ? 'svg' : null);
    if (selector && !out.some((c) => c.kind === 'test_id')) out.push({ kind: 'css', value: selector });
    return out;
  }

  // The element found as the one of its role, or its tag, that holds what ``selector`` finds.
  function holding(el, selector) {
    return ownSelector(el) + ':has(' + selector + ')';
  }
  const ownSelector = (el) => el.hasAttribute('role') ? '[role=' + cssString(el.getAttribute('role')) + ']'
    : el.tagName.toLowerCase();

  // Whether an element holds an image (one Playwright's role engine finds, drawn) of that accessible name.
  function holdsImageNamed(el, name) {
    return imagesIn(el).some((image) => !undrawn(image) && accessibleName(image) === name);
  }

  // Whether a test id names the element's kind, not which one: it is its role (Gradio's data-testid="checkbox" on
  // each checkbox), or another element of the document carries it too (Gradio's "textbox" on each text box,
  // "number-input" on each number field), or it marks the one item of a list, or a part of it, by no word of that
  // item and no digit (Playwright's TodoMVC demo, one todo: its li "todo-item", its title's label "todo-title"),
  // which every item to come carries too. It says nothing of which control a test means, and finds two as soon as
  // another of the kind appears: it comes after what the target's role and name, label, text and title say, with
  // its role alone, and inside a container after all the rest (verdex/locators.py). One element alone carrying a
  // test id that is no role's name keeps it first: outside a list of one, or holding its item's words or an id's
  // digits ("row-buy-milk", "nav-home" on the link "Home", "todo-42", "card-pixel-8"). An item beside others of
  // its kind that carries a test id none of them does is named by it (a nav bar's "nav-settings").
  function namesKind(el, testId, r, name) {
    if (r && testId.toLowerCase() === r) return true;
    if (queryComposed(el.ownerDocument, '[' + TEST_ID + '="' + CSS.escape(testId) + '"]').length > 1) return true;
    if (/\d/.test(testId)) return false;
    const words = wordsIn(testId.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2'));
    // the one item's control whose name every item has a copy of: a test id that echoes it ("archive" on its
    // "Archive" button) is every item's copy too, unless it holds the item's title too
    const item = copiedInItem(el);
    if (item && !words.some((word) => wordsIn(itemTitle(item)).includes(word))) return true;
    return loneItemsAround(el).some((item) => {
      const own = new Set(wordsIn([spacedText(item), item.getAttribute('aria-label') || '', name].join(' ')));
      return !words.some((word) => own.has(word));
    });
  }

  // The items of a list, a table, a grid, a feed, a listbox or a tree that the element is, or is a part of, each the
  // only one of its kind beside it (a hidden template aside): a list item, a table's row (not its row of column
  // titles), an option, a tree's node, a grid's cell, a feed's article.
  function loneItemsAround(el) {
    const out = [];
    for (let node = el, depth = 0; node && node.tagName !== 'BODY' && depth < SCOPE_DEPTH; node = parentOf(node), depth++) {
      const r = node.nodeType === 1 && role(node);
      if (!(r === 'row' ? !headerRow(node) : r === 'article' ? inFeed(node) : r === 'gridcell' || ITEM_ROLES.has(r))) continue;
      if (!withSiblings(node).some((c) => c !== node && role(c) === r && !hiddenForAria(c))) out.push(node);
    }
    return out;
  }
  const inFeed = (node) => { const parent = parentOf(node); return !!parent && parent.nodeType === 1 && role(parent) === 'feed'; };

  // Whether a key attribute (``[data-x="v"]``) holds the element's own text as its value.
  function namesIt(key, text) {
    return !!text && key.slice(key.indexOf('=') + 1, -1).toLowerCase() === cssString(text.toLowerCase());
  }

  // What its author named the element by, as CSS: its id, a form field's name (what the server reads), and for a
  // label the id of the field it names (a toggle group's hidden checkbox, whose label takes the click and shows a
  // count: Prometheus's "Firing (1)" holds its checkbox, ``label:has(#firingAlerts)``; one tied by ``for``,
  // ``label[for="firingAlerts"]``). A word or words, no digit (KEY_VALUE, as a
  // column's key): an id made by a framework or counted (":r1:", "ember42", "mui-7") is not one.
  // A form field's name may begin with the marks a framework reserves for its own fields (Roundup's ``__login_name``
  // and ``@note``, Rails' ``_method``, Django admin's ``_save``): still the words the server reads, no count.
  const NAMED_FIELDS = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON']);
  const FIELD_NAME = new RegExp('^[_@:]{0,2}' + KEY_VALUE.source.slice(1));
  function authoredKeys(el) {
    const out = [];
    const id = builtin(el, 'id');
    if (KEY_VALUE.test(id || '') && !GENERATED_CLASS.test(id)) out.push('#' + CSS.escape(id));
    const field = el.tagName === 'LABEL' && el.control ? builtin(el.control, 'id') : null;
    if (KEY_VALUE.test(field || '') && !GENERATED_CLASS.test(field))
      out.push(el.getAttribute('for') === field ? 'label[for=' + cssString(field) + ']' : 'label:has(#' + CSS.escape(field) + ')');
    const name = el.getAttribute('name');
    if (NAMED_FIELDS.has(el.tagName) && name && FIELD_NAME.test(name))
      out.push(el.tagName.toLowerCase() + '[name=' + cssString(name) + ']');
    return out;
  }

  // An editor made from a form's field (CodeMirror 5's fromTextArea, SimpleMDE, EasyMDE) hides that field and draws
  // its own after it, where keys go to a textarea with no name (Kiwi TCMS's test case text, whose form group has no
  // label: ``get_by_role("textbox").nth(2)``). The hidden field's name, which the server reads, names the editor:
  // ``textarea[name="text"] ~ * textarea``, the input of what follows that field. The field and the editor may sit
  // straight in a shadow root (a component whose render() returns them): the editor, with no parent element, is
  // still looked behind.
  function replacedField(el) {
    if (el.tagName !== 'TEXTAREA') return null;
    for (let node = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
        const field = sibling.getAttribute('name');
        if (sibling.tagName === 'TEXTAREA' && field && KEY_VALUE.test(field) && getComputedStyle(sibling).display === 'none')
          return 'textarea[name=' + cssString(field) + '] ~ ' + (node === el ? 'textarea' : '* textarea');
      }
    }
    return null;
  }

  // A field of a row of fields (a formset's, an array's: Django's ``stockrecords-0-partner_sku``, Rails'
  // ``items[0][sku]``, ``lines.2.qty``) has no label of its own, the column's header names it; its name holds
  // the row's index, which the server counts and the next row changes, and the words after the last index
  // name its column. Found by that end of its name, ``input[name$="-partner_sku"]``: unique while the form
  // holds one such row, as a bare role is (a ``css`` candidate, so a container that tells it apart is asked
  // for too: the table its caption names, the row its text tells apart). A field with no name, whose id holds
  // the index (a script-made form builder's ``items-1-qty``: the script reads the fields and posts JSON), is
  // found by that end of its id, ``input[id$="-qty"]``, not by ``#items-1-qty``, which names the line's place.
  // A key in brackets (PHP's and Rails' arrays) names its column with two letters too (Adminer's search
  // conditions: ``where[0][op]``); elsewhere two letters may be a made suffix (``items-2-ab``), not a column.
  const INDEXED_NAME = /^[A-Za-z][\w.[\]-]*[-_.[]\d+(\]?[-_.[][A-Za-z][A-Za-z_.[\]-]{1,39})$/;
  function columnOfRow(el) {
    if (!NAMED_FIELDS.has(el.tagName)) return null;
    for (const attribute of ['name', 'id']) {
      const match = INDEXED_NAME.exec(el.getAttribute(attribute) || '');
      if (match && (/[A-Za-z]{3}/.test(match[1]) || /^\]\[[A-Za-z]{2}\]$/.test(match[1])))
        return el.tagName.toLowerCase() + '[' + attribute + '$=' + cssString(match[1]) + ']';
    }
    return null;
  }

  // Whether a child element's text is the whole of the element's text: Playwright's text engine then
  // finds that child, never the element (a palette node whose label div holds its name).
  function childHolds(el, text) {
    for (let c = el.firstElementChild; c; c = c.nextElementSibling)
      if (collapse(c.textContent || '') === text) return true;
    return false;
  }

  // Meaningful containers around the element, nearest first: how a locator is scoped when the
  // element alone is not unique.
  function containersOf(el, limit) {
    const out = [];
    for (let node = parentOf(el); node && node.tagName !== 'BODY' && out.length < limit; node = parentOf(node)) {
      const reason = containerReason(node);
      if (!reason) continue;
      const r = role(node);
      const testId = lastingTestId(node);
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
    // a class that says what the frame is (``iframe.tc-edit-texteditor``), when no other frame has it; else
    // its tag, when it is the one frame of its document (a CMS's preview): unique now, not a position
    const unique = (selector) => !!selector && frame.ownerDocument.querySelectorAll(selector).length === 1;
    const selector = [classSelector(frame), frame.tagName.toLowerCase()].find(unique) || null;
    return { test_id: frame.getAttribute(TEST_ID), title: frame.getAttribute('title'),
      name: frame.getAttribute('name'), id: frame.id || null, selector, index: frames.indexOf(frame) };
  }

  // The frame chain down to a cross-origin frame's element (its document is closed to this bridge),
  // found by its name or its src: the prefix of the locators of the elements inside it.
  function frameElementChain(args) {
    const found = (doc) => {
      for (const frame of doc.querySelectorAll('iframe, frame')) {
        if ((args.name && frame.getAttribute('name') === args.name) || (!args.name && frame.src === args.url)) return frame;
        const inner = attempt(() => frame.contentDocument, null);
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
        const inner = attempt(() => frame.contentDocument, null);
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
    if (start.shadowRoot) visit(start.shadowRoot);      // a component's own: Playwright looks in it too
    return out;
  }

  // Content the browser does not draw though no style says so: a closed <details>'s (its shadow root holds it in a
  // slot of content-visibility: hidden), a content-visibility: hidden subtree's. Playwright's role engine asks
  // the browser (checkVisibility) and finds none of it: an accordion's closed twin of a toolbar's button is not a
  // second one. The snapshot still lists it, with the closed container that holds it (preflight's facts).
  const undrawn = (el) => typeof el.checkVisibility === 'function' && !el.checkVisibility();

  // How many elements of `pool` a candidate matches, judged the way Playwright's engine judges it:
  // an estimate that lets verdex skip candidates that cannot be unique before asking Playwright.
  const squeezed = (text) => text.replace(/\s+/g, '');

  function matchesOf(candidate, pool, limit) {
    let count = 0;
    for (const el of pool) {
      if (count >= limit) break;           // uniqueness is all that is asked: 0, 1 or "2 or more"
      switch (candidate.kind) {
        case 'test_id': if (el.getAttribute(TEST_ID) === candidate.value) count++; break;
        case 'placeholder': if (el.getAttribute('placeholder') === candidate.value) count++; break;
        case 'alt': if (el.getAttribute('alt') === candidate.value) count++; break;
        case 'title': if (el.getAttribute('title') === candidate.value) count++; break;
        case 'css': case 'attribute': if (el.matches(candidate.value)) count++; break;
        case 'held_image': if (el.matches(candidate.value) && holdsImageNamed(el, candidate.name)) count++; break;
        case 'text': {
          if (el.childElementCount > 4) break;      // a big subtree's text is never a short exact value
          const raw = isInputButton(el) ? el.value || '' : el.textContent || '';     // an input button's is its value
          // an element whose text is much longer cannot collapse to the value: skip it before collapsing
          if (raw.length < candidate.value.length || raw.length > candidate.value.length * 4 + 64) break;
          if (collapse(raw) !== candidate.value || SKIPPED_TAGS.has(el.tagName)) break;
          // hidden or not: Playwright's text engine does not look at visibility
          if (!childHolds(el, candidate.value)) count++;
          break;
        }
        case 'role': case 'label': {
          const wanted = candidate.kind === 'role' ? candidate.role : null;
          const r = role(el);
          // an aria-label names an element of no role for Playwright's label engine (an editor's body)
          if (wanted ? r !== wanted : !r && !el.hasAttribute('aria-label')) break;
          if (candidate.kind === 'label' && !(el.labels && el.labels.length) && !el.hasAttribute('aria-label')) break;
          const name = candidate.kind === 'role' ? candidate.name : candidate.value;
          // a name longer than the element's text may take the rest from CSS generated content (an icon's glyph);
          // a name from content joins its children's texts with single spaces where the markup has line breaks
          // and indentation, or nothing (a heading over a paragraph): the two compared without any white space
          const text = squeezed(el.textContent || ''), bare = name && squeezed(name);
          if (name && !text.includes(bare) && text.length >= bare.length && !el.hasAttribute('aria-label') &&
              !el.hasAttribute('aria-labelledby') && !el.hasAttribute('title') && !(el.labels && el.labels.length) &&
              !el.hasAttribute('placeholder') && !el.hasAttribute('alt') && el.tagName !== 'INPUT') break;
          if (hiddenForAria(el) || undrawn(el)) break;
          if (name === null || accessibleName(el) === name) count++;
          break;
        }
      }
    }
    return count;
  }

  // Look-alikes of a role candidate that a stylesheet alone hides: the same role and name, hidden for the
  // accessibility tree, but by no attribute of theirs or their ancestors (hidden, aria-hidden, an inline
  // style, a closed <details> or <dialog>). Until that stylesheet is applied (the page has committed, its CSS
  // is on its way) Playwright's role engine finds them too, and an action fails at once on strict mode:
  // Bootstrap's `.hide {display: none !important}` on a second file input.
  function styledTwins(candidate, pool) {
    let count = 0;
    for (const el of pool) {
      if (!hiddenForAria(el) || role(el) !== candidate.role || hiddenByMarkup(el)) continue;
      if (candidate.name === null || hiddenElementName(el) === candidate.name) count++;
    }
    return count;
  }

  function hiddenByMarkup(el) {
    for (let node = el; node; node = parentOf(node)) {
      if (SKIPPED_TAGS.has(node.tagName) || node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true')
        return true;
      const inline = node.style;
      if (inline && (inline.display === 'none' || inline.visibility === 'hidden' || inline.visibility === 'collapse'))
        return true;
      const parent = parentOf(node);
      if (parent && parent.tagName === 'DETAILS' && !parent.open && node.tagName !== 'SUMMARY') return true;
      if (node.tagName === 'DIALOG' && !node.open) return true;
      if (parent && parent.shadowRoot && node.parentElement === parent && !node.assignedSlot) return true;
    }
    return false;
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

  // The elements under node that match, in its shadow roots and theirs too (the ones the page has shown).
  function queryWithin(node, selector) {
    const out = Array.from(node.querySelectorAll(selector));
    for (const root of shadowRoots)
      if (root.host.isConnected && isInside(root.host, node)) for (const el of root.querySelectorAll(selector)) out.push(el);
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
      case 'css': case 'attribute': case 'held_image': return queryComposed(doc, candidate.value);
      case 'role': return queryComposed(doc, ROLE_SELECTORS[candidate.role] || '*');
      default: return queryComposed(doc, '*');
    }
  }

  // A role without a name, a class, or a test id that names a kind: unique now only because the target is alone
  // of its kind (the one todo's checkbox, its "todo-title"); a container that tells the target apart is asked for
  // too (see verdex/locators.py).
  function alone(candidate) {
    return (candidate.kind === 'role' && !candidate.name) || candidate.kind === 'css' || !!candidate.generic;
  }

  // The key a candidate's estimates are filed under (the same in verdex/locators.py).
  function candidateKey(candidate) {
    return candidate.kind + ':' + (candidate.role || '') + ':' + (candidate.name || candidate.value || '');
  }

  // The target's candidates in the order a test prefers them, each with the bridge's count of its
  // matches (stopping at 2: only uniqueness matters). Containers are looked at only when no candidate
  // of the target's own is unique.
  function candidates(args) {
    return withElement(args.ref, (el) => locating(args.pointer ? pointerStandIn(el) || el : el));
  }

  // How the agent's snapshot showed an element that is hidden now (a window a toolkit hid by visibility): out
  // of the accessibility tree, it has no role or name left to be found by, and a check that it is hidden
  // would find it by position. Its role and name then, or — for a control wired up by script, shown by the
  // text it held — its class and that text: Python proves the way reaches this element now, shown or not.
  // {hidden: false} while it is shown; no way when no snapshot named it.
  function shownWay(args) {
    if (resolve(args.ref).status === 'stale') return goneWay(args.ref);
    return withElement(args.ref, (el) => {
      const rect = el.getBoundingClientRect();
      const at = { box: { x: rect.left, y: rect.top, width: rect.width, height: rect.height }, frames: frameChain(el) };
      const shown = shownAs.get(el);
      if (!hiddenForAria(el)) return { hidden: false, ...at };
      if (!shown || !shown.name) return { hidden: true, ...at };
      // a name every card's copy shares ("Pin card"): the card that told it apart, by the text hidden with it
      if (!UNROLED.has(shown.role)) return { hidden: true, ...at, role: shown.role, name: shown.name,
        scopes: scopesOf(el, 3).flatMap((scope) => scope.ways) };
      const selector = classSelector(el);
      return selector ? { hidden: true, ...at, selector, ...heldTextOf(el, shown.name) } : { hidden: true, ...at };
    });
  }

  // What has_text finds an element by: the name it was shown with when its text holds it, else its text as
  // Playwright reads it (a name spaced where its boxes end, "My Finances Available for download", is no part of
  // the run-together "My FinancesAvailable for download" that has_text matches).
  // ``whole`` when that text is all the element's text: matched whole, so that a peer whose text holds it as a part
  // (Kedro-Viz's graph node "create_model_input_table_node" beside "model_input_table") is not found with it.
  function heldTextOf(el, name) {
    const text = collapse(composedText(el));
    const held = !text || text.toLowerCase().includes(name.toLowerCase()) ? name : text;
    return { text: held, whole: held === text };
  }

  // An element gone from the page (a row a filter took away, an item deleted) that a snapshot named, while the
  // page still holds it in memory: the way it was shown, so that a check that it is gone finds it by that way,
  // which finds nothing now. What lasts of it first: its own test id, and for a row (named by all its cells) the
  // cell that says which it is. Not its name when that holds what moves on (a size, a time): such a way would find
  // nothing on every run, gone or not.
  function goneWay(ref) {
    const weak = elementOf.get(ref);
    const el = weak && weak.deref();
    const shown = el && shownAs.get(el);
    if (!shown || !shown.name) return { error: 'stale', ref };
    const at = { hidden: true, gone: true, box: { x: 0, y: 0, width: 0, height: 0 },
      frames: attempt(() => frameChain(el), []), next_ref: nextRef };
    const testId = lastingTestId(el);
    const key = shown.role === 'row' ? keyCell(el) : null;
    const cell = key && key.name !== collapse(shown.name) ? key : null;   // a row of one cell is found by its name
    const lasting = { ...(testId ? { test_id: testId } : {}), ...(cell ? { role: shown.role, cell } : {}) };
    if (looksVolatile(shown.name)) return testId || cell ? { ...at, ...lasting } : { error: 'stale', ref };
    if (!UNROLED.has(shown.role)) return { ...at, ...lasting, role: shown.role, name: shown.name };
    const selector = classSelector(el);
    return selector ? { ...at, ...lasting, selector, ...heldTextOf(el, shown.name) }
      : testId ? { ...at, test_id: testId } : { error: 'stale', ref };
  }

  // The cell of a row that says which row it is, read from the row the page no longer holds: the one that shows
  // the run's {unique} value, else the first whose text says something and holds nothing that moves on.
  const KEY_CELL_ROLES = new Set(['cell', 'gridcell', 'rowheader']);
  function keyCell(row) {
    const cells = [...row.querySelectorAll('*')].filter((node) => KEY_CELL_ROLES.has(role(node)))
      .map((node) => ({ role: role(node), name: collapse(node.textContent || '') }))
      .filter((cell) => cell.name && cell.name.length <= NAME_LIMIT && SAYS_SOMETHING.test(cell.name) && !looksVolatile(cell.name));
    return cells.find((cell) => RUN_TOKEN.test(cell.name)) || cells[0] || null;
  }

  function locating(el) {
    {
      const doc = el.ownerDocument;
      const own = locatorCandidates(el);
      // a control of the one item of its list named as every item's copy is ("Delete"): unique only while the item
      // is alone, as a bare role is, its test id aside when that names the one
      const copied = !!copiedInItem(el);
      let unique = false;
      const ambiguousNames = new Set();
      // a target the browser does not draw (in a closed <details>) is found by no role or label: Playwright's
      // engine skips it, and what the count finds is another element
      const hiddenTarget = undrawn(el);
      const findable = (candidate) => !(hiddenTarget && (candidate.kind === 'role' || candidate.kind === 'label'));
      for (const candidate of own) {
        if (unique) { candidate.estimate = null; continue; }
        // text that is also an ambiguous accessible name of the same elements is ambiguous as text too
        if (candidate.kind === 'text' && ambiguousNames.has(candidate.value)) { candidate.estimate = 2; continue; }
        const pool = poolFor(candidate, doc);
        candidate.estimate = findable(candidate) ? matchesOf(candidate, pool, 2) : 0;
        if (candidate.kind === 'role' && candidate.estimate === 1) {
          const twins = styledTwins(candidate, pool);
          if (twins) candidate.styled_twins = twins;
        }
        if (candidate.kind === 'role' && candidate.estimate > 1 && candidate.name) ambiguousNames.add(candidate.name);
        if (candidate.estimate === 1 && !candidate.volatile && !alone(candidate) && !(copied && candidate.kind !== 'test_id'))
          unique = true;
      }
      // Containers are looked at only when no candidate of the target's own is unique, or when the target is
      // inside what the flow made (one of its containers holds the run's {unique} value, the target does not:
      // the next run makes another, and Python finds the target through it); each way to find a container again is counted with
      // each candidate inside it, nearest container first.
      // (a target that shows the value itself, a folder "prints-3b0f4a1e", is already new in each run)
      const namedByRun = holdsRunToken(el) || RUN_TOKEN.test(el.getAttribute('aria-label') || '');
      const around = unique && !namedByRun && doc.body && holdsRunToken(doc.body) ? scopesOf(el, 3) : null;
      const madeAround = !!around && around.some((scope) => madeByTheFlow(scope, el));
      let toldApart = unique && !madeAround;
      const scopes = toldApart ? [] : around || scopesOf(el, 3);
      const containers = scopes.filter((scope) => scope.ways.length);
      // inside a container, a test id every item shares (each card's "toggle-pause") names the item's part: tried
      // after what the target's own role, name or text say there
      const inner = [...own.filter((c) => c.kind !== 'test_id'), ...own.filter((c) => c.kind === 'test_id')];
      const count = (found) => {
        for (const container of found) {
          for (const way of container.ways) {
            way.estimates = {};
            if (toldApart) continue;            // a nearer container or a better way already tells it apart
            if (way.by_controls) continue;      // which controls it holds: its state (Playwright counts it, last)
            const roots = way.within
              ? scopeRoots(doc, way).filter((root) => isInside(root, scopeRoots(doc, way.within)[0]))
              : scopeRoots(doc, way);
            for (const candidate of inner) {
              const n = !findable(candidate) ? 0
                : Math.min(2, roots.reduce((sum, root) => sum + matchesOf(candidate, composedElements(root), 2), 0));
              way.estimates[candidateKey(candidate)] = n;
              if (n === 1 && !candidate.volatile) { toldApart = true; break; }
            }
          }
        }
      };
      count(containers);
      if (!toldApart) {
        const nested = nestedScopes(scopes, el);
        count(nested);
        containers.push(...nested);
      }
      for (const container of containers) delete container.node;
      // The target itself found the way a container is (a row by its cell, a card by its heading),
      // for targets that are containers themselves; its own test id and name are candidates above.
      // (not by its role or class alone, the only one of its kind now: that is a bare role or class of its own,
      // which yields to a container as above; nor by its data attributes, candidates of its own above)
      // The one item of a list whose test id names its kind (the one todo's "todo-item") is found as the item that
      // holds what it shows, by that test id too, even where a container tells it apart: the list around it would
      // find it among the items to come.
      const kindItem = own.some((c) => c.generic) && loneItemsAround(el)[0] === el;
      const ways = kindItem ? scopeWays(el, null, true, true).filter((way) => way.strategy !== 'test_id' || way.text || way.has)
        : toldApart || copied ? [] : scopeWays(el, null).filter((way) => way.strategy !== 'test_id');
      const itself = ways.filter((way) => way.strategy !== 'role' && way.strategy !== 'attr' && !way.strategy.endsWith('_only'));
      for (const way of itself) way.estimate = Math.min(2, scopeRoots(doc, way).length);
      return { candidates: own, itself, containers, frames: frameChain(el), box: pageBox(el), tag: el.tagName.toLowerCase(),
        made_around: madeAround, item_copy: copied };
    }
  }

