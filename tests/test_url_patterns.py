"""The URL a generated test asserts after an action: the path (ids as wildcards), the query parameters
the action set or changed, and the fragment a hash-routed app keeps its route in. Each row is a real
pair of URLs before and after an action; the pattern must match the URL the action led to, and not
the one before it."""

from __future__ import annotations

import re

import pytest

from verdex.generators.playwright_glob import glob_matches
from verdex.generators.waits import url_glob, url_pattern

PAIRS = [
    # hash routing (TodoMVC, any Vue/Angular app in hash mode)
    ("http://h/todo/#/", "http://h/todo/#/active", r"/todo/#/active$"),
    ("http://h/todo/#/active", "http://h/todo/#/completed", r"/todo/#/completed$"),
    ("http://h/app/", "http://h/app/#/orders/8f3a9c2e1b7d", r"/app/#/orders/[^/]*$"),
    ("http://h/app/#/users", "http://h/app/#/users/42/edit", r"/app/#/users/[^/]*/edit$"),
    # query-string state: sorting, filtering, paging
    ("http://h/products", "http://h/products?sort=-price",
     r"/products\?(?=(?:[^#]*&)?sort=\-price(?:[&#]|$))[^#]*$"),
    ("http://h/l?page=1&sort=name", "http://h/l?page=2&sort=name",
     r"/l\?(?=(?:[^#]*&)?page=2(?:[&#]|$))[^#]*$"),
    ("http://h/admin/user/?sort=0", "http://h/admin/user/?sort=0&desc=1",
     r"/admin/user/\?(?=(?:[^#]*&)?desc=1(?:[&#]|$))[^#]*$"),
    ("http://h/search", "http://h/search?q=red+shoes&size=42",
     r"/search\?(?=(?:[^#]*&)?q=red\+shoes(?:[&#]|$))(?=(?:[^#]*&)?size=42(?:[&#]|$))[^#]*$"),
    ("http://h/orders", "http://h/orders/view?id=9f86d081884c7d65",
     r"/orders/view\?(?=(?:[^#]*&)?id=[^&#]*(?:[&#]|$))[^#]*$"),
    # Flask-Admin's edit link: the record's id is any record's; page_size is state the test means
    ("http://h/admin/book/?page_size=20", "http://h/admin/book/edit/?id=1&page_size=20",
     r"/admin/book/edit/\?(?=(?:[^#]*&)?id=[^&#]*(?:[&#]|$))[^#]*$"),
    # Dash posts every callback to one endpoint: a long word is a name, not a token
    ("http://h/", "http://h/_dash-update-component", r"/_dash\-update\-component$"),
    # paths: ids become wildcards, the rest stays
    ("http://h/shop/", "http://h/shop/cart", r"/shop/cart$"),
    ("http://h/users", "http://h/users/123/edit", r"/users/[^/]+/edit$"),
    ("http://h/o", "http://h/orders/3fa85f64-5717-4562-b3fc-2c963f66afa6", r"/orders/[^/]+$"),
    ("http://h/login", "http://h/welcome?lang=en", r"/welcome\?(?=(?:[^#]*&)?lang=en(?:[&#]|$))[^#]*$"),
    # a Unix time with its fraction names one moment (ArchiveBox's snapshots); a version stays
    ("http://h/", "http://h/archive/1796044543.927698/index.html", r"/archive/[^/]+/index\.html$"),
    ("http://h/list", "http://h/list?since=1796044543.927698",
     r"/list\?(?=(?:[^#]*&)?since=[^&#]*(?:[&#]|$))[^#]*$"),
    ("http://h/docs/", "http://h/docs/3.11/library", r"/docs/3\.11/library$"),
]


@pytest.mark.parametrize("before,after,expected", PAIRS)
def test_the_pattern_keeps_what_the_action_changed(before, after, expected):
    pattern = url_pattern(before, after)
    assert pattern == expected
    assert re.search(pattern, after), "the pattern must hold on the URL the action led to"
    assert not re.search(pattern, before), "and must not hold on the URL before it"


@pytest.mark.parametrize("url", ["http://h/products?page=1&sort=-price", "http://h/products?sort=-price&view=grid"])
def test_parameters_the_action_did_not_set_may_be_anything(url):
    assert re.search(url_pattern("http://h/products", "http://h/products?sort=-price"), url)


def test_a_query_value_the_action_did_not_change_is_not_asserted():
    pattern = url_pattern("http://h/a?lang=en", "http://h/b?lang=en")
    assert pattern == r"/b(?:\?[^#]*)?$" and re.search(pattern, "http://h/b?lang=fr")


@pytest.mark.parametrize("url,other", [
    ("http://h/api/delete_packages/[1]", "http://h/api/delete_packages/[7]"),
    ("http://h/api/delete_files/%5B12%2C13%5D", "http://h/api/delete_files/%5B40%5D"),
    ("http://h/api/items/3,4/archive", "http://h/api/items/9,10,11/archive"),
])
def test_a_request_naming_its_records_by_a_list_of_ids_in_its_path_is_waited_for_by_any_list(url, other):
    """pyLoad's web interface calls its RPC with the arguments in the path: a package's deletion posts to
    ``/api/delete_packages/[1]``, the id the server gave the package the flow created. The response wait's
    glob held that id, and a fresh run's package has another: proving spent two revisions on it and dropped
    the wait. A list of ids, bracketed or joined by commas, as sent or percent-encoded, is any list."""
    glob = url_glob(url)
    assert glob_matches(glob, url) and glob_matches(glob, other), glob
    assert not glob_matches(glob, url.replace("/api/", "/api/other/")), glob


@pytest.mark.parametrize("before,after,next_run", [
    ("http://h/demo/issue?@template=item",
     "http://h/demo/issue1?@ok_message=msg%201%20created%0Aissue%201%20created&@template=item",
     "http://h/demo/issue12?@ok_message=msg%2031%20created%0Aissue%2012%20created&@template=item"),
    ("http://h/demo/user?@template=item", "http://h/demo/user4?@ok_message=user%204%20created",
     "http://h/demo/user17?@ok_message=user%2017%20created"),
])
def test_a_record_numbered_by_the_server_and_a_message_counting_it_are_any_number(before, after, next_run):
    """Roundup names a record by its kind and the number the server gave it, in one segment (``/issue1``), and
    passes the message it shows next in the query (``@ok_message=issue%201%20created``). The test asserted
    both as recorded, and a fresh run's issue is issue 2: proving loosened the path to any name. The kind and the
    message's words stay; their numbers are any number; a value that is no sentence keeps its digits."""
    pattern = url_pattern(before, after)
    assert re.search(pattern, after) and re.search(pattern, next_run), pattern
    assert not re.search(pattern, before), pattern
    assert not re.search(pattern, next_run.replace("/demo/", "/demo/msg-").replace("created", "deleted")), pattern
    assert url_pattern("http://h/l?page=1", "http://h/l?page=2") == r"/l\?(?=(?:[^#]*&)?page=2(?:[&#]|$))[^#]*$"
