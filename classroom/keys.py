"""The class store's secrets (teacher keys, member tokens, table keys, seat tokens): made here, and stored only as
their digests, so that a copied database or a backup opens no page.

A secret is a long random ``secrets.token_urlsafe`` text, or one derived from another secret its holder keeps (a
class room's key from the class's key, a seat's token from its table's owner key): a page that holds the first makes
the second again, and the store never has to give a secret back. A fast hash is enough for texts this long and
random; a presented secret is compared with a stored digest in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

DIGEST = re.compile(r"[0-9a-f]{64}")  # what ``digest`` writes (no secret the store made is ever this shape)


def new_secret(nbytes: int = 18) -> str:
    """A new random secret for a page's address (``nbytes`` random bytes, URL-safe text)."""
    return secrets.token_urlsafe(nbytes)


def digest(secret: object) -> str:
    """What the store keeps of ``secret``: its SHA-256, 64 hex digits (the digest of "" for none)."""
    return hashlib.sha256(str(secret or "").encode()).hexdigest()


def matches(secret: object, stored: str | None) -> bool:
    """Whether ``secret`` is the secret whose digest is ``stored`` (compared in constant time)."""
    return stored is not None and hmac.compare_digest(digest(secret), stored)


def derived(key: str, label: str) -> str:
    """The secret made from ``key`` for ``label`` (``"room:ABCDE"``, ``"seat:ABCDE:1"``): the same whenever the
    holder of ``key`` asks again, and of no use to find ``key`` (HMAC-SHA-256, URL-safe text)."""
    mac = hmac.new(key.encode(), label.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


def is_digest(stored: object) -> bool:
    """Whether ``stored`` is already a digest (a migration hashes a secret once, never its digest)."""
    return isinstance(stored, str) and DIGEST.fullmatch(stored) is not None


def room_key(class_key: str, code: str) -> str:
    """The teacher key of a class's auction room ``code``: made from the class's key, so the class page opens it."""
    return derived(class_key, f"room:{code}")


def member_seat_token(member_token: str, code: str) -> str:
    """The token of a class member's seat in the auction room ``code``: made from their personal link's token."""
    return derived(member_token, f"room:{code}")


def seat_token(owner_key: str, code: str, seat: int) -> str:
    """The token of seat ``seat`` at table ``code``: made from the table's owner key, so its creator's page shows
    the seat's link again."""
    return derived(owner_key, f"seat:{code}:{seat}")
