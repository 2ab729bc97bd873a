#!/usr/bin/env bash
# sweep boots launch.sh once per value of its loop, each pass handing the
# child its own SEQS: a sweep of workloads by design, with no one shape to
# compare with serve's (no finding), as a loop over the flag itself is.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  sweep) for s in 32 64 128; do SEQS=$s "$here/launch.sh" --port 8004; done ;;
esac
