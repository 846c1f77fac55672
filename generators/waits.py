"""From recorded evidence to waits and assertions. Each function reads facts that were observed at
record time and returns the wait (with its reason) that a test needs, or nothing. No sleeps, no
``networkidle``: every wait is on something that was seen to happen.
"""

from __future__ import annotations

import re
from itertools import takewhile
from urllib.parse import unquote, unquote_plus, urlsplit

from verdex.generators.plan import Assertion, Locator, ResponseMatch, Step, Wait
from verdex.generators.periodic import not_the_actions
from verdex.generators.playwright_glob import glob_matches
from verdex.generators.request_place import operation_of, query_words
from verdex.generators.server_names import is_made
from verdex.generators.unique_literals import split_at_token
from verdex.unique import made_by_another_run
from verdex.facts import (NOT_READY, READINESS_ATTRIBUTE, AncestorState, Effects, LocatorChoice, LocatorStep,
                          RequestEffect, Startup, ancestor_changes, became_ready, url_moved)
from verdex.recording_format import Step as Record
from verdex.recording_format import (
    UploadArgs, VerifyElementStep, VerifyTextArgs, VerifyTextStep, VerifyUrlStep, WaitForArgs, WaitForStep,
)

# a path segment that names one record or moment: an id, a hash, a token, a Unix time with its fraction
# (``1796044543.927698``: ArchiveBox names its snapshots so; five digits or more before the point, not a version),
# a list of ids (an RPC that takes its arguments in the path: pyLoad's ``/api/delete_packages/[1]``; ``3,4``),
# its brackets and commas as the browser sent them or percent-encoded
VOLATILE_SEGMENT = re.compile(r"^(\d+|\d{5,}\.\d+|[0-9a-f]{8,}|[0-9a-f-]{36}|(?=[^/]*\d)[A-Za-z0-9_-]{20,}"
                              r"|(?:\[|%5[Bb])\d+(?:(?:,|%2[Cc])\d+)*(?:\]|%5[Dd])|\d+(?:(?:,|%2[Cc])\d+)+)$")
# a value that names one record or moment (an id, a token, an ISO date and time, however its year is written),
# not a state the test means (page=2, sort=price)
VOLATILE_VALUE = re.compile(r"^(\d{5,}(\.\d+)?|[0-9a-f]{8,}|[0-9a-f-]{36}|(?=.*\d)[A-Za-z0-9_-]{20,}"
                            r"|[+-]?\d{4,6}-\d{2}-\d{2}[T ]\d{2}(:|%3[Aa])\d{2}.*)$")
ID_KEY = re.compile(r"(^|[_-])(id|pk|uuid)$", re.IGNORECASE)
# a record named by its kind and the number the server gave it, in one segment (Roundup's ``/issue12``,
# ``/user3``, ``/msg40``): the kind stays, the number is any number
NUMBERED_RECORD = re.compile(r"^([A-Za-z]{2,})(\d+)$")
# a query value that is a sentence (words between spaces, as read percent-decoded): a message the server passes to
# the next page (Roundup's ``@ok_message=msg%201%20created%0Aissue%201%20created``), whose numbers it counted
SENTENCE = re.compile(r"[A-Za-z]{2,}\s+\S")
# a value's percent escapes, kept whole, and its numbers
ESCAPE_OR_NUMBER = re.compile(r"(%[0-9A-Fa-f]{2}|\d+)")
# a value an app sends to be sent back (an OAuth sign-in's authorization URL): a URL of its own (``redirect_uri``,
# ``client_id``), which another copy of the app has at another address, or a token in base64, standard or
# URL-safe, with its padding (``state=eyJoYXNz…%3D%3D``, made anew on every load); both read percent-decoded
SENT_BACK_URL = re.compile(r"^https?://", re.IGNORECASE)
PADDED_TOKEN = re.compile(r"^(?:[A-Za-z0-9+/_-]{4}){3,}(?:[A-Za-z0-9+/_-]{2}==|[A-Za-z0-9+/_-]{3}=)$")
# the methods that ask the server for a change: HTTP's, and WebDAV's (CalDAV and CardDAV servers, file
# shares: a collection made with MKCOL, properties set with PROPPATCH, a file moved or copied)
CHANGING_METHODS = {"POST", "PUT", "PATCH", "DELETE", "MKCOL", "MKCALENDAR", "PROPPATCH", "MOVE", "COPY"}
POINTER_TOOLS = {"browser_click", "browser_check", "browser_uncheck", "browser_hover", "browser_drag"}
# an app's first load is a chain of requests (scripts, then its data, then what the data asks for):
# its wait gets as long as Playwright gives a navigation or an action, not an assertion's 5 s. So do
# the checks paced the same way: what a page drew after it had loaded, and what an action changed on
# a page whose server answered it over a websocket (Streamlit reruns the script, NiceGUI its handler)
STARTUP_TIMEOUT_MS = 30_000


def locator_of(choice: LocatorChoice | None) -> Locator | None:
    if choice is None:
        return None
    return Locator(steps=[Step.model_validate(s.model_dump()) for s in choice.chosen.steps], positional=choice.fallback)


def path_pattern(url: str, made: frozenset[str] = frozenset()) -> str:
    """The stable part of a URL as a regular expression on its path: ids, hashes and names the server
    made (``made``, generators/server_names.py) become wildcards, the query and fragment are dropped."""
    path = urlsplit(url).path or "/"
    parts = [r"[^/]+" if _any_name(part, made) else re.escape(part) for part in path.split("/")]
    return "/".join(parts) + "$"


def _any_name(part: str, made: frozenset[str]) -> bool:
    """A segment a test matches as any name: an id or a hash, or a name the server made."""
    return bool(VOLATILE_SEGMENT.match(part)) or is_made(part, made)


def _segment_pattern(part: str, made: frozenset[str], any_name: str) -> str:
    """A path segment as a pattern: ``any_name`` for an id or a name the server made; a numbered record's kind
    with any number (``issue\\d+``); else the segment as it is."""
    if _any_name(part, made):
        return any_name
    numbered = NUMBERED_RECORD.match(part)
    return escape_pattern(numbered.group(1)) + r"\d+" if numbered else escape_pattern(part)


