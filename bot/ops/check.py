"""``python -m bot.ops.check``: the container's health check (``Dockerfile``'s ``HEALTHCHECK``, ``compose.yaml``).

It asks this machine's bot for ``/healthz`` on the port of ``NIGHTFALL_HTTP_ADDR`` and exits 0 on ``200 ok``, 1
otherwise, printing the answer (Docker keeps it: ``docker inspect``). Without the setting there is nothing to ask:
it says so and exits 0, as the bot is then only a process, which Docker watches already."""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

from bot.settings import http_address

#: seconds the bot has to answer (its own check of the database gives up after 2)
TIMEOUT = 5.0


def url(address: str) -> str:
    """The ``/healthz`` address to ask for the bot bound at ``address``, seen from the same machine: a bot bound
    to every interface (``0.0.0.0``, ``::``) is asked on the loopback."""
    host, _, port = address.rpartition(":")
    host = host.strip("[]")
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/healthz"


def main() -> int:
    address = http_address(os.environ.get("NIGHTFALL_HTTP_ADDR", ""))
    if address is None:
        print("NIGHTFALL_HTTP_ADDR is not set: no endpoint to check")
        return 0
    try:
        with urllib.request.urlopen(url(address), timeout=TIMEOUT) as answer:
            print(answer.read().decode(errors="replace").strip())
            return 0
    except urllib.error.HTTPError as e:  # 503: the reasons are its body
        print(f"{e.code}: {e.read().decode(errors='replace').strip()}")
    except OSError as e:
        print(f"no answer from {url(address)}: {e}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
