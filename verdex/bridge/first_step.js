// Proving on export (verdex/proof_plugin.py): what the test's first page showed just before the test's
// first step. Run first in every document of a proof run's context; the first input the test makes in
// the top document (a pointer press, a key, typed text) hands the page's visible text to the binding
// `__verdexProofFirstStep`, once; and what it showed as each field was typed into. Not part of the page script: it runs in the page's own world, and only
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

  // Each dialog the page opens (its kind and message), handed to `__verdexProofDialog` as it opens: a run
  // the page asked what the recording never saw ("Overwrite the tiddler …?", which a test with no answer
  // registered has dismissed) failed for that, not for a line verdex chose.
  for (const kind of ["alert", "confirm", "prompt"]) {
    const opened = window[kind];
    window[kind] = function (message, ...rest) {
      window.__verdexProofDialog(kind, String(message === undefined ? "" : message));
      return opened.call(this, message, ...rest);
    };
  }

  // Each field the test types into: the page's visible text at the field's first input (before the app
  // has answered it), and the value the field holds after each input, handed to `__verdexProofTyped`.
  // Proving tells a value the page already showed before the test typed it (a folder's name the
  // recording gave, listed once the test opened the dialog to name another).
  const fields = new WeakMap();
  let count = 0;
  window.addEventListener("input", (event) => {
    const field = event.composedPath()[0];
    if (!event.isTrusted || !field || !("value" in field || field.isContentEditable)) return;
    let id = fields.get(field), before = null;
    if (id === undefined) {
      id = `${performance.timeOrigin}-${++count}`;
      fields.set(field, id);
      before = document.body ? document.body.innerText : "";
    }
    window.__verdexProofTyped(id, "value" in field ? String(field.value) : field.innerText, before);
  }, true);
})();
