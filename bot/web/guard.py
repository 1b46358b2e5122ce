"""What every answer of the public web server carries and what bounds each visitor: the security headers, the
address a request comes from (behind the operator's proxy too), a token bucket of requests per address and a count
of open streams per address. The web is on the internet: nothing here trusts a client's word but a proxy's."""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

from bot.web import words as _words  # noqa: F401  (registers the web's words)
from bot.words.i18n import t

#: the pages load nothing but their own CSS and script, and are framed by nobody
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: on every answer, whatever it is (a page, a stream, a 404, a 429)
SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
#: addresses whose requests are tracked at most: past it the longest-idle are forgotten (a full bucket is forgotten
#: first: forgetting it changes nothing)
TRACKED = 50_000


def secure(response: web.StreamResponse) -> None:
    """The security headers on an answer about to be sent; never a cookie."""
    response.headers.update(SECURITY_HEADERS)
    response.headers.popall("Set-Cookie", None)


def _proxy(host: str) -> bool:
    """Whether a peer is the operator's own proxy: on this machine or the private network."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_private


def client_address(request: web.Request) -> str:
    """Whom a request is from: the peer, or, when the peer is a proxy of the operator's (loopback or private), the
    last hop of ``X-Forwarded-For`` (the one that proxy added; the earlier ones are the client's own word)."""
    peer = request.remote or ""
    if _proxy(peer):
        forwarded = request.headers.getall("X-Forwarded-For", [])
        hops = [hop.strip() for value in forwarded for hop in value.split(",") if hop.strip()]
        if hops:
            try:
                return str(ipaddress.ip_address(hops[-1]))
            except ValueError:
                return peer
    return peer


@dataclass
class _Bucket:
    tokens: float
    at: float


class RequestBounds:
    """A token bucket per address: ``rate`` requests a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = max(rate, 1e-9)
        self.burst = max(burst, 1.0)
        self._buckets: dict[str, _Bucket] = {}

    def take(self, address: str, now: float) -> float | None:
        """Count one request: None if it may go on, else the seconds until it may (``Retry-After``)."""
        bucket = self._buckets.pop(address, None) or _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        self._buckets[address] = bucket  # the most recent last: the oldest are forgotten first
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            self._forget()
            return None
        return (1.0 - bucket.tokens) / self.rate

    def _forget(self) -> None:
        while len(self._buckets) > TRACKED:
            oldest = next(iter(self._buckets))
            del self._buckets[oldest]

    def __len__(self) -> int:
        return len(self._buckets)


class StreamBounds:
    """Open streams per address, at most ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def open(self, address: str) -> bool:
        """Count one more stream of ``address``; False (nothing counted) when it has its share open."""
        held = self._open.get(address, 0)
        if held >= self.limit:
            return False
        self._open[address] = held + 1
        return True

    def close(self, address: str) -> None:
        held = self._open.get(address, 0) - 1
        if held > 0:
            self._open[address] = held
        else:
            self._open.pop(address, None)

    def held(self, address: str) -> int:
        return self._open.get(address, 0)


def too_many(retry_after: float, lang: str) -> web.Response:
    """A 429 with the seconds to wait, rounded up, said in ``lang`` too."""
    seconds = max(1, math.ceil(retry_after))
    return web.Response(
        status=429,
        text=t("web.busy", lang, seconds=seconds) + "\n",
        headers={"Retry-After": str(seconds), "Cache-Control": "no-store"},
    )
