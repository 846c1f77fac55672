"""Sessions: one Playwright browser, one context per role, and the tabs of each role."""
