"""Links meant for another device (a friend's phone on the same Wi-Fi): which address
reaches this server from there, and the code to scan that carries one.

A page opened at 127.0.0.1 knows only that origin, which opens nothing on a phone: the
server says which base to use instead (`Reach.base`), from `ludotheque serve --public-url`
or, bound to every interface, from this machine's address on the local network."""

from __future__ import annotations

import functools
import ipaddress
import re
import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ludotheque.core.errors import LudoError

EVERY_INTERFACE = ("0.0.0.0", "::")  # an empty host is refused (cli: `given_host`)
# A UDP socket "connected" to an address tells the address this machine would send from
# (no packet is sent): toward the world, its way out (most likely the Wi-Fi); toward the
# private ranges, a local network with no way out (a phone's hotspot, a travel router).
ROUTE_PROBES = ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET, "192.168.0.1"),
                (socket.AF_INET, "10.0.0.1"), (socket.AF_INET, "172.16.0.1"),
                (socket.AF_INET6, "2001:db8::1"))


def is_loopback(host: str) -> bool:
    """True for a name or address only this machine opens (localhost, 127.x, ::1, 0.0.0.0)."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


LABEL = r"(?!-)[a-z0-9_-]{1,63}(?<!-)"  # "_": no DNS name has one, some LAN names do
HOST_NAME = re.compile(rf"{LABEL}(?:\.{LABEL})*\.?", re.IGNORECASE)  # a DNS name, IPv4 alike


def well_formed_host(netloc: str) -> bool:
    """True if `netloc` (a request's Host header) is a host name (at most 253 characters)
    or an address, maybe with a port 1 to 65535: anyone may write that header, and a link
    on it becomes a code to scan (3,000 characters are no QR code; 2,000, a tenth of a
    second of the server's time)."""
    host, colon, port = netloc.rpartition(":")
    if not colon or netloc.endswith("]"):
        host, port = netloc, ""
    if colon and not netloc.endswith("]") and not (
            port.isascii() and port.isdigit() and len(port) <= 5 and 0 < int(port) < 65536):
        return False
    if host.startswith("[") and host.endswith("]"):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return False
        return True
    return len(host) <= 253 and HOST_NAME.fullmatch(host) is not None


def url_host(host: str) -> str:
    """`host` as written in a URL: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


def local_host(host: str) -> str:
    """The address that opens a server bound to `host` on this machine: bound to every
    interface, its loopback; to `::`, the IPv6 one, since asyncio (hence uvicorn) binds
    `::` to IPv6 alone (IPV6_V6ONLY), whatever the system's dual-stack setting."""
    if host == "::":
        return "::1"
    return "127.0.0.1" if host in EVERY_INTERFACE else host


def network_addresses(ipv6_only: bool = False) -> list[str]:
    """This machine's addresses another device on the local network can reach: IPv4 ones
    (the way out first, then those its host name resolves to); IPv6 ones only when it has
    no IPv4 one, or for a server bound to `::` (`ipv6_only`: no IPv4 one would answer).
    Loopback and link-local addresses (fe80::, 169.254.x) are left out."""
    found: dict[int, list[str]] = {socket.AF_INET: [], socket.AF_INET6: []}

    def keep(family: int, text: str) -> None:
        address = ipaddress.ip_address(text.partition("%")[0])
        if not (address.is_loopback or address.is_link_local or address.is_unspecified
                or address.is_multicast) and str(address) not in found[family]:
            found[family].append(str(address))

    for family, probe in ROUTE_PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                keep(family, udp.getsockname()[0])
        except OSError:  # no route that way (no network, or no IPv6)
            pass
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_UDP)
    except OSError:
        named = []
    for family, _type, _proto, _name, sockaddr in named:
        if family in found:
            keep(family, sockaddr[0])
    return found[socket.AF_INET6] if ipv6_only else \
        found[socket.AF_INET] or found[socket.AF_INET6]


def public_base(url: str) -> str:
    """`--public-url` as a base to put paths after (no trailing slash); refused unless it
    is http(s)://, a host (`well_formed_host`), maybe a port and nothing else: the pages'
    paths start at the root, so a path, a query or a name and password would give links
    that open nothing."""
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError for a port out of 0..65535
    except ValueError:
        parts = None
    if (parts is None or parts.scheme.lower() not in ("http", "https")
            or not well_formed_host(parts.netloc) or parts.path not in ("", "/")
            or parts.query or parts.fragment or url.strip().endswith(("?", "#"))):
        raise LudoError("cli.serve.bad_public_url", url=url)
    return f"{parts.scheme.lower()}://{parts.netloc}"


@dataclass(frozen=True)
class Reach:
    """How another device reaches this server. `public_url`: given by whoever runs it
    (a reverse proxy, a name); `network_url`: this machine's address on the local network,
    when it listens on every interface. Either without a trailing slash."""

    public_url: str | None = None
    network_url: str | None = None

    def base(self, request: Any) -> str | None:
        """The base of a link to open on another device, for a page that asked through
        `request`: the public URL if any; else the page's own origin unless only this
        machine opens it (127.0.0.1, localhost) or its Host header is no host name or
        address (`well_formed_host`); else the local network's; else None (no other
        device can reach this server)."""
        if self.public_url:
            return self.public_url
        netloc = request.url.netloc
        if well_formed_host(netloc) and not is_loopback(request.url.hostname or ""):
            return f"{request.url.scheme}://{netloc}"
        return self.network_url

    def links(self, request: Any, **paths: str) -> dict[str, str | None]:
        """`<name>_link` for each path of `paths` (the invite's; the spectator's, for a
        tablet by the TV; a seat's own, for its person's phone) on `base`; each None when
        no other device can reach us. Their codes to scan are `qr_data_uri` of them (made
        off the loop: app.py, `share`)."""
        base = self.base(request)
        return {f"{name}_link": base and base + path for name, path in paths.items()}


def reach_for(host: str, port: int, public: str | None) -> tuple[Reach, list[str]]:
    """How other devices reach a server bound to `host`:`port` (`public`: its
    `public_base`, if any), and the local network's links to print (bound to every
    interface: one per address of `network_addresses`)."""
    links = [f"http://{url_host(address)}:{port}"
             for address in network_addresses(ipv6_only=host == "::")] \
        if host in EVERY_INTERFACE else []
    return Reach(public, links[0] if links else None), links


@functools.lru_cache(maxsize=1024)
def qr_data_uri(url: str) -> str:
    """A QR code of `url` as an SVG data URI (the pages' CSP takes `img-src data:`): dark
    on white whatever the page's colours, its quiet zone included, sized by the page.
    Kept for the tables in play: a page asks for its invite's on every visit, and a code
    costs milliseconds (made off the event loop: `Master.off_loop`)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return code.svg_data_uri(border=4, omitsize=True, dark="#000", light="#fff")
