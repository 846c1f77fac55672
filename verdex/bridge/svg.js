  // ---------------------------------------------------------------- svg: an image, or a drawing that holds content
  // An <svg> has the role img (HTML-AAM; Playwright's engine finds it by that role), and an image is a leaf of
  // the snapshot. Chromium makes an svg a leaf only when nothing inside it is exposed: a graph whose nodes
  // are HTML in <foreignObject>s (dagster-webserver's asset lineage: a link to each asset, when it was
  // materialized), an svg link, the text it draws are its children in Chromium's accessibility tree, and
  // in Playwright's aria snapshot (`- img:` over them). An icon (shapes and a <title>; a foreignObject
  // that holds nothing shown) stays one `- img` line. What an svg holds but does not draw (its <title>,
  // <desc>, <style>, <defs>, <symbol>, <clipPath>, <marker>: no box) is never content: like an element of
  // display none, no user sees it and Playwright finds it not visible (Chromium's tree and Playwright's aria
  // snapshot still list the text of a <symbol> in <defs>).

  // The elements of an svg's own through which it may show something: HTML's way in, text, a link, a role.
  const SVG_CONTENT = 'foreignObject, text, a, [role]';

  function isSvg(el) {
    return el.namespaceURI === SVG_NS && el.localName === 'svg';
  }

  // An <svg> whose role is img and that shows content inside it: an image that is no leaf.
  function drawingWithContent(el, r) {
    if (r !== 'img' || !isSvg(el) || !el.querySelector(SVG_CONTENT)) return false;
    for (const part of el.querySelectorAll(SVG_CONTENT)) {
      if (part.namespaceURI !== SVG_NS || undrawnSvgPart(part) || hiddenForAria(part)) continue;
      if (part.localName === 'foreignObject' ? htmlShowsContent(part)
        : part.localName === 'text' ? !!collapse(part.textContent || '') : exposedRole(part)) return true;
    }
    return false;
  }

  // An element inside an svg (not the outermost one) that has no box: it is not drawn.
  function undrawnSvgPart(el) {
    return !!el.ownerSVGElement && el.getClientRects().length === 0;
  }

  // A text node an svg holds outside any <text> (the line breaks between its shapes): never drawn.
  function undrawnSvgText(node) {
    const parent = node.parentElement;
    return !!parent && parent.namespaceURI === SVG_NS && !parent.closest('text');
  }

  function exposedRole(el) {
    const r = role(el);
    return !!r && !TRANSPARENT_ROLES.has(r) && !hiddenForAria(el);
  }

  // A foreignObject's HTML shows text or an element with a role (a link, a button, a heading).
  function htmlShowsContent(foreignObject) {
    const walker = foreignObject.ownerDocument.createTreeWalker(foreignObject, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === 3 ? !!collapse(node.data) && !hiddenForAria(node.parentElement) : exposedRole(node))
        return true;
    }
    return false;
  }

