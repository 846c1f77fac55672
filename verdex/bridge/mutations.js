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

