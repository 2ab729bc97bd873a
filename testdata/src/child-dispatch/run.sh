#!/usr/bin/env bash
# A dispatcher whose modes run the launcher with words of their own: each
# mode reaches the engine through launch.sh, its words in launch.sh's "$@".
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) exec "$here/launch.sh" ;;
  bench) SEQS=64 exec "$here/launch.sh" --port 8001 ;; # want "bench boots with --max-num-seqs 64 where serve boots with 256" "bench passes --max-num-seqs 64 by SEQS=64 on its run of launch.sh"
  kl) exec "$here/launch.sh" --max-num-seqs 32 ;; # want "kl passes a second --max-num-seqs 32 that overrides the shared one" "kl boots with --max-num-seqs 32 where serve boots with 256; scoring numbers"
esac
