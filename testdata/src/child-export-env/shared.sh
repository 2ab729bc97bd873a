#!/usr/bin/env bash
# The export in the mode, the child run on the shared path after it; set
# -a exports kl's plain assignment too.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) port=8000 ;;
  bench) # want "bench boots with --max-num-seqs 64 where serve boots with 256"
    port=8001
    SEQS=64 # want "bench passes --max-num-seqs 64 by exporting SEQS=64 to its run of launch.sh"
    export SEQS
    ;;
  kl) port=8002; set -a; STEP=4096; set +a ;; # want "kl boots with --max-num-batched-tokens 4096 where serve boots with 8192" "kl passes --max-num-batched-tokens 4096 by exporting STEP=4096 to its run of launch.sh"
esac
exec "$here/launch.sh" --port "$port"
