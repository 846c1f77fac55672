// Proving on export (verdex/proof_plugin.py): what the test's first page showed just before the test's
// first step. Run first in every document of a proof run's context; the first input the test makes in
// the top document (a pointer press, a key, typed text) hands the page's visible text to the binding
// `__verdexProofFirstStep`, once. Not part of the page script: it runs in the page's own world, and only
// in the runs proving makes of a test it wrote.
(() => {
  if (window !== window.top) return;
  const kinds = ["pointerdown", "keydown", "input", "change"];
  const seen = (event) => {
    if (!event.isTrusted) return;
    for (const kind of kinds) window.removeEventListener(kind, seen, true);
    window.__verdexProofFirstStep(document.body ? document.body.innerText : "");
  };
  for (const kind of kinds) window.addEventListener(kind, seen, true);
})();
