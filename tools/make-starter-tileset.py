#!/usr/bin/env python3
"""Draws Tilesmith's starter tileset (resources/tilesets/starter.png) and writes its
auto-tiling rules (resources/tilesets/starter.yaml): the project's own art, 16 px tiles,
8 columns. Deterministic: the same bytes on every run (no third-party modules).

Usage: tools/make-starter-tileset.py [--out DIR]   (DIR defaults to resources/tilesets)

The ground is a full "blob" set: one tile for each way a solid cell can meet the air
(its four sides open or not, and each inner corner where two solid sides meet an open
diagonal), 47 situations, drawn from a distance field of the 3 x 3 neighbourhood so
neighbouring tiles meet seamlessly. "Open" is anything not solid: a one-way platform
beside the ground leaves its edge showing.

Tile index map (row by row; T top, B bottom/underside, L/R left/right side, i inner
corner whose open diagonal is NE, SE, SW or NW; "+" combines):
   0 top-left corner       1 top (grass)         2 top-right corner     3 column top
   4 ledge left end        5 ledge middle        6 ledge right end      7 single block
   8 left side             9 inside              10 right side          11 column middle
  12 inner corner SE       13 inner corner SW    14 top, variant 2      15 top, variant 3
  16 bottom-left corner    17 underside          18 bottom-right corner 19 column bottom
  20 inner corner NE       21 inner corner NW    22 top, variant 4      23 underside, variant 2
  24 inside, variant 2     25 inside, variant 3  26 inside, buried stone 27 left side, variant 2
  28 right side, variant 2 29 column middle, v2  30 ledge middle, v2    31 ledge middle, v3
  32 T+iSW                 33 T+iSE              34 T+iSW+iSE           35 B+iNW
  36 B+iNE                 37 B+iNW+iNE          38 top-left + iSE      39 top-right + iSW
  40 L+iNE                 41 L+iSE              42 L+iNE+iSE           43 R+iNW
  44 R+iSW                 45 R+iNW+iSW          46 bottom-left + iNE   47 bottom-right + iNW
  48 iNW+iNE               49 iSW+iSE            50 iNW+iSW             51 iNE+iSE
  52 iNW+iSE               53 iNE+iSW            54 iNW+iNE+iSW         55 iNW+iNE+iSE
  56 iNW+iSW+iSE           57 iNE+iSW+iSE        58 all four inner      59 one-way left end
  60 one-way middle        61 one-way right end  62 one-way single      63 one-way middle, v2
  64 grass tuft            65 tall grass         66 red flowers         67 yellow flowers
  68 blue flowers          69 rock               70 sign (arrow)        71 mushroom
  72 grass fringe 1        73 grass fringe 2     74 grass fringe 3      75 grass fringe 4
  76 hanging vine          77 hanging roots      78 bush                79 pebbles
Decorations (64-79) stand on the bottom of their tile, to be painted in the cell above the
ground, but for the vine and the roots, which hang from the top of theirs (paint them
under a ceiling). 26 (inside with a buried stone) is painted a quarter as often as the
other inside tiles.

The rules (starter.yaml): "ground" paints tiles 0-58 on solid cells, one disjoint rule
for each of the 47 situations; "grass" paints a fringe (72-75, now and then 64, 66 or
67) in each empty cell over the ground; "platforms" paints 59-63 on one-way cells, a
free end where the cell beside is empty (a plank runs on into the ground beside it);
"decoration" is an empty painted layer in front of the bodies (without `tiles` in the
fragment, which has no size; a level gives it a row of '.' per map row).
"""
import os
import struct
import sys
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from starter_tileset_sprites import (DECORATIONS, DIRT, GRASS, HANGING, INK,  # noqa: E402
                                     STONE, plank, sprite)

TILE = 16
COLUMNS = 8


def hash32(*values):
    """A small integer hash (Wellons' lowbias32 steps): textures that never change."""
    h = 0x9E3779B9
    for v in values:
        h ^= v & 0xFFFFFFFF
        h ^= h >> 16
        h = (h * 0x7FEB352D) & 0xFFFFFFFF
        h ^= h >> 15
        h = (h * 0x846CA68B) & 0xFFFFFFFF
        h ^= h >> 16
    return h


# ---------------------------------------------------------------------------------------
# Ground: a tile is drawn from its 3 x 3 neighbourhood of solid cells.

DIRS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0),
        "NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
# An inner corner's diagonal and the two sides that must be solid for it to count.
INNER = {"NE": ("N", "E"), "SE": ("S", "E"), "SW": ("S", "W"), "NW": ("N", "W")}


