"""The starter tileset's palette and the tiles drawn by hand, a character a pixel ('.'
transparent): the one-way planks and the decorations. tools/make-starter-tileset.py
draws the ground and assembles the sheet."""

# The palette: earthy browns lit from the top left, a green that leans yellow in the
# light and blue in the shade, warm wood, and a dark plum for outlines.
INK = (0x1D, 0x14, 0x22)
DIRT = [(0x3B, 0x22, 0x2E), (0x5A, 0x36, 0x35), (0x7A, 0x4C, 0x3C), (0x99, 0x63, 0x45),
        (0xB8, 0x7D, 0x52)]
STONE = [(0x45, 0x41, 0x56), (0x6C, 0x68, 0x7E), (0x98, 0x94, 0xA8)]
GRASS = [(0x1E, 0x47, 0x3A), (0x2F, 0x70, 0x3E), (0x4F, 0x9C, 0x3F), (0x86, 0xC6, 0x4A),
         (0xC4, 0xE6, 0x6C)]
WOOD = [(0x3E, 0x24, 0x1E), (0x70, 0x43, 0x29), (0x9E, 0x66, 0x36), (0xCF, 0x97, 0x52)]
ROPE = [(0x9C, 0x85, 0x5E), (0xD8, 0xC4, 0x8E)]
RED = [(0x8E, 0x24, 0x32), (0xD6, 0x44, 0x3A), (0xF2, 0x8A, 0x6B)]
YELLOW = [(0xC9, 0x8A, 0x1E), (0xF5, 0xC8, 0x42), (0xFF, 0xEE, 0x9A)]
BLUE = [(0x33, 0x4F, 0x9C), (0x5E, 0x88, 0xD8), (0xA8, 0xC8, 0xF2)]
WHITE = (0xF2, 0xEC, 0xDC)


SPRITE_COLOURS = {
    "k": INK, "g": GRASS[0], "G": GRASS[1], "h": GRASS[2], "H": GRASS[3], "l": GRASS[4],
    "w": WOOD[0], "W": WOOD[1], "o": WOOD[2], "O": WOOD[3], "r": ROPE[0], "R": ROPE[1],
    "s": STONE[0], "S": STONE[1], "t": STONE[2], "e": RED[0], "E": RED[1], "f": RED[2],
    "y": YELLOW[0], "Y": YELLOW[1], "z": YELLOW[2], "b": BLUE[0], "B": BLUE[1],
    "c": BLUE[2], "q": WHITE, "d": DIRT[1], "D": DIRT[2], "K": WOOD[0],
}


def sprite(rows, hanging=False):
    """A tile of the drawn rows: standing on the bottom of the tile, or hanging from its
    top."""
    out = [[None] * 16 for _ in range(16)]
    top = 0 if hanging else 16 - len(rows)
    for y, row in enumerate(rows):
        assert len(row) == 16, row
        for x, ch in enumerate(row):
            if ch != ".":
                out[top + y][x] = SPRITE_COLOURS[ch]
    return out


# One-way platforms: boards along the top of the tile (where the player stands), with a
# seam at the end of each tile, nails, and a rope lashing near each free end.
PLANKS_DRAWN = {
    "middle": [
        "wwwwwwwwwwwwwwww",
        "OOOOOOOOOOOOOOOw",
        "ooooOoooooooOooW",
        "okoWWWoooooookow",
        "oooooooooWWWooow",
        "WWWWWWWWWWWWWWWw",
        "wwwwwwwwwwwwwwww",
    ],
    "middle2": [
        "wwwwwwwwwwwwwwww",
        "OOOOOOOOOOOOOOOw",
        "oooooooWWWoooooW",
        "okoooOoooooookow",
        "ooWWWWoooooOooow",
        "WWWWWWWWWWWWWWWw",
        "wwwwwwwwwwwwwwww",
    ],
    "left": [
        ".wrRwwwwwwwwwwww",
        "wORrOOOOOOOOOOOw",
        "woRroooOoooooooW",
        "wWrRoWWWoooookow",
        "woRroooooooWWoow",
        "wWrRWWWWWWWWWWWw",
        ".wRrwwwwwwwwwwww",
        "...r............",
    ],
    "right": [
        "wwwwwwwwwwwwRrw.",
        "OOOOOOOOOOOOrROw",
        "ooooOoooooooRrow",
        "okoWWWooooooRrWw",
        "oooooooWWoooRrow",
        "WWWWWWWWWWWWrRWw",
        "wwwwwwwwwwwwrRw.",
        "............r...",
    ],
    "single": [
        ".wrRwwwwwwwwRrw.",
        "wORrOOOOOOOOrROw",
        "woRrooOoooooRrow",
        "wWrRoWWWooooRrWw",
        "woRroooooWWoRrow",
        "wWrRWWWWWWWWrRWw",
        ".wRrwwwwwwwwrRw.",
        "...r........r...",
    ],
}

