"""A learning platform for the LTI 1.3 login test, on a free port of 127.0.0.1, as Moodle or Canvas would be to the
hub: its own RSA key pair and its JWKS (``/jwks``), and its OIDC authorization endpoint (``/authorize``), which
answers the hub's authentication request with a page that posts a signed id_token back to the hub, for the person
the launch was started for.

A launch starts at the hub's login initiation address (``launch_url``, a third-party initiated login), as a link
of the course does. The platform signs with its own key unless the person's launch says otherwise (a forged one),
and its tokens live 5 minutes unless the launch says otherwise (an expired one).
"""

from __future__ import annotations

import html
import json
import threading
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from support.browser import free_port

CLIENT_ID = "boardgames-hub"
DEPLOYMENT_ID = "1"
KEY_ID = "platform-key-1"
LTI = "https://purl.imsglobal.org/spec/lti/claim/"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"


def new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class Person:
    """Someone of the course, and how the platform signs their launch."""

    given_name: str
    family_name: str
    email: str
    roles: list[str]
    key: rsa.RSAPrivateKey | None = None  # another key than the platform's: a forged launch
    lifetime: int = 300  # s from now to the token's exp (negative: expired)
    sub: str = field(default_factory=lambda: uuid.uuid4().hex)


class Platform:
    """The platform: start it with ``serving()``; ``tokens`` are the id_tokens it has posted, in order."""

    def __init__(self) -> None:
        self.key = new_key()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.issuer = self.url
        self.people: dict[str, Person] = {}  # by login_hint
        self.tokens: list[str] = []

    def hub_env(self) -> dict[str, str]:
        """The hub's LTI settings for this platform, as its registration of the tool gives them."""
        return {"BOARDGAMES_HUB_LOGIN": "lti", "BOARDGAMES_HUB_LTI_ISSUER": self.issuer,
                "BOARDGAMES_HUB_LTI_CLIENT_ID": CLIENT_ID, "BOARDGAMES_HUB_LTI_AUTHORIZE_URL": f"{self.url}/authorize",
                "BOARDGAMES_HUB_LTI_JWKS_URL": f"{self.url}/jwks"}

    def launch_url(self, hub: str, person: Person, target: str) -> str:
        """The hub's login initiation address for ``person``'s launch of the course's link to ``target`` (a path
        of the hub)."""
        hint = uuid.uuid4().hex
        self.people[hint] = person
        query = {"iss": self.issuer, "login_hint": hint, "target_link_uri": f"{hub}{target}",
                 "client_id": CLIENT_ID, "lti_deployment_id": DEPLOYMENT_ID}
        return f"{hub}/hub/lti13/oauth_login?{urllib.parse.urlencode(query)}"

    def jwks(self) -> dict[str, Any]:
        public = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key()))
        return {"keys": [{**public, "kid": KEY_ID, "alg": "RS256", "use": "sig"}]}

    def id_token(self, person: Person, nonce: str, target: str) -> str:
        """The signed launch of ``person`` (an LtiResourceLinkRequest) answering the hub's ``nonce``."""
        now = int(time.time())
        claims = {
            "iss": self.issuer, "aud": CLIENT_ID, "sub": person.sub, "nonce": nonce,
            "iat": now + min(0, person.lifetime - 60), "exp": now + person.lifetime,
            "given_name": person.given_name, "family_name": person.family_name,
            "name": f"{person.given_name} {person.family_name}", "email": person.email,
            f"{LTI}message_type": "LtiResourceLinkRequest", f"{LTI}version": "1.3.0",
            f"{LTI}deployment_id": DEPLOYMENT_ID, f"{LTI}target_link_uri": target,
            f"{LTI}resource_link": {"id": "boardgames-week-1", "title": "Board games"},
            f"{LTI}context": {"id": "econ-101", "label": "ECON 101", "title": "Economics, first year"},
            f"{LTI}roles": person.roles,
        }
        token = jwt.encode(claims, person.key or self.key, algorithm="RS256", headers={"kid": KEY_ID})
        self.tokens.append(token)
        return token

    def authorize(self, query: dict[str, str]) -> str:
        """The page answering the hub's authentication request: it posts the person's id_token and the hub's state
        to the hub's redirect address at once."""
        assert query["client_id"] == CLIENT_ID and query["response_mode"] == "form_post", query
        assert query["response_type"] == "id_token" and query["scope"] == "openid", query
        person = self.people[query["login_hint"]]
        token = self.id_token(person, query["nonce"], query["redirect_uri"])
        fields = {"id_token": token, "state": query["state"]}
        inputs = "".join(f'<input type="hidden" name="{name}" value="{html.escape(value)}">'
                         for name, value in fields.items())
        return (f'<!doctype html><title>Launching</title><form method="post" '
                f'action="{html.escape(query["redirect_uri"])}">{inputs}</form>'
                "<script>document.forms[0].submit()</script>")

    @contextmanager
    def serving(self) -> Iterator[Platform]:
        """The platform answering on its port meanwhile."""
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                address = urllib.parse.urlsplit(self.path)
                if address.path == "/jwks":
                    self.answer("application/json", json.dumps(platform.jwks()))
                elif address.path == "/authorize":
                    query = dict(urllib.parse.parse_qsl(address.query))
                    self.answer("text/html", platform.authorize(query))
                else:
                    self.send_error(404)

            def answer(self, kind: str, body: str) -> None:
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:  # quiet: the test reports what matters
                pass

        server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            server.shutdown()
            server.server_close()
