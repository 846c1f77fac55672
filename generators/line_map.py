"""Which statement of a plan wrote a line of the test file: proving reads a failing line from the test
run and asks what verdex chose there.

The renderers format the whole file, so a line has no tag; but a plan cut after its k-th statement
renders the same lines as the whole plan up to there (a shared locator is declared before its first
use, and the cut declares the whole plan's shared locators, not the ones it alone would share; imports and
helpers sit above the test function). So the k-th statement ends where the cut plan's test function ends,
counted from the function's first line. A binary search over k keeps it to a few
renders.
"""

from __future__ import annotations

from verdex.generators.plan import Statement, TestPlan
from verdex.generators.targets import renderer_for

TEST_START = {"python": "def test_", "typescript": "test("}
TRAILER = {"python": 0, "typescript": 1}            # lines after the body: "});" closes the spec's test


def _body_start(lines: list[str], target: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(TEST_START[target])) + 1


def _body_end(plan: TestPlan, target: str, count: int) -> int:
    """The last body line (0-based, from the function's first body line) of the plan cut after ``count``."""
    cut = plan.model_copy(update={"statements": plan.statements[:count]})
    lines = renderer_for(target).test_file(cut, shared_from=plan).rstrip("\n").splitlines()
    return len(lines) - TRAILER[target] - _body_start(lines, target) - 1 + _init_lines(plan) - _init_lines(cut)


def _init_lines(plan: TestPlan) -> int:
    """The body's first lines, an init script per context, which the whole plan has when any later step reads
    what it keeps (the websocket messages, the data's answers)."""
    return max(1, len(plan.contexts)) * (plan.waits_for_server_messages() + plan.waits_for_data())


def statement_at(plan: TestPlan, target: str, source: str, line: int) -> tuple[int, Statement] | None:
    """The statement (its index, and itself) that wrote ``line`` (1-based) of ``source``, the file the
    plan rendered; None for a line outside the test function's body."""
    offset = line - 1 - _body_start(source.splitlines(), target)
    if offset < 0 or not plan.statements:
        return None
    low, high = 1, len(plan.statements)
    if _body_end(plan, target, high) < offset:
        return None
    while low < high:                                  # the fewest statements whose body reaches the line
        middle = (low + high) // 2
        if _body_end(plan, target, middle) >= offset:
            high = middle
        else:
            low = middle + 1
    return low - 1, plan.statements[low - 1]