def neighbourhood(open_sides, inner):
    """The solid cells of a blob situation: sides in `open_sides` are air, so are the
    diagonals in `inner`; a diagonal beside an open side is air too (it cannot matter)."""
    solid = {}
    for d in ("N", "E", "S", "W"):
        solid[d] = d not in open_sides
    for d, (a, b) in INNER.items():
        solid[d] = solid[a] and solid[b] and d not in inner
    return solid


def solid_mask(solid):
    """48 x 48 pixels of the 3 x 3 cells, the centre at 16..31; convex corners of the
    centre cell rounded off."""
    m = [[False] * 48 for _ in range(48)]
    for d, (dx, dy) in list(DIRS.items()) + [("C", (0, 0))]:
        if d == "C" or solid[d]:
            for y in range(16):
                for x in range(16):
                    m[16 + dy * 16 + y][16 + dx * 16 + x] = True
    cut = [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)]  # a quarter circle of 3.5 px
    for (sx, sy), (a, b) in {(-1, -1): ("N", "W"), (1, -1): ("N", "E"),
                             (1, 1): ("S", "E"), (-1, 1): ("S", "W")}.items():
        if solid[a] or solid[b]:
            continue
        for cx, cy in cut:
            x = 16 + (cx if sx < 0 else 15 - cx)
            y = 16 + (cy if sy < 0 else 15 - cy)
            m[y][x] = False
    return m


# A stone buried in the rare inside variant (26).
BURIED_STONE = [".cccc..", "cabbbc.", "cbbbbdc", ".cdddc.", "..ccc.."]
RARE = {26}  # variants painted a quarter as often as their siblings


def dirt_texture(seed, stone=False):
    """The inside's earth: dirt with lit bumps, dark pits, short strata and specks, kept
    a pixel away from the tile's sides so no feature is cut in half."""
    px = [[DIRT[2]] * 16 for _ in range(16)]
    if stone:
        for dy, row in enumerate(BURIED_STONE):
            for dx, ch in enumerate(row):
                if ch != ".":
                    px[6 + dy][5 + dx] = {"a": STONE[1], "b": STONE[0], "c": DIRT[1],
                                          "d": DIRT[0]}[ch]
    for k in range(5):
        h = hash32(seed, k, 11)
        x, y = 1 + h % 13, 1 + (h >> 8) % 13
        kind = (h >> 16) % 4
        if kind == 0:  # a bump: lit above, shade below
            px[y][x] = DIRT[3]
            px[y + 1][x] = DIRT[1]
        elif kind == 1:  # a pit: shade above, lit below
            px[y][x] = DIRT[1]
            px[y + 1][x] = DIRT[3]
        elif kind == 2:  # a stratum
            for i in range(min(3, 15 - x)):
                px[y][x + i] = DIRT[1]
        else:  # a speck of light earth
            px[y][x] = DIRT[3]
            if x + 1 < 15:
                px[y][x + 1] = DIRT[3]
    return px


def terrain_tile(solid, seed, profile, stone=False):
    """A ground tile: earth, its faces shaded (the left lit, the right and the underside
    in shade), grass `profile[x]` px deep under an open top, and a dark outline against
    the air (green on the grass)."""
    m = solid_mask(solid)

    def air(x, y):
        return not m[min(47, max(0, y))][min(47, max(0, x))]

    tex = dirt_texture(seed, stone)
    out = [[None] * 16 for _ in range(16)]
    for py in range(16):
        for px_ in range(16):
            x, y = 16 + px_, 16 + py
            if not m[y][x]:
                continue
            # Grass grows down from the open top straight above; the sides and the
            # underside shade the earth by its distance to them.
            below_top = 0
            while below_top < 9 and not air(x, y - below_top - 1):
                below_top += 1
            depth = profile[px_]
            grass = below_top < depth
            d_bottom = d_left = d_right = 99.0
            for qy in range(y - 4, y + 5):
                for qx in range(x - 4, x + 5):
                    if not m[qy][qx]:
                        continue
                    # Each face shades the earth in a quarter-turn cone in front of it,
                    # so a face's band ends square where the face does.
                    dx, dy = qx - x, qy - y
                    d = (dx * dx + dy * dy) ** 0.5
                    if dy >= abs(dx) and air(qx, qy + 1):
                        d_bottom = min(d_bottom, d)
                    if -dx >= abs(dy) and air(qx - 1, qy):
                        d_left = min(d_left, d)
                    if dx >= abs(dy) and air(qx + 1, qy):
                        d_right = min(d_right, d)
            edge = air(x, y - 1) or air(x, y + 1) or air(x - 1, y) or air(x + 1, y)
            c = tex[py][px_]
            if d_left < 1.5:
                c = DIRT[3]
            if d_right < 2.5:
                c = DIRT[1]
            if d_bottom < 3.5:
                c = DIRT[0] if d_bottom < 1.5 else (DIRT[1] if d_bottom < 2.5 else c)
            if below_top == depth:
                c = DIRT[1]  # the shadow under the grass
            if grass:
                if below_top == 0:
                    c = GRASS[4] if hash32(seed, px_, 5) % 3 == 0 else GRASS[3]
                elif below_top == 1:
                    c = GRASS[3] if hash32(seed, px_, 6) % 4 else GRASS[2]
                elif below_top >= depth - 1 or below_top >= 4:
                    c = GRASS[1]
                else:
                    c = GRASS[2]
            if edge and not (grass and below_top == 0 and not air(x - 1, y)
                             and not air(x + 1, y)):
                c = GRASS[0] if grass else INK
            out[py][px_] = c
    return out


