"""A page's HTML templates compiled once per server, not once per page.

Voilà renders each page with a new exporter (``voila.exporter.VoilaExporter``), and nbconvert gives each exporter a
new Jinja environment, whose cache of compiled templates is its own: every page parsed and compiled the same
templates again (2.7 s of a Voilà server's 26.6 s of processor time over three browser test files, 3.6 s of the hub
users' servers' 26 s in the hub test). ``compile_templates_once()``, called by a server's settings
(``notebooks/.voila/voila.py``, ``deploy/jupyterhub/singleuser/jupyter_server_config.py``), gives every environment
of the server one in-memory bytecode cache. Jinja keys a template's bytecode by its name and file and checks it
against the template's source, so a template changed on disk is compiled again; code compiled for an asynchronous
environment (Voilà's streamed pages) is kept apart from code compiled for a synchronous one.
"""

from __future__ import annotations

from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory, by Jinja's key (the template's name and file)."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # Jinja drops it if the template's source has changed since

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = {False: CompiledTemplates(), True: CompiledTemplates()}  # by whether the environment is asynchronous


def compile_templates_once() -> None:
    """Every Voilà exporter of this process shares the compiled templates (an environment's own cache aside)."""
    from voila.exporter import VoilaExporter

    made = VoilaExporter._create_environment
    if getattr(made, "compiled_once", False):
        return

    def _create_environment(self: Any) -> Any:
        environment = made(self)
        environment.bytecode_cache = _COMPILED[environment.is_async]
        return environment

    _create_environment.compiled_once = True  # type: ignore[attr-defined]
    VoilaExporter._create_environment = _create_environment
