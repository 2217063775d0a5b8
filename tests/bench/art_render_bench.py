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

Each run is a whole process (start-up included) under `/usr/bin/time -v`: wall time is
taken around the process (time.perf_counter), CPU time is user + system and peak memory
the maximum resident set size, both from /usr/bin/time. One warm-up run of each
program, then --runs rounds in which the two run back to back, alternating which goes
first, so the machine's load affects both alike. Medians, and the median of the
per-round ratios. `uptime` before and after. The target (issue 42): at most 0.5x
tmxrasterizer's time.

Usage (on a Release build):
  cmake --preset release
  cmake --build build/release --target tilesmith bench_art_level -j2
  /usr/bin/python3 tests/bench/art_render_bench.py build/release [--runs 7] [--scale 0.25]
      [--level LEVEL.yaml] [--keep DIR]
"""
import argparse
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def measure(cmd, env):
    """One run: (wall seconds, max RSS KiB, CPU seconds = user + system)."""
    full = ["/usr/bin/time", "-v"] + cmd
    t0 = time.perf_counter()
    p = subprocess.run(full, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout}\n{p.stderr}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr).group(1))
    cpu = sum(float(re.search(rf"{k} time \(seconds\): ([0-9.]+)", p.stderr).group(1))
              for k in ("User", "System"))
    return wall, rss, cpu


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def machine():
    model = "?"
    try:
        out = subprocess.run(["lscpu"], stdout=subprocess.PIPE, text=True).stdout
        m = re.search(r"Model name:\s*(.+)", out)
        model = m.group(1).strip() if m else model
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def uptime():
    return subprocess.run(["uptime"], stdout=subprocess.PIPE, text=True).stdout.strip()


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
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    runtime = os.path.join(tmp, "xdg")
    os.makedirs(runtime, 0o700, exist_ok=True)
    env["XDG_RUNTIME_DIR"] = runtime

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
    samples = {k: [] for k in programs}
    for k, cmd in programs.items():
        measure(cmd, env)  # warm-up: file cache, dynamic loader, fontconfig cache
    loads = [os.getloadavg()[0]]
    for i in range(args.runs):
        order = ["tilesmith", "tiled"] if i % 2 == 0 else ["tiled", "tilesmith"]
        for k in order:
            samples[k].append(measure(programs[k], env))
        loads.append(os.getloadavg()[0])
    after = uptime()

    def med(k, idx):
        return statistics.median(s[idx] for s in samples[k])

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
