#!/usr/bin/env python3
"""A scripted FICS on 127.0.0.1 for smoke tests (the Windows build under Wine):
plays a recorded login (X.bin + X.bin.events.tsv: the server's bytes, waiting
for a client line at each SEND row), then streams the bytes of a second
recording from an offset (boards of observed games), and keeps the connection
open a while. Whatever the client sends after the login is read and ignored.

usage: replay-server.py LOGIN.bin GAMES.bin OFFSET [SECONDS]
Prints the port it listens on, then serves one connection."""
import socket, sys, threading, time

login, games, offset = sys.argv[1], sys.argv[2], int(sys.argv[3])
linger = float(sys.argv[4]) if len(sys.argv) > 4 else 60.0
data = open(login, "rb").read()
rows = [r.split("\t") for r in open(login + ".events.tsv").read().splitlines()[1:] if r]
stream = open(games, "rb").read()[offset:]

server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(1)
print(server.getsockname()[1], flush=True)
server.settimeout(120)
conn, _ = server.accept()
reader = conn.makefile("rb")

at = 0
for _, recv_offset, kind, value in rows:
    if kind == "RECV":
        n = int(value)
        conn.sendall(data[at:at + n])
        at += n
    elif kind == "SEND":
        if not reader.readline():
            sys.exit("the client closed during the login")

# After the login: read and drop the client's lines; stream the games.
threading.Thread(target=lambda: [None for _ in iter(reader.readline, b"")], daemon=True).start()
for i in range(0, len(stream), 512):
    conn.sendall(stream[i:i + 512])
    time.sleep(0.01)
time.sleep(linger)
conn.close()