# The blob situations: (tile, open sides, inner corners, grass profile); a tile's texture
# is seeded by its index.
FLAT = [5] * 16
PROFILES = [
    FLAT,
    [5, 5, 5, 5, 6, 6, 5, 5, 4, 4, 5, 6, 7, 6, 5, 5],
    [5, 5, 5, 4, 4, 5, 6, 6, 5, 5, 4, 4, 5, 5, 5, 5],
    [5, 5, 5, 6, 7, 6, 5, 4, 4, 5, 5, 6, 5, 4, 5, 5],
    [5, 5, 5, 4, 5, 5, 5, 6, 6, 7, 6, 5, 5, 4, 5, 5],
]
BLOB = [
    (0, "NW", "", 1), (1, "N", "", 1), (2, "NE", "", 2), (3, "NEW", "", 3),
    (4, "NSW", "", 2), (5, "NS", "", 3), (6, "NSE", "", 1), (7, "NESW", "", 4),
    (8, "W", "", 0), (9, "", "", 0), (10, "E", "", 0), (11, "EW", "", 0), (12, "", "SE", 0),
    (13, "", "SW", 0), (14, "N", "", 2), (15, "N", "", 3), (16, "SW", "", 0),
    (17, "S", "", 0), (18, "SE", "", 0), (19, "SEW", "", 0), (20, "", "NE", 0),
    (21, "", "NW", 0), (22, "N", "", 4), (23, "S", "", 0), (24, "", "", 0), (25, "", "", 0),
    (26, "", "", 0), (27, "W", "", 0), (28, "E", "", 0), (29, "EW", "", 0),
    (30, "NS", "", 1), (31, "NS", "", 4), (32, "N", "SW", 1), (33, "N", "SE", 2),
    (34, "N", "SW SE", 3), (35, "S", "NW", 0), (36, "S", "NE", 0), (37, "S", "NW NE", 0),
    (38, "NW", "SE", 1), (39, "NE", "SW", 2), (40, "W", "NE", 0), (41, "W", "SE", 0),
    (42, "W", "NE SE", 0), (43, "E", "NW", 0), (44, "E", "SW", 0), (45, "E", "NW SW", 0),
    (46, "SW", "NE", 0), (47, "SE", "NW", 0), (48, "", "NW NE", 0), (49, "", "SW SE", 0),
    (50, "", "NW SW", 0), (51, "", "NE SE", 0), (52, "", "NW SE", 0), (53, "", "NE SW", 0),
    (54, "", "NW NE SW", 0), (55, "", "NW NE SE", 0), (56, "", "NW SW SE", 0),
    (57, "", "NE SW SE", 0), (58, "", "NW NE SW SE", 0),
]
PLANKS = [(59, "left"), (60, "middle"), (61, "right"), (62, "single"), (63, "middle2")]
DECORATION_TILES = [(64 + i, name) for i, name in enumerate(DECORATIONS)]
COUNT = 80


def sides(open_sides):
    """"NW" -> {"N", "W"}: a string of side letters."""
    return set(open_sides)


def blob_pattern(open_sides, inner):
    """The rule pattern of a blob situation: sides and the diagonals that matter fixed,
    the other diagonals '?'."""
    o = sides(open_sides)
    inner = set(inner.split())

    def side(d):
        return "o" if d in o else "#"

    def diag(d):
        a, b = INNER[d]
        if a in o or b in o:
            return "?"
        return "o" if d in inner else "#"

    return [diag("NW") + side("N") + diag("NE"), side("W") + "#" + side("E"),
            diag("SW") + side("S") + diag("SE")]


