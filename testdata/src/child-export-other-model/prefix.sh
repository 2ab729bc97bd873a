#!/usr/bin/env bash
# The prefix form: qwen72 is another model; small is serve's with 16 seats.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  qwen72) MODEL_PATH=Qwen/Qwen2.5-72B-Instruct SEQS=32 exec "$here/launch.sh" ;;
  small) SEQS=16 exec "$here/launch.sh" ;; # want "small passes --max-num-seqs 16 by SEQS=16 on its run of launch.sh" "small boots with --max-num-seqs 16 where serve boots with 256"
esac
