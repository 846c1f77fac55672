"""MLflow's tracking server and web UI (a React app with hash routes: #/experiments/1) over a fresh
SQLite store with two experiments. Only the seed data is ours; every page is MLflow's.
Usage: python mlflow_server.py PORT"""

import os
import sys
import tempfile

import mlflow

store = tempfile.mkdtemp(prefix="verdex-mlflow-")
tracking_uri = f"sqlite:///{store}/mlflow.db"
mlflow.set_tracking_uri(tracking_uri)
for name in ("churn-model", "price-forecast"):
    mlflow.create_experiment(name, artifact_location=os.path.join(store, "artifacts", name))

os.execv(sys.executable, [sys.executable, "-m", "mlflow", "server", "--host", "127.0.0.1", "--port", sys.argv[1],
                          "--backend-store-uri", tracking_uri, "--default-artifact-root", os.path.join(store, "artifacts"),
                          "--workers", "1"])
