"""pytest-playwright (sync API), formatted with black and parsed before it is returned."""

from __future__ import annotations

import ast
import json
import keyword
import re

import black

from verdex.generators import unique_literals
from verdex.generators.shared_locators import Variables
from verdex.generators.waits import (DATA_ANSWERED_COUNTED_SCRIPT, DATA_ANSWERED_SCRIPT, KEEP_ANSWER_TIMINGS_SCRIPT,
                                      SERVER_MESSAGES_SCRIPT,
                                      answer_counts, pattern_pieces, server_answers_heard, server_messages_heard,
                                      text_pieces)
from verdex.generators.plan import (ARIA_STATES, CLOSED_FIRST, FOCUS_FIRST, KEYS_ONLY, UPLOADS_FOLDER, Action,
                                    Assertion, Check, ClosePage, Dismiss, Goto, History, Locator, OpenPage, ResponseMatch,
                                    Settled, Statement, Step, TestPlan, Value, Wait)
from verdex.generators.targets.comments import comment_lines
from verdex.generators.targets.errors import GenerationError
from verdex.unseen import json_string
from verdex.generators.templates import environment
from verdex.unique import PYTHON_TOKEN

DECLARATION = "{name} = {chain}"
VISIBLE_ONLY = ".filter(visible=True)"   # among the elements that show a text, not its hidden copies
# names the test file already uses: a shared locator's variable never takes one
RESERVED = {"page", "expect", "re", "os", "pathlib", "secrets", "response", "response_to", "dialog", "file_chooser_info",
            unique_literals.VARIABLE}
METHODS = {"get_by_test_id", "get_by_role", "get_by_label", "get_by_placeholder", "get_by_alt_text", "get_by_text",
           "get_by_title", "filter", "nth", "frame_locator", "locator", "and_"}


def comments(text: str) -> list[str]:
    return comment_lines(text, "#")


def literal(value: object) -> str:
    """A Python literal for a value from the page: JSON string syntax is valid Python, and quotes,
    backslashes, newlines and braces inside it stay inside it. A string holding the recording's {unique}
    token is an f-string with the test's own in its place."""
    if isinstance(value, bool):
        return repr(value)
    if isinstance(value, str):
        pieces = unique_literals.around_token(value)
        if pieces is not None:
            return "f" + _with_unique([json_string(p)[1:-1] if at % 2 == 0 else p for at, p in enumerate(pieces)])
        return json_string(value)
    return json.dumps(value)


def _with_unique(pieces: list[str]) -> str:
    """A string's pieces (as they stand between its quotes) joined by the test's token, spelled as the pieces
    between them say (unique_literals.around_token): an f-string's quoted body, its braces doubled."""
    return '"' + "".join(piece.replace("{", "{{").replace("}", "}}") if at % 2 == 0 else _token(piece)
                         for at, piece in enumerate(pieces)) + '"'


def _token(spelling: str) -> str:
    upper = ".upper()" if spelling == unique_literals.UPPER else ""
    return f"{{{unique_literals.VARIABLE}{upper}}}"


def text_literal(text: str | None) -> str:
    """A text as one literal, a long one as one literal per piece (``text_pieces``), which black puts a line each."""
    return " ".join(literal(piece) for piece in text_pieces(text)) if text else literal(text)


def pattern_literal(pattern: str) -> str:
    """A regular expression as raw strings where they can be (no quote, line break or trailing
    backslash), a long URL pattern as one literal per query condition (black puts each on a line)."""
    return " ".join(_raw(piece) if '"' not in piece and not piece.endswith("\\") and piece.isprintable()
                    else literal(piece) for piece in pattern_pieces(pattern))


def _raw(piece: str) -> str:
    pieces = unique_literals.around_token(piece)
    return f'r"{piece}"' if pieces is None else "rf" + _with_unique(pieces)


