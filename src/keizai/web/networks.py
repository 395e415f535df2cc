"""The network an IPv6 client belongs to: its /48, whose clients (its /64s, each one
client: `keizai.web.tables.client_key`) share `WIDE_SHARE` clients' limits, and take
one turn together at the replay thread (`keizai.web.table.off_loop`)."""

from __future__ import annotations

import ipaddress

# The /48 around an IPv6 client (a site's or a tunnel's prefix: 65,536 /64s) shares the
# limits of this many clients.
WIDE_PREFIX = 48
WIDE_SHARE = 16


def network_of(client: str) -> str | None:
    """The network whose clients share `WIDE_SHARE` clients' limits: an IPv6 client's
    /48 (one holder of a /48, which tunnel brokers give anyone, would otherwise be 65,536
    clients); None for an IPv4 client, which is one address already."""
    if not client.endswith("/64"):
        return None
    try:
        network = ipaddress.IPv6Network(client)
    except ValueError:
        return None
    return str(network.supernet(new_prefix=WIDE_PREFIX))

