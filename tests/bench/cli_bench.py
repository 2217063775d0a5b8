#!/usr/bin/python3
"""Command-line benchmark (issue 3, "Benchmark").

Measures, each as a whole process (start-up included), the median of --runs runs
after one warm-up run:
  - load + save of the 1024 x 1024 level (bench_cli_loadsave: the YAML library alone)
  - tilesmith validate LEVEL                          (load only, for reference)
  - tilesmith export --format tmx LEVEL -o ours.tmx   (YAML in, TMX out)
  - tiled --export-map tmx ours.tmx tiled.tmx         (Tiled 1.8: TMX in, TMX out)
  - tilesmith import ours.tmx -o back.yaml            (TMX in, YAML out, for reference)
Each run is timed as benchrun.py says (wall, CPU and peak memory).

Usage (on a Release build):
  cmake -S . -B build/h-cli-rel -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build build/h-cli-rel --target tilesmith bench_cli_loadsave
  python3 tests/bench/cli_bench.py build/h-cli-rel [--runs 5] [--level FILE]
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchrun import machine, measure, offscreen_env

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def generate_level(path, size=1024, seed=1):
    """A stand-in for resources/levels/big.yaml: ~12 % solid and one-way tiles."""
    rng = random.Random(seed)
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            if y == size - 1 or x in (0, size - 1):
                row.append("#")
            else:
                r = rng.random()
                row.append("#" if r < 0.08 else "=" if r < 0.12 else ".")
        rows.append("".join(row))
    rows[size - 2] = "#" + "." * (size - 2) + "#"
    with open(path, "w") as f:
        f.write("tilesmith: 1\nname: Generated big\ntile_size: 16\n")
        f.write(f"width: {size}\nheight: {size}\ntiles: |\n")
        for row in rows:
            f.write("  " + row + "\n")
        f.write(f"spawns:\n  - {{id: 1, kind: player, x: 2, y: {size - 2}}}\n")


def bench(name, cmd, env, runs):
    measure(cmd, env)  # warm-up: file cache, dynamic loader
    walls, rsss, cpus = [], [], []
    for _ in range(runs):
        w, r, c = measure(cmd, env)
        walls.append(w)
        rsss.append(r)
        cpus.append(c)
    return {"name": name, "wall": statistics.median(walls), "rss": statistics.median(rsss),
            "cpu": statistics.median(cpus), "walls": walls}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build_dir")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--level", default=os.path.join(SOURCE, "resources/levels/big.yaml"))
    args = ap.parse_args()

    bin_dir = os.path.join(os.path.abspath(args.build_dir), "bin")
    tilesmith = os.path.join(bin_dir, "tilesmith")
    loadsave = os.path.join(bin_dir, "bench_cli_loadsave")
    for exe in (tilesmith, loadsave, "/usr/bin/time"):
        if not os.path.exists(exe):
            sys.exit(f"missing {exe}")
    tiled = shutil.which("tiled")

    tmp = tempfile.mkdtemp(prefix="tilesmith-cli-bench-")
    env = offscreen_env(tmp)

    level = args.level
    if not os.path.exists(level):
        level = os.path.join(tmp, "big.yaml")
        print(f"{args.level} not found: generating an equivalent level in {level}")
        generate_level(level)
    ours = os.path.join(tmp, "ours.tmx")

    results = [
        bench("load + save YAML (bench_cli_loadsave)",
              [loadsave, level, os.path.join(tmp, "saved.yaml")], env, args.runs),
        bench("tilesmith validate", [tilesmith, "validate", level], env, args.runs),
        bench("tilesmith export --format tmx", [tilesmith, "export", "--format", "tmx", level,
                                                "-o", ours], env, args.runs),
    ]
    if tiled:
        results.append(bench("tiled --export-map tmx (Tiled's own)",
                             [tiled, "--export-map", "tmx", ours, os.path.join(tmp, "tiled.tmx")],
                             env, args.runs))
    else:
        print("tiled not installed: skipping the Tiled comparison")
    results.append(bench("tilesmith import --format tmx", [tilesmith, "import", "--format", "tmx",
                                                           ours, "-o", os.path.join(tmp, "back.yaml")],
                         env, args.runs))

    split = subprocess.run([loadsave, level, os.path.join(tmp, "saved.yaml"), "--repeat",
                            str(max(args.runs, 5))], stdout=subprocess.PIPE, text=True).stdout.strip()

    print(f"\nMachine: {machine()}; level: {os.path.relpath(level, SOURCE) if level.startswith(SOURCE) else level}"
          f" ({os.path.getsize(level)} bytes); TMX: {os.path.getsize(ours)} bytes")
    print(f"Median of {args.runs} runs after a warm-up, whole process (start-up included)\n")
    tiled_row = next((r for r in results if r["name"].startswith("tiled")), None)
    print("| command | wall time | CPU (user+sys) | peak memory (max RSS) | vs Tiled (wall, memory) |")
    print("|---|---|---|---|---|")
    for r in results:
        ratio = ""
        if tiled_row and r is not tiled_row:
            ratio = f"{r['wall'] / tiled_row['wall']:.2f}x, {r['rss'] / tiled_row['rss']:.2f}x"
        print(f"| {r['name']} | {r['wall'] * 1000:.0f} ms | {r['cpu'] * 1000:.0f} ms | "
              f"{r['rss'] / 1024:.1f} MiB | {ratio} |")
    try:
        print(f"\nLoad average during the run: {os.getloadavg()[0]:.1f} (wall times grow with it)")
    except OSError:
        pass
    print(f"\n{split}")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