def url_pattern(url_before: str, url_after: str, made: frozenset[str] = frozenset()) -> str:
    """What a test asserts of the URL an action led to, as a regular expression (Python's and
    JavaScript's alike): the path, ids and hashes as wildcards; the query parameters the action set or
    changed (each where it stands among the others; the rest may be anything); the fragment, which is
    where a hash-routed app keeps its route (an empty one, ``/#``, as the same place with or without it); an
    empty query (``/?#term``) as the ``?`` the browser keeps. A name the server made (``made``) is any name
    wherever it stands. ``/products?sort=-price`` after ``/products`` gives
    ``/products\\?(?=(?:[^#]*&)?sort=\\-price(?:[&#]|$))[^#]*$``."""
    before, after = urlsplit(url_before), urlsplit(url_after)
    pattern = "/".join(_segment_pattern(part, made, r"[^/]+") for part in (after.path or "/").split("/"))
    if after.query:
        pattern += _query_pattern(before.query, after.query, made)
    elif url_after.partition("#")[0].endswith("?"):
        pattern += r"\?"          # a query there and empty (a form sent with no named field): the browser keeps it
    if after.fragment:
        # a hash route keeps a query of its own (``#/requests/7?follow=true``): its path and its query are
        # told apart as the URL's are, so an id before its ``?`` is any id
        route, asked, route_query = after.fragment.partition("?")
        pattern += "#" + "/".join(_segment_pattern(part, made, r"[^/]*") for part in route.split("/"))
        if route_query:
            pattern += _query_pattern(before.fragment.partition("?")[2], route_query, made)
        elif asked:
            pattern += r"\?"
    elif url_after.endswith("#"):
        pattern += "#?"           # a ``#`` and nothing after it (a link to "#"): the same place, with it or without
    return pattern + "$"


def _query_pattern(before: str, after: str, made: frozenset[str]) -> str:
    """A query as a pattern: the parameters the action set or changed, each where it stands among the
    others (the rest may be anything); any query at all when it changed none."""
    earlier = _parameters(before)
    changed = [(key, value) for key, value in _parameters(after).items() if earlier.get(key) != value]
    if not changed:
        return r"(?:\?[^#]*)?"
    return r"\?" + "".join(
        r"(?=(?:[^#]*&)?" + escape_pattern(key) + "=" + _value_pattern(key, value, made)
        + r"(?:[&#]|$))" for key, value in changed) + r"[^#]*"


def _value_pattern(key: str, value: str, made: frozenset[str]) -> str:
    """A query value as a pattern: any value for an id or a token; a sentence with its numbers as any number
    (the server counted them); else the value as it is."""
    if _any_value(key, value, made):
        return r"[^&#]*"
    sentence = unquote_plus(value)
    if SENTENCE.search(sentence) and re.search(r"\d", sentence):
        return "".join(r"\d+" if piece.isdigit() else escape_pattern(piece) for piece in ESCAPE_OR_NUMBER.split(value))
    return escape_pattern(value)


def _any_value(key: str, value: str, made: frozenset[str]) -> bool:
    """A query value a test matches as any value: an id or a token, a name the server made, or a value the app
    sent to be sent back."""
    return value_of_one_record(key, value) or is_made(value, made) or _sent_back(value)


def _sent_back(value: str) -> bool:
    """A URL, or a padded base64 token (as it stands in the URL, percent-encoded): what an app sends to be sent
    back, which another run or another copy of the app sends otherwise."""
    decoded = unquote(value)
    return bool(SENT_BACK_URL.match(decoded) or PADDED_TOKEN.match(decoded))


SHORT_PATTERN = 60     # longer URL patterns are written one query condition a line
LONG_TEXT = 80          # longer texts are written a piece a line
TEXT_PIECE = 70


def pattern_pieces(pattern: str) -> list[str]:
    """A long URL pattern cut before each of its query conditions (``(?=…sort=2…)``), so the test
    writes it one condition a line; a long text's pattern (its words joined by ``\\s+``) cut after a space
    into pieces of at most ``TEXT_PIECE`` characters, as ``text_pieces`` cuts a text (django-oscar's order
    confirmation, its number as any number: one line of 321 columns); a short one whole."""
    if len(pattern) <= SHORT_PATTERN:
        return [pattern]
    conditions = [piece for piece in re.split(r"(?=\(\?=\(\?:\[\^#\]\*&\)\?)", pattern) if piece]
    return [cut for piece in conditions for cut in _cut_after_spaces(piece)]


def _cut_after_spaces(piece: str) -> list[str]:
    """A pattern's piece cut after its ``\\s+`` (never inside an escape) into pieces of at most ``TEXT_PIECE``
    characters (a run without a space longer alone); the pieces join to the piece."""
    if len(piece) <= TEXT_PIECE:
        return [piece]
    cuts = [""]
    for run in re.findall(r"(?:\\.|[^\\])*?\\s\+|.+$", piece, re.DOTALL):
        if cuts[-1] and len(cuts[-1]) + len(run) > TEXT_PIECE:
            cuts.append("")
        cuts[-1] += run
    return [cut for cut in cuts if cut]


def text_pieces(text: str) -> list[str]:
    """A long text cut after a space into pieces of at most ``TEXT_PIECE`` characters (a word longer alone), so
    the test writes it one piece a line (black and prettier split no string): pretix's "Your order has been placed
    successfully. See below for details. Please note …", one line of 148 columns; a short one whole. The pieces
    join to the text."""
    if len(text) <= LONG_TEXT:
        return [text]
    pieces = [""]
    for word in re.findall(r"\S*\s*", text):
        if pieces[-1] and len(pieces[-1]) + len(word) > TEXT_PIECE:
            pieces.append("")
        pieces[-1] += word
    return [piece for piece in pieces if piece]


def names_a_record(url: str, made: frozenset[str] = frozenset()) -> bool:
    """A request's URL names one record: an id, a hash or a name the server made in its path
    (``/api/layers/1``), or as a query value, a number among them (``?project=43``)."""
    parts = urlsplit(url)
    return (any(_any_name(part, made) for part in parts.path.split("/") if part)
            or any(value.isdigit() or value_of_one_record(key, value) or is_made(value, made)
                   for key, value in _parameters(parts.query).items()))


def value_of_one_record(key: str, value: str) -> bool:
    """An id or a token (``id=17``, ``user_id=3``, ``token=9f8e…``): the test means any record, not that one."""
    return bool(VOLATILE_VALUE.match(value) or (ID_KEY.search(key) and value.isdigit()))


def _parameters(query: str) -> dict[str, str]:
    """The query's parameters as they appear in the URL (still percent-encoded, as the page's URL is)."""
    return dict(part.partition("=")[::2] for part in query.split("&") if part)


def escape_pattern(text: str) -> str:
    """Escape what is special in a regular expression, and only that: the same text in Python and JavaScript."""
    return re.sub(r"[.^$*+?()\[\]{}|\\-]", lambda m: "\\" + m.group(0), text)


