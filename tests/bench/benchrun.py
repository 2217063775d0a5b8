"""Shared by the whole-process benchmarks in this folder: timing one process, paired runs of
two programs, and the machine and load lines every report starts with.

A run is a whole process (start-up included) under `/usr/bin/time -v`: wall time is taken
around the process (time.perf_counter), CPU time is user + system and peak memory the
maximum resident set size, both from /usr/bin/time.
"""
import os
import re
import statistics
import struct
import subprocess
import sys
import time


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


def paired_runs(programs, runs, env):
    """One warm-up run of each program (file cache, dynamic loader, fontconfig cache), then
    `runs` rounds in which the two programs run back to back, alternating which goes first,
    so the machine's load affects both alike. Returns ({name: [(wall, rss, cpu)]}, the
    1-minute load averages seen between rounds)."""
    names = list(programs)
    assert len(names) == 2
    samples = {k: [] for k in names}
    for cmd in programs.values():
        measure(cmd, env)
    loads = [os.getloadavg()[0]]
    for i in range(runs):
        for k in (names if i % 2 == 0 else names[::-1]):
            samples[k].append(measure(programs[k], env))
        loads.append(os.getloadavg()[0])
    return samples, loads


def median(samples, k, idx):
    """The median of field `idx` (0 wall, 1 RSS, 2 CPU) of program `k`'s runs."""
    return statistics.median(s[idx] for s in samples[k])


def offscreen_env(tmp):
    """The environment for Qt programs without a display, with a 0700 runtime folder in tmp."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    runtime = os.path.join(tmp, "xdg")
    os.makedirs(runtime, 0o700, exist_ok=True)
    env["XDG_RUNTIME_DIR"] = runtime
    return env


def png_size(path):
    """(width, height) of a PNG file, or None when it is not one."""
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
