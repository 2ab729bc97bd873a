#!/usr/bin/env bash
# A library launcher that runs the engine in the background: a mode that
# calls it twice starts two engines, and has no one argv to compare.
set -euo pipefail
. "$(dirname "$0")/lib/run.sh"
. "$(dirname "$0")/serve.env"
case "$1" in
  serve) bgrun --port 8000 ;;
  kl) bgrun --port 8000; bgrun --port 8001 --seed 0 ;; # want "kl could not be evaluated \(it starts 2 engines"
esac
wait
