"""How students and teachers log in to the class's hub, chosen by ``BOARDGAMES_HUB_LOGIN``, each way's settings from
the environment (``deploy/jupyterhub/README.md``, "Logins", says which to choose):

- ``shared`` (the default): JupyterHub's ``SharedPasswordAuthenticator``. A student types a name and the class
  password (``BOARDGAMES_HUB_PASSWORD``); ``BOARDGAMES_HUB_STUDENTS`` (comma-separated) limits the names, else any is
  taken. The teachers (``BOARDGAMES_HUB_TEACHERS``, default ``teacher``) log in with
  ``BOARDGAMES_HUB_TEACHER_PASSWORD`` (32 characters or more) and are the hub's admins. Quick, but anyone with the
  class password can log in under another student's name.
- ``native``: accounts of the hub's own (``login_native``). A student signs up at ``/hub/signup`` with a password of
  their own (8 characters or more, not a common one) and logs in once a teacher has approved them at
  ``/hub/authorize``. The teachers are the hub's admins; their accounts are made at the hub's first start with
  ``BOARDGAMES_HUB_TEACHER_PASSWORD``.
- ``lti``: a learning platform's LTI 1.3 launch (``login_lti``): students come from the course, known by the
  platform; its teachers are the hub's admins. ``BOARDGAMES_HUB_LTI_ISSUER``, ``BOARDGAMES_HUB_LTI_CLIENT_ID``
  (comma-separated if several), ``BOARDGAMES_HUB_LTI_AUTHORIZE_URL`` and ``BOARDGAMES_HUB_LTI_JWKS_URL`` come from
  the tool's registration on the platform; ``BOARDGAMES_HUB_LTI_USERNAME`` is the launch's claim that names the
  user (default ``email``: unique on a platform, and readable).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

Setting = Callable[..., str]  # (name, default=None) -> the environment's value; the hub stops without one


def names(text: str) -> set[str]:
    """The comma-separated names of ``text``."""
    return {name.strip() for name in text.split(",") if name.strip()}


def shared(c: Any, setting: Setting) -> None:
    """Students by the class password, teachers (the hub's admins) by theirs."""
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = setting("BOARDGAMES_HUB_PASSWORD")
    c.SharedPasswordAuthenticator.admin_password = setting("BOARDGAMES_HUB_TEACHER_PASSWORD")
    c.Authenticator.admin_users = names(setting("BOARDGAMES_HUB_TEACHERS", "teacher"))
    if students := names(os.environ.get("BOARDGAMES_HUB_STUDENTS", "")):
        c.Authenticator.allowed_users = students
    else:
        c.Authenticator.allow_all = True


def native(c: Any, setting: Setting) -> None:
    """Students sign up and log in once a teacher approved them; teachers (the hub's admins) by their password."""
    from login_native import ClassNativeAuthenticator

    c.JupyterHub.authenticator_class = ClassNativeAuthenticator
    c.Authenticator.admin_users = names(setting("BOARDGAMES_HUB_TEACHERS", "teacher"))
    c.ClassNativeAuthenticator.teacher_password = setting("BOARDGAMES_HUB_TEACHER_PASSWORD")
    c.NativeAuthenticator.open_signup = False  # a teacher approves every sign-up
    c.NativeAuthenticator.minimum_password_length = 8
    c.NativeAuthenticator.check_common_password = True
    c.NativeAuthenticator.allowed_failed_logins = 5  # then that name waits 10 minutes
    c.Authenticator.allow_all = True  # whoever NativeAuthenticator lets in: the approved accounts


def lti(c: Any, setting: Setting) -> None:
    """Students and teachers by their course's launch on the school's learning platform."""
    from login_lti import ClassLTIAuthenticator

    c.JupyterHub.authenticator_class = ClassLTIAuthenticator
    c.LTI13Authenticator.issuer = setting("BOARDGAMES_HUB_LTI_ISSUER")
    c.LTI13Authenticator.client_id = names(setting("BOARDGAMES_HUB_LTI_CLIENT_ID"))
    c.LTI13Authenticator.authorize_url = setting("BOARDGAMES_HUB_LTI_AUTHORIZE_URL")
    c.LTI13Authenticator.jwks_endpoint = setting("BOARDGAMES_HUB_LTI_JWKS_URL")
    c.LTI13Authenticator.username_key = setting("BOARDGAMES_HUB_LTI_USERNAME", "email")
    c.Authenticator.allow_all = True  # whoever the platform launches into the hub


LOGINS = {"shared": shared, "native": native, "lti": lti}


def configure(c: Any, setting: Setting) -> None:
    """The login of ``BOARDGAMES_HUB_LOGIN`` (default ``shared``) in the hub's configuration ``c``; the hub stops
    with a sentence when it names none of them."""
    kind = setting("BOARDGAMES_HUB_LOGIN", "shared")
    if kind not in LOGINS:
        sys.exit(f"BOARDGAMES_HUB_LOGIN is {kind!r}: it must be one of {', '.join(LOGINS)} "
                 "(see deploy/jupyterhub/README.md).")
    LOGINS[kind](c, setting)
