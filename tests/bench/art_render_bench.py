#!/usr/bin/python3
"""Art rendering benchmark (issue 42, "Correct, and fast").

  tilesmith render MAP --art-only --scale S -o ours.png
against Tiled 1.8's
  tmxrasterizer -s S --hide-layer collision --hide-layer spawns MAP tiled.png
on the same map: by default the 1024 x 1024 level with art that `bench_art_level` writes
(an auto ground layer, a painted decoration layer, a front layer at opacity 0.7; see
tests/bench/art_level.cpp), or --level LEVEL.yaml exported with `tilesmith export`.
Both programs read the same TMX map (ours imports it), so both parse it, draw it and
encode a PNG.

Each run is a whole process (start-up included), timed as benchrun.py says; one warm-up
run of each program, then --runs rounds in which the two run back to back, alternating
which goes first. Medians, and the median of the per-round ratios. `uptime` before and after. The target (issue 42): at most 0.5x
tmxrasterizer's time.

Usage (on a Release build):
  cmake --preset release
  cmake --build build/release --target tilesmith bench_art_level -j2
  /usr/bin/python3 tests/bench/art_render_bench.py build/release [--runs 7] [--scale 0.25]
      [--level LEVEL.yaml] [--keep DIR]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from benchrun import machine, median, offscreen_env, paired_runs, png_size, uptime

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build_dir")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--scale", default="0.25")
    ap.add_argument("--level", help="a level file with art (default: bench_art_level's map)")
    ap.add_argument("--keep", help="write the map and both images here and keep them")
    args = ap.parse_args()

    bin_dir = os.path.join(os.path.abspath(args.build_dir), "bin")
    tilesmith = os.path.join(bin_dir, "tilesmith")
    generator = os.path.join(bin_dir, "bench_art_level")
    rasterizer = shutil.which("tmxrasterizer")
    for exe in (tilesmith, "/usr/bin/time") + (() if args.level else (generator,)):
        if not os.path.exists(exe):
            sys.exit(f"missing {exe}")
    if not rasterizer:
        sys.exit("tmxrasterizer not found (Debian package 'tiled')")

    tmp = args.keep or tempfile.mkdtemp(prefix="tilesmith-art-bench-")
    os.makedirs(tmp, exist_ok=True)
    env = offscreen_env(tmp)

    tmx = os.path.join(tmp, "art.tmx")
    if args.level:
        level = os.path.abspath(args.level)
        subprocess.run([tilesmith, "export", "--format", "tmx", level, "-o", tmx], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        ours_input = level
    else:
        subprocess.run([generator, tmx], env=env, check=True, stdout=subprocess.DEVNULL)
        ours_input = tmx
    ours_png = os.path.join(tmp, "ours.png")
    tiled_png = os.path.join(tmp, "tiled.png")
    programs = {
        "tilesmith": [tilesmith, "render", ours_input, "--art-only", "--scale", args.scale,
                      "-o", ours_png],
        "tiled": [rasterizer, "-s", args.scale, "--hide-layer", "collision", "--hide-layer",
                  "spawns", tmx, tiled_png],
    }
    names = {"tilesmith": f"tilesmith render --art-only --scale {args.scale}",
             "tiled": f"tmxrasterizer -s {args.scale} (Tiled 1.8.2)"}

    before = uptime()
    samples, loads = paired_runs(programs, args.runs, env)
    after = uptime()

    def med(k, idx):
        return median(samples, k, idx)

    ratios = [o[0] / t[0] for o, t in zip(samples["tilesmith"], samples["tiled"])]
    print(f"Machine: {machine()}")
    print(f"uptime before: {before}")
    print(f"uptime after:  {after}")
    print(f"Load average during the runs: {min(loads):.2f} to {max(loads):.2f}")
    print(f"Map: {os.path.relpath(ours_input, SOURCE) if ours_input.startswith(SOURCE) else ours_input}"
          f" ({os.path.getsize(tmx)} bytes of TMX); images: ours {png_size(ours_png)}, "
          f"Tiled's {png_size(tiled_png)} (w, h)")
    print(f"Median of {args.runs} paired runs after one warm-up each, whole process "
          f"(start-up included)\n")
    print("| command | wall time | CPU (user+sys) | peak memory (max RSS) | "
          "vs Tiled (wall, CPU, memory) |")
    print("|---|---|---|---|---|")
    for k in ("tiled", "tilesmith"):
        ratio = ""
        if k != "tiled":
            ratio = (f"{med(k, 0) / med('tiled', 0):.2f}x, {med(k, 2) / med('tiled', 2):.2f}x, "
                     f"{med(k, 1) / med('tiled', 1):.2f}x")
        print(f"| `{names[k]}` | {med(k, 0) * 1000:.0f} ms | {med(k, 2) * 1000:.0f} ms | "
              f"{med(k, 1) / 1024:.1f} MiB | {ratio} |")
    paired = statistics.median(ratios)
    print(f"\nMedian of the paired wall-time ratios: {paired:.3f}x "
          f"(each round: {', '.join(f'{r:.3f}' for r in ratios)})")
    print(f"Target (at most 0.5x tmxrasterizer's time): {'met' if paired <= 0.5 else 'MISSED'}")
    print("\nAll runs (wall ms / CPU ms / MiB):")
    for k in ("tiled", "tilesmith"):
        print(f"  {k}: " + ", ".join(f"{w * 1000:.0f}/{c * 1000:.0f}/{r / 1024:.0f}"
                                     for w, r, c in samples[k]))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
