#!/usr/bin/python3
"""Kibitz over the real accessibility bus, as Orca sees it (AT-SPI through
python3-pyatspi): run by scripts/a11y-bus-test.sh inside a dbus-run-session
with the AT-SPI bus up and Kibitz replaying one observed game.

Checks, each printed as it passes (exit 1 at the first that fails):
1. Kibitz is on the AT-SPI desktop; the board is a table of 8 rows of 8
   table cells named "e4, white pawn" ... (rank 8 first).
2. Ctrl+Tab (the board gets the keyboard) focuses one of its squares: an
   object:state-changed:focused event from a table cell.
3. Up moves the focus to the square above it.
4. A move of the game ("White: ...") reaches the screen reader while the
   square has the keyboard: as the square's new description
   (object:property-change:accessible-description, which every Orca speaks
   for the object with the focus; Debian 12's Orca 43 ignores AT-SPI
   announcement events, which Kibitz therefore does not send on Linux).
5. With the keyboard nowhere (Escape), a move becomes the window's
   description (Orca's focus is the window then).
"""

import re
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

APP = "kibitz"
SQUARE = re.compile(r"^([a-h])([1-8]), (empty|(white|black) (pawn|knight|bishop|rook|queen|king))$")


def pump(seconds):
    end = time.time() + seconds
    while time.time() < end:
        GLib.MainContext.default().iteration(False)
        time.sleep(0.01)


def fail(what):
    print(f"FAIL: {what}", flush=True)
    sys.exit(1)


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and (app.name or "").lower() == APP:
            return app
    return None


def cells_of(app):
    return pyatspi.utils.findAllDescendants(app, lambda o: o.getRole() == pyatspi.ROLE_TABLE_CELL)


# 1. The app and its board, once the first board is drawn.
app, cells = None, []
for _ in range(150):
    app = find_app()
    if app is not None and app.childCount:
        cells = cells_of(app)
        if len(cells) >= 64:
            break
    pump(0.2)
if app is None:
    fail("Kibitz is not on the AT-SPI desktop")
if len(cells) != 64:
    fail(f"{len(cells)} table cells, not 64")
rows = {c.parent for c in cells}
if len(rows) != 8 or any(r.getRole() != pyatspi.ROLE_TABLE_ROW for r in rows):
    fail(f"the cells are not in 8 table rows: {[r.getRoleName() for r in rows]}")
tables = {r.parent for r in rows}
if len(tables) != 1 or next(iter(tables)).getRole() != pyatspi.ROLE_TABLE:
    fail(f"the rows are not in one table: {[t.getRoleName() for t in tables]}")
names = [c.name for c in cells]
if not all(SQUARE.match(n) for n in names):
    fail(f"square names: {names}")
if names[0][:2] != "a8" or names[63][:2] != "h1":
    fail(f"the first square is {names[0]!r}, the last {names[63]!r}")
print(f"1. the board: a table of 8 rows of 8 cells ({names[0]!r} ... {names[63]!r})", flush=True)

# 2-4. Events while keys are pressed and the game goes on.
focused, announced, described = [], [], []


def on_event(event):
    try:
        if event.type.startswith("object:state-changed:focused") and event.detail1 == 1:
            if event.source.getRole() == pyatspi.ROLE_TABLE_CELL:
                focused.append(event.source.name)
        elif event.type.startswith("object:announcement"):
            announced.append(str(event.any_data))
        elif event.type.startswith("object:property-change:accessible-description"):
            described.append((event.source.getRole(), event.source.name, str(event.any_data)))
    except Exception as e:  # an object gone meanwhile
        print(f"(event {event.type}: {e})", flush=True)


pyatspi.Registry.registerEventListener(
    on_event,
    "object:state-changed:focused",
    "object:announcement",
    "object:property-change:accessible-description",
)


def key(name):
    subprocess.run(["xdotool", "key", name], check=True)


def wait_for(what, done, seconds):
    end = time.time() + seconds
    while time.time() < end:
        if done():
            return
        pump(0.1)
    fail(what)


key("ctrl+Tab")
wait_for("no square got the focus after Ctrl+Tab", lambda: focused, 10)
first = focused[-1]
print(f"2. Ctrl+Tab: the focus is on {first!r}", flush=True)

file, rank = first[0], int(first[1])
if rank < 8:
    key("Up")
    above = f"{file}{rank + 1},"
    wait_for(f"Up from {first!r} did not focus {above}", lambda: focused[-1].startswith(above), 10)
else:
    key("Down")
    below = f"{file}{rank - 1},"
    wait_for(f"Down from {first!r} did not focus {below}", lambda: focused[-1].startswith(below), 10)
print(f"3. then {focused[-1]!r}", flush=True)

move = re.compile(r"^(White|Black): ")
square = focused[-1]
wait_for(
    f"no move described on {square!r} in 30 s",
    lambda: any(n == square and move.match(d) for _, n, d in described),
    30,
)
said = [d for _, n, d in described if n == square and move.match(d)][0]
print(f"4. on {square!r} the description says {said!r}", flush=True)

key("Escape")
pump(1)
described.clear()
on_window = lambda: [d for r, _, d in described if r == pyatspi.ROLE_FRAME and move.match(d)]
wait_for("no move described on the window in 30 s with the keyboard nowhere", on_window, 30)
print(f"5. with the keyboard nowhere, the window's description says {on_window()[0]!r}", flush=True)
print("a11y bus: passed", flush=True)
