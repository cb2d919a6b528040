"""LAN discovery: a host advertises ``_yule._tcp.local.`` with zeroconf; clients browse for it.

Both sides fail soft: a host whose advertisement cannot start (no multicast, no network) logs
it and carries on, and :func:`discover_hosts` returns what it found, possibly nothing.  The
host's addresses for its start-up banner and its welcome (which a TV shows) come from
:func:`reachable_addresses`, which asks no one on the network: :func:`local_addresses` reads
the machine's interfaces through ``ifaddr`` (the library zeroconf itself uses), on Linux,
macOS and Windows alike.  A host that also serves the app over SSH (``yule host --ssh``) says
on which port in the advertisement's ``ssh`` property.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import SERVICE_TYPE
from .wire import PROTOCOL_VERSION

if TYPE_CHECKING:  # zeroconf loads only when a host advertises or a client browses
    from zeroconf import ServiceInfo
    from zeroconf.asyncio import AsyncZeroconf

log = logging.getLogger("yule.discovery")


@dataclass(frozen=True, slots=True, order=True)
class FoundHost:
    """A host seen on the LAN."""

    name: str
    address: str
    port: int
    ssh_port: int | None = None
    """Where the host serves the app over SSH (``ssh -p SSH_PORT ADDRESS``), if it does."""


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses others on the LAN may reach (loopback only as a last resort)."""
    import ifaddr  # the interfaces, read the way each platform offers them

    found: set[str] = set()
    with contextlib.suppress(OSError):
        found = {str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4}
    lan = sorted(a for a in found if not ipaddress.ip_address(a).is_loopback)
    return lan or ["127.0.0.1"]


def reachable_addresses(bind: str | None) -> list[str]:
    """The addresses to tell people for a server bound to ``bind``: this machine's
    (:func:`local_addresses`) when it listens on every interface, else ``bind`` itself.

    >>> reachable_addresses("192.168.1.20")
    ['192.168.1.20']
    """
    return local_addresses() if bind in (None, "", "0.0.0.0", "::") else [bind]


def advertised_addresses(bind: str | None) -> list[str]:
    """The IPv4 addresses to advertise for a host bound to ``bind``: none for loopback.

    >>> advertised_addresses("127.0.0.1"), advertised_addresses("192.168.1.20")
    ([], ['192.168.1.20'])
    """
    if not bind or bind in ("0.0.0.0", "::"):
        return [a for a in local_addresses() if not a.startswith("127.")]
    try:
        address = ipaddress.ip_address(socket.gethostbyname(bind))
    except (OSError, ValueError):
        return []
    return [] if address.is_loopback or address.version != 4 else [str(address)]


def advertised_properties(ssh_port: int | None) -> dict[str, str]:
    """The advertisement's properties: the protocol version, and the SSH port when there is one."""
    properties = {"version": str(PROTOCOL_VERSION)}
    if ssh_port is not None:
        properties["ssh"] = str(ssh_port)
    return properties


def ssh_port_of(properties: dict[bytes, bytes | None]) -> int | None:
    """The SSH port a found host advertises, if any (anything else on the LAN may answer: checked).

    >>> ssh_port_of({b"ssh": b"2222"}), ssh_port_of({b"ssh": b"x"}), ssh_port_of({})
    (2222, None, None)
    """
    text = properties.get(b"ssh") or b""
    return int(text) if text.isdigit() and 0 < int(text) < 65536 else None


class Advertiser:
    """The host's zeroconf advertisement."""

    def __init__(self, name: str, port: int, addresses: list[str], ssh_port: int | None = None) -> None:
        self.name = name
        self.port = port
        self.addresses = addresses
        self.ssh_port = ssh_port
        self._zc: AsyncZeroconf | None = None
        self._info: ServiceInfo | None = None

    async def start(self) -> None:
        try:
            from zeroconf import ServiceInfo
            from zeroconf.asyncio import AsyncZeroconf

            addresses = [socket.inet_aton(a) for a in self.addresses]
            info = ServiceInfo(
                SERVICE_TYPE,
                f"{self.name}.{SERVICE_TYPE}",
                addresses=addresses,
                port=self.port,
                properties=advertised_properties(self.ssh_port),
            )
            zc = AsyncZeroconf()
            try:
                await asyncio.wait_for(zc.async_register_service(info, allow_name_change=True), 10)
            except BaseException:
                await zc.async_close()
                raise
            self._zc, self._info = zc, info
            log.info("advertising %s on the LAN", SERVICE_TYPE)
        except Exception as e:  # zeroconf raises many kinds; the host must start regardless
            log.warning("LAN discovery is off (%s: %s); players can still type the address", type(e).__name__, e)

    async def stop(self) -> None:
        if self._zc is not None:
            if self._info is not None:
                with contextlib.suppress(Exception):  # goodbye packets are a courtesy: bounded
                    await asyncio.wait_for(self._zc.async_unregister_service(self._info), 1.0)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._zc.async_close(), 2.0)
            self._zc = None


async def discover_hosts(timeout: float = 2.0) -> list[FoundHost]:  # noqa: ASYNC109  (how long to browse)
    """Hosts advertising Yule on the LAN, browsing for ``timeout`` seconds ([] when none or no network)."""
    try:
        from zeroconf import ServiceStateChange
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

        zc = AsyncZeroconf()
    except Exception as e:
        log.warning("cannot browse the LAN: %s", e)
        return []
    names: set[str] = set()

    def on_change(zeroconf: object, service_type: str, name: str, state_change: object) -> None:
        if state_change is ServiceStateChange.Added:
            names.add(name)

    found: set[FoundHost] = set()
    try:
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[on_change])
        await asyncio.sleep(timeout)
        await browser.async_cancel()
        for name in sorted(names):
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if await info.async_request(zc.zeroconf, 1000) and info.port:
                label = name.removesuffix("." + SERVICE_TYPE)
                ssh_port = ssh_port_of(info.properties)
                for address in info.parsed_addresses():
                    found.add(FoundHost(label, address, info.port, ssh_port))
    except Exception as e:
        log.warning("browsing the LAN failed: %s", e)
    finally:
        await zc.async_close()
    return sorted(found)