def text_assertion(kind: str, args: WaitForArgs | VerifyTextArgs, reason: str, token: str | None = None) -> Assertion:
    """A text one element showed: matched exactly when it was that element's whole text; when the element
    showed more, its whole text with the numbers around the agent's text as ``\\d+`` (they may differ
    in another run); a substring only for recordings that did not read the element's text. The session's
    ``{unique}`` ``token`` is no number, as made or in capitals (a code the app keeps upper-case: "created:
    BIRD1C0E9D6C"): it stays, and the test writes its own value there."""
    text, shown = args.text or "", args.shown
    visible_only = bool(args.hidden_copies)      # a strict get_by_text would find the hidden copies too
    if args.exact or not shown or text not in shown:
        return Assertion(kind=kind, text=text, exact=bool(args.exact), visible_only=visible_only, reason=reason)
    before, _, after = shown.partition(text)
    if not re.search(r"\d", _without_token(before + after, token)):
        return Assertion(kind=kind, text=shown, exact=True, visible_only=visible_only, reason=reason)
    pattern = (WHOLE_TEXT_START + _text_shape(before, numbers_vary=True, token=token) + _text_shape(text)
               + _text_shape(after, numbers_vary=True, token=token) + WHOLE_TEXT_END)
    return Assertion(kind=kind, text=text, pattern=pattern, visible_only=visible_only,
                     reason=f"the element showed {shown!r}; the numbers around {text!r} may differ")


# A regular expression in get_by_text is matched against the element's raw text, the whitespace of its
# HTML source and all (Playwright compares a string with the text's whitespace folded, a pattern with the
# text as it is): "Title 1-2 of 2 pages" is "\n  Title\n  1-2 of 2 pages\n" in a server's template. A
# pattern made from a text the recording read (its whitespace folded) takes any whitespace where it had a
# space, and around the whole text.
WHOLE_TEXT_START, WHOLE_TEXT_END = r"^\s*", r"\s*$"


def _text_shape(text: str, *, numbers_vary: bool = False, token: str | None = None) -> str:
    """The text as a regular expression: its whitespace as any whitespace and, when ``numbers_vary``, its
    runs of digits as ``\\d+`` — but in the session's ``token``, as made or in capitals."""
    if token and numbers_vary:
        parts = split_at_token(text, token)
        return "".join(escape_pattern(part) if at % 2 else _text_shape(part, numbers_vary=True)
                       for at, part in enumerate(parts))
    pieces = [piece for piece in re.split(r"(\s+|\d+)" if numbers_vary else r"(\s+)", text) if piece]
    return "".join(r"\s+" if piece.isspace() else r"\d+" if numbers_vary and re.fullmatch(r"\d+", piece)
                   else _counted_word(piece, pieces[at - 2]) if numbers_vary and at > 1 and pieces[at - 1].isspace()
                   and pieces[at - 2].isdigit() else escape_pattern(piece) for at, piece in enumerate(pieces))


# a word after a count: the noun it counts, singular after 1 and plural after any other number ("1 Transfer",
# "0 Transfers"; "1 item left", "3 items left")
COUNTED_NOUN = re.compile(r"([^\W\d_]{2,})(.*)", re.DOTALL)
# words after a number that count nothing ("1 of 3", "1 more", "1 left")
NOT_COUNTED = frozenset({"of", "and", "or", "to", "in", "on", "at", "by", "for", "per", "from", "than", "the",
                         "more", "less", "left", "new", "out", "off"})
# a participle after a number says what was done, not what is counted ("msg 1 created": Roundup's notice); a noun
# ending so is short or doubles its e ("bed", "seed", "speed")
PARTICIPLE = re.compile(r"^[^\W\d_]{3,}(?<!e)ed$", re.IGNORECASE)


def _counted_word(piece: str, count: str) -> str:
    """The word after a count, as a pattern that holds for the same noun counted by any number: a plural's
    ``s`` or a singular's missing one as either."""
    noun = COUNTED_NOUN.fullmatch(piece)
    if noun is None:
        return escape_pattern(piece)
    word, rest = noun.groups()
    if count == "1" and not word.endswith("s") and word.lower() not in NOT_COUNTED and not PARTICIPLE.match(word):
        return escape_pattern(word) + "s?" + escape_pattern(rest)
    if count != "1" and word.endswith("s") and not word.endswith("ss"):
        return escape_pattern(word[:-1]) + "s?" + escape_pattern(rest)
    return escape_pattern(piece)


def _without_token(text: str, token: str | None) -> str:
    return "".join(split_at_token(text, token)[::2]) if token else text


def shown_text_shape(text: str, exact: bool, token: str | None = None) -> str:
    """The pattern a test finds a text by when its numbers may differ in another load: the text's shape,
    the element's whole text when ``exact`` (anchored), else a part of it, as a string without ``exact``
    finds a part. The session's ``{unique}`` ``token`` is no number: it stays, and the test writes its own
    value there (a shape of its digits, ``\\d+d\\d+c…``, matches no other run's and a check that the
    element is gone would hold on every run)."""
    shape = _text_shape(text, numbers_vary=True, token=token)
    return WHOLE_TEXT_START + shape + WHOLE_TEXT_END if exact else shape


def url_assertion(url_before: str, url_after: str, made: frozenset[str] = frozenset()) -> Assertion | None:
    if not url_after or not url_moved(url_before, url_after):
        return None
    after = urlsplit(url_after)
    shown = after.path + (f"?{after.query}" if after.query else "") + (f"#{after.fragment}" if after.fragment else "")
    reason = f"the action navigated to {shown}"
    named = [name for name in sorted(made) if any(is_made(part, made) and unquote(part) == name
                                                  for part in re.split(r"[/?&=#]", shown))]
    if named:
        reason += "; " + ", ".join(map(repr, named)) + " as any name: the server named it (another run's name differs)"
    sent = [key for key, value in _parameters(after.query).items() if _sent_back(value)]
    if sent:
        reason += "; " + ", ".join(sent) + " as any value: the app sent it to be sent back (another run's differs)"
    return Assertion(kind="url", pattern=url_pattern(url_before, url_after, made), reason=reason)


def blocker_wait(record: Record) -> Wait | None:
    """The target was covered at preflight by element O (recorded with its proven locator): wait for O
    to be hidden before a fill, a key press or a selection, which Playwright performs on a covered
    element. Not before a pointer action: Playwright's own click retries until the target itself
    receives it, so an overlay still over it only delays the click."""
    if record.tool in POINTER_TOOLS or (isinstance(record.args, UploadArgs) and record.args.via == "file_chooser"):
        return None
    blocker = locator_of(record.blocker)
    if blocker is None or blocker.positional:
        return None
    covered = next((b for b in record.blocking or (record.waited.blocking if record.waited else [])
                    if b.startswith("covered")), None)
    if covered is None:
        return None
    return Wait(kind="hidden", locator=blocker, reason=f"the target was {covered.split(' [ref=')[0]}")


def styled_wait(record: Record) -> Wait | None:
    """The action's locator was unique on the styled page only: the page holds look-alikes of its target that a
    stylesheet alone hides (``styled_twins``; no attribute, no inline style hides them). Until that stylesheet
    is applied — the page has committed, its CSS is still on its way — the locator finds them too, and
    Playwright's action fails at once on strict mode (it retries actionability, never a strict violation).
    ``to_have_count(1)`` retries until the page hides them, for any action, not only the first after a load,
    and waits for nothing else (a page's ``load`` waits for every image and frame too)."""
    locator = locator_of(record.locators)
    twins = record.locators.chosen.styled_twins if record.locators else 0
    if locator is None or locator.positional or not twins:
        return None
    them, it = ("a look-alike", "it") if twins == 1 else (f"{twins} look-alikes", "them")
    return Wait(kind="count", locator=locator, count=1,
                reason=f"the page holds {them} of the target that a stylesheet alone hides: until the page is "
                       f"styled the locator finds {it} too, and the action would fail on strict mode")


