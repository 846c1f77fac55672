"""A text a web component draws straight in its shadow root, found through the component that draws it.

A component whose template has no ``<slot>`` and no element around its message (a Lit toast whose render()
returns the message alone, ``shadowRoot.textContent = message``) holds that text as a node whose parent is the
shadow root, no element. Playwright's text engine matches elements: ``get_by_text`` finds no element for such a
text, exact or not, on every run (measured in Playwright 1.65, Python and TypeScript alike), while the host's
``has_text``, its composed text, holds it, and ``to_have_text`` on the host reads it. A text inside an element of
the shadow root is that element's, which ``get_by_text`` finds. So a check of the text goes through the host: by
its role (``get_by_role("status").filter(has_text=re.compile(r"^\\s*Saved\\s+Ada\\s*$"))``), else by its tag
(``locator("app-toast").filter(has_text=…)``), whichever the check proves to find it alone and shown, filtered by
its whole text as an ordinary text check asserts the element's (:func:`whole_text_pattern`). The component the
check found showing the text is what a check that it is gone goes through (verdex/assertions.py).
"""

from __future__ import annotations

import re

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame

from verdex.facts import LocatorStep

# The hosts, in open shadow roots too, whose shadow root holds a text of its own (a node straight in it) and whose
# shadow root's words hold the text: each one's tag and the first word of its role attribute.
HOSTS = """(text) => {
  const fold = (words) => words.replace(/\\s+/g, ' ').trim();
  const hosts = [];
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      const shadow = element.shadowRoot;
      if (!shadow) continue;
      const own = Array.from(shadow.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.data.trim());
      const words = Array.from(shadow.childNodes, (node) =>
        node.nodeType === Node.TEXT_NODE ? node.data : node.localName === 'style' ? '' : node.textContent).join('');
      if (own && fold(words).includes(text)) {
        hosts.push({ tag: element.localName, role: (element.getAttribute('role') || '').trim().split(/\\s+/)[0],
                     words: fold(words) });
      }
      visit(shadow);
    }
  };
  visit(document);
  return hosts;
}"""


async def host_ways(frame: Frame, text: str) -> list[tuple[str, list[LocatorStep]]]:
    """The ways, best first, a test may find the component of the frame that draws ``text`` straight in its shadow
    root, each with its kind (``role``, ``css``): by its role, then by its tag, filtered by the text; none when no
    component draws it so (or the frame went away meanwhile). Each is to be proven to find it alone."""
    try:
        hosts = await frame.evaluate(HOSTS, " ".join(text.split()))
    except PlaywrightError:
        return []
    ways: list[tuple[str, list[LocatorStep]]] = []
    for host in hosts:
        by_text = LocatorStep(method="filter", kwargs={"has_text": whole_text_pattern(host["words"], text)},
                              regex=["has_text"])
        if host["role"]:
            ways.append(("role", [LocatorStep(method="get_by_role", args=[host["role"]]), by_text]))
        ways.append(("css", [LocatorStep(method="locator", args=[host["tag"]]), by_text]))
    return ways


def whole_text_pattern(shown: str, text: str) -> str:
    """The component's whole text ``shown`` as the regular expression its ``has_text`` filter holds, as an ordinary
    text check asserts the element's whole text (generators/waits.py ``text_assertion``): anchored, its whitespace
    as any whitespace, the numbers around the checked ``text`` as any number (another run may count otherwise).
    ``has_text`` with a string would take a part of it in any case: "Saved" would hold for "Saved Ada" and for
    "Not saved"."""
    before, _, after = " ".join(shown.split()).partition(" ".join(text.split()))
    return r"^\s*" + _shape(before, numbers_vary=True) + _shape(text) + _shape(after, numbers_vary=True) + r"\s*$"


def _shape(words: str, *, numbers_vary: bool = False) -> str:
    pieces = [piece for piece in re.split(r"(\s+|\d+)" if numbers_vary else r"(\s+)", words) if piece]
    return "".join(r"\s+" if piece.isspace() else r"\d+" if numbers_vary and piece.isdigit() else re.escape(piece)
                   for piece in pieces)
