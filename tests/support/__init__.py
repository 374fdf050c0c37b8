"""What the tests and benchmarks share: ``protocol_checks`` (engine checks over many seeds, golden transcripts),
``medici_play`` (Medici positions by hand), ``widget_driver`` (driving the app from Python) and ``browser``
(Voilà and Chromium, driven by Playwright)."""
