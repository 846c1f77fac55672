"""``verdex prove-merge``: the ``--json`` reports of ``verdex prove --shard K/N`` (one per machine of a
CI matrix, :mod:`verdex.sharding`) read back and added up into the proof one machine would have made."""

from __future__ import annotations

from typing import Any

from verdex.errors import InvalidArgument
from verdex.prove import Outcome, Proof, TestRecord


def proof_from_json(report: dict[str, Any]) -> Proof:
    """A proof as :meth:`Proof.as_json` wrote it."""
    try:
        proof = Proof(report["path"], list(report["seeds"]), seconds=float(report["seconds"]),
                      run_errors={int(seed): error for seed, error in report["run_errors"].items()})
        for test in report["tests"]:
            record = proof.tests.setdefault(test["name"], TestRecord(test["name"]))
            failure = test["first_failure"] or {}
            for seed in test["passed_seeds"]:
                record.outcomes.append(Outcome(seed, True))
            for seed in test["failed_seeds"]:
                first = seed == failure.get("seed")
                record.outcomes.append(Outcome(seed, False, failure.get("message", "") if first else "",
                                               {"delays": failure.get("delays", [])} if first else {}))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidArgument(f"not a verdex prove --json report: {exc!r}") from exc
    return proof


def merge(proofs: list[Proof]) -> Proof:
    """The shards' proofs as one: every run of every test, every seed; the time is the longest shard's."""
    if not proofs:
        raise InvalidArgument("no reports to merge")
    paths = {proof.path for proof in proofs}
    if len(paths) > 1:
        raise InvalidArgument(f"the reports prove different paths: {', '.join(sorted(paths))}")
    merged = Proof(proofs[0].path, sorted({seed for proof in proofs for seed in proof.seeds}),
                   seconds=max(proof.seconds for proof in proofs))
    for proof in proofs:
        merged.run_errors.update(proof.run_errors)
        for name, test in proof.tests.items():
            merged.tests.setdefault(name, TestRecord(name)).outcomes.extend(test.outcomes)
    for test in merged.tests.values():
        test.outcomes.sort(key=lambda outcome: outcome.seed)
    merged.tests = dict(sorted(merged.tests.items()))
    return merged
