  // The settings of one install, and the vocabularies the other parts share.
  const TEST_ID = config.testIdAttribute || 'data-testid';
  // A test id that holds an id made for one record (a UUID, a long run of hex or of digits: Kinto Admin's
  // "509ea650-2af5-4bf2-a41a-67db2c953156-row", the id its server gave the record) names that record only:
  // the next run's record has another. The snapshot shows it; no locator, container or wait is found by it.
  const MADE_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const madeToken = (t) => /^\d{10,}$/.test(t) || (/^[0-9a-f]{16,}$/i.test(t) && /\d/.test(t) && /[a-f]/i.test(t));
  const holdsMadeId = (text) => MADE_ID.test(text) || text.split(/[^0-9a-z]+/i).some(madeToken);
  const MADE_IDS = new RegExp(MADE_ID.source, 'gi');
  // the text with each id a server made blanked out (a name's words around a row's UUID)
  const withoutMadeIds = (text) => text.replace(MADE_IDS, ' ').split(/([^0-9a-z]+)/i)
    .map((token) => (madeToken(token) ? ' ' : token)).join('');
  function lastingTestId(el) {
    const value = el.getAttribute(TEST_ID);
    return value && !holdsMadeId(value) ? value : null;
  }
  // A name a run of a test made (the shape of a ``{unique}`` token, verdex/unique.py): what the flow created
  const RUN_TOKEN = new RegExp(config.runToken || '(?!)');
  // what a page says while it works, not an outcome (verdex/busy_words.py)
  const BUSY_TEXT = new RegExp(config.busyText || '(?!)', 'i');
  const NAME_LIMIT = 100;
  const TEXT_LIMIT = 120;
  const FOLD_RUN = 20;        // fold a shape seen among siblings more than this many times …
  const FOLD_KEEP = 10;       // … keeping this many of them
  const SVG_NS = 'http://www.w3.org/2000/svg';
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
  // What the snapshot calls an element no role names (tree.js): found by its class and text, not a role.
  const UNROLED = new Set(['clickable', 'editable']);
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

