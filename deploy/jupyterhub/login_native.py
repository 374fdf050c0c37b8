"""The hub's login by accounts of its own (jupyterhub-nativeauthenticator's ``NativeAuthenticator``): a student signs
up with a name and a password of their own at ``/hub/signup``, and logs in once a teacher has approved them at
``/hub/authorize``; the teachers are the hub's admins.

NativeAuthenticator approves a sign-up under an admin's name at once, so whoever signed up first as ``teacher``
would be one: the hub's first start makes every teacher's account itself, with the teachers' password, before
anyone can sign up. And its login page (1.3.0) predates JupyterHub 6, which no longer has statsd and renders a
refused form's error into the form: ``LoginHandler`` is that page as JupyterHub 6 calls it.
"""

from __future__ import annotations

from typing import Any

from jinja2 import ChoiceLoader, FileSystemLoader
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.handlers import TEMPLATE_DIR
from nativeauthenticator.handlers import LoginHandler as NativeLoginHandler
from traitlets import Unicode


class LoginHandler(NativeLoginHandler):
    """NativeAuthenticator's login page: a login, or the form again with why it was refused."""

    _sync = False  # the page is rendered as a string (JupyterHub's error page), not awaited
    _sync_templates = False  # whether the hub's templates for strings include NativeAuthenticator's

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not LoginHandler._sync_templates:
            env = self.settings["jinja2_env_sync"]
            env.loader = ChoiceLoader([env.loader, FileSystemLoader([TEMPLATE_DIR])])
            LoginHandler._sync_templates = True

    def render_template(self, name: str, sync: bool = False, **namespace: Any) -> Any:
        return super().render_template(name, sync=sync or self._sync, **namespace)

    def _render(self, login_error: str | None = None, username: str | None = None, sync: bool = False,
                **error: Any) -> Any:
        self._sync = sync
        return super()._render(login_error=login_error, username=username)

    async def post(self) -> None:
        data = {name: self.get_argument(name, strip=False) for name in self.request.arguments}
        user = await self.login_user(data)
        if user:
            self._jupyterhub_user = user
            self.redirect(self.get_next_url(user))
            return
        username, error = data.get("username", ""), "Invalid username or password."
        info = self.authenticator.get_user(username)
        if info is not None and not info.is_authorized and info.is_valid_password(data.get("password", "")):
            error = f"User {username} has not been authorized by an administrator yet."
        self.finish(await self._render(login_error=error, username=username))


class ClassNativeAuthenticator(NativeAuthenticator):
    """``NativeAuthenticator`` whose teachers' accounts exist from the hub's start, with a login page for
    JupyterHub 6."""

    teacher_password = Unicode(
        config=True, help="The password of a teacher's account that the hub makes (a teacher may change it later)."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in sorted(self.admin_users):
            if not self.user_exists(name) and self.create_user(name, self.teacher_password) is None:
                raise ValueError(f"The teacher's account {name!r} could not be made: its name or the teachers' "
                                 f"password is refused (a password of {self.minimum_password_length} characters "
                                 "or more, not a common one).")

    def get_handlers(self, app: Any) -> list[tuple[str, Any]]:
        return [(path, LoginHandler if handler is NativeLoginHandler else handler)
                for path, handler in super().get_handlers(app)]
