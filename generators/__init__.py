"""Test generation: recording → target-neutral test plan → one renderer per target (pytest-playwright,
@playwright/test). Works on recorded data only and never imports Playwright (DESIGN.md). The
recorder and generator are the next capability to land here (issue 4); nothing is generated yet.
"""
