"""@playwright/test (TypeScript), parsed with the typescript package before it is returned."""

from __future__ import annotations

import re

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
from verdex.unique import TYPESCRIPT_TOKEN

DECLARATION = "const {name} = {chain};"
VISIBLE_ONLY = ".filter({ visible: true })"   # among the elements that show a text, not its hidden copies
# names the spec already uses, and JavaScript's reserved words a name could make
RESERVED = {"page", "expect", "test", "path", "secret", "responseTo", "dialog", "response", "unique", "randomInt",
            "default", "new",
            "delete", "function", "class", "const", "let", "var", "this", "switch", "case", "in", "of", "for",
            "if", "else", "do", "while", "return", "with", "void", "typeof", "try", "catch", "throw", "import",
            "export", "super", "enum", "await", "yield", "null", "true", "false"}
METHODS = {"get_by_test_id": "getByTestId", "get_by_role": "getByRole", "get_by_label": "getByLabel",
           "get_by_placeholder": "getByPlaceholder", "get_by_alt_text": "getByAltText", "get_by_text": "getByText",
           "get_by_title": "getByTitle", "filter": "filter", "nth": "nth", "frame_locator": "frameLocator", "locator": "locator",
           "and_": "and"}
OPTION_NAMES = {"has_text": "hasText", "exact": "exact", "name": "name"}


def comments(text: str) -> list[str]:
    return comment_lines(text, "//")


def literal(value: object) -> str:
    """A JavaScript literal: JSON syntax, with the two line separators JSON allows but older JS did not escaped;
    a string holding the recording's {unique} token, a template literal with the test's own in its place."""
    pieces = unique_literals.around_token(value) if isinstance(value, str) else None
    if pieces is not None:
        return "`" + "".join(json_string(piece)[1:-1].replace("`", "\\`").replace("${", "\\${") if at % 2 == 0
                             else _token(piece) for at, piece in enumerate(pieces)) + "`"
    return json_string(value)


def _token(spelling: str) -> str:
    upper = ".toUpperCase()" if spelling == unique_literals.UPPER else ""
    return f"${{{unique_literals.VARIABLE}{upper}}}"


def camel(name: str) -> str:
    """A plan's variable (``buyer_page``, ``page1``) as TypeScript names it (``buyerPage``)."""
    first, *rest = name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def in_camel_case(plan: TestPlan) -> TestPlan:
    """The plan with its page and context variables named the TypeScript way."""
    def renamed(statement: Statement) -> Statement:
        update: dict[str, object] = {"page": camel(statement.page)}
        if isinstance(statement, Action) and statement.popup:
            update["popup"] = camel(statement.popup)
        if isinstance(statement, OpenPage) and statement.context:
            update["context"] = camel(statement.context)
        return statement.model_copy(update=update)
    return plan.model_copy(update={
        "statements": [renamed(s) for s in plan.statements],
        "contexts": [c.model_copy(update={"variable": camel(c.variable)}) for c in plan.contexts]})


def text_literal(text: str | None) -> str:
    """A text as one literal, a long one as one literal per piece (``text_pieces``) joined with ``+``, which
    prettier breaks a line each."""
    return " + ".join(literal(piece) for piece in text_pieces(text)) if text else literal(text)


def _option_literal(value: object) -> str:
    return text_literal(value) if isinstance(value, str) else literal(value)


def regex_literal(pattern: str) -> str:
    """``new RegExp("…")``; a long URL pattern as one string per query condition, joined with ``+``."""
    return f"new RegExp({' + '.join(literal(piece) for piece in pattern_pieces(pattern))})"