class PythonPytest:
    suffix = ".py"

    def test_file(self, plan: TestPlan, shared_from: TestPlan | None = None) -> str:
        self._imports: set[str] = set()
        self._response_helper = False
        self._response_operation = False
        self._nth_response = False
        self._closes_itself = False
        self._counts_answers = plan.counts_data_answers()
        counts_messages = plan.waits_for_server_messages()
        contexts = [c.variable for c in plan.contexts] or ["page.context"]
        body: list[str] = [f"{c}.add_init_script(COUNT_SERVER_MESSAGES)" for c in contexts] if counts_messages else []
        body += [f"{c}.add_init_script(KEEP_ANSWER_TIMINGS)" for c in contexts] if plan.waits_for_data() else []
        if any(c.storage_state for c in plan.contexts):
            self._imports.add("os")
        if plan.unique:
            self._imports.add("secrets")
            body += [*comments(unique_literals.COMMENT.format(token=plan.unique)),
                     f"{unique_literals.VARIABLE} = {PYTHON_TOKEN}"]
        self._variables = Variables(shared_from or plan, self._variable, DECLARATION)
        with unique_literals.unique_token(plan.unique):
            for statement in plan.statements:
                lines = self._statement(statement)
                body += self._variables.take_declarations() + lines     # a shared chain, before its first use
        source = environment().get_template("test_pytest.py.j2").render(
            plan=plan, body=body or ["pass"], imports=sorted(self._imports | ({"os", "pytest"} if plan.own_origin else set())),
            response_helper=self._response_helper, response_operation=self._response_operation,
            nth_response=self._nth_response, closes_itself=self._closes_itself,
            base_url_literal=literal(plan.base_url),
            own_origin=comments(plan.own_origin),
            contexts=[{"role": c.role, "variable": c.variable,
                       "storage_state": f"os.environ.get({literal(c.storage_state_env)}, {literal(c.storage_state)})"
                       if c.storage_state else None} for c in plan.contexts],
            server_messages_script=SERVER_MESSAGES_SCRIPT if counts_messages else None,
            data_answered_script=(DATA_ANSWERED_COUNTED_SCRIPT if self._counts_answers else
                                  DATA_ANSWERED_SCRIPT) if plan.waits_for_data() else None,
            keep_answer_timings=literal(KEEP_ANSWER_TIMINGS_SCRIPT))
        try:
            formatted = black.format_str(source, mode=black.Mode(line_length=100))
            ast.parse(formatted)
        except (black.InvalidInput, SyntaxError) as exc:
            raise GenerationError(f"the generated Python does not parse: {exc}") from exc
        return formatted

    def support_files(self, plan: TestPlan) -> dict[str, str]:
        return {"conftest.py": environment().get_template("conftest.py.j2").render(
            base_url_literal=literal(plan.base_url) if plan.base_url else "None",
            pinned={key: literal(value) for key, value in (("locale", plan.locale), ("timezone_id", plan.timezone_id))
                    if value},
            test_id_attribute=literal(plan.test_id_attribute) if plan.test_id_attribute else None)}

    # ---------------------------------------------------------------- statements
    def _statement(self, statement: Statement) -> list[str]:
        if isinstance(statement, Goto):
            return [*self._before_leaving(statement), f"{statement.page}.goto({literal(statement.url)})"]
        if isinstance(statement, Check):
            return self._assertion(statement.page, statement.assertion)
        if isinstance(statement, Settled):
            return self._wait(statement.page, statement.wait)
        if isinstance(statement, History):
            call = {"back": "go_back", "forward": "go_forward", "reload": "reload"}[statement.kind]
            lines = [*self._before_leaving(statement), f"{statement.page}.{call}()"]
            for assertion in statement.asserts:
                lines += self._assertion(statement.page, assertion)
            return lines
        if isinstance(statement, OpenPage):
            return [f"{statement.page} = {statement.context or 'page.context'}.new_page()"]
        if isinstance(statement, ClosePage):
            return [f"{statement.page}.close()"]
        if isinstance(statement, Dismiss):
            return [*comments(statement.reason),
                    f"{statement.page}.add_locator_handler({self._locator(statement.page, statement.locator)}, "
                    "lambda control: control.click())"]
        return self._action(statement)

    def _dialog_handler(self, page: str, answer: str, prompt_text: str | None) -> str:
        """The handler that answers the next dialog of ``page`` the way the agent did."""
        call = f"dialog.accept({literal(prompt_text)})" if answer == "accept" and prompt_text else f"dialog.{answer}()"
        return f"{page}.once(\"dialog\", lambda dialog: {call})"

    def _action(self, action: Action) -> list[str]:
        lines: list[str] = []
        for wait in action.waits:
            lines += self._wait(action.page, wait)
        if action.dialog:
            lines.append(self._dialog_handler(action.page, action.dialog, action.prompt_text))
        managers = []
        if action.popup:
            managers.append(f"{action.page}.expect_popup() as {action.popup}_info")
        if action.closes:
            managers.append(f"{action.page}.expect_event(\"close\")")
        if action.download:
            managers.append(f"{action.page}.expect_download()")
        if action.reloads:
            managers.append(f"{action.page}.expect_event(\"load\")")
            lines += comments(action.reloads)
        if action.response:
            named = " as response_info" if action.response.whole_body else ""
            managers.append(f"{action.page}.expect_response({self._response(action.response)}){named}")
            lines += comments(action.response.reason)
        performed = self._perform(action)
        if action.closes:
            # Playwright's call may read the page's answer after the handler closed the window: that close is the
            # action's end, not its failure
            self._closes_itself = True
            performed = [*comments(CLOSED_FIRST), "try:", *[f"    {line}" for line in performed],
                         "except Error:", f"    if not {action.page}.is_closed():", "        raise"]
        if action.file_chooser:         # set inside the other waits: what they wait for may be what the files send
            performed = [f"with {action.page}.expect_file_chooser() as file_chooser_info:",
                         *[f"    {line}" for line in performed],
                         f"file_chooser_info.value.set_files({self._files(action)})"]
        if action.note:
            lines += comments(action.note)
        if managers:
            lines.append(f"with {', '.join(managers)}:")
            lines += [f"    {line}" for line in performed]
        else:
            lines += performed
        if action.response and action.response.whole_body:     # the with block ends at its headers
            lines.append("response_info.value.finished()")
        if action.popup:
            lines.append(f"{action.popup} = {action.popup}_info.value")
        for assertion in action.asserts:
            lines += self._assertion(action.page, assertion)
        return lines

    def _response(self, response: ResponseMatch) -> str:
        """A glob, or the file's response_to helper when the method tells the responses apart."""
        if not response.by_predicate:
            return literal(response.url_glob)
        self._response_helper = True
        self._imports.add("re")
        operation = f", {literal(response.operation)}" if response.operation else ""
        self._response_operation = self._response_operation or bool(operation)
        matches = f"response_to({literal(response.method)}, {pattern_literal(response.path_pattern)}{operation})"
        if response.answers < 2:
            return matches
        self._nth_response = True
        return f"nth_response({response.answers}, {matches})"

    def _perform(self, action: Action) -> list[str]:
        if action.locator is None:
            return [f"{action.page}.keyboard.press({literal(action.key)})"]
        target = self._locator(action.page, action.locator)
        if action.kind == "drag" and action.to is None:
            raise GenerationError(f"the drag of step {action.step} does not say where it dropped the element")
        if action.kind == "upload":      # a file chooser gets its files after the click (_action)
            call = "click()" if action.file_chooser else f"set_input_files({self._files(action)})"
        else:
            button = [f"button={literal(action.button)}"] if action.button != "left" else []
            call = {
                "click": f"click({self._pointer_arguments(button, action.force)})",
                **{kind: f"{kind}({self._pointer_arguments([], action.force)})"
                   for kind in ("dblclick", "check", "uncheck", "hover")},
                "press": f"press({literal(action.key)})",
                "fill": f"fill({self._value(action.value)})",
                "type": f"press_sequentially({self._value(action.value)})",
                "select": f"select_option({action.select_by}={literal(action.options)})",
                "drag": f"drag_to({self._locator(action.page, action.to)})" if action.to else "",
            }[action.kind]
        calls = ['fill("")', f"press_sequentially({self._value(action.value)})"] if action.keys \
            else ["focus()", call] if action.focus_first else [call]
        # a positional fallback: the linter's VDX001, silenced with the reason
        silenced = "  # noqa: VDX001 positional fallback: nothing else told it apart" if action.locator.positional else ""
        lines = ([f"# {KEYS_ONLY}"] * action.keys + [f"# {FOCUS_FIRST}"] * action.focus_first + comments(action.force)
                 + [f"{target}.{each}{silenced}" for each in calls])
        if action.submit:
            lines.append(f"{target}.press(\"Enter\")")
        return lines

    @staticmethod
    def _pointer_arguments(arguments: list[str], force: str) -> str:
        """A pointer action's arguments; ``force=True`` on a line of its own when the action forces (the comment
        above it says why), with the linter's VDX005 silenced there, where the finding is however the call wraps
        (a trailing comma keeps black from joining the lines)."""
        if not force:
            return ", ".join(arguments)
        return "".join(f"\n{argument}," for argument in arguments) + "\nforce=True,  # noqa: VDX005 it never stands still\n"

    def _files(self, action: Action) -> str:
        """The uploaded files, from the upload_files/ folder export writes beside the test."""
        self._imports.add("pathlib")
        return "[" + ", ".join(f"pathlib.Path(__file__).parent / {literal(UPLOADS_FOLDER)} / {literal(name)}"
                               for name in action.files) + "]"

    def _value(self, value: Value | None) -> str:
        if value is not None and value.secret is not None:
            self._imports.add("os")
            return f"os.environ[{literal(value.secret.env)}]"
        return literal(value.text if value is not None else "")

    def _before_leaving(self, statement: Goto | History) -> list[str]:
        """What the test waits for before it leaves the page, and its answer to the page's asking."""
        lines = [line for wait in statement.waits for line in self._wait(statement.page, wait)]
        if statement.leave:
            lines += [*comments(statement.leave), self._dialog_handler(statement.page, "accept", None)]
        return lines

    def _wait(self, page: str, wait: Wait) -> list[str]:
        if wait.kind == "server_messages":
            return [*comments(wait.reason),
                    f"{page}.wait_for_function({literal(server_messages_heard(wait.count))}, "
                    f"timeout={wait.timeout_ms:_})"]
        if wait.kind == "server_answers":
            return [*comments(wait.reason), f"{page}.wait_for_function({literal(server_answers_heard(wait.count))})"]
        if wait.kind == "data_answered":
            paths = ", ".join(f"[{literal(path)}, {count}]" if self._counts_answers else literal(path)
                              for path, count in answer_counts(wait))
            return [*comments(wait.reason),
                    f"{page}.wait_for_function(DATA_ANSWERED, arg=[{paths}], timeout={wait.timeout_ms:_})"]
        if wait.kind == "load":
            return [*comments(wait.reason), f"{page}.wait_for_load_state(\"domcontentloaded\")"]
        target = self._locator(page, wait.locator) if wait.locator else ""
        if wait.pattern:
            self._imports.add("re")
        subject, matcher, args = {
            "hidden": (target, "to_be_hidden", []),
            "visible": (target, "to_be_visible", []),
            "enabled": (target, "to_be_enabled", []),
            "disabled": (target, "to_be_disabled", []),
            "focused": (target, "to_be_focused", []),
            "count": (target, "to_have_count", [str(wait.count)]),
            "attribute": (target, "to_have_attribute", [literal(wait.attribute), literal(wait.value)]),
            "value": (target, "not_to_have_value", [literal(wait.replaced)]) if wait.other_than else
                     (target, "to_have_value", [f"re.compile({pattern_literal(wait.pattern)})" if wait.pattern
                                                else literal(wait.value)]),
            "text_visible": (f"{page}.get_by_text(re.compile({pattern_literal(wait.pattern)}))" if wait.pattern
                             else self._text(page, wait.text, wait.exact), "to_be_visible", []),
            "text_hidden": (self._text(page, wait.text, wait.exact), "to_be_hidden", []),
            "url": (page, "to_have_url", [f"re.compile({pattern_literal(wait.pattern or '')})"]),
        }[wait.kind]
        if wait.timeout_ms is not None:
            args.append(f"timeout={wait.timeout_ms:_}")
        return [*comments(wait.reason), f"expect({subject}).{matcher}({', '.join(args)})"]

    def _assertion(self, page: str, assertion: Assertion) -> list[str]:
        subject, matcher, args = self._expectation(page, assertion)
        said = comments(assertion.reason) if assertion.kind == "name" or assertion.kind == "text_visible" and \
            assertion.pattern else []
        said += comments(assertion.revised)
        if assertion.timeout_ms is not None:
            said += comments(assertion.timeout_reason)
            args = [*args, f"timeout={assertion.timeout_ms:_}"]
        return [*said, f"expect({subject}).{matcher}({', '.join(args)})"]

    def _expectation(self, page: str, assertion: Assertion) -> tuple[str, str, list[str]]:
        """What is expected of what: the subject, the matcher and its arguments."""
        if assertion.kind == "url":
            self._imports.add("re")
            return page, "to_have_url", [f"re.compile({pattern_literal(assertion.pattern or '')})"]
        if assertion.kind == "text_visible" and assertion.pattern:
            self._imports.add("re")
            shown = f"{page}.get_by_text(re.compile({pattern_literal(assertion.pattern)}))"
            return shown + (VISIBLE_ONLY if assertion.visible_only else ""), "to_be_visible", []
        if assertion.kind == "text_visible":
            return self._text(page, assertion.text, assertion.exact, assertion.visible_only), "to_be_visible", []
        if assertion.kind == "hidden" and assertion.locator is None:
            return f"{page}.get_by_text({literal(assertion.text)})", "to_be_hidden", []
        if assertion.kind in ("shared_text_visible", "shared_text_hidden"):
            matcher = "not_to_have_count" if assertion.kind == "shared_text_visible" else "to_have_count"
            shown = (self._locator(page, assertion.locator) if assertion.locator is not None
                     else f"{page}.get_by_text({literal(assertion.text)}){VISIBLE_ONLY}")
            return shown, matcher, ["0"]
        target = self._locator(page, assertion.locator)
        if assertion.kind == "count":
            return target, "to_have_count", [str(int(assertion.value or 0))]
        if assertion.kind in ("value", "text"):
            return target, f"to_have_{assertion.kind}", [literal(str(assertion.value))]
        if assertion.kind == "name":
            self._imports.add("re")
            return target, "to_have_accessible_name", [f"re.compile({pattern_literal(assertion.pattern or '')})"]
        if assertion.kind in ARIA_STATES:
            return target, "to_have_attribute", [literal(part) for part in ARIA_STATES[assertion.kind]]
        return target, {"visible": "to_be_visible", "hidden": "to_be_hidden", "enabled": "to_be_enabled",
                        "disabled": "to_be_disabled", "checked": "to_be_checked",
                        "unchecked": "not_to_be_checked"}[assertion.kind], []

    def _variable(self, words: list[str]) -> str:
        name = "_".join(words)
        return f"{name}_locator" if name in RESERVED or keyword.iskeyword(name) or re.fullmatch(r"page\d*", name) else name

    def _text(self, page: str, text: str | None, exact: bool, visible_only: bool = False) -> str:
        return f"{page}.get_by_text({text_literal(text)}{', exact=True' if exact else ''})" + (VISIBLE_ONLY if visible_only else "")

    def _locator(self, page: str, locator: Locator) -> str:
        return self._chain(page, locator.steps)

    def _keyword(self, step: Step, key: str, value: str | bool | int) -> str:
        if key not in step.regex:
            return f"{key}={text_literal(value) if isinstance(value, str) else literal(value)}"
        self._imports.add("re")
        return f"{key}=re.compile({pattern_literal(str(value))})"

    def _chain(self, page: str, steps: list[Step], declaring: bool = False) -> str:
        """The chain, starting from the variable of its longest shared prefix (declared on first use);
        ``declaring``: rendering that variable's own definition, so not the whole chain itself."""
        start, rest = self._variables.start(page, steps, self._chain, declaring)
        parts = [start]
        for step in rest:
            if step.method not in METHODS:
                raise GenerationError(f"unknown locator method {step.method!r}")
            if step.method == "and_":
                parts.append(f"and_({self._chain(page, step.has or [])})")
                continue
            args = [literal(a) for a in step.args] + [self._keyword(step, k, v) for k, v in step.kwargs.items()]
            if step.has:
                args.append(f"has={self._chain(page, step.has)}")
            parts.append(f"{step.method}({', '.join(args)})")
        return ".".join(parts)
