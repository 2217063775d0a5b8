#!/usr/bin/python3
"""Writes the 1024 x 1024 performance level (resources/levels/big.yaml):
about 12 % solid and one-way tiles and a few thousand bodies, from a fixed
seed with our own LCG, so the output is the same on every machine.
Usage: /usr/bin/python3 tests/level/make_big_level.py OUT.yaml"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from levelgen import Grid, level_text, spawn_line  # noqa: E402


class Lcg:
    """Numerical Recipes' 32-bit LCG: tiny, portable and deterministic."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def next(self):
        self.s = (self.s * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.s

    def below(self, n):
        return (self.next() >> 8) % n


def big(size=1024, seed=20240611):
    r = Lcg(seed)
    g = Grid(size, size)
    g.rect(0, 0, 0, size - 1, "#")
    g.rect(size - 1, 0, size - 1, size - 1, "#")
    g.rect(0, size - 2, size - 1, size - 1, "#")
    # Platform rows every 7 tiles: runs of solid or one-way tiles with gaps.
    for y in range(6, size - 3, 7):
        x = 1 + r.below(6)
        while x < size - 1:
            length = 4 + r.below(28)
            ch = "=" if r.below(3) == 0 else "#"
            g.rect(x, y, min(x + length - 1, size - 2), y, ch)
            x += length + 2 + r.below(10)
    # Scattered pillars and blocks.
    for _ in range(2600):
        x, y = 1 + r.below(size - 2), 1 + r.below(size - 4)
        g.rect(x, y, x + r.below(3), y + r.below(4), "#")
    rows = g.rows()
    # Bodies stand on a floor: an empty tile with a solid or one-way tile below.
    spawns = []
    sid = 1
    kinds = ["npc", "npc", "box", "ball"]
    while len(spawns) < 4001:
        x, y = 1 + r.below(size - 2), 1 + r.below(size - 3)
        if rows[y][x] != "." or rows[y + 1][x] == ".":
            continue
        kind = "player" if sid == 1 else kinds[r.below(4)]
        vx = {"npc": 80 if r.below(2) else -80}.get(kind, 0)
        spawns.append(spawn_line(sid, kind, x, y, vx=vx))
        sid += 1
    return level_text("Big 1024", rows, spawns, properties={"seed": seed})


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "big.yaml"
    text = big()
    with open(out, "w", newline="\n") as f:
        f.write(text)
    body = text.split("tiles: |\n", 1)[1].split("spawns:", 1)[0]
    filled = sum(body.count(c) for c in "#=")
    print("%s: %.1f %% solid or one-way" % (out, 100.0 * filled / (1024 * 1024)))


if __name__ == "__main__":
    main()
