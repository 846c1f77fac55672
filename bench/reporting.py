"""What the benchmark scripts share: rounding for their JSON reports."""

from __future__ import annotations


def rounded(value: object) -> object:
    """Floats to 3 decimals, for the JSON report."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [rounded(item) for item in value]
    return value
