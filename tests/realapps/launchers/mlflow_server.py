"""MLflow's tracking server and web UI (a React app with hash routes: #/experiments/1) over a fresh
SQLite store with two experiments. Only the seed data is ours; every page is MLflow's.

The store is migrated and seeded once into a template in the temporary folder (MLflow's migrations take
ten seconds and more, a minute on a busy machine), and every start serves a copy of it. The server is the
one `mlflow server` starts (uvicorn over mlflow.server.fastapi_app, one worker, the store and artifact
root in the variables `mlflow server` sets), run in this process rather than through the CLI, which
imports MLflow once more only to start it; background job execution (for MLflow's scorers, which no flow
uses) stays off. Usage: python mlflow_server.py PORT"""

import hashlib
import os
import shutil
import signal
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

EXPERIMENTS = ("churn-model", "price-forecast")


def template() -> Path:
    """The seeded store for this version of MLflow and of this launcher."""
    digest = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"verdex-mlflow-{version('mlflow')}-{digest}"


def prepare() -> Path:
    """The template, migrated and seeded if it is not there yet (built under another name, then moved)."""
    target = template()
    if not target.exists():
        building = Path(tempfile.mkdtemp(prefix=f"{target.name}.building-", dir=target.parent))
        import mlflow
        mlflow.set_tracking_uri(f"sqlite:///{building}/mlflow.db")
        for name in EXPERIMENTS:
            mlflow.create_experiment(name, artifact_location=str(target / "artifacts" / name))
        try:
            os.rename(building, target)
        except OSError:                 # another start built it first
            shutil.rmtree(building, ignore_errors=True)
    return target


def serve(port: int) -> None:
    source = prepare()
    with tempfile.TemporaryDirectory(prefix="verdex-mlflow-") as folder:
        store = Path(folder)
        shutil.copyfile(source / "mlflow.db", store / "mlflow.db")
        tracking_uri = f"sqlite:///{store}/mlflow.db"
        os.environ.update({
            "_MLFLOW_SERVER_FILE_STORE": tracking_uri,
            "_MLFLOW_SERVER_REGISTRY_STORE": tracking_uri,
            "_MLFLOW_SERVER_ARTIFACT_ROOT": str(store / "artifacts"),
            "_MLFLOW_SERVER_SERVE_ARTIFACTS": "true",
            "_MLFLOW_SGI_NAME": "uvicorn",
            "MLFLOW_SERVER_ENABLE_JOB_EXECUTION": "false",
        })
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))   # so the copy is removed
        import uvicorn
        uvicorn.run("mlflow.server.fastapi_app:app", host="127.0.0.1", port=port, workers=1)


if __name__ == "__main__":
    serve(int(sys.argv[1]))