def disabled_required_waits(record: Record) -> list[Wait]:
    """The click sent a form whose required fields were empty and disabled: a disabled field is barred from the
    browser's own validation, so the form could be sent only because they were. A page's script often disables
    them as it starts (the HTML sends them required and enabled); a click before that is refused by the browser
    in silence, and the test goes on on the page it began on. Wait for each to be disabled first."""
    out = []
    for choice in record.disabled_required:
        locator = locator_of(choice)
        if locator is not None and not locator.positional:
            out.append(Wait(kind="disabled", locator=locator,
                            reason="the form was sent while this required field, empty, was disabled: until the "
                                   "page disables it the browser's own validation keeps the form from being sent"))
    return out


def ancestor_locator(record: Record, test_id: str) -> Locator:
    """An ancestor of the record's target, by its test id, in the target's frame (the ancestors the
    preflight reports live in the target's own document)."""
    target = locator_of(record.locators)
    frames = [] if target is None else list(takewhile(lambda s: s.method == "frame_locator", target.steps))
    return Locator(steps=[*frames, Step(method="get_by_test_id", args=[test_id])])


def _ancestors(record: Record) -> list[AncestorState]:
    """The target's test-id ancestors as the action's preflight read them."""
    return record.preflight.ancestor_state if record.preflight else []


def readiness_wait(no_effect: Record, effective: Record) -> Wait | None:
    """A click had no effect, and a later click on the same target did: between them an ancestor's
    data-*/aria-busy attributes changed (the app became interactive). Wait for that attribute."""
    for test_id, name, value in ancestor_changes(_ancestors(no_effect), _ancestors(effective))[:1]:
        return Wait(kind="attribute", attribute=name, value=value, locator=ancestor_locator(effective, test_id),
                    reason=f"the first click had no effect until [{test_id}] got {name}={value!r} (handlers attached)")
    return None


def ready_before_retry(first: Record, retry: Record) -> bool:
    """Between a click and the agent's retry of it, an ancestor of the target said the app was ready
    (``data-hydrated="true"``, where it said nothing or not yet)."""
    return bool(became_ready(_ancestors(first), _ancestors(retry)))


def readiness_attributes(record: Record) -> list[Wait]:
    """When the action worked, an ancestor said it was ready (``data-hydrated="true"``): wait for that
    signal too, so a run where the app becomes interactive later does not click into the void."""
    out = []
    # read before the action and right after it: the app may have become ready in between
    for ancestor in [*_ancestors(record), *record.ancestors_after]:
        for name, value in ancestor.attributes.items():
            if READINESS_ATTRIBUTE.match(name) and value not in NOT_READY:
                out.append(Wait(kind="attribute", attribute=name, value=value,
                                locator=ancestor_locator(record, ancestor.test_id),
                                reason=f"when the action worked, [{ancestor.test_id}] had "
                                       f"{name}={value!r} (the app's readiness signal)"))
    return out


# The script a test with a websocket wait adds to its context before the first page opens: each websocket
# a page makes counts the messages its server sends in window.serverMessages, and window.serverQuietMs()
# tells how long since the last one (0 until the first). window.serverAnswers counts those that came after
# the page's first message to its server since the last action (a press, a key, a typed or chosen value):
# the server's answer to that action, not messages of the one before that were still on their way;
# window.serverAnswerQuietMs() tells how long since the last action, message sent or answer heard.
SERVER_MESSAGES_SCRIPT = """(() => {
  window.serverMessages = 0;
  window.serverAnswers = 0;
  let lastHeard = null;
  let asked = false;
  let lastStir = performance.now();
  window.serverQuietMs = () => (lastHeard === null ? 0 : performance.now() - lastHeard);
  window.serverAnswerQuietMs = () => performance.now() - lastStir;
  const acted = (event) => {
    if (event.isTrusted || event.type === "change") {
      window.serverAnswers = 0;
      asked = false;
      lastStir = performance.now();
    }
  };
  for (const type of ["pointerdown", "keydown", "input", "change"]) {
    addEventListener(type, acted, true);
  }
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => {
        window.serverMessages += 1;
        lastHeard = performance.now();
        if (asked) {
          window.serverAnswers += 1;
          lastStir = lastHeard;
        }
      });
    }
    send(data) {
      asked = true;
      lastStir = performance.now();
      return super.send(data);
    }
  };
})();"""

# A server may open with fewer messages on a later visit than the recording heard (Streamlit sends
# the first session of a fresh server one more): the wait then ends once the server has been quiet
# this long. Longer than the chaos's default bound (1.5 s), so a message held back is not taken for
# the end of the opening.
SERVER_QUIET_MS = 2000


def server_messages_heard(count: int) -> str:
    """The page-side condition a server_messages wait waits for, as a function: as many messages as the
    recording heard, or (when that is more than one) a server that answered and then went quiet.

    A function, never an expression: Playwright evaluates the text it is given once, then polls what it
    got; an expression is evaluated again at every poll, from the page's own tasks, which a
    Content-Security-Policy without ``unsafe-eval`` forbids (``EvalError``). A function is compiled once,
    while Playwright evaluates it, and then only called (tests/test_csp.py proves both in Chromium)."""
    if count <= 1:
        return "() => window.serverMessages >= 1"
    return f"() => window.serverMessages >= {count} || window.serverQuietMs() >= {SERVER_QUIET_MS}"


def server_answers_heard(count: int) -> str:
    """The page-side condition a server_answers wait waits for, as a function (see server_messages_heard):
    as many answers as the recording heard to the action before, or an exchange quiet for 2 s since that
    action, the page's last message or the last answer (a server that answered with fewer this time)."""
    return f"() => window.serverAnswers >= {count} || window.serverAnswerQuietMs() >= {SERVER_QUIET_MS}"


def answered_before_next(previous: Record | None, record: Record) -> Wait | None:
    """Before ``record``, an action: the action before it on its page was answered by the page's websocket
    server (as it settled, or after it had settled, to the text it typed: ``answers_before``). A server-driven
    app acts on what its server holds: a click sent before the server has the value typed before it, or
    before the answer to the choice before it, acts on the old one (a task added empty, a toggle's answer
    coming after the next toggle was pressed). Wait for as many answers as the recording heard."""
    during = previous.effects.server_messages if previous is not None and previous.effects else 0
    heard = during + record.answers_before
    if previous is None or not heard:
        return None
    action = previous.tool.removeprefix("browser_")
    when = "as it settled" if not record.answers_before else "after it had settled, to the text it typed"
    return Wait(kind="server_answers", count=heard,
                reason=f"the server answered the {action} before this action over its websocket ({heard} message"
                       f"{'s' if heard > 1 else ''}, {when}): a server-driven app acts on what its server "
                       "holds, so the test acts once it has answered")


