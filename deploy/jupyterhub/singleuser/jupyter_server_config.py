"""A hub user's server: Voilà's pages with the settings ``make play`` gives them (``notebooks/.voila/voila.py``).

The hub starts it with ``--config`` of this file. A closed page's kernel is shut down, a kernel without a message
for 10 minutes and no page connected is culled (a page still open keeps its kernel), a cell's output is waited for
60 s on a busy machine; a page's error shows Voilà's sentence, not the traceback; there is no terminal.
"""

c = get_config()  # noqa: F821 (traitlets defines it for a config file)

c.MappingKernelManager.cull_idle_timeout = 600  # s without a message from the kernel
c.MappingKernelManager.cull_interval = 60  # s between two checks
c.MappingKernelManager.cull_connected = False  # an open page keeps its kernel
c.VoilaExecutor.iopub_timeout = 60  # s: a busy server's page still gets its output
c.VoilaConfiguration.show_tracebacks = False
c.ServerApp.terminals_enabled = False
