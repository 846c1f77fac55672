  // ---------------------------------------------------------------- rendered text
  // The text a reader sees of an element: its text nodes without a script's, a stylesheet's or a
  // template's, which textContent adds (a component that injects its <style> into a toast region, a
  // modal that carries its data as a JSON <script>). Playwright's text matching reads text so too.
  const UNRENDERED = 'script, style, noscript, template';
  // What changes by itself, caused by no action: a timer's count (an elapsed-seconds counter, a countdown), a
  // marquee's ticker. Its text is no notice's and no outcome a test checks.
  const TICKING = '[role=timer], [role=marquee]';

  function renderedText(el) {
    if (!el.querySelector || !el.querySelector(UNRENDERED)) return el.textContent || '';
    const out = [];
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode())
      if (!(t.parentElement && t.parentElement.closest(UNRENDERED))) out.push(t.data);
    return out.join('');
  }

  // The rendered text with a space where a box ends (a block's or an inline-block's edge, a <br>), as Chromium's
  // name from content and innerText read it: a card's title and its status line in two divs are "My Finances
  // Available for download", not "My FinancesAvailable for download". That run-together text is what
  // Playwright's get_by_text and has_text match (textContent's), so locators keep it; a name a reader is shown
  // (a clickable's, an untitled dialog's) is this one.
  function spacedText(el) {
    const out = [];
    const visit = (node) => {
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) out.push(c.data);
        if (c.nodeType !== 1 || c.matches(UNRENDERED)) continue;
        const s = style(c);
        const boxed = c.nodeName === 'BR' || (!!s && s.display !== 'inline' && s.display !== 'contents');
        out.push(boxed ? ' ' : '');
        visit(c);
        out.push(boxed ? ' ' : '');
      }
    };
    visit(el);
    return out.join('');
  }

  // The lines a reader sees of an element, broken where a box ends as innerText breaks them (a toast's title
  // and its text in two divs: "Saved", "Your changes were saved"), each as the DOM holds it (no CSS
  // text-transform) and without what is not drawn: each is a text Playwright's get_by_text finds in the
  // element that shows it, where the element's whole text runs them together ("SavedYour changes were
  // saved") and reads as no line of it. A control's words (a toast's "Close", its "Undo") are no line of what
  // it says; a link drawn inline in a sentence is words of it (phpMyAdmin's "… have been deactivated. Find out
  // why."): without them the line is a text no element shows ("… deactivated. ."). A text that changes on its own
  // (a timer's seconds, a marquee's headline: TICKING) is no line either, and ends the one before it: "Session
  // expires in" and "minutes" are what a test finds again, where "4:59" is gone by the next read. An icon drawn
  // from a ligature font's word (ligatureIcon) is a picture, no words of the line.
  const LINE_CONTROLS = 'button, a[href], input, select, textarea, [role=button], [role=link]';
  const IN_SENTENCE = 'a[href], [role=link]';
  function textLines(el) {
    const lines = [''];
    const visit = (node) => {
      for (const c of composedChildren(node)) {          // as drawn: a component's shadow root, a slot's nodes
        if (c.nodeType === 3) lines[lines.length - 1] += c.data;
        if (c.nodeType !== 1 || c.matches(UNRENDERED)) continue;
        const s = style(c);
        if (s && (s.display === 'none' || s.visibility === 'hidden')) continue;
        if (c.matches(LINE_CONTROLS) && !(c.matches(IN_SENTENCE) && s && s.display === 'inline')) continue;
        if (c.matches(TICKING)) { lines.push(''); continue; }
        if (ligatureIcon(c)) continue;
        const boxed = c.nodeName === 'BR' || (!!s && s.display !== 'inline' && s.display !== 'contents');
        if (boxed) lines.push('');
        visit(c);
        if (boxed) lines.push('');
      }
    };
    visit(el);
    return lines.map(collapse).filter(Boolean);
  }

  // An icon a ligature font draws from a word: an element that holds one identifier and no other element
  // ("notifications", "arrow_drop_down"), set in a font whose family names icons or symbols (Material Icons,
  // Material Symbols Outlined: the family says it whether the font has loaded or not). A reader sees a bell, not
  // the word.
  const ICON_FONT = /icon|symbol/i;
  function ligatureIcon(el) {
    if (el.childElementCount || !/^[a-z][a-z0-9_]*$/.test((el.textContent || '').trim())) return false;
    const s = style(el);
    return !!s && ICON_FONT.test(s.fontFamily);
  }

  // An input drawn as a button (<input type=submit value="Save">, type=button, type=reset) holds no text node,
  // yet Playwright's text engine, get_by_text and has_text read its value as its text, and as a part of its
  // ancestors' text: a "Save" elsewhere on the page is then one of two, and a row holding such a "Save" holds it.
  const INPUT_BUTTONS = 'input[type=submit i], input[type=button i], input[type=reset i]';
  const isInputButton = (el) => el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes((el.type || '').toLowerCase());

  // An element's text as Playwright's has_text reads it: each child's in order, then its shadow root's (a
  // web component's label lives in its shadow root: Bokeh's and Panel's widgets, Shoelace, Lit), an input
  // button's value as its text.
  function composedText(el) {
    if (!shadowRoots.size && !isInputButton(el) && !(el.querySelector && el.querySelector(INPUT_BUTTONS)))
      return renderedText(el);
    let out = '';
    for (const t of composedTextNodes(el)) out += t.data;
    return out;
  }

  // The rendered text nodes under an element (or a shadow root), its shadow roots' included, in that order; an
  // input button's value as a piece of text of its own, whose parent is the input.
  function* composedTextNodes(root) {
    if (root.nodeType === 1 && isInputButton(root)) {
      yield { data: root.value || '', parentElement: root };
      return;
    }
    for (let child = root.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) yield child;
      else if (child.nodeType === 1 && !child.matches(UNRENDERED)) yield* composedTextNodes(child);
    }
    if (root.shadowRoot) yield* composedTextNodes(root.shadowRoot);
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

  // The name a hidden element would have if it were shown (Playwright's, with include_hidden): a look-alike
  // a stylesheet hides is named as its twin on the page is.
  function hiddenElementName(el) {
    return flatten(textAlternative(el, { visited: new Set(), target: 'self', includeHidden: true }));
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
    if (SKIPPED_TAGS.has(el.tagName) || (!inHiddenReference && !options.includeHidden && hiddenForAria(el))) {
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
          if (holdsSecret(el)) return '';        // a password, a card number or a key never becomes part of a name
          return tag === 'INPUT' || tag === 'TEXTAREA' ? el.value : (el.textContent || '');
        }
        if (r === 'combobox' || r === 'listbox') {
          options.visited.add(el);
          let selected;
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

  // CSS generated content, as Playwright's role engine and Chromium read it: an icon font's glyph
  // (``.fa-home::before { content: "\f015" }``) is part of a button's name. A pseudo-element's string
  // and attr() parts, or an element's own ``content`` only after its "/ alternative text" slash;
  // anything else (a counter, an image) makes no text. Undefined when there is none.
  function cssContent(el, pseudo) {
    const view = el.ownerDocument.defaultView;
    const s = view ? view.getComputedStyle(el, pseudo || null) : null;
    if (!s || !s.content || s.content === 'none' || s.content === 'normal') return undefined;
    if (s.display === 'none' || s.visibility === 'hidden') return undefined;
    let text = parseCssContent(el, s.content, !!pseudo);
    if (pseudo && text !== undefined && (s.display || 'inline') !== 'inline') text = ' ' + text + ' ';
    return text;
  }

  function parseCssContent(el, value, isPseudo) {
    const tokens = [];
    const re = /\s+|"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'|attr\(\s*([-\w]+)\s*\)|\/|[^\s]+/g;
    for (let m = re.exec(value); m; m = re.exec(value)) {
      if (/^\s+$/.test(m[0])) continue;
      if (m[1] !== undefined || m[2] !== undefined) tokens.push({ string: unescapeCss(m[1] !== undefined ? m[1] : m[2]) });
      else if (m[3] !== undefined) tokens.push({ string: el.getAttribute(m[3]) || '' });
      else if (m[0] === '/') tokens.push({ slash: true });
      else tokens.push({ other: m[0] });
    }
    const slash = tokens.findIndex((t) => t.slash);
    if (slash === -1 && !isPseudo) return undefined;
    const parts = slash === -1 ? tokens : tokens.slice(slash + 1);
    if (parts.some((t) => t.string === undefined)) return undefined;
    return parts.map((t) => t.string).join('');
  }

  function unescapeCss(text) {
    return text.replace(/\\([0-9a-fA-F]{1,6})\s?|\\([\s\S])/g, (all, hex, char) => {
      if (hex === undefined) return char === '\n' ? '' : char;
      const code = parseInt(hex, 16);
      return code > 0 && code <= 0x10FFFF ? String.fromCodePoint(code) : '\uFFFD';
    });
  }

  function contentText(el, options) {
    const tokens = [cssContent(el, '::before') || ''];
    const own = cssContent(el);
    if (own !== undefined) {
      tokens.push(own, cssContent(el, '::after') || '');
      return tokens.join('');
    }
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
    tokens.push(cssContent(el, '::after') || '');
    return tokens.join('');
  }

  // ---------------------------------------------------------------- states
  // What the one icon of a control with no name shows, as its icon set names it: Material UI's
  // <svg data-testid="EditIcon">, Font Awesome's <svg data-icon="pen"> or <i class="fa-solid fa-pen">,
  // Bootstrap's <i class="bi bi-pencil">, Lucide's, Material Design Icons', Glyphicons' and Tabler's
  // classes. { name: "Edit", selector: 'svg[data-testid="EditIcon"]' } or null: the snapshot shows the
  // name ([icon=Edit]), a locator finds the control by the icon it holds. An icon font's ligature
  // ("delete") is already the control's text, and an icon with a label is already its name.
  const ICON_CLASS = /^(?:fa|bi|lucide|mdi|glyphicon|ti)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
  const ICON_MODIFIER = /^(solid|regular|light|thin|duotone|brands|sharp|fw|lg|xs|sm|xl|[0-9]+x|spin|pulse|border|inverse|flip|rotate|stack|beat|fade|bounce|shake|li|ul)(-|$)/;
  function iconOf(el) {
    const icons = el.querySelectorAll('svg, i, span[class*="-"]');
    if (!icons.length || icons.length > 4) return null;
    for (const icon of icons) {
      const testId = icon.getAttribute('data-testid') || '';
      if (icon.tagName.toLowerCase() === 'svg' && /^[A-Z][A-Za-z0-9]+Icon$/.test(testId))
        return { name: testId.slice(0, -4), selector: 'svg[data-testid=' + cssString(testId) + ']' };
      const drawn = icon.getAttribute('data-icon') || '';
      if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(drawn))
        return { name: drawn, selector: '[data-icon=' + cssString(drawn) + ']' };
      for (const c of icon.classList || []) {
        const m = ICON_CLASS.exec(c);
        if (m && !ICON_MODIFIER.test(m[1])) return { name: m[1], selector: '.' + CSS.escape(c) };
      }
    }
    return null;
  }

  // The one named image a control holds when it shows nothing else (a row's icon link: ``<a><img alt="Pause"></a>``,
  // an svg with a ``<title>`` or an ``aria-label``, a ``role=img`` element with a label): the control's name, as
  // Chromium names a link by its image. A control the page gives no role (a script's ``<a>`` with no href, a
  // ``<span>`` with a click listener) has no name of its own, yet what the image says is what a user clicks.
  // { name: "Pause", selector: 'img[alt="Pause"]' } or null; the selector is null where no CSS says the name
  // (an svg's ``<title>`` is text), and an icon font's glyph, an image with no name, or words beside the
  // image are no such image.
  const NAMED_IMAGES = 'img[alt], svg, [role=img i]';
  function heldImage(el) {
    const named = imagesIn(el).filter((image) => accessibleName(image));
    const images = named.filter((image) => !named.some((outer) => outer !== image && outer.contains(image)));
    if (images.length !== 1) return null;
    const image = images[0];
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode())
      if (!image.contains(t) && t.data.trim() && !(t.parentElement && t.parentElement.closest(UNRENDERED))) return null;
    const name = accessibleName(image);
    const label = collapse(image.getAttribute('aria-label') || '');
    const said = image.hasAttribute('role') ? '[role=' + cssString(image.getAttribute('role')) + ']' : image.localName;
    const selector = label === name ? said + '[aria-label=' + cssString(image.getAttribute('aria-label')) + ']'
      : image.tagName === 'IMG' && image.getAttribute('alt') === name ? said + '[alt=' + cssString(name) + ']' : null;
    return { name, selector };
  }

  // The images an element holds that Playwright's role engine finds as images (role img, not hidden for ARIA).
  function imagesIn(el) {
    return [...el.querySelectorAll(NAMED_IMAGES)].filter((image) => role(image) === 'img' && !hiddenForAria(image));
  }

  // The tooltip a script shows for an element, from the attribute its library reads (Plotly's toolbar,
  // Bootstrap's, Tippy's): what its author called it, when nothing else names it. A directive that keys
  // its tooltip by an id it generates (Directus's v-tooltip: data-tooltip="oIatrdOqWru0z3ukxFVbo", new
  // on every render) holds no words: one token of letters mixed with digits, or with its case changing
  // inside it again and again, is such an id, not a name.
  const TOOLTIP_ATTRIBUTES = ['data-title', 'data-tooltip', 'data-tip', 'data-original-title', 'data-bs-original-title',
    'data-tippy-content'];
  function generatedId(text) {
    if (!/^[A-Za-z0-9_-]{10,}$/.test(text)) return false;
    return /\d/.test(text) && /[A-Za-z]/.test(text) || /[a-z][A-Z].*[a-z][A-Z]/.test(text);
  }
  function tooltipOf(el) {
    for (const attribute of TOOLTIP_ATTRIBUTES) {
      const text = collapse(el.getAttribute(attribute) || '');
      if (text && text.length <= 80 && !/[<>]/.test(text) && !generatedId(text)) return { attribute, text };
    }
    return null;
  }

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

  // A field named for a secret, by its id, its name, its label or its placeholder ("API Key", ``apiKey``,
  // "Personal access token"): what its name ends with, so that "Token name" is not one. A label tied to no field
  // names the one field of its group (Syncthing's ``<label>API Key</label>`` over an input with no id or name).
  // The placeholder names the field only where nothing else labels it, as Chromium names it: beside a label
  // ("Note") it is a hint, often a sentence ("note to identify your new token", JupyterHub's token page).
  const SECRET_NAMED = /(^| )(api key|access key|secret key|private key|secret|token|password|passwd|passphrase)$/;
  function namedForASecret(el) {
    const labels = el.labels && el.labels.length ? [...el.labels].map((label) => label.textContent || '')
      : untiedLabels(el);
    const labelled = labels.length || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
    return [builtin(el, 'id'), el.getAttribute('name'), el.getAttribute('aria-label'),
      labelled ? '' : el.getAttribute('placeholder'),
      ...labels].some((said) => SECRET_NAMED.test(collapse(spacedWords(said)).toLowerCase()));
  }

  // What an id, a name or a label says, its words apart: ``apiKey``, ``api_key`` and ``api-key`` are "api Key".
  const spacedWords = (said) => String(said || '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.:]+/g, ' ');

  // The text of a label tied to no field, in the nearest group (up to three levels up) that holds it and no other
  // field than ``el``; the shadow root a field sits straight in is a group too (a component whose render() returns
  // a label and a field), the last one looked in.
  function untiedLabels(el) {
    for (let group = el.parentNode, depth = 0; group && depth < 3; group = group.parentElement, depth++) {
      if (group.querySelectorAll('input, textarea, select').length > 1) return [];
      const untied = [...group.querySelectorAll('label')].filter((label) => !label.control);
      if (untied.length) return untied.length === 1 ? [untied[0].textContent || ''] : [];
    }
    return [];
  }

  // A field whose value verdex never shows: a secret typed (a password, a card, a one-time code) or one the page
  // shows (Syncthing's read-only API key).
  function holdsSecret(el) {
    return isSensitive(el) || (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && namedForASecret(el);
  }

  // A secret the page shows as text, not in a field: an API token an app made and shows once ("Your new API
  // Token", JupyterHub's; "Make sure to copy your personal access token now", a forge's flash message). Its text
  // is one word of a token's shape (16 characters or more: letters, figures, ``_-.+/=~``; rdiffweb's are sixteen
  // lowercase letters), and what names it is the element
  // itself (``id="token-result"``) or the text just before it, nearest first up to three levels out: a card's
  // header, a sentence, a term. A run's id or a commit beside "Run ID" or "Commit" is no secret, nor is a token's
  // name or id ("Token name"). Their values, for verdex to mask in all it says and records (Bridge.call).
  const TOKEN_SHAPE = /^[A-Za-z0-9][A-Za-z0-9_\-.+/=~]{15,}$/;
  const SECRET_MENTIONED = /\b(api keys?|access keys?|secret keys?|private keys?|secrets?|tokens?|passwords?|passphrases?)\b(?! *(names?|ids?|types?|notes?|labels?|descriptions?|scopes?|expir\w*|lists?|counts?)\b)/i;
  const SHOWN_SECRETS_LIMIT = 20;

  function shownSecrets() {
    const found = new Set();
    const visit = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node && found.size < SHOWN_SECRETS_LIMIT; node = walker.nextNode()) {
        if (node.nodeType === 1) { if (node.shadowRoot) visit(node.shadowRoot); continue; }
        const text = node.data.trim();
        if (text.length >= 16 && TOKEN_SHAPE.test(text) && node.parentElement && showsSecret(node.parentElement))
          found.add(text);
      }
    };
    visit(document);
    return [...found];
  }

  function showsSecret(el) {
    const own = [builtin(el, 'id'), el.getAttribute('class'), el.getAttribute('name'), el.getAttribute('aria-label')];
    if (own.some((said) => SECRET_MENTIONED.test(spacedWords(said)))) return true;
    return SECRET_MENTIONED.test(textBefore(el));
  }

  // The nearest text before an element: its previous siblings', else its parent's, up to three levels out.
  function textBefore(el) {
    for (let node = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
        const text = collapse(sibling.nodeType === 1 ? renderedText(sibling) : sibling.nodeType === 3 ? sibling.data : '');
        if (text) return text;
      }
    }
    return '';
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
    } else if (r === 'slider' || r === 'spinbutton') {     // an ARIA one (noUiSlider's handle): what it says it is
      value = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
    }
    if (!value) return null;
    return holdsSecret(el) ? '[redacted]' : clip(value, NAME_LIMIT);
  }