# what a page shows that another load may not: a number, a count, a date or a time (the data's state), a
# time relative to now ("a minute ago", "just now"), or an i18n key the app shows until its translations
# arrive ("common.done")
HOLDS_A_NUMBER = re.compile(r"\d")
RELATIVE_TIME = re.compile(r"\b(\d+|an?|one|a few)\s*(s|m|h|d|w|y|secs?|seconds?|mins?|minutes?|hrs?|hours?|days?|"
                           r"weeks?|months?|mos?|years?|yrs?)\s+ago\b|\bjust now\b|\bin\s+(\d+|an?)\s+"
                           r"(seconds?|minutes?|hours?|days?)\b|^\s*(now|today|yesterday|tomorrow)\s*$",
                           re.IGNORECASE)     # as verdex/bridge/locators.js
I18N_KEY = re.compile(r"^[a-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$")


def unstable_text(text: str) -> str:
    """Why a text is no evidence a fresh load will show again (empty when it is): it holds a number, a
    count or a date, or it is an untranslated i18n key."""
    if I18N_KEY.match(text.strip()):
        return "an i18n key the app shows until its translations arrive"
    if RELATIVE_TIME.search(text):
        return "it holds a time relative to now, which the next load says otherwise"
    if HOLDS_A_NUMBER.search(text):
        return "it holds a number, count or date another load may not show"
    return ""


def startup_waits(record: Record, asserted: frozenset[str] = frozenset(), token: str | None = None) -> list[Wait]:
    """Before the first action on a document, what the page did on its own:

    - it opened a websocket and its server answered the opening: wait until the page has heard that
      many messages, so a run where the server answers late does not send the app events it takes
      before it is connected (NiceGUI then takes a click before the text typed ahead of it);
    - it loaded its data, and each answer that changed it showed a text (together the app's sign it had
      finished loading): wait for each, in the order the page asked, so a run where the data comes late,
      or in another order, does not act on a page an answer will redraw (a recording of format 3 or 4
      kept the last answer's text alone: that one). Never an i18n key; a text that holds a number, a
      count or a date, unless the agent asserted that very text (``asserted``), is waited for by its
      shape, its numbers as any number: another load may count otherwise; never a name an earlier run of a test
      made (a ``{unique}`` token not the session's ``token``)."""
    startup = record.startup
    if startup is None:
        return []
    out = []
    sockets = startup.sockets
    if sockets:
        heard = sum(s.opening_messages for s in sockets)
        paths = ", ".join(dict.fromkeys(urlsplit(s.url).path for s in sockets))
        out.append(Wait(kind="server_messages", count=heard, timeout_ms=STARTUP_TIMEOUT_MS,
                        reason=f"the page talks to its server over a websocket ({paths}), whose server sent "
                               f"{heard} message{'s' if heard > 1 else ''} as it opened, before the first step"
                               + (f" (or fewer, then quiet for {SERVER_QUIET_MS / 1000:g} s)" if heard > 1 else "")))
    loaded = sum(1 for r in startup.requests if r.changed_page)
    if startup.ready_texts or startup.ready_text:
        out += _said_none(startup)
    if startup.ready_texts:
        for ready in startup.ready_texts:
            if made_by_another_run(ready.text, token):
                continue
            out += _text_wait(ready.text, ready.exact, asserted,
                              f"the app loaded its data after the page opened ({_requests(loaded)}); this text "
                              f"is what {ready.answered_by} drew", token)
    elif startup.ready_text:                                    # format 3 and 4: the last answer's text alone
        last = f"{loaded} requests, the last " if loaded > 1 else ""
        out += _text_wait(startup.ready_text, startup.ready_text_exact, asserted,
                          f"the app loaded its data after the page opened ({last}{startup.answered_by})", token)
    else:
        paths = list(dict.fromkeys(urlsplit(r.url).path for r in startup.requests if r.changed_page))
        paths = [path for path in paths if not names_one_thing(path) and not STATIC_ASSET.search(path)]
        if paths:
            out.append(Wait(kind="data_answered", paths=paths, timeout_ms=STARTUP_TIMEOUT_MS,
                            reason=f"the app loaded its data after the page opened ({_requests(loaded)}, none with a "
                                   "text of its own to wait for): until each has been answered, a step may act "
                                   "on a page not ready for it (a click its code is not yet wired to take)"))
    return out


def _said_none(startup: Startup) -> list[Wait]:
    """The startup answers that listed nothing (every list empty; HTML of fewer than two rows of data), waited
    for as answers: what they drew (an empty state) is gone once the app has data, so it is no sign of a fresh
    load."""
    paths = [path for path in dict.fromkeys(said.split(" ", 1)[-1] for said in startup.said_none)
             if not names_one_thing(path)]
    if not paths:
        return []
    return [Wait(kind="data_answered", paths=paths, timeout_ms=STARTUP_TIMEOUT_MS,
                 reason=f"the app loaded its data after the page opened, and {', '.join(startup.said_none)} "
                        "listed nothing (empty lists, or HTML of no rows of data): what the page drew of it may "
                        "say there is none yet, which a run after the app has some does not show, so the test waits "
                        "for the answer itself")]


# Before a page of a test that waits for its data opens: a page keeps 250 Resource Timing entries unless told
# otherwise, and one that loads more (its code in hundreds of chunks, as marimo's does) drops its data's, which
# a data_answered wait then never finds. A statement, run before the page's own scripts (an init script).
KEEP_ANSWER_TIMINGS_SCRIPT = "performance.setResourceTimingBufferSize(100000)"


# What a data_answered wait reads: the page has had an answer to a request for each path. Its Resource
# Timing entries stay once an answer has come, so a wait begun after the answers still holds; a function,
# never an expression (see server_messages_heard). A ``*`` in a path is a build's hash (generators/build_hashes.py):
# any name without a slash.
_ANSWERS_TO_PATH = """performance.getEntriesByType("resource").filter((entry) => {
    const name = new URL(entry.name).pathname, [head, tail] = path.split("*");
    if (tail === undefined) return name === path;
    if (name.length <= head.length + tail.length) return false;
    const between = name.slice(head.length, name.length - tail.length);
    return name.startsWith(head) && name.endsWith(tail) && !between.includes("/");
  })"""
DATA_ANSWERED_SCRIPT = f"""paths => paths.every((path) =>
  {_ANSWERS_TO_PATH}.length > 0)"""


# The same with a count per path (proving's revision of a startup wait that ended at a path's first answer,
# generators/revisions.py): the page has had that many answers to each. At startup the entries are the
# page's own since it opened.
DATA_ANSWERED_COUNTED_SCRIPT = f"""answers => answers.every(([path, count]) =>
  {_ANSWERS_TO_PATH}.length >= count)"""


