"""The errors a renderer (and the planner before it) raises: nothing is written."""


class GenerationError(ValueError):
    """The test could not be generated (the generated source did not parse, a file it needs is gone …)."""


class UnrenderableStep(GenerationError):
    """A recorded step the test cannot do as the agent did it: rather than a test that silently does
    something else, no test."""

    def __init__(self, index: int, tool: str, why: str) -> None:
        super().__init__(f"step {index} ({tool}) cannot be written as a test step: {why}")
        self.index = index
        self.tool = tool
