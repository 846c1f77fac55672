"""A file name an app's build made from the file's content is waited for by what stays of it
(``generators/build_hashes.py``): its folder, its stem, its extension, the hash as any name; a name of the
build's alone is waited for not at all; a name of words, versions and digits is kept as it is."""

from __future__ import annotations

import pytest

from verdex.generators.build_hashes import names_path, with_any_build


@pytest.mark.parametrize(("path", "waited_for"), [
    ("/assets/Example-BxwHpb9T.js", "/assets/Example-*.js"),                         # Vite, Rollup
    ("/assets/index-D-x3kLq2.js", "/assets/index-*.js"),                             # base64url holds a dash
    ("/assets/legacy-polyfills-BsbHvs2Q.js", "/assets/legacy-polyfills-*.js"),
    ("/assets/Example-DiWYyzLa.css", "/assets/Example-*.css"),                       # no digit, both cases
    ("/static/js/main.3f2a9c1b.js", "/static/js/main.*.js"),                         # webpack
    ("/static/js/vendor~main.1a2b3c4d.chunk.js", "/static/js/vendor~main.*.chunk.js"),
    ("/chunk-ABCD1234.js", "/chunk-*.js"),                                           # esbuild
    ("/_next/static/chunks/pages/index-0a1b2c3d4e5f6a7b.js", "/_next/static/chunks/pages/index-*.js"),
    ("/_next/static/chunks/2852872c-15b1c9ba2ba38f2e.js", None),                     # hashes alone
    ("/static/js/3f2a9c1b4e5d.js", None),
    ("/static/_nuxt/f1bee97.js", None),                                              # Nuxt 2: seven
    ("/static/_nuxt/pages-index.f1bee97.js", "/static/_nuxt/pages-index.*.js"),
    ("/js/app.1234567.js", "/js/app.1234567.js"),                                    # seven digits: no hash
    ("/routes/views/orders.js", "/routes/views/orders.js"),
    ("/js/jquery-3.7.1.min.js", "/js/jquery-3.7.1.min.js"),                          # a version
    ("/js/react-dom.production.min.js", "/js/react-dom.production.min.js"),
    ("/js/html5shiv.js", "/js/html5shiv.js"),                                        # a word with a digit
    ("/js/polyfill-es2015.js", "/js/polyfill-es2015.js"),
    ("/x/some-long-name-v2.js", "/x/some-long-name-v2.js"),
    ("/ui-DatePicker.js", "/ui-DatePicker.js"),                                      # camel case
    ("/api/orders-3f2a9c1b", "/api/orders-3f2a9c1b"),                                # no file of code
])
def test_a_name_the_build_made_is_waited_for_by_what_stays_of_it(path, waited_for):
    assert with_any_build(path) == waited_for
    # what the wait names holds for the recorded path itself, as the test's script reads it
    assert waited_for is None or names_path(waited_for, path)


@pytest.mark.parametrize(("waited_for", "path", "named"), [
    ("/assets/Example-*.js", "/assets/Example-Cq8rLm2Z.js", True),
    ("/assets/Example-*.js", "/assets/Example-.js", False),                          # no hash at all
    ("/assets/Example-*.js", "/assets/Example-x/y.js", False),                       # the hash holds no folder
    ("/assets/Example-*.js", "/assets/Other-Cq8rLm2Z.js", False),
    ("/routes/views/orders.js", "/routes/views/orders.js", True),
    ("/routes/views/orders.js", "/routes/views/orders.jsx", False),
])
def test_a_waited_for_name_names_the_paths_of_every_build(waited_for, path, named):
    assert names_path(waited_for, path) is named
