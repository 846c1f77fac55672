"""The real-app corpus: open-source apps nobody on the team wrote, installed from PyPI and npm by ``./dev``
into virtualenvs and folders of their own (``.venv-apps/``, ``.venv-apps-<name>/``, ``.apps-npm/<name>/``),
started on 127.0.0.1 and driven by a scripted agent that chooses refs only from what verdex's MCP tools
return (tests/flows/agent.py).

``apps.py`` starts an app; ``flows.py`` holds two or three flows per app; ``bench/realapps.py``
records every flow, exports it and runs the generated tests; tests/test_realapps.py runs a sample.
"""
