  // ---------------------------------------------------------------- scopes
  // The ancestors that can tell a target apart from its look-alikes, and the ways to find each of
  // them again: by test id, by role and name, or — what real pages mostly have — by a role or a
  // semantic class filtered by what differs between it and its peers (the text the target shows when
  // it has no name of its own, a named child such as its heading, else a piece of stable text no peer
  // holds, whole where a peer holds it as a part of its own). Nothing volatile (a price, a count, a
  // date, an id) is used to tell containers apart, and no generated class names a container.
  const SCOPE_ROLES = new Set(['article', 'listitem', 'row', 'group', 'region', 'dialog', 'alertdialog', 'form',
    'tabpanel', 'cell', 'gridcell', 'columnheader', 'rowheader', 'figure', 'option', 'treeitem', 'menuitem',
    'navigation', 'complementary', 'banner', 'contentinfo', 'main', 'search', 'toolbar', 'table', 'list', 'grid']);
  // A named child that tells a container apart, by the container's role: what a reader would name it by.
  const CELL_ROLES = new Set(['cell', 'gridcell']);
  const IDENTITY_ROLES = ['heading', 'columnheader', 'rowheader', 'cell', 'gridcell', 'link', 'img', 'checkbox', 'radio', 'button'];
  // (Vue's transition classes are state, ``v-enter-active``; Vuetify's components are not, ``v-label``, ``v-card``;
  // a field's validation state is too: Adminer marks the length a varchar needs ``required``, the one an int needs not)
  const STATE_CLASS = /^(is-|has-|js-|ng-|v-(enter|leave|move|cloak)\b)|--(active|selected|disabled|focused|checked|open|dirty|required|invalid|valid)$|^(active|selected|disabled|hidden|open|closed|show|shown|visible|collapsed|expanded|focus|focused|hover|current|checked|completed|done|editing|required|optional|invalid|valid|dirty|pristine|touched|untouched|odd|even|first|last|clearfix|row|col|container|wrapper|inner|outer|content|flex|grid|pull-left|pull-right|float-left|float-right|text-left|text-right|text-center)$/i;
  // A contextual colour (Bootstrap's ``alert-danger``, ``table-success``, ``badge-warning``, ``btn-primary``) says
  // what state the element's data is in, not which element it is: Prometheus colours an alert's row by whether it
  // fires, and the row of another alert that starts firing takes the same class.
  const CONTEXTUAL_CLASS = /^(alert|btn|btn-outline|badge|label|table|list-group-item|panel|card|progress-bar|callout|toast)-(primary|secondary|success|danger|warning|info|light|dark|default|error)$/i;
  // (a BEM element, ``block__element``, is a name however long: ``v-card__title``, ``mdc-button__label``; a hash
  // after ``__`` has digits or mixed case, which semanticClasses turns away part by part)
  const GENERATED_CLASS = /^(css|sc|jsx|svelte|emotion|styled|tw)-|^_/;
  // A row is layout when nothing but a layout or a library's word comes before it (``form-row``, ``flex-row``,
  // ``ant-row``); a row of something a reader names (``name-row``, ``run-row``, ``task-row``) is what a list is
  // made of (TensorBoard's run selector: a ``div.name-row`` per run).
  const LAYOUT_CLASS = /(^|[-_])(col|column|container|wrapper|inner|outer|layout|flex|grid|stack|items|gap)$|^((flex|grid|form|layout|table|ant|el|v|mdc|mat|ui|d|btn|button|input)[-_])?rows?$/i;
  // Utility classes (Tailwind, Bootstrap, Quasar): how it looks, never what it is.
  // A padding or margin is a size word (``p-px``, ``mx-auto``, ``q-pa-md``): a design system's own prefix
  // (``p-label``, ``m-card``) names what the element is.
  const UTILITY_CLASS = /^(items|justify|content|self|place|text|bg|font|w|h|min|max|gap|space|rounded|shadow|border|ring|opacity|z|top|left|right|bottom|inset|overflow|cursor|select|align|float|d|col|order|flex|grid|leading|tracking|fill|stroke|q-gutter|no|full|absolute|relative|fixed|sticky|hidden|block|inline)(-|$)|^(q-)?[pm][axytblrse]?-(px|auto|none|xs|sm|md|lg|xl)$/i;
  // Roles whose name is their content: a row's name is every cell's text, counts and prices included.
  const CONTENT_NAMED = new Set(['row', 'cell', 'gridcell', 'columnheader', 'rowheader', 'option', 'treeitem',
    'menuitem', 'listitem']);
  // How far up containers are looked for. A component library nests deep: Angular Material's checkbox is four
  // elements around its input, a data table's cell and row two more, and TensorBoard's runs table five
  // components more, so the landmark that holds it is the input's 16th ancestor.
  const SCOPE_DEPTH = 20;
  const TEXT_CHUNKS = 12;
  const MAX_PEERS = 400;

  // A class a developer chose to name what the element is (``book``, ``todo-item``, ``MuiCard-root``,
  // ``dijitTreeRow``): letters, hyphens and underscores, each part lower-case or capitalised, or a library's
  // lowerCamelCase name of words of three letters or more (Dojo's dijit), so that hashed and generated ones
  // (``css-1x2y``, ``bZKpFz``, ``sc-bdVaJa``, ``_3kd8``) and state or layout classes are never used.
  function semanticClasses(el) {
    return [...(el.classList || [])].filter((c) => /^[A-Za-z][A-Za-z_-]{2,39}$/.test(c) && !GENERATED_CLASS.test(c) &&
      !STATE_CLASS.test(c) && !CONTEXTUAL_CLASS.test(c) && !LAYOUT_CLASS.test(c) && !UTILITY_CLASS.test(c) && /[aeiouy]/i.test(c) &&
      c.split(/[-_]+/).every((part) => /^[A-Z]?[a-z]*$/.test(part) || CAMEL_PART.test(part) && !CAMEL_STATE.test(part)));
  }
  // The lowerCamelCase name of a part; one whose last word is a state or a layout (dijit's ``dijitTreeRowSelected``,
  // ``dijitCheckBoxChecked``, ``dijitTreeExpandoLeaf``, ``dijitInline``, ``dijitReset``) says no part.
  const CAMEL_PART = /^[a-z]{3,}(?:[A-Z][a-z]{2,})+$/;
  const CAMEL_STATE = /(?:Selected|Hover|Active|Focused|Checked|Disabled|Opened|Open|Closed|Expanded|Collapsed|Hidden|Visible|Leaf|Error|Invalid|Valid|Required|Pressed|Loading|Current|Root|Inline|Reset|Stretch|Left|Right|Top|Bottom|First|Last|Odd|Even)$/;

  function semanticClass(el) {
    return semanticClasses(el)[0] || null;
  }

  // A custom element's tag is the name its author gave the component (Angular's, Lit's, Polymer's:
  // ``tb-data-table-content-row``; with a one-letter namespace, Lightning Web Components' ``c-task-item``), as a
  // semantic class is; words only, so a tag a tool numbered is not one (a one-letter namespace's first a word).
  function componentTag(el) {
    const tag = el.localName || '';
    return /^(?:[a-z]{2,}(?:-[a-z]+)+|[a-z]-[a-z]{3,}(?:-[a-z]+)*)$/.test(tag) && tag.length <= 40 ? tag : null;
  }

  // How a container is found by what its author named it: its semantic class, else its component's tag.
  function classSelector(el) {
    const c = semanticClass(el);
    return c ? el.tagName.toLowerCase() + '.' + CSS.escape(c) : componentTag(el);
  }

  // The class that says which one the element is: a component library puts its kind first (Ant Design's
  // ``ant-btn`` on every button, Bootstrap's ``btn``) and the app's own name for this one after it
  // (``nc-add-record-more-info``), so the target's own class is the one fewest elements of its tag share.
  function distinctClassSelector(el) {
    const tag = el.tagName.toLowerCase();
    const root = el.getRootNode();
    let best = null;
    for (const c of semanticClasses(el)) {
      const selector = tag + '.' + CSS.escape(c);
      const count = attempt(() => root.querySelectorAll(selector).length, Infinity);
      if (!best || count < best.count) best = { selector, count };
      if (count === 1) break;
    }
    return best ? best.selector : null;
  }

  // A row its class calls only a row (``grid-row``, ``table-row``, Bootstrap's ``row``): a layout word, which names no
  // container while it stands alone, but drawn again beside it, each holding columns of its own (a grid of divs
  // with no roles, each row its page's title, state and actions), it is what a list is made of, as a table's
  // ``tr`` is. ``div.grid-row`` then finds the row again, told apart by its title.
  const ROW_CLASS = /(^|[-_])row$/i;
  function rowOfColumns(node) {
    if (!node.children || node.children.length < 2) return null;
    for (const c of node.classList || []) {
      if (!ROW_CLASS.test(c) || !LAYOUT_CLASS.test(c) || GENERATED_CLASS.test(c)) continue;
      const selector = node.localName + '.' + CSS.escape(c);
      const rows = withSiblings(node).filter((other) => other.matches(selector) && other.children.length >= 2);
      if (rows.length > 1) return selector;
    }
    return null;
  }

  // How a container is found by its class: what its author named it by, else the row its siblings repeat.
  const containerSelector = (node) => classSelector(node) || rowOfColumns(node);

  // Why an ancestor is worth scoping by, or null: a container as the structure tools see it, a role
  // that groups content, or a class shared with its siblings (a repeated card or row).
  function scopeReason(node) {
    const reason = containerReason(node);
    if (reason) return reason;
    const r = role(node);
    if (r && SCOPE_ROLES.has(r)) return r;
    const selector = classSelector(node);
    if (selector && withSiblings(node).filter((c) => c.matches(selector)).length > 1) return 'repeated ' + selector;
    const row = rowOfColumns(node);
    if (row) return 'repeated ' + row;
    // a web component (Bokeh's div.bk-Checkbox, whose shadow root holds its input and its label's text)
    if (selector && node.shadowRoot && semanticClass(node)) return 'component ' + selector;
    return null;
  }

  // A class that names what an ancestor is, though it has no sibling of its kind yet (the one todo of a
  // list of one, ``div.todo``): a container to try after those that a role or a repetition marks.
  function loneClassReason(node) {
    const selector = classSelector(node);
    return selector ? 'class ' + selector : null;
  }

  // The data attributes an app names an element by (a grid's header cells carry the column's key,
  // ``data-field="country"``, in every header row: its title's and its filter's): a word, not a number
  // or an id. The test id attribute has a strategy of its own.
  const KEY_VALUE = /^[A-Za-z][A-Za-z_.-]{0,39}$/;

  function keyAttributes(node) {
    const out = [];
    for (const attr of builtin(node, 'attributes') || []) {
      if (!attr.name.startsWith('data-') || attr.name === TEST_ID || !KEY_VALUE.test(attr.value)) continue;
      if (STATE_CLASS.test(attr.value) || /^(true|false|on|off|yes|no|none|null|undefined)$/i.test(attr.value)) continue;
      out.push('[' + attr.name + '=' + cssString(attr.value) + ']');
    }
    return out.slice(0, 3);
  }

  // The elements a container way's outer part matches, before any filter.
  function scopePeers(doc, way) {
    if (way.test_id) return queryComposed(doc, '[' + TEST_ID + '="' + CSS.escape(way.test_id) + '"]');
    if (way.selector) return queryComposed(doc, way.selector);
    return queryComposed(doc, ROLE_SELECTORS[way.role] || '*').filter((c) => role(c) === way.role && !hiddenForAria(c));
  }

  function holdsNamed(root, has) {
    for (const c of queryWithin(root, ROLE_SELECTORS[has.role] || '*'))
      if (role(c) === has.role && !hiddenForAria(c) && accessibleName(c) === has.name) return true;
    return false;
  }

  // Playwright's has_text: a case-insensitive substring of the element's text, whitespace collapsed.
  function holdsText(root, text) {
    return collapse(composedText(root)).toLowerCase().includes(text.toLowerCase());
  }

  // Playwright's get_by_text(text, exact=True) inside root: an element under it whose whole text, whitespace
  // collapsed, is the text, case and all ("Email", not the "Confirm Email" beside it). Playwright's text
  // engine tries the root too: a peer that is itself "<button>Add account</button>" holds it, as much as the
  // one whose text is in a child. A text straight in a shadow root is no element's (t.parentElement, not parentOf):
  // Playwright's text engine finds it in none, its host's shadow root showing it as a child would.
  function holdsWholeText(root, text) {
    for (const t of composedTextNodes(root)) {
      const piece = collapse(t.data);
      if (!piece || !text.includes(piece)) continue;
      for (let el = t.parentElement; el; el = parentOf(el)) {
        const whole = collapse(composedText(el));
        if (whole === text) return true;
        if (el === root || whole.length > text.length) break;
      }
    }
    return false;
  }

  // An element's children that ``:scope > selector`` finds (Playwright's CSS, from the element).
  const childrenMatching = (node, selector) => [...node.children].filter((c) => c.matches(selector));

  // The containers a way matches: its peers, filtered as the generated locator will filter them. A way through an
  // item's own part finds, in each item whose own child shows the title, the own children that part names.
  function scopeRoots(doc, way) {
    const peers = scopePeers(doc, way);
    if (way.own) {
      return peers.filter((c) => childrenMatching(c, way.own).some((child) => holdsWholeText(child, way.text)))
        .flatMap((c) => childrenMatching(c, way.part));
    }
    if (way.has) return peers.filter((c) => holdsNamed(c, way.has));
    if (way.text) return peers.filter((c) => (way.exact ? holdsWholeText(c, way.text) : holdsText(c, way.text)));
    if (way.name) return peers.filter((c) => accessibleName(c) === way.name);
    return peers;
  }

  // A number that counts what the words after it name ("5 orders", "12 comments", "0 Attendees (paid)"): the
  // app's data, which the next sale or comment changes (pretix's event tiles: "5 orders"), so it tells no
  // container apart, though no price, date or id is in it.
  const COUNTS = /^\d[\d,.]*\+?\s+\p{L}/u;

  // The first named descendant of the container (not the target, not around it) that no peer holds (the element,
  // in ``heldBy``).
  const heldBy = new WeakMap();
  function identityChild(node, target, peers) {
    let tried = 0;
    for (const wanted of IDENTITY_ROLES) {
      for (const c of queryWithin(node, ROLE_SELECTORS[wanted] || '*')) {
        if (c === target || isInside(target, c) || role(c) !== wanted || hiddenForAria(c)) continue;
        if (CONTENT_NAMED.has(wanted) && holdsValues(c)) continue;       // named by what its field holds
        if (++tried > TEXT_CHUNKS) return null;
        const name = accessibleName(c);
        // a cell that shows a number and no word ("1", "17.5") is a figure of the row, not what names it
        if (!name || name.length > 80 || looksVolatile(name) || COUNTS.test(name) || !/\p{L}/u.test(name)) continue;
        // a cell named by its icon alone ("torrent-stop", "unread") shows the row's state, which its peers share
        if (CELL_ROLES.has(wanted) && !c.textContent.trim()) continue;
        const has = { role: wanted, name };
        if (peers.every((p) => p === node || !holdsNamed(p, has))) { heldBy.set(has, c); return has; }
      }
    }
    return null;
  }

  // A textarea, whose text is the value it was given when drawn (React's defaultValue), not a name and not even
  // what it shows once typed into. An editing host's text is what it shows (a code cell's code, which tells
  // one cell from the next where nothing else does: marimo's), so it is read as any element's.
  const isTextarea = (el) => el.tagName === 'TEXTAREA';

  // Text that can tell containers apart: short, with letters, and nothing that changes with the data.
  const steadyText = (text) => text.length >= 2 && text.length <= 80 && !looksVolatile(text) && !COUNTS.test(text) &&
    /[A-Za-z\u00C0-\uFFFF]{2}/.test(text);

  // How a text tells the container apart from its peers: as a part of its text no peer holds (has_text),
  // else — when an element under it shows the text whole — as a whole text no peer shows ("Email" beside
  // "Confirm Email"); null when a peer holds it either way.
  function toldByText(node, text, peers) {
    if (peers.every((p) => p === node || !holdsText(p, text))) return { text };
    if (holdsWholeText(node, text) && peers.every((p) => p === node || !holdsWholeText(p, text))) return { text, exact: true };
    return null;
  }

  // A piece of the container's own text (outside the target, not an icon's word), stable and held by no peer.
  function identityText(node, target, peers) {
    let tried = 0;
    for (const t of composedTextNodes(node)) {
      if (tried >= TEXT_CHUNKS) break;
      const parent = parentOf(t);        // a component's own text, alone in its shadow root, is its host's
      // (a hidden target's container is hidden with it: its text tells it apart still, as has_text reads it)
      if (!parent || SKIPPED_TAGS.has(parent.tagName) || hiddenForAria(parent) && !(target && hiddenForAria(target)))
        continue;
      if (parent === target || isInside(parent, target) || isTextarea(parent) || ligatureIcon(parent)) continue;
      // a select's options are what a row's select offers (every row of a formset the same partners), and the
      // choice a combobox drawn over it shows is its value (the flow's, or the page's default): neither is what
      // tells the row apart; they do tell the select itself from another (Datasette's "- column -" from its
      // operators)
      const choices = parent.closest('select, datalist, [role=combobox]');
      if (choices && choices !== node) continue;
      const text = collapse(t.data);
      if (!steadyText(text)) continue;
      tried++;
      const told = toldByText(node, text, peers);
      if (told) return told;
    }
    return null;
  }

  // The text a target with no name of its own shows (a clickable div whose name is in a child span): what a
  // reader finds it by — the name a flow typed, when the flow made it — and so what tells its container
  // apart from the look-alikes a list gains, where the controls beside it (a "Move" link only folders have)
  // tell only its kind apart. Text a control or a named element inside it shows is that one's (a dialog's
  // footer that holds its "Close" link), not a name of the target's. A textarea's text is its value (drawn
  // as its text by React's defaultValue): data the flow types over, never a name. An icon a ligature font draws
  // from a word ("star") names no item: every item holds the same one.
  function shownText(target) {
    if (isTextarea(target) || ligatureIcon(target)) return null;
    const r = role(target);
    if (r && !NAME_PROHIBITED.has(r) && accessibleName(target)) return null;
    const text = collapse(composedText(target));
    if (!steadyText(text)) return null;
    for (const inner of queryWithin(target, '*')) {
      const innerRole = role(inner);
      if (innerRole && innerRole !== 'img' && !TRANSPARENT_ROLES.has(innerRole) && !NAME_PROHIBITED.has(innerRole)) return null;
    }
    return text;
  }

  // The ways one outer part (a role, a class) tells this container apart from its peers, best first: by the
  // text the target shows — whole, as a name is matched ("Untitled" is a part of the "Untitled 1" a list
  // gains next) — by a named child, by a text of its own. A named child that bears the shown text (the
  // checkbox a label names) is that name already.
  // The item alone in its list (``lone``) is told by what names it, not by a control it holds where a text of
  // its own tells it: the next item has its own "Remove" button too.
  function toldApartWays(node, target, outer, peers, lone = false) {
    const ways = [];
    const byControls = actionsOnly(node, target);
    const has = identityChild(node, target, peers);
    const shown = target && shownText(target);
    if (shown && !(has && has.name === shown) && holdsWholeText(node, shown) &&
        peers.every((p) => p === node || !holdsWholeText(p, shown)))
      ways.push({ ...outer, strategy: outer.strategy + '_shown', text: shown, exact: true });
    const byHas = has && { ...outer, strategy: outer.strategy + '_has', has };
    const control = byHas && lone && CONTROL_ROLES.has(has.role);
    if (byHas && !control) ways.push(byHas);
    const byText = identityText(node, target, peers);
    if (byText) ways.push({ ...outer, strategy: outer.strategy + '_text', ...byText });
    if (control && !byText) ways.push(byHas);
    if (byControls) for (const way of ways) way.by_controls = true;
    else if (byHas && CONTROL_ROLES.has(has.role) && target && actionsOnly(commonAncestor(heldBy.get(has), target), target))
      byHas.by_controls = true;
    return ways;
  }

  // The nearest element that holds both (across shadow roots).
  function commonAncestor(a, b) {
    for (let node = a; node; node = parentOf(node)) if (node === b || isInside(b, node)) return node;
    return null;
  }

  // A container whose every text is a control's (a card's actions bar: Edit, Logs, a menu of its items) is told
  // apart from its peers only by which controls it holds, and an app shows some of them by the state of what the
  // card stands for (ESPHome's "Update" on a device that has not taken its configuration yet, until its status
  // check; "Unpin" where the others say "Pin"): such a way is kept, but a container found by what it shows (the
  // card by its name) comes first. So is a container further up told apart by such a control, one of the target's
  // fellow actions (the card by its "Update", found beside the target's "Edit" in its actions bar).
  // (a tooltip's text is its control's: ESPHome's "Update" has one, drawn on hover)
  const ACTION_ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio',
    'switch', 'tab', 'tooltip']);
  function actionsOnly(node, target) {
    if (!node) return false;
    let texts = 0;
    for (const t of composedTextNodes(node)) {
      if (!t.data.trim()) continue;
      let inControl = false;
      for (let a = parentOf(t); a && a !== node; a = parentOf(a)) {
        if (a.nodeType === 1 && (a === target || ACTION_ROLES.has(role(a)))) { inControl = true; break; }
      }
      if (!inControl) return false;
      texts++;
    }
    return texts > 0;
  }

  // An item that holds the items under it (a page tree's li: its title's anchor, its columns, then its child pages'
  // list, as jstree and an ARIA tree draw it) holds their copies of every action too, and each item above it holds its title
  // (a leaf's too): neither the item nor a text of it tells one page's row apart. Its own children do, outside the
  // nested list: the one that shows its title, found whole (``filter(has=page.locator(":scope > a")
  // .get_by_text("Blog", exact=True))``), and the one that holds the target (``locator(":scope > div")``).
  const childSelector = (el) => classSelector(el) || el.localName;
  function ownPartWays(node, target, outer, peers) {
    if (!target || outer.role && !ITEM_ROLES.has(outer.role)) return [];      // an item, not the list that nests
    if (!peers.some((p) => p !== node && (isInside(p, node) || isInside(node, p)))) return [];
    const own = [...node.children];
    const nested = own.filter((c) => peers.some((p) => p !== node && isInside(p, c)));
    const holder = own.find((c) => isInside(target, c));
    if (!holder || nested.includes(holder)) return [];
    const part = childSelector(holder);
    if (nested.some((c) => c.matches(part))) return [];
    for (const child of own) {
      if (child === holder || nested.includes(child)) continue;
      const text = collapse(composedText(child));
      if (!steadyText(text)) continue;
      const selector = childSelector(child);
      const shows = (item) => childrenMatching(item, selector).some((c) => holdsWholeText(c, text));
      if (peers.every((p) => p === node || !shows(p)))
        return [{ ...outer, strategy: outer.strategy + '_own', own: selector, text, exact: true, part }];
    }
    return [];
  }

  // Items of a list, one of many by nature: a list item, a table's row, a card, an option, a tree's node.
  const ITEM_ROLES = new Set(['listitem', 'row', 'article', 'option', 'treeitem']);
  const CONTROL_ROLES = new Set(['link', 'checkbox', 'radio', 'button']);

  // The item around the target that is the only one of its kind in its list now (the one card, the one todo;
  // an app's hidden template of it aside), or null. It, and every container inside it, is the only one of its
  // kind only until the list holds a second item.
  function loneItem(target) {
    for (let node = parentOf(target), depth = 0; node && node.tagName !== 'BODY' && depth < SCOPE_DEPTH;
      node = parentOf(node), depth++) {
      const r = node.nodeType === 1 && role(node);
      if (!r || !ITEM_ROLES.has(r) || r === 'row' && headerRow(node)) continue;
      if (!withSiblings(node).some((c) => c !== node && role(c) === r && !hiddenForAria(c))) return node;
    }
    return null;
  }

  // A table's row of column titles: the table's own, no item of its data.
  const headerRow = (row) => row.parentElement && row.parentElement.tagName === 'THEAD' ||
    [...row.children].length > 0 && [...row.children].every((c) => role(c) === 'columnheader');

  // A way that tells a container inside the lone item apart by what this item holds (a todo's text, a heading),
  // not by what each item to come has a copy of (its list of actions, their "Edit" link, a test id, a name).
  const ownToTheItem = (way) => !!way.text || !!way.has && !CONTROL_ROLES.has(way.has.role);

  // The lone item around a control whose name each item to come has a copy of (the one todo's "Delete", the one
  // row's "Edit" link, the one card's "×" named "Remove"), or null: a control named by no word of the item's
  // title, the first text of the item that no button shows (the todo's "buy milk", the row's first cell, the
  // card's heading). Unique now only because the item is alone, as a bare role is: the item, told apart by its own
  // text, finds it. A control named by the item's own words (the "buy milk" link, the checkbox its label names,
  // "Toggle buy milk") names the one; an item with no text beside its buttons has no title to tell it by.
  function copiedInItem(target) {
    const r = target.closest('[aria-hidden="true" i]') ? null : role(target);
    const item = CONTROL_ROLES.has(r) ? loneItem(target) : null;
    const title = item && itemTitle(item);
    const name = title && accessibleName(target);
    if (!name) return null;
    const own = new Set(wordsIn(title));
    return wordsIn(name).some((word) => own.has(word)) ? null : item;
  }

  // A text's words of two letters or more, lower-cased.
  const wordsIn = (text) => text.toLowerCase().match(/\p{L}{2,}/gu) || [];

  // What names an item: its first shown text with letters that no button of it shows (a link's does: the row's
  // "Ada Lovelace"), null when it has none. Volatile or not: whether it tells the item apart is the container's
  // rule (toldApartWays), whether a control's name is it is this one.
  function itemTitle(item) {
    for (const t of composedTextNodes(item)) {
      const parent = parentOf(t);
      if (!parent || SKIPPED_TAGS.has(parent.tagName) || hiddenForAria(parent)) continue;
      if (parent.closest('button, [role=button]')) continue;
      const text = collapse(t.data);
      if (/\p{L}{2}/u.test(text)) return text;
    }
    return null;
  }

  // Whether a way tells a container by a word of the item's title (its text, or its named child's name).
  function sayingTitle(item) {
    const title = new Set(wordsIn(itemTitle(item)));
    return (way) => [way.text, way.has && way.has.name].some((said) => !!said && wordsIn(said).some((word) => title.has(word)));
  }

  // Whether the element's name is made of several texts (a row's cells): no name to find it by.
  function concatenated(node) {
    if (node.hasAttribute('aria-label') || node.hasAttribute('aria-labelledby')) return false;
    const walker = node.ownerDocument.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let pieces = 0;
    for (let t = walker.nextNode(); t; t = walker.nextNode()) if (collapse(t.data) && ++pieces > 1) return true;
    return false;
  }

  // Whether the element holds a field whose value its name from content reads (a formset row's cell: Chromium
  // and Playwright name it "GBP" by its currency field's value, the row "A GBP" by the partner select's chosen
  // option too; a column header "Name An" by what its filter box holds): the data the flow types or chooses
  // there, or the page's default, never what tells the container apart. Checkboxes, radios and buttons add
  // nothing to a name.
  const VALUE_FIELDS = 'input:not([type=checkbox i], [type=radio i], [type=hidden i], [type=button i], ' +
    '[type=submit i], [type=reset i], [type=image i], [type=file i]), select, textarea, [role=textbox], ' +
    '[role=combobox], [role=spinbutton], [role=slider], [role=searchbox], [role=listbox]';
  const holdsValues = (node) => queryWithin(node, VALUE_FIELDS).some((field) => !hiddenForAria(field));

  // The text of the container's heading (a ``th``, a label, a ``strong`` too), as Playwright's has_text
  // reads it: its text nodes as they stand, whitespace collapsed, nothing put between two of its elements
  // (a name in two spans, "Pixel" "8", is "Pixel8" to Playwright, never "Pixel 8"); null when it has none.
  function headingText(node) {
    const heading = node.querySelector(HEADING_SELECTOR);
    const text = heading ? collapse(composedText(heading)) : '';
    return text && text.length <= 80 ? text : null;
  }

  // A container found by its test id: by its heading, when no other element with that test id holds it; a
  // heading that looks like it counts what the panel holds ("Current Tags (1)", Verdaccio's versions panel),
  // which the next run's data may say otherwise, only after the test id alone (enough when it is the one
  // panel with it; a card's name that holds a number still tells the cards apart). A test id many share (a
  // budget's rows, every one "row"), or one the flow's item has alone for now (``told``), is told apart as a
  // role or a class is, by one steady text of its own (the row's name cell, "Usual Expenses", never its cells'
  // texts together: "Usual Expenses0.000.000.00" to Playwright, amounts and all) or a named child.
  function testIdWays(node, target, testId, told) {
    const outer = { strategy: 'test_id', test_id: testId };
    const alone = { ...outer, text: null };
    const peers = scopePeers(node.ownerDocument, outer);
    const heading = headingText(node);
    const ways = [];
    if (heading && looksVolatile(heading)) ways.push(alone);
    if (heading && peers.every((p) => p === node || !holdsText(p, heading))) ways.push({ ...outer, text: heading });
    else if ((told || peers.length > 1) && peers.length <= MAX_PEERS)
      for (const way of toldApartWays(node, target, outer, peers)) ways.push({ ...way, strategy: 'test_id' });
    if (!ways.includes(alone)) ways.push(alone);
    return ways;
  }

  // Each way to find this container again, best first. A container that is the only one of its kind now
  // (``told``: the one todo of a list of one) is still told by what it holds, so that its locator
  // stays one match when a second of its kind arrives.
  function scopeWays(node, target, told, lone = false) {
    const doc = node.ownerDocument;
    const ways = [];
    const testId = lastingTestId(node);
    const r = role(node);
    const name = r && !NAME_PROHIBITED.has(r) ? accessibleName(node) : '';
    if (testId) ways.push(...testIdWays(node, target, testId, told));
    // a name of no letter or digit ("...", "…", "-": the aria-label Bootstrap's docs put on every .btn-group,
    // copied into apps) names no container: it tells none from another, and a later version fills it; the
    // container is found by what it holds, as an unnamed one is
    if (r && name && SAYS_SOMETHING.test(name) && !looksVolatile(name) && !(CONTENT_NAMED.has(r) && (concatenated(node) || holdsValues(node))))
      ways.push({ strategy: 'role', role: r, name });
    const outers = [];
    if (r && !TRANSPARENT_ROLES.has(r)) outers.push({ strategy: 'role', role: r });
    const selector = containerSelector(node);
    if (selector) outers.push({ strategy: 'class', selector });
    // found by its key: the elements that carry the same key hold the target and nothing like it
    for (const key of keyAttributes(node)) ways.push({ strategy: 'attr', selector: key });
    for (const outer of outers) {
      const peers = scopePeers(doc, outer);
      if (peers.length > MAX_PEERS) continue;      // too many peers to compare within one call
      if (peers.length === 1 && peers[0] === node && !told) { ways.push({ ...outer, strategy: outer.strategy + '_only' }); continue; }
      ways.push(...toldApartWays(node, target, outer, peers, lone), ...ownPartWays(node, target, outer, peers));
    }
    return ways;
  }

  // The run's {unique} value in what an element shows: in its text, or in one of its texts alone, where the
  // text around it runs on (a row's cells glue in its textContent, "qa-limit-6a3b5d8c" and "5" reading
  // "qa-limit-6a3b5d8c5", where the value has no end of its own).
  function holdsRunToken(node) {
    if (RUN_TOKEN.test(node.textContent || '')) return true;
    const texts = (node.ownerDocument || document).createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      if (text.data.length >= 8 && RUN_TOKEN.test(text.data)) return true;
    }
    return false;
  }

  // A surface shown one at a time: a dialog (its role, a <dialog>, aria-modal) or what its class calls a modal or
  // a dialog (a library's modal drawn with no role: Label Studio's div.lsf-modal).
  const ONE_AT_A_TIME_CLASS = /modal|dialog/i;
  function oneAtATime(node) {
    const r = role(node);
    return r === 'dialog' || r === 'alertdialog' || node.tagName === 'DIALOG' || node.getAttribute('aria-modal') === 'true'
      || ONE_AT_A_TIME_CLASS.test(classText(node));
  }

  // Whether a scope that holds the run's {unique} value is what the flow made. Not a dialog that names it, a part
  // of one or the backdrop around one (an item of a list inside it is: a picker's row, a card). A dialog is shown one at a
  // time: the confirmation that names the project the flow made ("You are about to delete Temp 3b0f4a1e") is
  // opened by the next run again, one, naming the next run's; its controls are no copy that each record keeps,
  // and the target's own way (its test id) finds them.
  const LISTED_ROLES = new Set(['listitem', 'row', 'article', 'option', 'treeitem', 'gridcell', 'cell']);
  function madeByTheFlow(scope, target) {
    if (!holdsRunToken(scope.node)) return false;
    if (LISTED_ROLES.has(role(scope.node)) || scope.reason === 'card' || scope.reason.startsWith('repeated ')) return true;
    let dialog = null;           // the outermost, with its backdrop
    for (let node = parentOf(target); node && node.tagName !== 'BODY'; node = parentOf(node))
      if (node.nodeType === 1 && oneAtATime(node)) dialog = node;
    if (!dialog) return true;
    if (isInside(scope.node, dialog)) return false;
    // a scope around it (the page behind): the flow's where it holds the value outside the dialog
    const texts = (scope.node.ownerDocument || document).createTreeWalker(scope.node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode())
      if (!isInside(text, dialog) && RUN_TOKEN.test(text.data)) return true;
    return false;
  }

  // The ancestors that can scope the target, nearest first, up to the `limit`-th that has a way to be
  // found again; those with none are kept too (inside a unique outer container, they may have one). After
  // them, the nearest `limit` ancestors a class names (or a component's tag) that tell the target apart: a
  // component's own parts around its input (Material's switch: its thumb, the underlay, the switch) name
  // what every copy has, and the row further up that a heading tells apart (Home Assistant's
  // ha-settings-row, alone in the shadow root of its own row component) was left out behind them.
  function scopesOf(el, limit) {
    const out = [];
    const lone = [];
    const item = loneItem(el);
    const titled = item && copiedInItem(el) ? sayingTitle(item) : null;
    let found = 0, depth = 0;
    for (let node = parentOf(el); node && node.tagName !== 'BODY' && found < limit && depth < SCOPE_DEPTH;
      node = parentOf(node), depth++) {
      if (node.nodeType !== 1) continue;
      // a control every item has a copy of is told by its item, or a part of it, by the item's title: the list
      // around the item holds the items to come, and a cell of the one row told apart by the row's other copies
      // ("Edit" beside "Archive") is in every row to come
      if (titled && node !== item && !isInside(node, item)) continue;
      const reason = scopeReason(node);
      if (!reason) {
        const classReason = loneClassReason(node);
        // the nearest that holds the run's {unique} value is what the flow made, the one of its kind now (a label's
        // row, div.dijitTreeRow, "Recipes 3f8c9e0b"): in its place, before the group that holds every row to come
        if (classReason && holdsRunToken(node) && !out.some((scope) => holdsRunToken(scope.node))) {
          const ways = loneWays(node, el, titled);
          if (ways.length) { out.push({ reason: classReason, ways, node }); found++; continue; }
        }
        if (classReason) lone.push({ reason: classReason, node });
        continue;
      }
      // a component is told by what it holds (its label), though it is the only one of its kind now; so is
      // what the flow made, named by the run's {unique} value (a bucket "qa-8d0f3a4e"): the next run makes another
      const inItem = !!item && node !== item && isInside(node, item);
      const ways = scopeWays(node, el, !!node.shadowRoot || holdsRunToken(node) || !!item && isInside(node, item),
        node === item).filter((way) => !inItem || ownToTheItem(way) && (!titled || titled(way)));
      if (ways.length) found++;
      out.push({ reason, ways, node });
    }
    // the lone classes after every container a role or a repetition marks
    let told = 0;
    for (const scope of lone) {
      if (told >= limit) break;
      const ways = loneWays(scope.node, el, titled);
      if (ways.length) { out.push({ ...scope, ways }); told++; }
    }
    return out;
  }

  // The ways to a container only its class names: its text first (a named child of a lone item, its "×" button,
  // is likely in every item to come), else a named child.
  function loneWays(node, el, titled) {
    const all = scopeWays(node, el, true).filter((way) => !titled || titled(way));
    const text = all.filter((way) => way.strategy === 'class_shown' || way.strategy === 'class_text');
    return text.length ? text : all.filter((way) => way.strategy === 'class_has');
  }

  // When no container alone tells the target apart (two sections each holding a card "Dune"): a
  // container found again inside a unique outer one, its peers counted inside that outer one only.
  function nestedScopes(scopes, target) {
    const out = [];
    for (let j = 1; j < scopes.length; j++) {
      for (const within of scopes[j].ways) {
        const outerRoots = scopeRoots(target.ownerDocument, within);
        if (outerRoots.length !== 1) continue;
        const outerRoot = outerRoots[0];
        for (let i = 0; i < j; i++) {
          const node = scopes[i].node;
          const ways = [];
          const r = role(node);
          const outers = [];
          if (r && !TRANSPARENT_ROLES.has(r)) outers.push({ strategy: 'role', role: r });
          const selector = containerSelector(node);
          if (selector) outers.push({ strategy: 'class', selector });
          for (const outer of outers) {
            const peers = scopePeers(target.ownerDocument, outer).filter((p) => p !== outerRoot && isInside(p, outerRoot));
            if (peers.length > MAX_PEERS) continue;
            for (const way of toldApartWays(node, target, outer, peers)) ways.push({ ...way, within });
          }
          if (ways.length) out.push({ reason: scopes[i].reason + ' in ' + scopes[j].reason, ways, node });
        }
        break;                                     // the first unique way of the outer container is enough
      }
    }
    return out;
  }
