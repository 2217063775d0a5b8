"""A corpus of random 24 x 12 levels with bodies, for measuring how lint treats them:
each has the player on the left, one goal on the right, steps, platforms and one to
four bodies (mass-0 boxes 1-3 tiles tall on the ground, pushable boxes, balls, NPCs).
Not run by ctest: docs/performance.md ("Bodies in the search") gives what it measured.

    /usr/bin/python3 tests/level/reachbodies/make_corpus.py OUTDIR [COUNT]
    tilesmith lint OUTDIR/*.yaml --json
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from levelgen import spawn_line  # noqa: E402

PHY='physics: {gravity: 1500, walk_speed: 160, jump_speed: 480, max_fall_speed: 720, one_way_threshold: 2, partition_cell: 16, dt: 0.016666668}'
def gen(seed):
    r = random.Random(seed)
    W, H = 24, 12
    rows = [['.']*W for _ in range(H)]
    for x in range(W): rows[0][x] = rows[H-1][x] = '#'
    for y in range(H): rows[y][0] = rows[y][W-1] = '#'
    # ground heights: steps
    ground = []
    h = H-2
    for x in range(1, W-1):
        if r.random() < 0.2: h = max(H-6, min(H-2, h + r.choice([-1, 1, -2, 2])))
        ground.append(h)
        for y in range(h+1, H-1): rows[y][x] = '#'
    # a few platforms
    for _ in range(r.randint(0, 3)):
        y = r.randint(3, H-5); x0 = r.randint(2, W-6); w = r.randint(2, 5)
        for x in range(x0, min(W-1, x0+w)): rows[y][x] = r.choice('#=')
    def top(x):  # the empty tile above the ground at column x (level row)
        for y in range(1, H-1):
            if rows[y][x] == '.' and rows[y+1][x] in '#=': return y
        return None
    used = set(); spawns = []; sid = 1
    def free(x):
        y = top(x)
        if y is None or (x, y) in used: return None
        used.add((x, y)); return y
    x = r.randint(1, 4); y = free(x); spawns.append(spawn_line(sid, 'player', x, y)); sid += 1
    x = r.randint(W-6, W-2); y = free(x)
    if y is None: return None
    spawns.append(spawn_line(sid, 'goal', x, y)); sid += 1
    for _ in range(r.randint(1, 4)):
        x = r.randint(3, W-3); y = free(x)
        if y is None: continue
        k = r.choice(['fixed', 'fixed', 'box', 'ball', 'npc'])
        if k == 'fixed': spawns.append(spawn_line(sid, 'box', x, y, height=r.choice([16, 32, 48]), mass=0, restitution=0))
        elif k == 'box': spawns.append(spawn_line(sid, 'box', x, y))
        elif k == 'ball': spawns.append(spawn_line(sid, 'ball', x, y, vx=r.choice([0, 40, -40])))
        else: spawns.append(spawn_line(sid, 'npc', x, y, vx=r.choice([80, -80])))
        sid += 1
    out = ['tilesmith: 1', 'name: c%d' % seed, 'tile_size: 16', 'width: %d' % W, 'height: %d' % H, 'tiles: |']
    out += ['  ' + ''.join(row) for row in rows]
    out += ['spawns:'] + spawns + [PHY]
    return '\n'.join(out) + '\n'
out_dir = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 120
os.makedirs(out_dir, exist_ok=True)
n = 0
seed = 0
while n < count:
    t = gen(seed)
    seed += 1
    if t is None:
        continue
    with open(os.path.join(out_dir, 'c%03d.yaml' % n), 'w') as f:
        f.write(t)
    n += 1
