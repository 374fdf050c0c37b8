"""The hub's login by a learning platform's LTI 1.3 launch (jupyterhub-ltiauthenticator's ``LTI13Authenticator``):
a student arrives from the course already known by name; the platform's teachers are the hub's admins, its learners
are not; and a launch is taken once.

The library checks the launch's signature (against the platform's JWKS), its issuer, audience, expiry, age, state and
nonce cookies; what it leaves, this module adds: a launch's nonce is refused the second time (a launch replayed with
its cookies, as a copied request would be), the launch's roles decide whether the user is an admin, and the state
cookies reach the hub again when the platform, on another site, posts the launch back over HTTPS.
"""

from __future__ import annotations

import time
from typing import Any

from ltiauthenticator.lti13.auth import LTI13Authenticator
from ltiauthenticator.lti13.handlers import LTI13LoginInitHandler
from tornado import web

ROLES = "https://purl.imsglobal.org/spec/lti/claim/roles"
TEACHER_ROLES = frozenset({
    "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor",
    "http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator",
    "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator",
    "http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator",
})
KEEP = 600  # s a nonce is kept after its token expires: more than any clock leeway the hub allows


def is_teacher(id_token: dict[str, Any]) -> bool:
    """Whether the launch's roles make its user a teacher of the course (instructor, or an administrator)."""
    roles = id_token.get(ROLES) or []
    return any(role in TEACHER_ROLES for role in roles)


class Nonces:
    """The nonces of the launches taken, each remembered until its token can no longer be accepted."""

    def __init__(self) -> None:
        self._until: dict[str, float] = {}

    def take(self, nonce: str, expires: float) -> bool:
        """Whether ``nonce`` is new; it is taken now, until ``expires`` (a time in seconds) and a margin."""
        now = time.time()
        self._until = {seen: until for seen, until in self._until.items() if until > now}
        if nonce in self._until:
            return False
        self._until[nonce] = expires + KEEP
        return True


class CrossSiteLoginInitHandler(LTI13LoginInitHandler):
    """The login initiation, whose state and nonce cookies are sent back with the platform's cross-site POST of the
    launch when the hub is served over HTTPS (``SameSite=None; Secure``; a browser keeps such a cookie only then)."""

    def _set_oauth_cookie(self, key: str, value: str) -> None:
        https = self.authenticator.get_uri_scheme(self.request) == "https"
        cross_site = {"samesite": "None", "secure": True} if https else {}
        self._set_cookie(key, value, expires_days=1, httponly=True, encrypted=True, **cross_site)


class ClassLTIAuthenticator(LTI13Authenticator):
    """``LTI13Authenticator`` whose launches are taken once each, and whose users are admins when they are
    the course's teachers."""

    login_handler = CrossSiteLoginInitHandler

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nonces = Nonces()

    async def authenticate(self, handler: Any, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """The user of a launch whose id_token the library has verified: refused (400) if its nonce was taken
        before; an admin exactly when the launch's roles are a teacher's."""
        id_token = data or {}
        if not self.nonces.take(str(id_token.get("nonce")), float(id_token.get("exp", 0))):
            self.log.warning("An LTI launch was refused: its nonce had been used by an earlier launch")
            raise web.HTTPError(400, "This launch was used already: open the hub again from the course.")
        user = await super().authenticate(handler, id_token)
        return {**user, "admin": is_teacher(id_token)}
