"""Serving the pages: ``serve`` runs Voilà for ``make play`` (one machine, a class in one room)."""
