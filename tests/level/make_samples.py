#!/usr/bin/python3
"""Writes resources/levels/{tutorial,crowd,playground}.yaml (canonical text), each with
the starter tileset's art (resources/tilesets/starter.yaml).
Usage: /usr/bin/python3 tests/level/make_samples.py OUTDIR"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from levelgen import Grid, level_text, spawn_line  # noqa: E402


def tutorial():
    # 60 x 20: walk, jump a step, duck under a ceiling, climb one-way
    # platforms, drop through a one-way bridge, push a box, meet a ball;
    # the goal waits on the one-way shelf (climb the step, jump back left).
    g = Grid(60, 20)
    g.rect(0, 0, 59, 0, "#")      # ceiling of the cave
    g.rect(0, 0, 0, 19, "#")      # left wall
    g.rect(59, 0, 59, 19, "#")    # right wall
    g.rect(0, 17, 59, 19, "#")    # ground
    g.rect(20, 17, 23, 18, ".")   # a shallow pit (jump out of it)
    g.rect(13, 15, 15, 16, "#")   # a step: a wall you jump onto
    g.rect(27, 2, 35, 13, "#")    # a low ceiling over a tunnel (rows 14-16 free)
    g.rect(37, 13, 41, 13, "=")   # one-way stairs up...
    g.rect(43, 10, 47, 10, "=")
    g.rect(37, 7, 41, 7, "=")
    g.rect(43, 4, 52, 4, "#")     # ...to a solid ledge under the ceiling
    g.rect(50, 12, 57, 12, "=")   # a one-way bridge: stand on it, hold down to drop
    g.rect(53, 8, 57, 8, "=")
    g.rect(5, 11, 10, 11, "=")    # a one-way shelf near the start
    spawns = [
        spawn_line(1, "player", 3, 16),
        spawn_line(2, "npc", 9, 16),
        spawn_line(3, "npc", 45, 16, vx=-80),
        spawn_line(4, "box", 17, 16),
        spawn_line(5, "ball", 31, 16, vx=60),
        spawn_line(6, "box", 47, 3),
        spawn_line(7, "goal", 7, 10),
    ]
    return level_text("Tutorial", g.rows(), spawns,
                      properties={"author": "Tilesmith", "music": "calm"},
                      art=starter_art(g.w, g.h))


def crowd():
    # 96 x 50: five floors joined by one-way ledges and ramps, 240 NPCs.
    w, h = 96, 50
    g = Grid(w, h)
    g.rect(0, 0, 0, h - 1, "#")
    g.rect(w - 1, 0, w - 1, h - 1, "#")
    g.rect(0, h - 2, w - 1, h - 1, "#")
    floors = [h - 2, 39, 29, 19, 9]  # row of each floor's top surface
    for i, fy in enumerate(floors[1:], start=1):
        g.rect(1, fy, w - 2, fy, "#")
        # a gap to fall through, alternating sides, bridged by a one-way ledge
        gap = (6, 13) if i % 2 else (w - 14, w - 7)
        g.rect(gap[0], fy, gap[1], fy, "=")
        # blocks to turn around at on each floor
        g.rect(30, fy - 2, 31, fy - 1, "#")
        g.rect(64, fy - 1, 65, fy - 1, "#")
    spawns = [spawn_line(1, "player", 3, floors[0] - 1)]
    sid = 2
    for fi, fy in enumerate(floors):
        y = fy - 1
        xs = [x for x in range(2, w - 2) if g.at(x, y) == "." and g.at(x, fy) == "#"]
        for k, x in enumerate(xs[::2][:48]):
            spawns.append(spawn_line(sid, "npc", x, y, vx=80 if (k + fi) % 2 else -80))
            sid += 1
    spawns.append(spawn_line(sid, "goal", w - 3, floors[0] - 1))  # the ground floor's far end
    return level_text("Crowd", g.rows(), spawns, properties={"purpose": "stress test"},
                      art=starter_art(w, h))


def playground():
    # 48 x 24: stacks of boxes, bouncing balls, a heavy immovable block.
    w, h = 48, 24
    g = Grid(w, h)
    g.rect(0, 0, 0, h - 1, "#")
    g.rect(w - 1, 0, w - 1, h - 1, "#")
    g.rect(0, h - 2, w - 1, h - 1, "#")
    g.rect(20, 15, 27, 15, "=")
    g.rect(34, 11, 40, 11, "#")
    g.rect(8, 9, 14, 9, "=")
    floor = h - 3
    spawns = [spawn_line(1, "player", 2, floor)]
    sid = 2
    for x in (5, 6, 7):  # a stack three high, a pyramid next to it
        for k in range(3):
            spawns.append(spawn_line(sid, "box", x, floor - k))
            sid += 1
    spawns.append(spawn_line(sid, "box", 16, floor, width=32, height=32, mass=0))
    sid += 1
    for i, e in enumerate((0.2, 0.5, 0.8, 0.95)):  # balls dropped from the sky
        spawns.append(spawn_line(sid, "ball", 22 + 2 * i, 2, restitution=e))
        sid += 1
    spawns.append(spawn_line(sid, "ball", 37, 10, radius=6, vx=-150, vy=200))
    sid += 1
    spawns.append(spawn_line(sid, "ball", 11, 8, radius=12, mass=4, restitution=0.3, vx=90))
    sid += 1
    spawns.append(spawn_line(sid, "box", 24, 14, width=12, height=12, mass=0.5, restitution=0.6))
    sid += 1
    spawns.append(spawn_line(sid, "npc", 30, floor))
    sid += 1
    spawns.append(spawn_line(sid, "goal", 2, floor - 4))  # above the start: jump to touch it
    return level_text("Playground", g.rows(), spawns, art=starter_art(w, h))


def starter_art(width, height):
    """The starter fragment's `tilesets:` and `art:` entries, without its comments, its
    image relative to resources/levels, and its painted layers (which have no rows in
    the fragment) empty: a row of `width` dots per map row."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "resources",
                        "tilesets", "starter.yaml")
    with open(path) as f:
        lines = [line for line in f.read().split("\n") if line and not line.startswith("#")]
    text = "\n".join(lines) + "\n"
    head, layers = text.split("art:\n")
    empty = "    tiles: |\n" + ("      " + " ".join(["."] * width) + "\n") * height
    out = []
    for layer in layers.split("  - name: ")[1:]:
        out.append("  - name: " + layer + ("" if "    rules:\n" in layer else empty))
    assert head.count("image: starter.png,") == 1
    head = head.replace("image: starter.png,", 'image: "../tilesets/starter.png",')
    return head + "art:\n" + "".join(out)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    for name, fn in (("tutorial", tutorial), ("crowd", crowd), ("playground", playground)):
        with open(os.path.join(out, name + ".yaml"), "w", newline="\n") as f:
            f.write(fn())


if __name__ == "__main__":
    main()
