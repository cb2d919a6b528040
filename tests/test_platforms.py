"""Yule on Linux, macOS and Windows alike: the parts that differ from one system to another.

- The host's addresses come from the machine's interfaces as ``ifaddr`` reads them.
"""

from __future__ import annotations

import ifaddr

from yule.netplay import discovery


def test_local_addresses_are_the_interfaces_ipv4_addresses_loopback_only_when_alone(monkeypatch):
    lan = [
        ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"), ifaddr.IP(("::1", 0, 0), 128, "lo")]),
        ifaddr.Adapter(
            "eth0", "Ethernet", [ifaddr.IP("192.168.1.20", 24, "eth0"), ifaddr.IP(("fe80::1", 0, 2), 64, "eth0")]
        ),
        ifaddr.Adapter("wlan0", "Wi-Fi", [ifaddr.IP("10.0.0.7", 8, "wlan0")]),
    ]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: lan)
    assert discovery.local_addresses() == ["10.0.0.7", "192.168.1.20"]
    assert discovery.advertised_addresses(None) == ["10.0.0.7", "192.168.1.20"]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: lan[:1])
    assert discovery.local_addresses() == ["127.0.0.1"]
    assert discovery.advertised_addresses("0.0.0.0") == []
