  // ---------------------------------------------------------------- structure
  function attributesOf(el) {
    const out = {};
    for (const attr of builtin(el, 'attributes')) out[attr.name] = clip(attr.value, 200);
    return out;
  }

  function ownText(el) {
    let text = '';
    for (let c = el.firstChild; c; c = c.nextSibling) if (c.nodeType === 3) text += ' ' + c.data;
    return clip(collapse(text), TEXT_LIMIT);
  }

  // The element's text with a space between text nodes, stopping once the limit is reached; a component's
  // shadow root's text first, then its own children's, as Playwright's text matching (``has_text``) reads it.
  function textOf(el, limit) {
    const parts = [];
    let length = 0;
    const visit = (node) => {
      if (node.shadowRoot) visit(node.shadowRoot);
      for (let c = node.firstChild; c && length <= limit; c = c.nextSibling) {
        if (c.nodeType === 1 && !SKIPPED_TAGS.has(c.tagName)) visit(c);
        if (c.nodeType !== 3) continue;
        const text = collapse(c.data);
        if (!text) continue;
        parts.push(text);
        length += text.length + 1;
      }
    };
    visit(el);
    return clip(parts.join(' '), limit);
  }

  function refsWithin(el, limit) {
    const refs = [];
    let total = 0;
    const visit = (node) => {
      if (node.shadowRoot) visit(node.shadowRoot);
      for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
        if (c.getAttribute('aria-hidden') === 'true') continue;
        const r = role(c);
        if (r && isInteractive(c, r) && !hiddenForAria(c)) {
          total++;
          if (refs.length < limit) refs.push(refFor(c));
        }
        visit(c);
      }
    };
    visit(el);
    return { refs, total };
  }

  function containerReason(el) {
    const r = role(el);
    if (lastingTestId(el)) return 'test id';
    if (r && LANDMARK_ROLES.has(r)) return r === 'region' || r === 'form' ? 'named ' + r : 'landmark';
    if (r === 'listitem') return 'list item';
    if (r === 'row') return 'row';
    if (r === 'article') return 'article';
    const cls = classText(el);
    if (/(^|[\s_-])(card|tile|item|product|entry)s?([\s_-]|$)/i.test(cls)) return 'card';
    if (r && CONTAINER_ROLES.has(r) && accessibleName(el)) return 'named ' + r;
    return null;
  }

  function elementFacts(el) {
    const r = role(el);
    const within = refsWithin(el, 20);
    const reason = containerReason(el);
    return { ref: refFor(el), tag: el.tagName.toLowerCase(), role: r, name: r && !NAME_PROHIBITED.has(r) ? clip(accessibleName(el), NAME_LIMIT) : '',
      attributes: attributesOf(el), child_count: shownChildren(el).length, refs: within.refs, ref_count: within.total,
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

  // Scroll an element to the middle of its viewport, or the page by (dx, dy); where the page then stands.
  function scroll(args) {
    const view = document.defaultView;
    if (args.ref != null) {
      const result = withElement(args.ref, (el) => {
        el.scrollIntoView({ block: 'center', inline: 'nearest' });
        return {};
      });
      if (result.error) return result;
    } else {
      view.scrollBy(args.dx || 0, args.dy || 0);
    }
    return { x: Math.round(view.scrollX), y: Math.round(view.scrollY),
      max_y: Math.max(0, Math.round((pageRoot() ? document.documentElement.scrollHeight : 0) - view.innerHeight)) };
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

  // What names a container, first: its heading, a legend or caption, a label, a bold word, a header cell.
  const HEADING_SELECTOR = 'h1, h2, h3, h4, h5, h6, [role=heading], legend, caption, figcaption, label, strong, b, th';

  function distinguishingText(el) {
    const heading = el.querySelector(HEADING_SELECTOR);
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
      const kids = shownChildren(parent);
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
              child_count: shownChildren(n.el).length });
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

  // Test support: the set of refs whose element carries a given attribute (the page sets it, verdex reads it),
  // and each one's value of it (so that one call reads a whole page's marks).
  function refsWithAttribute(args) {
    const out = [];
    const values = {};
    for (const [ref, weak] of elementOf) {
      const el = weak.deref();
      if (el && el.isConnected && el.hasAttribute(args.attribute)) {
        out.push(ref);
        values[ref] = el.getAttribute(args.attribute);
      }
    }
    return { refs: out, values };
  }


