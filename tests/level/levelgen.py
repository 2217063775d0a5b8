"""Shared helpers of the sample generators: canonical level text (the same
bytes ts::level::saveLevelToString writes, checked by test_levelio)."""

DT = "0.016666668"  # 1/60 as the shortest float text
DEFAULTS = {
    "player": dict(width=12, height=20, mass=1, restitution=0),
    "npc": dict(width=12, height=20, mass=1, restitution=0),
    "box": dict(width=16, height=16, mass=2, restitution=0.2),
    "ball": dict(radius=8, mass=1, restitution=0.8),
    "goal": dict(width=16, height=16),  # one tile of 16 px; an area, not a body
}


def num(v):
    """Shortest text of a small float field value (integers without '.0')."""
    if float(v).is_integer():
        return str(int(v))
    return repr(float(v))


def spawn_line(sid, kind, x, y, **fields):
    f = dict(DEFAULTS[kind])
    if kind != "goal":
        f.update(vx=0, vy=0)
    f.update(fields)
    order = ["radius"] if kind == "ball" else ["width", "height"]
    if kind != "goal":
        order += ["mass", "restitution", "vx", "vy"]
    parts = ["id: %d" % sid, "kind: %s" % kind, "x: %d" % x, "y: %d" % y]
    parts += ["%s: %s" % (k, num(f[k])) for k in order]
    return "  - {" + ", ".join(parts) + "}"


def level_text(name, rows, spawns, tile_size=16, properties=None, art=""):
    """`art`: the level's `tilesets:` and `art:` entries, as text (they come before
    `properties:` in canonical order)."""
    height = len(rows)
    width = len(rows[0])
    assert all(len(r) == width for r in rows), "ragged rows"
    out = ["tilesmith: 1", "name: " + name, "tile_size: %d" % tile_size,
           "width: %d" % width, "height: %d" % height, "tiles: |"]
    out += ["  " + r for r in rows]
    out.append("spawns:")
    out += spawns
    out.append("physics: {gravity: 1500, walk_speed: 160, jump_speed: 480, "
               "max_fall_speed: 720, one_way_threshold: 2, partition_cell: 16, dt: %s}" % DT)
    if art:
        out += art.rstrip("\n").split("\n")
    if properties:
        out.append("properties:")
        out += ["  %s: %s" % (k, v) for k, v in sorted(properties.items())]
    return "\n".join(out) + "\n"


class Grid:
    def __init__(self, width, height, fill="."):
        self.w, self.h = width, height
        self.cells = [[fill] * width for _ in range(height)]

    def rect(self, x0, y0, x1, y1, ch):
        """Fills columns x0..x1 and rows y0..y1 (inclusive, row 0 at the top)."""
        for y in range(max(0, y0), min(self.h - 1, y1) + 1):
            for x in range(max(0, x0), min(self.w - 1, x1) + 1):
                self.cells[y][x] = ch

    def at(self, x, y):
        return self.cells[y][x]

    def rows(self):
        return ["".join(r) for r in self.cells]
