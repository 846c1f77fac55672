"""Who listens on a local TCP port, read from /proc/net/tcp{,6} (Linux). The tests start servers on a
port they were told is free (bound to port 0, then let go), which another process may bind first: its
answers then look like the server's own."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

LISTEN = "0A"


@dataclass(frozen=True)
class Listener:
    address: str                # the local address it listens on
    socket: str                 # "socket:[inode]", as a process's open file names it


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def listeners(port: int) -> list[Listener]:
    found = []
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        try:
            rows = Path(table).read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            address, hex_port = fields[1].split(":")
            if fields[3] != LISTEN or int(hex_port, 16) != port:
                continue
            raw = bytes.fromhex(address)
            if width == 8:
                shown = socket.inet_ntop(socket.AF_INET, raw[::-1])
            else:  # four little-endian 32-bit words
                shown = socket.inet_ntop(socket.AF_INET6, b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4)))
            found.append(Listener(shown, f"socket:[{fields[9]}]"))
    return found


def held_by(group: int, port: int) -> bool:
    """Does a process of this process group (a server started in a session of its own) hold the socket
    listening on ``port``? True where /proc cannot tell."""
    held = {listener.socket for listener in listeners(port)}
    if not held:
        return True
    for process in Path("/proc").iterdir():
        try:
            if process.name.isdigit() and os.getpgid(int(process.name)) == group \
                    and any(os.readlink(fd) in held for fd in (process / "fd").iterdir()):
                return True
        except OSError:
            continue
    return False
