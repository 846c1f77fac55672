"""A file name an app's build made from the file's content: Vite's and Rollup's ``Example-BxwHpb9T.js``,
webpack's ``main.3f2a9c1b.js`` and ``vendor~main.1a2b3c4d.chunk.js``, esbuild's ``chunk-ABCD1234.js``, Next.js's
``index-0a1b2c3d4e5f6a7b.js``. The hash changes whenever the code in the file does, so a test that waits for
``/assets/Example-BxwHpb9T.js`` passes against the build it was recorded on and hangs on the next one (Gradio's
examples panel, loaded on a click). A wait names such a file by what stays: its folder, its stem and its
extension, the hash as any name (``/assets/Example-*.js``); a file named by nothing but hashes (webpack's
``3f2a9c1b4e5d.js``, Next.js's ``2852872c-15b1c9ba2ba38f2e.js``) names one build's file alone, and no wait names
it."""

from __future__ import annotations

import re

# a file of code or style, its extension with the words a build puts before it (``.chunk.js``, ``.min.css``)
BUILT_FILE = re.compile(r"(?P<rest>.+?)(?P<extension>(?:\.(?:chunk|bundle|min))*\.(?:m?js|cjs|css|wasm))")
HASH_CHARACTERS = re.compile(r"[A-Za-z0-9_-]{7,}")
# a word among the parts of a name (``long-name-v2``, ``polyfill-es2015``): no hash
WORD_PART = re.compile(r"(?:^|[-_])[a-z]{3,}(?:$|[-_])")
# a word or two written in camel case (``DatePicker``, ``dataTable``), not a hash of mixed case
CAMEL_CASE = re.compile(r"[A-Z]?[a-z]+(?:[A-Z][a-z]+)*")
SEPARATORS = "-._~"


def is_build_hash(token: str) -> bool:
    """Characters a hash is written in: hexadecimal digits and letters, seven or more (webpack's, Nuxt 2's
    ``f1bee97``); eight or more of digits alone, of capitals and digits (esbuild's), or of letters of both cases
    that are no camel-case word, digits among them or not (Vite's). A word among its parts makes it a name
    (``html5shiv``, ``polyfill-es2015``)."""
    if not HASH_CHARACTERS.fullmatch(token) or WORD_PART.search(token):
        return False
    digits, letters = any(c.isdigit() for c in token), any(c.isalpha() for c in token)
    lower, upper = any(c.islower() for c in token), any(c.isupper() for c in token)
    hexadecimal = re.fullmatch(r"[0-9a-f]+", token) is not None
    capitals = re.fullmatch(r"[A-Z0-9]+", token) is not None
    if digits and letters and hexadecimal:
        return True
    return len(token) >= 8 and (token.isdigit() or (digits and letters and capitals)
                                or (lower and upper and not all(CAMEL_CASE.fullmatch(part)
                                                                for part in re.split(r"[-_]", token))))


def with_any_build(path: str) -> str | None:
    """``path`` with the content hash of its file name as ``*`` (any name without a slash); ``path`` itself
    when its file name holds none; None when the name is nothing but the build's."""
    folder, _, name = path.rpartition("/")
    built = BUILT_FILE.fullmatch(name)
    if built is None:
        return path
    rest = built["rest"]
    for at in range(len(rest) - 1, 0, -1):               # the hash is the last part of the name that is one
        if rest[at] in SEPARATORS and is_build_hash(rest[at + 1:]):
            stem = rest[:at]
            if is_build_hash(stem):
                return None
            return f"{folder}/{stem}{rest[at]}*{built['extension']}"
    if not any(separator in rest for separator in SEPARATORS) and is_build_hash(rest):
        return None
    return path


def names_path(waited_for: str, path: str) -> bool:
    """Does a path a wait names (its ``*`` a build's hash: any name without a slash) name ``path``? As the
    test's script reads it (``DATA_ANSWERED_SCRIPT``, generators/waits.py)."""
    head, star, tail = waited_for.partition("*")
    if not star:
        return path == waited_for
    return (len(path) > len(head) + len(tail) and path.startswith(head) and path.endswith(tail)
            and "/" not in path[len(head):len(path) - len(tail)])