def ground_rules():
    """One rule a situation, with its variants, from most specific to least (the
    patterns are disjoint: exactly one matches each solid cell)."""
    classes = {}
    for tile, open_sides, inner, _ in BLOB:
        key = (frozenset(sides(open_sides)), frozenset(inner.split()))
        classes.setdefault(key, (blob_pattern(open_sides, inner), []))[1].append(tile)
    rules = []
    for pattern, tiles in classes.values():
        common = [t for t in tiles if t not in RARE]
        rare = [t for t in tiles if t in RARE]
        rules.append((pattern, common * 4 + rare if rare else common))
    rules.sort(key=lambda r: (-sum(c != "?" for c in "".join(r[0])), r[1][0]))
    return rules


# Blades of grass in the empty cell over a grass top, now and then a tuft or flowers.
GRASS_RULES = [(["???", "?.?", "?#?"],
                [72, 73, 74, 75, 72, 74, 73, 75, 73, 72, 75, 74, 64, 72, 66, 67])]
GRASS_SEED = 1
PLANK_RULES = [(["???", ".=.", "???"], [62]), (["???", ".=x", "???"], [59]),
               (["???", "x=.", "???"], [61]), (["???", "x=x", "???"], [60, 63])]


def draw_tiles():
    tiles = [None] * COUNT
    for tile, open_sides, inner, profile in BLOB:
        tiles[tile] = terrain_tile(neighbourhood(sides(open_sides), set(inner.split())),
                                   tile + 1, PROFILES[profile], tile in RARE)
    for tile, kind in PLANKS:
        tiles[tile] = plank(kind)
    for tile, name in DECORATION_TILES:
        tiles[tile] = sprite(DECORATIONS[name], name in HANGING)
    assert all(t is not None for t in tiles)
    return tiles


def png(width, height, pixels):
    """An 8-bit RGBA PNG; pixels[y][x] is (r, g, b) or None for transparent."""
    raw = bytearray()
    for row in pixels:
        raw.append(0)  # filter: none
        for p in row:
            raw.extend((0, 0, 0, 0) if p is None else (p[0], p[1], p[2], 255))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def sheet(tiles):
    rows = (COUNT + COLUMNS - 1) // COLUMNS
    pixels = [[None] * (COLUMNS * TILE) for _ in range(rows * TILE)]
    for i, t in enumerate(tiles):
        ox, oy = (i % COLUMNS) * TILE, (i // COLUMNS) * TILE
        for y in range(TILE):
            for x in range(TILE):
                pixels[oy + y][ox + x] = t[y][x]
    return COLUMNS * TILE, rows * TILE, pixels


def rule_line(pattern, tiles):
    p = ", ".join('"%s"' % row for row in pattern)
    if len(tiles) == 1:
        return "      - {pattern: [%s], tile: %d}" % (p, tiles[0])
    return "      - {pattern: [%s], tiles: [%s]}" % (p, ", ".join(map(str, tiles)))


def rules_yaml(image):
    """The tilesets and art entries of a level (the image path relative to it)."""
    out = ["tilesets:",
           "  - {name: starter, image: %s, tile_size: %d, columns: %d, count: %d}"
           % (image, TILE, COLUMNS, COUNT),
           "art:", "  - name: ground", "    tileset: starter", "    depth: back",
           "    rules:"]
    out += [rule_line(p, t) for p, t in ground_rules()]
    out += ["  - name: grass", "    tileset: starter", "    depth: back",
            "    seed: %d" % GRASS_SEED, "    rules:"]
    out += [rule_line(p, t) for p, t in GRASS_RULES]
    out += ["  - name: platforms", "    tileset: starter", "    depth: back", "    rules:"]
    out += [rule_line(p, t) for p, t in PLANK_RULES]
    out += ["  - name: decoration", "    tileset: starter", "    depth: front"]
    return "\n".join(out) + "\n"


HEADER = """\
# The starter tileset (starter.png, the project's own art) and its auto-tiling rules, as
# a level's `tilesets:` and `art:` entries: File > New starts a level with them, and the
# sample levels use them. Written by tools/make-starter-tileset.py: edit the script.
# ground: one rule for each way a solid cell meets the air (47, disjoint, most specific
# first); grass: blades and flowers over the ground; platforms: one-way planks, free ends
# where the cell beside is empty; decoration: painted by hand, in front of the bodies. It
# has no `tiles` here, having no size: in a level it has a row of '.' per map row.
"""


def main(argv):
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "resources",
                       "tilesets")
    if len(argv) == 3 and argv[1] == "--out":
        out = argv[2]
    elif len(argv) != 1:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    os.makedirs(out, exist_ok=True)
    w, h, pixels = sheet(draw_tiles())
    with open(os.path.join(out, "starter.png"), "wb") as f:
        f.write(png(w, h, pixels))
    with open(os.path.join(out, "starter.yaml"), "w", newline="\n") as f:
        f.write(HEADER + rules_yaml("starter.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
