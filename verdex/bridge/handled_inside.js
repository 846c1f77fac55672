// Evaluated in the page's own world, not verdex's (Bridge.mark_handled_inside): the elements inside
// a control that hold a click handler of their own, as a column header's filter icon whose React
// onClick opens the column's menu while a click on the header sorts, the pictures outside any
// control that hold one, and the icons inside a row a script wires up (below). Only this world sees such a
// handler: React's props, Vue's invokers and an onclick property are the page's globals, and
// DevTools gives getEventListeners to the world that asks. A handler the control holds too (a
// component passing its onClick down) is the control's. The outermost such element is taken;
// null when there is none (most pages), so that nothing more is asked.
/* global getEventListeners */
(() => {
  const CONTROLS = 'button, a[href], summary, [role=button], [role=link], [role=tab], ' +
    '[role=menuitem], [role=option]';
  const PROPS = ['onClick', 'onMouseDown', 'onPointerDown', 'onMouseUp'];
  const EVENTS = ['click', 'mousedown', 'pointerdown', 'mouseup'];
  const reactProps = (el) => {
    const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
    return key ? el[key] : null;
  };
  const handlerOf = (el) => {
    if (!el) return null;
    const props = reactProps(el) || {};
    const invokers = el._vei || {};
    const listeners = typeof getEventListeners === 'function' ? getEventListeners(el) : {};
    const named = PROPS.map((prop) => props[prop] || (invokers[prop] && invokers[prop].value))
      .find(Boolean);
    const listened = EVENTS.map((type) => (listeners[type] || [])[0]).find(Boolean);
    const property = typeof el.onclick === 'function' ? el.onclick : null;
    return named || property || (listened ? listened.listener : null);
  };
  const found = [];
  // a control's children and what they hold: a selector that asks every element's parent, not
  // every ancestor, is what a page of thousands of buttons of text alone pays for
  for (const child of document.querySelectorAll(`:is(${CONTROLS}) > *`)) {
    for (const el of [child, ...child.querySelectorAll('*')]) {
      if (el.matches(CONTROLS) || found.some((outer) => outer.contains(el))) continue;
      const handler = handlerOf(el);
      if (handler && handler !== handlerOf(el.parentElement.closest(CONTROLS))) found.push(el);
    }
  }
  // A picture outside any control that a listener makes one (doccano's project types: a card's
  // image, div.v-image, whose Vue listener chooses the card's type): the picture and what holds
  // it, up to where text or a control begins; what holds text is the page's to name, and a
  // handler there may be one delegated for all it holds. The outermost listened one is taken.
  // An icon is no such picture (smaller than PICTURE_PX a side): a page of thousands of icons
  // beside their words would pay a listener's lookup for each.
  const PICTURES = 'img, svg, [style*="background-image"]';
  const PICTURE_PX = 40;
  // the element a shadow root is attached to; a node out of the page has another root (a link's host is a string)
  const shadowHost = (node) => { const root = node.getRootNode(); return root.nodeType === 11 ? root.host : null; };
  // a control the picture is in, a shadow root's one too (a custom element's button slotting it)
  const inControl = (el) => {
    for (let node = el; node; node = node.assignedSlot || node.parentElement || shadowHost(node))
      if (node.matches(CONTROLS)) return true;
    return false;
  };
  for (const picture of document.querySelectorAll(PICTURES)) {
    if (picture.parentElement?.closest('svg')) continue;
    const box = picture.getBoundingClientRect();
    if (box.width < PICTURE_PX || box.height < PICTURE_PX || inControl(picture)) continue;
    let listened = null;
    for (let el = picture; el && el !== document.body; el = el.parentElement) {
      if (el.textContent.trim() || (el !== picture && el.querySelector(CONTROLS))) break;
      if (handlerOf(el)) listened = el;
    }
    if (listened && !found.some((other) => other.contains(listened) || listened.contains(other))) found.push(listened);
  }
  // An icon inside a row that a script wires up (pyLoad's package list: each package's name a div with a
  // hand cursor whose click opens it, and in it the package's actions, empty spans drawn by their ::before,
  // each named by its title and with a listener of its own). It has the row's hand cursor, as the row's
  // text has, and the tree takes what shares a row's cursor for the row; one named by a title or a label,
  // with no text, a hand cursor and a handler other than the nearest one above it is a control of its own.
  // Only a named one is asked of: a row's every empty element inherits its cursor, and a list of thousands
  // of rows would pay a listener's lookup for each.
  const HAND_CURSORS = new Set(['pointer', 'grab', 'move']);
  for (const icon of document.querySelectorAll('[title]:empty, [aria-label]:empty')) {
    if (!icon.parentElement || inControl(icon)) continue;
    const cursor = getComputedStyle(icon).cursor;
    if (!HAND_CURSORS.has(cursor) || cursor !== getComputedStyle(icon.parentElement).cursor) continue;
    const own = handlerOf(icon);
    if (!own || found.some((other) => other.contains(icon) || icon.contains(other))) continue;
    let above = null;
    for (let el = icon.parentElement; el && !above; el = el.parentElement) above = handlerOf(el);
    const box = icon.getBoundingClientRect();
    if (own !== above && box.width && box.height) found.push(icon);
  }
  return found.length ? found : null;
})()
