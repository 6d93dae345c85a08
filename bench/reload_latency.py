#!/usr/bin/env python3
"""Save -> applied latency of hot reload in a real window.

   DISPLAY=:N bench/reload_latency.py ./taut [saves]

Runs taut on a copy of examples/rope.lua and examples/grapple.lua in a
window and saves the copy the way editors do (in place, temporary file and
rename, truncate then write, delete then write again; the last two with a
2 ms pause inside the save), with an edit of each kind: a tune literal, a
draw colour (swap), a comment (same), load (rebuild), a syntax error
(error). The latency is from the end of the save (the writer's last
syscall) to the moment taut prints "taut: reload: ..." (it applied it),
both taken by this process. Prints the median and the worst in ms per
kind and save sequence, and the count of saves that reloaded as another
kind or never, and the share applied within 30 ms.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

EDITS = {
    "rope.lua": [
        ("tune", "gravity = {9.81,", "gravity = {9.5,"),
        ("swap", "g:color(1, 0.8, 0.3)", "g:color(0.3, 1, 0.4)"),
        ("same", "  local tip = scene.rope.last\n", "  local tip = scene.rope.last  -- the end\n"),
        ("rebuild", "math.rad(50)", "math.rad(51)"),
        ("error", "function scene.draw(g)", "function scene.draw(g"),
    ],
    "grapple.lua": [
        ("tune", "reel_speed = {6,", "reel_speed = {7,"),
        ("swap", "g:color(0.35, 0.8, 1)", "g:color(0.9, 0.8, 1)"),
        ("rebuild", "position = {0, 0.5}", "position = {0, 0.6}"),
    ],
}


def save(path, data, mode):
    if mode == "in place":
        fd = os.open(path, os.O_WRONLY)
        os.write(fd, data)
        os.ftruncate(fd, len(data))
        os.close(fd)
    elif mode == "rename":
        with open(path + ".tmp~", "wb") as f:
            f.write(data)
        os.rename(path + ".tmp~", path)
    elif mode == "truncate":
        fd = os.open(path, os.O_WRONLY | os.O_TRUNC)
        time.sleep(0.002)
        os.write(fd, data)
        os.close(fd)
    elif mode == "delete":
        os.remove(path)
        time.sleep(0.002)
        with open(path, "wb") as f:
            f.write(data)
    return time.monotonic()


def reader(proc, lines):
    for line in proc.stdout:
        lines.append((time.monotonic(), line.decode(errors="replace")))


def wait_line(lines, start, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for t, line in lines[start:]:
            if line.startswith("taut: reload: "):
                return t, line.split()[2]
        time.sleep(0.0005)
    return None, None


def measure(taut, scene, saves):
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, scene)
    base = open(os.path.join(os.path.dirname(taut), "examples", scene), "rb").read()
    shutil.copy(os.path.join(os.path.dirname(taut), "examples", scene), path)
    proc = subprocess.Popen([taut, path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = []
    threading.Thread(target=reader, args=(proc, lines), daemon=True).start()
    time.sleep(1.5)
    rows = []
    for kind, a, b in EDITS[scene]:
        for mode in ("in place", "rename", "truncate", "delete"):
            ms, other = [], 0
            for i in range(saves):
                text = base.replace(a.encode(), b.encode(), 1) if i % 2 == 0 else base
                start = len(lines)
                t0 = save(path, text, mode)
                t1, got = wait_line(lines, start, 1.0)
                # undone: the same kind again, but an error's fix is the
                # last good text the scene still runs
                want = kind if i % 2 == 0 or kind != "error" else "same"
                if t1 is None or got != want:
                    other += 1
                else:
                    ms.append(1e3 * (t1 - t0))
                time.sleep(0.15)
            rows.append((scene, kind, mode, ms, other))
    proc.terminate()
    proc.wait()
    shutil.rmtree(tmp)
    return rows


def main():
    taut = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "./taut")
    saves = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    print("%-12s %-8s %-9s %5s %10s %9s %7s %6s" % ("scene", "kind", "save", "n", "median_ms", "worst_ms",
                                                  "<=30ms", "other"))
    kinds = {}
    for scene in EDITS:
        for scene_, kind, mode, ms, other in measure(taut, scene, saves):
            row(scene_, kind, mode, ms, other)
            all_ms, all_other = kinds.get(kind, ([], 0))
            kinds[kind] = (all_ms + ms, all_other + other)
    for kind, (ms, other) in kinds.items():
        row("all", kind, "all", ms, other)


def row(scene, kind, mode, ms, other):
    med = statistics.median(ms) if ms else float("nan")
    worst = max(ms) if ms else float("nan")
    within = 100.0 * sum(1 for m in ms if m <= 30.0) / len(ms) if ms else float("nan")
    print("%-12s %-8s %-9s %5d %10.1f %9.1f %6.0f%% %6d" % (scene, kind, mode, len(ms), med, worst, within, other))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