def plank(kind):
    rows = PLANKS_DRAWN[kind]
    s = sprite(rows)  # bottom-aligned: move it to the top of the tile
    return s[16 - len(rows):] + s[:16 - len(rows)]

DECORATIONS = {
    "grass tuft": [
        "........l.......",
        "...H....H...H...",
        "...hH..hH..Hh...",
        "....hH.hG.Hh....",
        "..H.GhGhGhG.H...",
        "..GhGgGGgGhGG...",
    ],
    "tall grass": [
        "..........l.....",
        "....l.....H.....",
        "....H....Hh..l..",
        "....hH...h...H..",
        ".....h..Hh..Hh..",
        ".l...hH.h...h...",
        ".H...Gh.h..Hh...",
        "..h..Gh.GhHh....",
        "..hH.GGhGhG..H..",
        "...hGgGhGgG.Hh..",
        "..gGGgGGgGGgGg..",
    ],
    "red flowers": [
        "...f............",
        "..fEf.....f.....",
        "..EYE....fEf....",
        "...E.....EYE....",
        "...G......E.....",
        "...Gh.....G.....",
        "..hG.....hG.....",
        "...G..h...Gh....",
        "...GhhG...G.....",
        "..gGGgGg.gGg....",
    ],
    "yellow flowers": [
        "........z.......",
        ".......zYz......",
        "...z...YWY......",
        "..zYz...Y.......",
        "..YWY...G.......",
        "...Y...hG.......",
        "...G....Gh......",
        "...Gh...G.......",
        "..gGg.gGGg......",
    ],
    "blue flowers": [
        "....Gh..........",
        "...G..G.........",
        "..cB...G........",
        "..BBb..cB.......",
        "..bBb..BBb......",
        "...b...bBb......",
        ".....h..b.......",
        "....hG..........",
        "..gGGGg.........",
    ],
    "rock": [
        ".....kkkkk......",
        "...kkSttSSkk....",
        "..kStttSSSSsk...",
        ".kSStSSSSSSssk..",
        ".kSSSSSSSSsssk..",
        ".ksSSSSSsssssk..",
        "..kkkkkkkkkkk...",
    ],
    "sign": [
        ".wwwwwwwwwwwwww.",
        ".wOOOOOOOOOOOOw.",
        ".wOooooooKoooWw.",
        ".wOooooooKKooWw.",
        ".wOKKKKKKKKKoWw.",
        ".wOooooooKKooWw.",
        ".wOooooooKoooWw.",
        ".wWWWWWWWWWWWWw.",
        ".wwwwwwwwwwwwww.",
        "......wOWw......",
        "......wOWw......",
        "......wOWw......",
        "......wOWw......",
        ".....gwOWwg.....",
    ],
    "mushroom": [
        "......kkkk......",
        "....kkEffEkk....",
        "...kEqEEEEqEk...",
        "..kEEEEEEqEEek..",
        "..keEqEEEEEEek..",
        "...kkkkkkkkkk...",
        "......kqqk......",
        "......kqqk......",
        ".....kqqqqk.....",
        ".....gkkkkg.....",
    ],
    # The grass layer's fringe: a few blades above a grass top, kept off the tile's
    # sides, which may be a rounded corner.
    "grass fringe 1": [
        "......H.........",
        "..H...h.....H...",
        "..hG..G.h..GhG..",
    ],
    "grass fringe 2": [
        "...........l....",
        "..h....H...H....",
        "..Gh..hG.h.hG...",
    ],
    "grass fringe 3": [
        "....H........h..",
        "....G.......Gh..",
    ],
    "grass fringe 4": [
        "........l.......",
        "...H....H....H..",
        "...h...hG...hH..",
        "..hG..GhG...G...",
    ],
    "hanging vine": [
        "..gGGg....gGg...",
        "...hG......G....",
        "..HhG.....hGh...",
        "...G.......G....",
        "...Gh.....HG....",
        "..hG.......Gh...",
        "...G.......G....",
        "...GhH....hG....",
        "..hG.......H....",
        "...G............",
        "..HG............",
        "...h............",
    ],
    "hanging roots": [
        "..dd..d....dd...",
        "...d..d.....d...",
        "...dD.d....Dd...",
        "....d.......d...",
        "....d.......D...",
        "....D...........",
    ],
    "bush": [
        "....ggg..ggg....",
        "..ggHHgggHhGg...",
        ".gHHlhGghhhGGg..",
        "gGhlhhGGhHhGGGg.",
        "gGhhhGGhhhhGGGg.",
        "gGGhhGGGhhGGGgg.",
        ".gGGGGgGGGGGgg..",
        "..gggggggggggg..",
    ],
    "pebbles": [
        "..........ss....",
        "...ss....sSts...",
        "..sSts...sSSs...",
        "..ssss.....s....",
    ],
}
HANGING = {"hanging vine", "hanging roots"}