def answer_counts(wait: Wait) -> list[tuple[str, int]]:
    """A data_answered wait's paths, each with how many answers it waits for (one, unless counted)."""
    return list(zip(wait.paths, wait.counts or [1] * len(wait.paths)))


# A path to the app's code or a static asset its script fetched (a chunk, a stylesheet, a WebAssembly module,
# an icon bundle), not its data: a data wait does not name it (hundreds of chunks a page loads before its data)
STATIC_ASSET = re.compile(r"\.(?:m?js|cjs|css|wasm|map|svg|png|jpe?g|gif|webp|ico|woff2?|ttf|otf)$", re.IGNORECASE)


def names_one_thing(path: str) -> bool:
    """A path that holds an id, a hash or a name a run made: another load asks for another one."""
    return any(VOLATILE_SEGMENT.match(part) for part in path.split("/")) or made_by_another_run(path, None)


def _requests(count: int) -> str:
    return f"{count} request{'s' if count != 1 else ''} changed it"


def _text_wait(text: str, exact: bool, asserted: frozenset[str], reason: str,
               token: str | None = None) -> list[Wait]:
    """The wait for a text a startup answer showed: none for an i18n key or a time relative to now (no
    shape of it holds: "15 seconds ago" is "1 minute ago" later); a count or a date by its shape. The session's
    ``{unique}`` token is no count: a text that holds it (the bucket the flow made, "qa-8d0f3a4e bucket") is
    waited for as it is, the test's own value in the token's place, its digits not taken for numbers."""
    if I18N_KEY.match(text.strip()) or RELATIVE_TIME.search(text):
        return []
    # its shape, not its numbers: another load may count otherwise
    if unstable_text(_without_token(text, token)) and text not in asserted:
        return [Wait(kind="text_visible", text=text, pattern=shown_text_shape(text, exact, token),
                     timeout_ms=STARTUP_TIMEOUT_MS, reason=f"{reason}; its numbers as any number")]
    return [Wait(kind="text_visible", text=text, exact=exact, timeout_ms=STARTUP_TIMEOUT_MS, reason=reason)]


def drawn_after_load(record: WaitForStep) -> str | None:
    """Why a wait right after a navigation waits longer: the page showed its text only after it had loaded."""
    waited = record.args.waited_ms
    if not waited:
        return None
    return (f"the page drew this {waited} ms after it had loaded: its first render is paced like its "
            "loading")


def answered_over_a_socket(record: Record) -> str | None:
    """Why the checks after this action wait longer: its server answered it over a websocket."""
    heard = record.effects.server_messages if record.effects else 0
    if not heard:
        return None
    action = record.tool.removeprefix("browser_")
    return (f"the server answered the {action} over its websocket ({heard} message{'s' if heard > 1 else ''}): "
            "what it changed comes at the server's pace")


# controls a count is drawn beside (a badge: "Filter 1", "Inbox 3"); a row's or a cell's numbers are its data
COUNTED_ROLES = frozenset({"link", "button", "tab", "menuitem", "menuitemradio", "menuitemcheckbox", "treeitem",
                           "option"})


def counted_name(record: VerifyElementStep, token: str | None = None) -> Assertion | None:
    """The agent checked an element whose name holds a number its locator does not carry (a "Filter 1" button
    found by its words, "Filter", or by its id, since the count changes): that check holds on a page without
    the number too (no filter set), so the element's name is checked as well, by its shape, its numbers as
    any number."""
    if record.args.state != "visible" or record.locators is None:
        return None
    role, name = next(((step.args[0], step.kwargs["name"]) for candidate in record.locators.candidates
                       for step in candidate.steps[-1:] if candidate.kind == "role" and step.method == "get_by_role"
                       and step.kwargs.get("exact") and isinstance(step.kwargs.get("name"), str)), ("", ""))
    if role not in COUNTED_ROLES or not HOLDS_A_NUMBER.search(name) or RELATIVE_TIME.search(name) \
            or _carries(record.locators.chosen.steps, name):
        return None
    return Assertion(kind="name", locator=locator_of(record.locators),
                     pattern=shown_text_shape(name, exact=True, token=token),
                     reason=f"the agent checked a {role} whose name holds a number its locator leaves out (it "
                            "changes): its name is checked too, its numbers as any number, or the check would hold "
                            "without them")


def gone_by_shape(record: VerifyElementStep, token: str | None = None) -> Locator | None:
    """The agent checked that an element found by a whole name holding a number is hidden ("node (1/1 up)",
    gone from the targets filtered to the unhealthy ones): by that name, the check holds as soon as the number
    changes, whether the element went or not (still listed as "node (0/1 up)"). It finds the element by the
    name's shape, its numbers as any number; the session's ``token`` stands in it as it is, the run's own in the
    test (a category "Birds 7c5d2b5d" the flow made: its digits are no count, and a shape of them would find no
    run's category, so the check would hold where it stayed). None for any other check."""
    if record.args.state != "hidden" or record.locators is None:
        return None
    *scope, last = record.locators.chosen.steps
    name = last.kwargs.get("name")
    if last.method != "get_by_role" or not last.kwargs.get("exact") or not isinstance(name, str) \
            or not HOLDS_A_NUMBER.search(_without_token(name, token)) or RELATIVE_TIME.search(name):
        return None
    # (a "/" escaped: Playwright reads a name's pattern inside its selector, /…/, where one would end it)
    pattern = re.sub(r"(?<!\\)/", r"\\/", shown_text_shape(name, exact=True, token=token))
    shaped = last.model_copy(update={"kwargs": {"name": pattern}, "regex": ["name"]})
    return Locator(steps=[Step.model_validate(s.model_dump()) for s in [*scope, shaped]],
                   positional=record.locators.fallback)


def _carries(steps: list[LocatorStep], name: str) -> bool:
    """A locator that finds its element by the whole of ``name``."""
    return any(name in (*step.args, *step.kwargs.values()) or _carries(step.has or [], name) for step in steps)


def redrawn_by_a_timer(record: VerifyTextStep | VerifyElementStep | VerifyUrlStep) -> str | None:
    """Why an agent's check waits longer on a page that asks for its data on a timer (a dashboard's poll):
    what it reads may come with the timer's next answer, at the timer's pace."""
    polled = getattr(record.args, "polled", None)
    if not polled:
        return None
    return (f"the page asks {polled} on a timer: what this check reads may come with its next answer, at the "
            "timer's pace")


def reloaded_by_the_test(kind: str) -> str:
    """Why the checks after the test's own back, forward or reload wait longer: they check the first render of
    a page loaded again, which a single-page app draws from its server after the load event the step waits
    for (JupyterLab restores its open editor well after 5 s under a slowed CPU)."""
    return f"the {kind} loaded the page again: its first render is paced like its loading"