class TypeScript:
    suffix = ".spec.ts"

    def test_file(self, plan: TestPlan, shared_from: TestPlan | None = None) -> str:
        plan = in_camel_case(plan)
        self._promises = 0
        self._uses_path = False
        self._uses_secret = False
        self._response_helper = False
        self._response_operation = False
        self._nth_response = False
        self._counts_answers = plan.counts_data_answers()
        counts_messages = plan.waits_for_server_messages()
        body: list[str] = []
        for context in plan.contexts:      # a role: a browser context of its own, from its storage state
            options = ["baseURL", *(["locale"] if plan.locale is not None else []),
                       *(["timezoneId"] if plan.timezone_id is not None else [])]
            if context.storage_state:
                options.append(f"storageState: process.env[{literal(context.storage_state_env)}] ?? "
                               f"{literal(context.storage_state)}")
            body += [*comments(f"role {context.role} of the recorded session"),
                     f"const {context.variable} = await browser.newContext({{ {', '.join(options)} }});"]
        contexts = [c.variable for c in plan.contexts] or ["page.context()"]
        body += [f"await {c}.addInitScript(COUNT_SERVER_MESSAGES);" for c in contexts] if counts_messages else []
        body += [f"await {c}.addInitScript(KEEP_ANSWER_TIMINGS);" for c in contexts] if plan.waits_for_data() else []
        if plan.unique:
            body += [*comments(unique_literals.COMMENT.format(token=plan.unique)),
                     f"const {unique_literals.VARIABLE} = {TYPESCRIPT_TOKEN};"]
        self._variables = Variables(in_camel_case(shared_from) if shared_from else plan, self._variable, DECLARATION)
        with unique_literals.unique_token(plan.unique):
            for statement in plan.statements:
                lines = self._statement(statement)
                body += self._variables.take_declarations() + lines     # a shared chain, before its first use
        body += [f"await {context.variable}.close();" for context in plan.contexts]
        pinned = "".join(f", {name}" for name, value in (("locale", plan.locale), ("timezoneId", plan.timezone_id))
                         if value is not None)
        fixtures = f"{{ browser, baseURL{pinned} }}" if plan.contexts else "{ page }"
        source = environment().get_template("test.spec.ts.j2").render(plan=plan, body=body, title=literal(plan.name),
                                                                       fixtures=fixtures,
                                                                       base_url=literal(plan.base_url),
                                                                       own_origin=comments(plan.own_origin),
                                                                       uses_path=self._uses_path,
                                                                       uses_secret=self._uses_secret,
                                                                       uses_unique=bool(plan.unique),
                                                                       response_helper=self._response_helper,
                                                                       response_operation=self._response_operation,
                                                                       nth_response=self._nth_response,
                                                                       server_messages_script=SERVER_MESSAGES_SCRIPT
                                                                       if counts_messages else None,
                                                                       data_answered_script=(
                                                                           DATA_ANSWERED_COUNTED_SCRIPT.replace(
                                                                               "answers =>",
                                                                               "(answers: [string, number][]) =>", 1)
                                                                           if self._counts_answers else
                                                                           DATA_ANSWERED_SCRIPT.replace(
                                                                               "paths =>", "(paths: string[]) =>", 1))
                                                                       if plan.waits_for_data() else None,
                                                                       keep_answer_timings=literal(
                                                                           KEEP_ANSWER_TIMINGS_SCRIPT))
        from verdex.generators.typescript_syntax import TypeScriptSyntaxError, checked_and_formatted
        try:
            return checked_and_formatted(source)
        except TypeScriptSyntaxError as exc:
            raise GenerationError(f"the generated TypeScript does not parse: {exc}") from exc
        except RuntimeError as exc:
            raise GenerationError(f"the generated TypeScript could not be formatted: {exc}") from exc

    def support_files(self, plan: TestPlan) -> dict[str, str]:
        config = environment().get_template("playwright.config.ts.j2").render(
            base_url=literal(plan.base_url or "http://127.0.0.1:8765"),
            pinned={key: literal(value) for key, value in (("locale", plan.locale), ("timezoneId", plan.timezone_id))
                    if value is not None},
            test_id_attribute=literal(plan.test_id_attribute) if plan.test_id_attribute else None)
        return {"playwright.config.ts": config}

    # ---------------------------------------------------------------- statements
    def _statement(self, statement: Statement) -> list[str]:
        if isinstance(statement, Goto):
            return [*self._before_leaving(statement), f"await {statement.page}.goto({literal(statement.url)});"]
        if isinstance(statement, Check):
            return self._assertion(statement.page, statement.assertion)
        if isinstance(statement, Settled):
            return self._wait(statement.page, statement.wait)
        if isinstance(statement, History):
            call = {"back": "goBack", "forward": "goForward", "reload": "reload"}[statement.kind]
            lines = [*self._before_leaving(statement), f"await {statement.page}.{call}();"]
            for assertion in statement.asserts:
                lines += self._assertion(statement.page, assertion)
            return lines
        if isinstance(statement, OpenPage):
            return [f"const {statement.page} = await {statement.context or 'page.context()'}.newPage();"]
        if isinstance(statement, ClosePage):
            return [f"await {statement.page}.close();"]
        if isinstance(statement, Dismiss):
            return [*comments(statement.reason),
                    f"await {statement.page}.addLocatorHandler({self._locator(statement.page, statement.locator)}, "
                    "async (control) => {", "  await control.click();", "});"]
        return self._action(statement)

    def _promise(self, prefix: str) -> str:
        self._promises += 1
        return f"{prefix}{self._promises}"

    def _dialog_handler(self, page: str, answer: str, prompt_text: str | None) -> str:
        """The handler that answers the next dialog of ``page`` the way the agent did."""
        call = f"dialog.accept({literal(prompt_text)})" if answer == "accept" and prompt_text else f"dialog.{answer}()"
        return f"{page}.once(\"dialog\", (dialog) => {call});"

    def _action(self, action: Action) -> list[str]:
        lines: list[str] = []
        for wait in action.waits:
            lines += self._wait(action.page, wait)
        if action.dialog:
            lines.append(self._dialog_handler(action.page, action.dialog, action.prompt_text))
        awaited: list[str] = []
        if action.file_chooser:          # set first: what the other waits wait for may be what the files send
            name = self._promise("fileChooser")
            lines.append(f"const {name} = {action.page}.waitForEvent(\"filechooser\");")
            awaited.append(f"await (await {name}).setFiles({self._files(action)});")
        if action.response:
            name = self._promise("response")
            lines += comments(action.response.reason)
            lines.append(f"const {name} = {action.page}.waitForResponse({self._response(action.response)});")
            # its headers end the wait for it; the page acts on its body, which may come later
            awaited.append(f"await (await {name}).finished();" if action.response.whole_body else f"await {name};")
        if action.popup:
            lines.append(f"const {action.popup}Promise = {action.page}.waitForEvent(\"popup\");")
            awaited.append(f"const {action.popup} = await {action.popup}Promise;")
        if action.closes:
            name = self._promise("close")
            lines.append(f"const {name} = {action.page}.waitForEvent(\"close\");")
            awaited.append(f"await {name};")
        if action.download:
            name = self._promise("download")
            lines.append(f"const {name} = {action.page}.waitForEvent(\"download\");")
            awaited.append(f"await {name};")
        if action.reloads:
            name = self._promise("load")
            lines += comments(action.reloads)
            lines.append(f"const {name} = {action.page}.waitForEvent(\"load\");")
            awaited.append(f"await {name};")
        if action.note:
            lines += comments(action.note)
        performed = self._perform(action)
        if action.closes:   # Playwright's call may read the page's answer after the handler closed the window
            performed = [*comments(CLOSED_FIRST), "try {", *[f"  {line}" for line in performed],
                         "} catch (error) {", f"  if (!{action.page}.isClosed()) throw error;", "}"]
        lines += performed
        lines += awaited
        for assertion in action.asserts:
            lines += self._assertion(action.page, assertion)
        return lines

    def _response(self, response: ResponseMatch) -> str:
        """A glob, or the file's responseTo helper when the method tells the responses apart."""
        if not response.by_predicate:
            return literal(response.url_glob)
        self._response_helper = True
        operation = f", {literal(response.operation)}" if response.operation else ""
        self._response_operation = self._response_operation or bool(operation)
        matches = f"responseTo({literal(response.method)}, {regex_literal(response.path_pattern)}{operation})"
        if response.answers < 2:
            return matches
        self._nth_response = True
        return f"nthResponse({response.answers}, {matches})"

    def _perform(self, action: Action) -> list[str]:
        if action.locator is None:
            return [f"await {action.page}.keyboard.press({literal(action.key)});"]
        target = self._locator(action.page, action.locator)
        comment = ["// positional fallback: nothing else told this element apart when it was recorded"] \
            if action.locator.positional else []
        option = "label" if action.select_by == "label" else "value"
        if action.kind == "drag" and action.to is None:
            raise GenerationError(f"the drag of step {action.step} does not say where it dropped the element")
        if action.kind == "upload":      # a file chooser gets its files after the click (_action)
            call = "click()" if action.file_chooser else f"setInputFiles({self._files(action)})"
        else:
            force = "force: true" if action.force else ""
            button = f"button: {literal(action.button)}" if action.button != "left" else ""
            click = ", ".join(o for o in (button, force) if o)
            forced = f"{{ {force} }}" if force else ""
            call = {
                "click": f"click({{ {click} }})" if click else "click()",
                "dblclick": f"dblclick({forced})", "check": f"check({forced})", "uncheck": f"uncheck({forced})",
                "hover": f"hover({forced})",
                "press": f"press({literal(action.key)})",
                "fill": f"fill({self._value(action.value)})",
                "type": f"pressSequentially({self._value(action.value)})",
                "select": f"selectOption({literal([{option: o} for o in action.options])})",
                "drag": f"dragTo({self._locator(action.page, action.to)})" if action.to else "",
            }[action.kind]
        calls = ['fill("")', f"pressSequentially({self._value(action.value)})"] if action.keys \
            else ["focus()", call] if action.focus_first else [call]
        lines = (comment + [f"// {KEYS_ONLY}"] * action.keys + [f"// {FOCUS_FIRST}"] * action.focus_first
                 + comments(action.force)
                 + [f"await {target}.{each};" for each in calls])
        if action.submit:
            lines.append(f"await {target}.press(\"Enter\");")
        return lines

    def _files(self, action: Action) -> str:
        """The uploaded files, from the upload_files/ folder export writes beside the spec."""
        self._uses_path = True
        return "[" + ", ".join(f"path.join(path.dirname(test.info().file), {literal(UPLOADS_FOLDER)}, {literal(name)})"
                               for name in action.files) + "]"

    def _value(self, value: Value | None) -> str:
        if value is not None and value.secret is not None:
            self._uses_secret = True
            return f"secret({literal(value.secret.env)})"
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
                    f"await {page}.waitForFunction({server_messages_heard(wait.count)}, undefined, "
                    f"{{ timeout: {wait.timeout_ms:_} }});"]
        if wait.kind == "server_answers":
            return [*comments(wait.reason), f"await {page}.waitForFunction({server_answers_heard(wait.count)});"]
        if wait.kind == "data_answered":
            paths = ", ".join(f"[{literal(path)}, {count}]" if self._counts_answers else literal(path)
                              for path, count in answer_counts(wait))
            return [*comments(wait.reason),
                    f"await {page}.waitForFunction(DATA_ANSWERED, [{paths}], {{ timeout: {wait.timeout_ms:_} }});"]
        if wait.kind == "load":
            return [*comments(wait.reason), f"await {page}.waitForLoadState(\"domcontentloaded\");"]
        target = self._locator(page, wait.locator) if wait.locator else ""
        subject, matcher, args = {
            "hidden": (target, "toBeHidden", []),
            "visible": (target, "toBeVisible", []),
            "enabled": (target, "toBeEnabled", []),
            "disabled": (target, "toBeDisabled", []),
            "focused": (target, "toBeFocused", []),
            "count": (target, "toHaveCount", [str(wait.count)]),
            "attribute": (target, "toHaveAttribute", [literal(wait.attribute), literal(wait.value)]),
            "value": (target, "not.toHaveValue", [literal(wait.replaced)]) if wait.other_than else
                     (target, "toHaveValue", [regex_literal(wait.pattern) if wait.pattern else literal(wait.value)]),
            "text_visible": (f"{page}.getByText({regex_literal(wait.pattern)})" if wait.pattern
                             else self._text(page, wait.text, wait.exact), "toBeVisible", []),
            "text_hidden": (self._text(page, wait.text, wait.exact), "toBeHidden", []),
            "url": (page, "toHaveURL", [regex_literal(wait.pattern or "")]),
        }[wait.kind]
        if wait.timeout_ms is not None:
            args.append(f"{{ timeout: {wait.timeout_ms:_} }}")
        return [*comments(wait.reason), f"await expect({subject}).{matcher}({', '.join(args)});"]

    def _assertion(self, page: str, assertion: Assertion) -> list[str]:
        subject, matcher, args = self._expectation(page, assertion)
        said = comments(assertion.reason) if assertion.kind == "name" or assertion.kind == "text_visible" and \
            assertion.pattern else []
        said += comments(assertion.revised)
        if assertion.timeout_ms is not None:
            said += comments(assertion.timeout_reason)
            args = [*args, f"{{ timeout: {assertion.timeout_ms:_} }}"]
        return [*said, f"await expect({subject}).{matcher}({', '.join(args)});"]

    def _expectation(self, page: str, assertion: Assertion) -> tuple[str, str, list[str]]:
        """What is expected of what: the subject, the matcher and its arguments."""
        if assertion.kind == "url":
            return page, "toHaveURL", [regex_literal(assertion.pattern or "")]
        if assertion.kind == "text_visible" and assertion.pattern:
            shown = f"{page}.getByText({regex_literal(assertion.pattern)})"
            return shown + (VISIBLE_ONLY if assertion.visible_only else ""), "toBeVisible", []
        if assertion.kind == "text_visible":
            return self._text(page, assertion.text, assertion.exact, assertion.visible_only), "toBeVisible", []
        if assertion.kind == "hidden" and assertion.locator is None:
            return f"{page}.getByText({literal(assertion.text)})", "toBeHidden", []
        if assertion.kind in ("shared_text_visible", "shared_text_hidden"):
            matcher = "not.toHaveCount" if assertion.kind == "shared_text_visible" else "toHaveCount"
            shown = (self._locator(page, assertion.locator) if assertion.locator is not None
                     else f"{page}.getByText({literal(assertion.text)}){VISIBLE_ONLY}")
            return shown, matcher, ["0"]
        target = self._locator(page, assertion.locator)
        if assertion.kind == "count":
            return target, "toHaveCount", [str(int(assertion.value or 0))]
        if assertion.kind in ("value", "text"):
            return target, f"toHave{assertion.kind.capitalize()}", [literal(str(assertion.value))]
        if assertion.kind == "name":
            return target, "toHaveAccessibleName", [regex_literal(assertion.pattern or "")]
        if assertion.kind in ARIA_STATES:
            return target, "toHaveAttribute", [literal(part) for part in ARIA_STATES[assertion.kind]]
        return target, {"visible": "toBeVisible", "hidden": "toBeHidden", "enabled": "toBeEnabled",
                        "disabled": "toBeDisabled", "checked": "toBeChecked",
                        "unchecked": "not.toBeChecked"}[assertion.kind], []

    def _variable(self, words: list[str]) -> str:
        name = words[0] + "".join(word.capitalize() for word in words[1:])
        reserved = name in RESERVED or re.fullmatch(r"(page|response|download|fileChooser)\d*(Promise)?", name)
        return f"{name}Locator" if reserved else name

    def _text(self, page: str, text: str | None, exact: bool, visible_only: bool = False) -> str:
        return f"{page}.getByText({text_literal(text)}{', { exact: true }' if exact else ''})" + (VISIBLE_ONLY if visible_only else "")

    def _locator(self, page: str, locator: Locator) -> str:
        return self._chain(page, locator.steps)

    def _chain(self, page: str, steps: list[Step], declaring: bool = False) -> str:
        """The chain, starting from the variable of its longest shared prefix (declared on first use);
        ``declaring``: rendering that variable's own definition, so not the whole chain itself."""
        start, rest = self._variables.start(page, steps, self._chain, declaring)
        parts = [start]
        for step in rest:
            if step.method not in METHODS:
                raise GenerationError(f"unknown locator method {step.method!r}")
            if step.method == "and_":
                parts.append(f"and({self._chain(page, step.has or [])})")
                continue
            args = [literal(a) for a in step.args]
            options = [f"{OPTION_NAMES.get(k, k)}: {regex_literal(str(v)) if k in step.regex else _option_literal(v)}"
                       for k, v in step.kwargs.items()]
            if step.has:
                options.append(f"has: {self._chain(page, step.has)}")
            if options:
                args.append(f"{{ {', '.join(options)} }}")
            parts.append(f"{METHODS[step.method]}({', '.join(args)})")
        return ".".join(parts)
