"""The one error a renderer raises."""


class GenerationError(ValueError):
    """The generated source did not parse: nothing is written."""
