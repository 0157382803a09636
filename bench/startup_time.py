#!/usr/bin/python3
"""Wall time of a short command, from before its process starts to its exit: the best of RUNS
(default 5) runs, stdout and stderr discarded (bench/run_bench.sh's start-up rows). Prints one
JSON line: {"command": [...], "runs": N, "best_s": ..., "all_s": [...]}. Exits 1, saying why,
when the command fails.

  startup_time.py [--runs N] COMMAND [ARGS...]
"""
import json
import subprocess
import sys
import time

args = sys.argv[1:]
runs = 5
if args[:1] == ["--runs"]:
    runs, args = int(args[1]), args[2:]
times = []
for _ in range(runs):
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    times.append(time.perf_counter() - start)
    if done.returncode != 0:
        sys.exit(f"startup_time: {' '.join(args)} exited with {done.returncode}: {done.stderr.decode(errors='replace').strip()}")
print(json.dumps({"command": args, "runs": runs, "best_s": min(times), "all_s": times}))
