"""Client-side chaos for any pytest-playwright test: seeded response delays (out of order), CPU
throttling and, optionally, another viewport — the races a shared CI runner makes by accident, made on
purpose and replayable by seed. ``plan`` draws the chaos; ``plugin`` is the pytest plugin
(``--chaos-seed N``); ``verdex prove`` (``verdex.prove``) runs a suite under many seeds."""
