"""The Littlest JupyterHub's settings for a class (copy to ``/opt/tljh/config/jupyterhub_config.d/boardgames.py``;
``deploy/jupyterhub/README.md`` gives every command): each user's server opens this project's Voilà pages of the
clone in ``/srv/boardgames`` (installed into TLJH's user environment), and each kernel gets ``BOARDGAMES_DB``, read
from ``/opt/tljh/config/boardgames-db.url`` (a file only root reads). TLJH brings the rest: accounts, the idle
culler (``tljh-config set services.cull.timeout``), the admins (``tljh-config add-item users.admin``)."""

from pathlib import Path

c = get_config()  # noqa: F821 (traitlets defines it for a config file)

CLONE = Path("/srv/boardgames")
c.Spawner.environment = {"BOARDGAMES_DB": Path("/opt/tljh/config/boardgames-db.url").read_text().strip()}
c.Spawner.notebook_dir = str(CLONE / "notebooks")  # the pages' own links are made relative to notebooks/
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.args = [f"--config={CLONE / 'deploy' / 'jupyterhub' / 'singleuser' / 'jupyter_server_config.py'}"]
c.JupyterHub.implicit_spawn_seconds = 1  # a page's link opened with the server stopped starts it
