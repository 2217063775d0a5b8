#!/usr/bin/python3
"""Level rendering benchmark (issue 4, "Performance").

  tilesmith render LEVEL.yaml -o ours.png --scale S
against Tiled 1.8's
  tmxrasterizer -s S LEVEL.tmx tiled.png
on the same map (LEVEL.tmx = `tilesmith export --format tmx LEVEL.yaml -o LEVEL.tmx`).

Each run is a whole process (start-up included), timed as benchrun.py says; one warm-up
run of each program, then --runs rounds in which the two programs run back to back
(alternating which goes first), so machine load affects both alike. Medians.
The target (issue 4): at most half of Tiled's time and memory.

Usage (on a Release build):
  cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build build/release --target tilesmith -j2
  python3 tests/bench/editor_render_bench.py build/release [--runs 7] [--scale 0.25]
      [--level resources/levels/big.yaml]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from benchrun import machine, median, offscreen_env, paired_runs, png_size

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build_dir")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--scale", default="0.25")
    ap.add_argument("--level", default=os.path.join(SOURCE, "resources/levels/big.yaml"))
    ap.add_argument("--tiled-ms", type=float, default=820,
                    help="Tiled's time in the issue (quiet machine), for reference")
    ap.add_argument("--tiled-mib", type=float, default=163)
    args = ap.parse_args()

    tilesmith = os.path.join(os.path.abspath(args.build_dir), "bin", "tilesmith")
    rasterizer = shutil.which("tmxrasterizer")
    for exe in (tilesmith, "/usr/bin/time"):
        if not os.path.exists(exe):
            sys.exit(f"missing {exe}")
    if not rasterizer:
        sys.exit("tmxrasterizer not found (Debian package 'tiled')")

    tmp = tempfile.mkdtemp(prefix="tilesmith-render-bench-")
    env = offscreen_env(tmp)

    level = os.path.abspath(args.level)
    tmx = os.path.join(tmp, "big.tmx")
    subprocess.run([tilesmith, "export", "--format", "tmx", level, "-o", tmx], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    ours_png = os.path.join(tmp, "ours.png")
    tiled_png = os.path.join(tmp, "tiled.png")
    programs = {
        "tilesmith": [tilesmith, "render", level, "-o", ours_png, "--scale", args.scale],
        "tiled": [rasterizer, "-s", args.scale, tmx, tiled_png],
    }
    names = {"tilesmith": f"tilesmith render --scale {args.scale}",
             "tiled": f"tmxrasterizer -s {args.scale} (Tiled 1.8)"}
    samples, loads = paired_runs(programs, args.runs, env)

    def med(k, idx):
        return median(samples, k, idx)

    print(f"Machine: {machine()}; load average during the runs: "
          f"{min(loads):.1f} to {max(loads):.1f}")
    print(f"Level: {os.path.relpath(level, SOURCE) if level.startswith(SOURCE) else level}; "
          f"images: ours {png_size(ours_png)}, Tiled's {png_size(tiled_png)} (w, h)")
    print(f"Median of {args.runs} interleaved runs after one warm-up each, whole process "
          f"(start-up included)\n")
    print("| command | wall time | CPU (user+sys) | peak memory (max RSS) | "
          "vs Tiled (wall, CPU, memory) |")
    print("|---|---|---|---|---|")
    for k in ("tiled", "tilesmith"):
        ratio = ""
        if k != "tiled":
            ratio = (f"{med(k, 0) / med('tiled', 0):.2f}x, {med(k, 2) / med('tiled', 2):.2f}x, "
                     f"{med(k, 1) / med('tiled', 1):.2f}x")
        print(f"| {names[k]} | {med(k, 0) * 1000:.0f} ms | {med(k, 2) * 1000:.0f} ms | "
              f"{med(k, 1) / 1024:.1f} MiB | {ratio} |")
    ours_wall, ours_cpu, ours_mib = med("tilesmith", 0), med("tilesmith", 2), med("tilesmith", 1) / 1024
    tiled_wall, tiled_cpu, tiled_mib = med("tiled", 0), med("tiled", 2), med("tiled", 1) / 1024
    ok_time = ours_wall <= tiled_wall / 2 and ours_cpu <= tiled_cpu / 2
    ok_mem = ours_mib <= tiled_mib / 2
    print(f"\nTarget (at most half of Tiled, measured side by side): time "
          f"{'met' if ok_time else 'MISSED'} (wall {ours_wall / tiled_wall:.2f}x, "
          f"CPU {ours_cpu / tiled_cpu:.2f}x), memory {'met' if ok_mem else 'MISSED'} "
          f"({ours_mib / tiled_mib:.2f}x)")
    print(f"Against the issue's figures ({args.tiled_ms:.0f} ms, {args.tiled_mib:.0f} MiB): "
          f"wall {ours_wall * 1000 / args.tiled_ms:.2f}x, memory {ours_mib / args.tiled_mib:.2f}x")
    print("\nAll runs (wall ms / CPU ms / MiB):")
    for k in ("tiled", "tilesmith"):
        print(f"  {k}: " + ", ".join(f"{w * 1000:.0f}/{c * 1000:.0f}/{r / 1024:.0f}"
                                     for w, r, c in samples[k]))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
