#!/usr/bin/env bash
# Background launch with nohup, a health wait and a trap.
set -euo pipefail
LOG=/var/log/radiance.log
trap 'echo stopping' EXIT
mkdir -p /var/log
nohup radiance serve /models/m --max-num-seqs 4 --max-num-batched-tokens 2048 >"$LOG" 2>&1 &
pid=$!
until curl -sf http://127.0.0.1:7770/health; do sleep 1; done
wait "$pid"
