#!/usr/bin/python3
"""Wire-to-glass latency of an observed move in Kibitz's real window.

What it measures
  How long an observed move takes from the network to the screen: from the
  moment the server's `<12>` line of the move has fully passed a loopback
  proxy (127.0.0.1:LISTEN -> the FICS server) to the first change of the
  board's pixels on the X screen (Xvfb). For each Kibitz binary given:

  1. two ficsbot guests (WtgA, WtgB) start a game with a few seconds per move
     (or, with --game N, an existing game is observed);
  2. a proxy (this script's `proxy` sub-command, a separate process so the
     grab loop cannot delay it) forwards server <-> client and writes the
     time.monotonic() of every observed `<12>` line (game = field 16, the
     move = fields 9, 26 and 27, each move kept once);
  3. Kibitz runs in Xvfb + openbox with a fresh HOME (default settings),
     logs in as a guest through the proxy and observes the game
     (`--server --user --observe`, no typing needed);
  4. the board is found on the screen (the default theme's two square
     colours), then only that rectangle is grabbed over one persistent X
     connection (python3-xlib GetImage, ~1 ms for 577x577) every
     --interval-ms, hashed with zlib.crc32, and the time of every change is
     kept (`--grabber pil` uses PIL.ImageGrab instead: a new X connection
     and an RGB conversion per grab, ~6 ms intervals on 2 cores);
  5. per move: wire-to-glass = first board change after the `<12>` line
     (the start of the slide animation), "settled" = the last change before
     the next move (the end of the animation); "grab gap" = the time between
     the grab that saw the change and the one before it (the uncertainty of
     that move's figure). The first board is ignored, and so is any move
     that arrived before the grab loop ran.

  Prints a line per move, then median / min / max per binary, the measured
  grab intervals (median, p99, max) and the proxy's own forwarding time.

Run with Debian's /usr/bin/python3 (needs `apt-get install xvfb openbox
python3-xlib python3-pil`; the bots run with the `python3` first on PATH,
which must have python-chess for ../shared/tools/ficsbot.py) while a
FICS server you run yourself listens on 127.0.0.1:5000. It
starts and stops everything else itself (Xvfb on --display, openbox, the
bots, the proxy, Kibitz); the FICS server is left alone. ~75 s a binary:

  /usr/bin/python3 scripts/wire-to-glass.py --kibitz /tmp/kibitz-before \\
      --kibitz /tmp/kibitz-after2 --moves 20
  /usr/bin/python3 scripts/wire-to-glass.py --kibitz target/release/kibitz \\
      --moves 20 --json /tmp/w2g.json --keep-shots /tmp/w2g-shots

  Options: --display :91, --listen 5099, --upstream 127.0.0.1:5000,
  --move-delay 2:3 (the bots' seconds per move), --interval-ms 2,
  --game N (observe an existing game instead of starting bots),
  --bbox X0,Y0,X1,Y1 (board rectangle on the screen, if detection fails).

Limits
  * The "glass" is Xvfb's framebuffer: no compositor, no vsync, no monitor
    scan-out; a real display adds its own frame (~8 ms at 60 Hz on average).
    Kibitz renders with Mesa llvmpipe (software GL) here.
  * Resolution is the grab interval (the change happened at most one
    interval before it is seen); the intervals are measured and printed.
  * Two cores: the grab loop, Xvfb, llvmpipe and Kibitz share them, so a
    busy machine lengthens both the latency and the grab intervals.
  * Only the board rectangle is watched: moves that change nothing there
    (none in an observed game) would be missed; a change with another cause
    (hover: the mouse is parked in the top-left corner) would be counted.
  * Board detection knows only the default board colours (fresh HOME).
  * The proxy's forwarding time (printed, usually ~0.1 ms) is inside the
    measured figure; the server -> proxy hop is not.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
FICSBOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "tools", "ficsbot.py")
# Kibitz's default board theme (light, dark squares), and the last-move tints.
SQUARE_COLOURS = [(238, 228, 208), (176, 138, 102)]


# --------------------------------------------------------------------- proxy
def run_proxy(listen: int, upstream: str, log_path: str) -> None:
    """Forward one client to upstream; log every observed <12> line."""
    host, port = upstream.rsplit(":", 1)
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", listen))
    srv.listen(1)
    log = open(log_path, "w", buffering=1)
    log.write("ready\n")
    client, _ = srv.accept()
    srv.close()
    up = socket.create_connection((host, int(port)))
    for s in (client, up):
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sel = selectors.DefaultSelector()
    sel.register(client, selectors.EVENT_READ, up)
    sel.register(up, selectors.EVENT_READ, client)
    pending = b""
    seen = set()
    while True:
        for key, _ in sel.select():
            src, dst = key.fileobj, key.data
            data = src.recv(65536)
            t_recv = time.monotonic()
            if not data:
                return
            dst.sendall(data)
            t_sent = time.monotonic()
            if src is not up:
                continue
            pending += data
            *lines, pending = pending.split(b"\n")
            for line in lines:
                i = line.find(b"<12> ")
                if i < 0:
                    continue
                f = line[i:].decode("latin-1").strip().split(" ")
                if len(f) < 30:
                    continue
                # 9 side to move, 16 game, 19 relation, 26 move number,
                # 27 verbose move, 29 pretty move
                ident = (f[16], f[26], f[9], f[27])
                dup = ident in seen
                seen.add(ident)
                log.write("\t".join(["12", "%.6f" % t_recv, "%.6f" % t_sent,
                                     f[16], f[19], f[26], f[9], f[29],
                                     "dup" if dup else "new"]) + "\n")


# --------------------------------------------------------------- X helpers
class Grabber:
    def __init__(self, display: str, kind: str):
        self.kind = kind
        self.display_name = display
        from Xlib import X, display as xdisplay  # noqa: F401
        self.X = X
        self.d = xdisplay.Display(display)
        self.root = self.d.screen().root
        g = self.root.get_geometry()
        self.size = (g.width, g.height)

    def raw(self, box):
        """(bytes BGRX, width, height) of box = (x0, y0, x1, y1)."""
        x0, y0, x1, y1 = box
        if self.kind == "pil":
            from PIL import ImageGrab
            im = ImageGrab.grab(bbox=box, xdisplay=self.display_name)
            return im.tobytes(), im.size[0], im.size[1]
        r = self.root.get_image(x0, y0, x1 - x0, y1 - y0, self.X.ZPixmap, 0xFFFFFFFF)
        return r.data, x1 - x0, y1 - y0

    def warp(self, x, y):
        self.root.warp_pointer(x, y)
        self.d.sync()

    def save(self, box, path):
        from PIL import Image
        x0, y0, x1, y1 = box
        r = self.root.get_image(x0, y0, x1 - x0, y1 - y0, self.X.ZPixmap, 0xFFFFFFFF)
        Image.frombytes("RGB", (x1 - x0, y1 - y0), bytes(r.data), "raw", "BGRX").save(path)


def find_board(grab: Grabber, tol=10):
    """The board rectangle: rows/columns mostly made of the square colours."""
    w, h = grab.size
    r = grab.root.get_image(0, 0, w, h, grab.X.ZPixmap, 0xFFFFFFFF)
    data = r.data
    bpp = len(data) // (w * h)
    cols = [0] * w
    rows = [0] * h
    for y in range(0, h):
        base = y * w * bpp
        n = 0
        for x in range(0, w, 2):
            o = base + x * bpp
            b, g, rr = data[o], data[o + 1], data[o + 2]
            for (cr, cg, cb) in SQUARE_COLOURS:
                if abs(rr - cr) <= tol and abs(g - cg) <= tol and abs(b - cb) <= tol:
                    cols[x] += 1
                    n += 1
                    break
        rows[y] = n
    if max(cols) < 100 or max(rows) < 50:
        return None
    cmax, rmax = max(cols), max(rows)
    xs = [x for x in range(0, w, 2) if cols[x] >= 0.5 * cmax]
    ys = [y for y in range(h) if rows[y] >= 0.5 * rmax]
    x0, x1, y0, y1 = xs[0], xs[-1] + 2, ys[0], ys[-1] + 1
    if x1 - x0 < 160 or y1 - y0 < 160 or abs((x1 - x0) - (y1 - y0)) > 0.1 * (x1 - x0):
        return None
    return (x0 + 1, y0 + 1, x1 - 1, y1 - 1)


# ------------------------------------------------------------- FICS helpers
def games_list(upstream: str, probe_name="WtgProbe"):
    """Log in as a guest, run `games`, return [(num, white, black)]."""
    host, port = upstream.rsplit(":", 1)
    s = socket.create_connection((host, int(port)), timeout=10)
    buf = b""

    def until(pats, timeout=10):
        nonlocal buf
        end = time.time() + timeout
        while time.time() < end and not any(p in buf for p in pats):
            s.settimeout(max(0.1, end - time.time()))
            try:
                d = s.recv(4096)
            except socket.timeout:
                break
            if not d:
                break
            buf += d

    until([b"login:"])
    s.sendall(probe_name.encode() + b"\n")
    until([b"password:", b"Press return"])
    s.sendall(b"\n")
    until([b"fics%"], 15)
    buf = b""
    s.sendall(b"games\n")
    until([b"displayed."], 5)
    s.sendall(b"quit\n")
    s.close()
    out = []
    for line in buf.decode("latin-1").replace("\r", "").split("\n"):
        m = re.match(r"\s*(\d+)\s+\S+\s+(\w+)\s+\S+\s+(\w+)\s+\[", line)
        if m:
            out.append((int(m.group(1)), m.group(2), m.group(3)))
    return out


# ------------------------------------------------------------------ measure
def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def measure(run, kibitz, args, grab_kind, procs, workdir):
    label = os.path.basename(kibitz)
    print(f"\n=== {label} ({kibitz}); load average %.2f %.2f %.2f" % os.getloadavg(), flush=True)
    tag = f"{run}-" + re.sub(r"[^A-Za-z0-9_.-]", "", label)
    names = ["WtgA", "WtgB"]
    game = args.game
    bot = None
    if game is None:
        dur = args.moves * (args.move_delay_hi + 0.5) * 1.5 + 90
        bot = subprocess.Popen(
            [shutil.which("python3") or sys.executable, FICSBOT, "play",
             "--port", args.upstream.rsplit(":", 1)[1], "--guests", "2", "--guest-prefix", "Wtg",
             "--time", "15", "--move-delay", args.move_delay, "--duration", str(int(dur))],
            stdout=open(os.path.join(workdir, f"bots-{tag}.log"), "w"), stderr=subprocess.STDOUT,
            start_new_session=True)
        procs.append(bot)
        t_end = time.time() + 30
        while time.time() < t_end:
            time.sleep(2)
            found = [g for g in games_list(args.upstream) if set(g[1:]) == set(names)]
            if found:
                game = found[-1][0]
                break
        if game is None:
            raise SystemExit("wire-to-glass: the bots' game did not start (see %s)" % workdir)
        print(f"bots' game: {game}", flush=True)

    wire_log = os.path.join(workdir, f"wire-{tag}.tsv")
    proxy = subprocess.Popen([sys.executable, os.path.abspath(__file__), "proxy",
                              "--listen", str(args.listen), "--upstream", args.upstream,
                              "--log", wire_log], start_new_session=True)
    procs.append(proxy)
    for _ in range(50):
        if os.path.exists(wire_log) and open(wire_log).read().startswith("ready"):
            break
        time.sleep(0.1)
    home = tempfile.mkdtemp(prefix="w2g-home-", dir=workdir)
    env = dict(os.environ, DISPLAY=args.display, HOME=home,
               XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"))
    kib = subprocess.Popen([kibitz, "--server", f"127.0.0.1:{args.listen}", "--user", "WtgKib",
                            "--no-timeseal", "--observe", str(game)], env=env,
                           stdout=subprocess.DEVNULL, stderr=open(os.path.join(workdir, f"kibitz-{tag}.err"), "w"),
                           start_new_session=True)
    procs.append(kib)

    g = Grabber(args.display, grab_kind)
    g.warp(0, 0)  # the mouse off the board (no hover effects)
    box = args.bbox
    t_end = time.time() + 40
    while box is None and time.time() < t_end:
        time.sleep(0.5)
        g.warp(0, 0)
        box = find_board(g)
    if box is None:
        raise SystemExit("wire-to-glass: no board found on the screen")
    print(f"board rectangle on screen: {box} ({box[2]-box[0]}x{box[3]-box[1]})", flush=True)
    time.sleep(1.0)  # let the first board and its move list settle

    interval = args.interval_ms / 1000
    starts, durs, changes = [], [], []   # changes: (t_start_of_grab, t_end)
    data, _, _ = g.raw(box)
    last = zlib.crc32(data)
    t_begin = time.monotonic()
    next_t = t_begin
    shots = 0
    deadline = t_begin + args.timeout
    moves_done = 0
    check_at = t_begin + 1
    while True:
        t0 = time.monotonic()
        data, _, _ = g.raw(box)
        h = zlib.crc32(data)
        t1 = time.monotonic()
        starts.append(t0)
        durs.append(t1 - t0)
        if h != last:
            changes.append((t0, t1, starts[-2] if len(starts) > 1 else t0))
            last = h
            if args.keep_shots and shots < 40:
                g.save(box, os.path.join(args.keep_shots, f"{tag}-{shots:02d}-{t0:.4f}.png"))
                shots += 1
        if t1 >= check_at:
            check_at = t1 + 1
            moves_done = sum(1 for r in read_wire(wire_log, game) if r[0] > t_begin)
            if moves_done >= args.moves + 1 or t1 > deadline or kib.poll() is not None:
                break
        next_t += interval
        if next_t > t1:
            time.sleep(next_t - t1)
        else:
            next_t = t1
    t_stop = time.monotonic()
    time.sleep(0.3)
    for p in (kib, proxy):
        stop(p)
    if bot is not None:
        stop(bot)

    wire = [r for r in read_wire(wire_log, game)]
    rows = []
    for i, (tw, tsent, movenum, colour, move) in enumerate(wire):
        if i == 0 or tw <= t_begin + 0.05:
            continue  # the first board, or before the grab loop ran
        # field 26 is the number of the move to come: after Black's move it
        # has gone up already
        name = f"{movenum}. {move}" if colour == "B" else f"{int(movenum) - 1}... {move}"
        t_next = wire[i + 1][0] if i + 1 < len(wire) else t_stop
        after = [c for c in changes if c[0] > tw and c[0] < t_next]
        if not after:
            rows.append(dict(move=name, wire=tw, glass=None, settled=None, fwd_ms=(tsent - tw) * 1000))
            continue
        first, prev_grab = after[0][0], after[0][2]
        settled = [c[0] for c in after if c[0] - first < 1.0][-1]
        rows.append(dict(move=name, wire=tw, glass=(first - tw) * 1000, settled=(settled - tw) * 1000,
                         gap_ms=(first - prev_grab) * 1000, changes=len(after),
                         fwd_ms=(tsent - tw) * 1000))
    rows = rows[: args.moves]
    gaps = [(b - a) * 1000 for a, b in zip(starts, starts[1:])]
    # Changes that did not follow a move within 1 s (other causes on the board).
    stray = 0
    for c in changes:
        prev = [r for r in wire if r[0] < c[0]]
        if not prev or c[0] - prev[-1][0] > 1.0:
            stray += 1
    print(f"{'move':>14} {'wire-to-glass':>14} {'(grab gap)':>10} {'settled':>9} {'frames':>6} {'proxy fwd':>9}")
    for r in rows:
        if r["glass"] is None:
            print(f"{r['move']:>14} {'(no change)':>14}")
        else:
            print(f"{r['move']:>14} {r['glass']:11.1f} ms {r['gap_ms']:7.1f} ms {r['settled']:6.1f} ms "
                  f"{r['changes']:6d} {r['fwd_ms']:6.3f} ms")
    ok = [r["glass"] for r in rows if r["glass"] is not None]
    st = [r["settled"] for r in rows if r["glass"] is not None]
    res = dict(binary=kibitz, game=game, box=box, grabber=grab_kind, moves=len(rows), missed=len(rows) - len(ok),
               stray_changes=stray, grabs=len(starts),
               grab_ms=dict(median=statistics.median(durs) * 1000, max=max(durs) * 1000),
               interval_ms=dict(median=statistics.median(gaps), p99=pct(gaps, 99), max=max(gaps)),
               proxy_fwd_ms_max=max([r["fwd_ms"] for r in rows], default=None), rows=rows)
    if ok:
        res["wire_to_glass_ms"] = dict(median=statistics.median(ok), min=min(ok), max=max(ok))
        res["settled_ms"] = dict(median=statistics.median(st), min=min(st), max=max(st))
        print(f"{label}: {len(ok)} moves, wire-to-glass median {statistics.median(ok):.1f} ms, "
              f"min {min(ok):.1f}, max {max(ok):.1f}; settled median {statistics.median(st):.1f} ms "
              f"(min {min(st):.1f}, max {max(st):.1f})")
    print(f"{label}: {len(starts)} grabs over {t_stop - t_begin:.1f} s, interval median "
          f"{res['interval_ms']['median']:.2f} ms, p99 {res['interval_ms']['p99']:.2f}, max "
          f"{res['interval_ms']['max']:.2f}; one grab median {res['grab_ms']['median']:.2f} ms; "
          f"missed {res['missed']}, board changes without a move {stray}", flush=True)
    return res


def read_wire(path, game):
    out = []
    try:
        lines = open(path).read().splitlines()
    except OSError:
        return out
    for line in lines:
        f = line.split("\t")
        if len(f) == 9 and f[0] == "12" and int(f[3]) == game and f[4] == "0" and f[8] == "new":
            out.append((float(f[1]), float(f[2]), f[5], f[6], f[7]))
    return out


def stop(p):
    if p.poll() is None:
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd")
    px = sub.add_parser("proxy")
    px.add_argument("--listen", type=int, required=True)
    px.add_argument("--upstream", required=True)
    px.add_argument("--log", required=True)
    ap.add_argument("--kibitz", action="append", default=[], help="a Kibitz binary (repeatable)")
    ap.add_argument("--moves", type=int, default=20)
    ap.add_argument("--display", default=":91")
    ap.add_argument("--listen", type=int, default=5099)
    ap.add_argument("--upstream", default="127.0.0.1:5000")
    ap.add_argument("--move-delay", default="2:3")
    ap.add_argument("--interval-ms", type=float, default=2.0)
    ap.add_argument("--grabber", choices=["xlib", "pil"], default="xlib")
    ap.add_argument("--game", type=int)
    ap.add_argument("--bbox")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--json")
    ap.add_argument("--keep-shots", help="directory: save the first 40 changed board images")
    args = ap.parse_args()
    if args.cmd == "proxy":
        return run_proxy(args.listen, args.upstream, args.log)
    if not args.kibitz:
        ap.error("give at least one --kibitz BINARY")
    args.move_delay_hi = float(args.move_delay.split(":")[-1])
    if args.bbox:
        args.bbox = tuple(int(v) for v in args.bbox.split(","))
    if args.keep_shots:
        os.makedirs(args.keep_shots, exist_ok=True)
    sys.setswitchinterval(0.001)
    workdir = tempfile.mkdtemp(prefix="w2g-")
    procs = []
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    results = []
    try:
        num = args.display.lstrip(":")
        if os.path.exists(f"/tmp/.X11-unix/X{num}") or os.path.exists(f"/tmp/.X{num}-lock"):
            raise SystemExit(f"wire-to-glass: display {args.display} is in use; pick another --display")
        xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1180x820x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        procs.append(xvfb)
        time.sleep(1)
        procs.append(subprocess.Popen(["openbox"], env=dict(os.environ, DISPLAY=args.display),
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      start_new_session=True))
        time.sleep(0.5)
        for k in args.kibitz:
            results.append(measure(len(results) + 1, k, args, args.grabber, procs, workdir))
            time.sleep(2)
    finally:
        for p in reversed(procs):
            stop(p)
        print(f"(logs in {workdir})")
    print("\nsummary (ms)     median    min    max  moves  grab interval median/p99/max")
    for r in results:
        w = r.get("wire_to_glass_ms", {})
        iv = r["interval_ms"]
        print(f"{os.path.basename(r['binary']):<16} {w.get('median', float('nan')):6.1f} "
              f"{w.get('min', float('nan')):6.1f} {w.get('max', float('nan')):6.1f} {r['moves']:6d}"
              f"   {iv['median']:.2f}/{iv['p99']:.2f}/{iv['max']:.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
