#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/env.sh"
python3 -m sglang.bench_serving --backend sglang --max-concurrency "$BENCH_MAX_RUNNING_REQUESTS" # want "reads BENCH_MAX_RUNNING_REQUESTS, a shim of SGL_MAX_RUNNING_REQUESTS"
python3 bench_env.py # reads BENCH_MAX_RUNNING_REQUESTS from os.environ