def opened_by_the_test() -> str:
    """Why the checks after the test's own goto wait longer, up to its first action there: they check the first
    render of the page it opened, which a single-page app draws after the load event the goto waits for, at its
    own pace and not at the recording's (Node-RED draws its palette from the chosen language's catalogues, asked
    for once the flows are drawn: at once while recording, past 5 s on a busy machine)."""
    return "the test opened this page just before: its first render is paced like its loading"


def loaded_code(record: Record | None) -> str | None:
    """Why what follows an action waits longer: the page loaded code it had not loaded yet to answer it (a
    dialog's or a route's lazily loaded chunk), so what it drew comes at the network's pace."""
    scripts = record.effects.code_loaded if record is not None and record.effects else 0
    if not scripts:
        return None
    return (f"the {record.tool.removeprefix('browser_')} loaded code the page did not have yet ({scripts} "
            f"script{'s' if scripts > 1 else ''}): what it drew comes at the network's pace")


def loaded_another_page(record: Record) -> str | None:
    """Why the checks after this action wait longer: it loaded another page (a form its server answered,
    a link; the answer to a dialog the action opened, which sent its form: DokuWiki's confirmed deletion),
    and they check that page's first render."""
    if record.effects is None or not record.effects.navigated:
        return None
    what = "answer to the dialog" if record.tool == "browser_dialog" else record.tool.removeprefix("browser_")
    return f"the {what} loaded another page: its first render is paced like its loading"


def reloaded_its_page(record: Record) -> str:
    """Why the action waits for its page's next load event, or "": it loaded its page again at the
    same URL (a save the app follows with ``location.reload()``: qBittorrent's Options; a form
    posted to its own URL). No URL check waits for that page, and a wait after the action would
    read the page about to go."""
    effects = record.effects
    if effects is None or not effects.navigated or effects.moved or effects.closed_to is not None:
        return ""
    return (f"the {record.tool.removeprefix('browser_')} loaded this page again at the same URL: "
            "the test waits for the new page's load, or what follows reads the page about to go")


def url_glob(url: str, made: frozenset[str] = frozenset()) -> str:
    """Playwright's URL glob for a request: any origin, the path with ids, hashes and names the server
    made as ``*``, and any query when the request had one. ``http://h/api/items/42?page=2`` gives
    ``**/api/items/*?**``."""
    parts = urlsplit(url)
    path = "/".join("*" if _any_name(part, made) else re.sub(r"([\\*?{}])", r"\\\1", part)
                    for part in (parts.path or "/").split("/"))
    return "**" + path + ("?**" if parts.query else "")


def _told_apart_by_query(chosen: RequestEffect, seen: list[RequestEffect], glob: str,
                         made: frozenset[str]) -> tuple[str, list[str]] | None:
    """The glob with the words of the chosen request's query (``**/api?**op=Save**``) when the page made
    other requests of its method to the same glob with other words (``?op=Poll`` on a timer), and the
    words tell them apart: a response of theirs would end the wait; with the words it holds. Proven on the
    recorded URLs."""
    words = query_words(chosen.url)
    others = [r.url for r in seen if r.method == chosen.method and url_glob(r.url, made) == glob
              and query_words(r.url) != words]
    if not words or not others:
        return None
    # the words no other request holds first (what the action typed: Airflow's search asks with its list's
    # own words, limit, sort and filters, and the typed one): a glob of every word is as long as the URL
    # and holds them in the page's order
    held = {word for url in others for word in query_words(url)}
    for chosen_words in ([word for word in words if word not in held], words):
        told = glob + "".join(re.sub(r"([\\*?{}])", r"\\\1", word) + "**" for word in chosen_words)
        if chosen_words and glob_matches(told, chosen.url) and not any(glob_matches(told, url) for url in others):
            return told, chosen_words
    return None


def recorded_requests(steps: list[Record]) -> list[RequestEffect]:
    """Every request the recording saw: those the actions caused and those the pages made on their own."""
    out: list[RequestEffect] = []
    for record in steps:
        out += record.effects.requests if record.effects else []
        out += record.startup.requests if record.startup else []
    return out


def _load_of_what_it_made(changed: list[RequestEffect], chosen: RequestEffect,
                               made: frozenset[str]) -> tuple[RequestEffect, list[str]] | None:
    """The action's request made something (its answer named it), and a later request that changed the
    page fetched it where the action made it (a URL under the path the action's request went to, holding
    that name): the first of them, and the names. The app has what it made when that one is answered
    (JupyterLab's new notebook: its editor is there before its content, ``GET /api/contents/Untitled.ipynb``,
    whose answer then empties a cell typed into too early). A request elsewhere that holds the name is
    something the app does next, which it may not do every run (pgAdmin connects to the server it saved on
    some runs only): no wait to choose."""
    names = made & set(chosen.named)
    later = changed[changed.index(chosen) + 1:]
    where = urlsplit(chosen.url).path.rstrip("/") + "/"
    loads = [r for r in later if urlsplit(r.url).path.startswith(where)
             and any(is_made(part, names) for part in urlsplit(r.url).path.split("/") if part)]
    if not loads:
        return None
    held = {unquote(part) for part in urlsplit(loads[0].url).path.split("/") if is_made(part, names)}
    return loads[0], sorted(held)


def loaded_into_a_frame(request: RequestEffect, effects: Effects) -> bool:
    """A document the action loaded into a frame of the page, which stayed (a mail client's preview pane, a form
    posted into a hidden frame): an answer the page waits for, as it waits for a fetch's."""
    return request.resource_type == "document" and not effects.navigated


def response_match(effects: Effects | None, seen: list[RequestEffect] = (), made: frozenset[str] = frozenset(),
                   timers: frozenset[str] = frozenset()) -> ResponseMatch | None:
    """The action started a request and the page changed when it answered: wait for that response.
    ``seen`` is every request of the recording: when one of another method matches the same glob
    (``GET /api/cart`` beside ``POST /api/cart``), the test checks the method too. Names the server
    made (``made``) are any name in the glob; a request the page makes on a timer (``timers``,
    generators/periodic.py) is never the one waited for."""
    if not effects:
        return None
    requests = [r for r in effects.requests if r.status and not r.failed
                and (r.resource_type in ("fetch", "xhr") or loaded_into_a_frame(r, effects))
                and not not_the_actions(r, timers)]
    changed = [r for r in requests if r.changed_page]
    # a change the server made: not one it refused (a feature that is off answers 404 to every draw's POST)
    chosen = next((r for r in changed if r.method in CHANGING_METHODS and r.status < 400), None) or next(
        (r for r in changed if r.status < 400), None) or (changed[0] if changed else None)
    if chosen is None:
        return None
    loaded = _load_of_what_it_made(changed, chosen, made)
    reason = (f"{chosen.method} {urlsplit(chosen.url).path} made {', '.join(map(repr, loaded[1]))}, and the app "
              f"loaded it: " if loaded else "")
    chosen = loaded[0] if loaded else chosen
    match = _waited_for(chosen, seen, made,
                        reason + f"{chosen.method} {urlsplit(chosen.url).path} answered {chosen.status} and the page changed")
    return _every_answer(match, chosen, requests, made)


