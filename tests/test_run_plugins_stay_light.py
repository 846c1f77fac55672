"""The pytest plugins verdex loads into a run of a user's test — its entry points (the chaos, a remote
browser), proving's (verdex/proof_plugin.py) and heal's probe — import none of verdex's models nor the
healer: every proof run, ``verdex prove`` process and heal run starts one, and those imports cost each
0.2–0.5 s of CPU (pydantic's models of the facts and the recording; libcst and the replay)."""

from __future__ import annotations

import json
import subprocess
import sys

PLUGINS = ("verdex.chaos.plugin", "verdex.remote_browser", "verdex.proof_plugin", "verdex.heal.probe")
HEAVY = ("pydantic", "libcst", "verdex.facts", "verdex.recording_format", "verdex.generators", "verdex.bridge",
         "verdex.heal.healer", "verdex.heal.diagnosis")


def test_the_plugins_a_test_run_loads_import_no_model_and_no_healer():
    probe = ("import json, sys\n" + "".join(f"import {name}\n" for name in PLUGINS)
             + "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(done.stdout))
    assert not [name for name in HEAVY if name in loaded], sorted(
        name for name in loaded if name.startswith(HEAVY))


def test_the_healer_is_still_what_verdex_heal_offers():
    from verdex.heal import Fix, HealReport, heal
    from verdex.heal.diagnosis import Fix as DiagnosedFix
    from verdex.heal.healer import HealReport as HealerReport, heal as healer_heal
    assert (Fix, HealReport, heal) == (DiagnosedFix, HealerReport, healer_heal)