def response_beside_timers(effects: Effects | None, seen: list[RequestEffect], made: frozenset[str],
                           timers: frozenset[str], between: frozenset[str]) -> ResponseMatch | None:
    """``response_match`` with the places the page asked on its own between steps (``between``: a timer whose
    first tick fell inside an action) taken for a timer's too — unless that leaves the action nothing to wait
    for: then the request may be its own handler's, asked again after it settled, and is still waited for."""
    return response_match(effects, seen, made, timers | between) or response_match(effects, seen, made, timers)


def _every_answer(match: ResponseMatch, chosen: RequestEffect, requests: list[RequestEffect],
                  made: frozenset[str]) -> ResponseMatch:
    """The action asked for the chosen request more than once (a form whose two parts each fetch its
    defaults: ``GET /api/tables/studio/new/`` (×2)): the test waits for as many answers as the recording
    saw, counted from before the action by the method and the path the test matches. A wait for the
    first ends while another is on its way, whose answer redraws what the next step acts on (it empties
    a field the test has filled). Only the same request asked again counts: not when the action also
    asked that path with other words in its query (a field's text sent as typed, then a sync a second
    later: two requests, each answered once), which the count, by method and path, would take too."""
    if match.url_glob != url_glob(chosen.url, made):
        return match
    operation = operation_of(chosen.place)
    same_place = [r for r in requests if r.method == chosen.method and url_glob(r.url, made) == match.url_glob
                  and operation_of(r.place) == operation]
    answers = len(same_place)
    if answers < 2 or any(r.url != chosen.url for r in same_place):
        return match
    return match.model_copy(update={
        "answers": answers,
        "reason": f"{match.reason}; the action asked for it {'twice' if answers == 2 else f'{answers} times'}, and "
                  f"a later answer redraws what an earlier one drew: the test waits for answer {answers}, not the first"})


def with_answer(effects: Effects | None, answered: Effects | None) -> Effects | None:
    """An action's effects with those of the agent's answer to the dialog it opened: the test answers it
    in the action (its handler is registered first), so what the page did once answered (a confirmed
    delete's request) is the action's too."""
    if effects is None or answered is None:
        return effects
    return effects.model_copy(update={"requests": [*effects.requests, *answered.requests]})


def saved_last(effects: Effects | None, chosen: ResponseMatch | None, seen: list[RequestEffect] = (),
               made: frozenset[str] = frozenset(), timers: frozenset[str] = frozenset()) -> ResponseMatch | None:
    """The response the test's last action on a page before it leaves it (or ends) waits for: the change it
    sent the app's server last (a save, a delete) that the recording saw answered, unless the wait ``chosen``
    is for the page's data (a GET: the checks after it need that) or for that change already. Without it the
    test leaves with the request unsent or unanswered (a syncer sends one change after another: the draft's
    delete after the story's save), the page or the browser goes with it, and the app keeps a half-done
    state (a draft never deleted) that the next run meets. An action that loaded another page is not one:
    the test's checks wait for that page, which the app loads once it has answered."""
    if not effects or effects.navigated or effects.moved:
        return chosen
    if chosen is not None and chosen.method not in CHANGING_METHODS:
        return chosen
    saved = [r for r in effects.requests if r.method in CHANGING_METHODS and r.status and r.status < 400
             and not r.failed and r.resource_type in ("fetch", "xhr") and not not_the_actions(r, timers)]
    if not saved or (chosen is not None and url_glob(saved[-1].url, made) == chosen.url_glob
                     and saved[-1].method == chosen.method):
        return chosen
    last = saved[-1]
    earlier = f"; {chosen.reason} before it" if chosen is not None else ""
    return _waited_for(last, seen, made, f"{last.method} {urlsplit(last.url).path} answered {last.status}{earlier}: "
                                         "the app's server has what the action changed once it has, before the "
                                         "test leaves the page")


def typed_text_response(late: list[RequestEffect], seen: list[RequestEffect] = (), made: frozenset[str] = frozenset(),
                        timers: frozenset[str] = frozenset()) -> ResponseMatch | None:
    """The page asked for something with the text the action typed only after the action had settled
    (``Step.requests_before`` of the next action: a search asked for 300 ms after the last key): the
    action waits for its answer, which redraws what the next action acts on (a list the search narrows
    to the row the next click finds)."""
    chosen = next((r for r in late if r.status and not r.failed and r.status < 400 and not not_the_actions(r, timers)), None)
    if chosen is None:
        return None
    return _waited_for(chosen, seen, made, f"{chosen.method} {urlsplit(chosen.url).path} holding what the action typed "
                                           f"or chose was asked for after it had settled (debounced), answered "
                                           f"{chosen.status}")


def _told_apart_by_operation(chosen: RequestEffect, seen: list[RequestEffect], glob: str,
                             made: frozenset[str]) -> str | None:
    """The GraphQL operation's name the chosen request's body held, when the page sent other requests of its
    method to the same glob that held another or none (``POST /graphql`` for every query and mutation, a
    poll among them): a response of theirs would end the wait, and only the body tells them apart."""
    operation = operation_of(chosen.place)
    others = [r for r in seen if r.method == chosen.method and url_glob(r.url, made) == glob
              and operation_of(r.place) != operation]
    return operation if operation and others else None


def _waited_for(chosen: RequestEffect, seen: list[RequestEffect], made: frozenset[str], reason: str) -> ResponseMatch:
    glob = url_glob(chosen.url, made)
    told = _told_apart_by_query(chosen, seen, glob, made)
    operation = _told_apart_by_operation(chosen, seen, glob, made) if told is None else None
    words: list[str] = []
    if told is not None:
        glob, words = told
        reason += (f"; {', '.join(words)} in its query tells it from the page's other requests "
                   f"to {urlsplit(chosen.url).path}")
    if operation is not None:
        reason += (f"; the operation {operation} its body names tells it from the page's other requests to "
                   f"{urlsplit(chosen.url).path}")
    holds = glob_matches(glob, chosen.url)
    named = sorted({unquote(part) for part in urlsplit(chosen.url).path.split("/") if is_made(part, made)})
    if named:
        reason += "; " + ", ".join(map(repr, named)) + " as any name: the server named it"
    if not holds:
        reason += (f"; Playwright's glob {glob} does not match the whole recorded URL {chosen.url}, "
                   "so the test matches the method and the path")
    return ResponseMatch(method=chosen.method, url_glob=glob, path_pattern=path_pattern(chosen.url, made),
                         method_matters=any(r.method != chosen.method and url_glob(r.url, made) == glob for r in seen),
                         glob_matches_url=holds, whole_body=chosen.body_ended, operation=operation, words=words,
                         reason=reason)
