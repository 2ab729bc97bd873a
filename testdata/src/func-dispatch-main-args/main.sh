#!/usr/bin/env bash
# Per-mode functions run by main's "$@", main being handed the script's own
# words: serve and kl are modes; launch and main are helpers.
set -euo pipefail
. "$(dirname "$0")/srv.env"
launch() { exec vllm serve "$SRV_MODEL" --max-num-seqs "$SRV_MAX_NUM_SEQS" --max-num-batched-tokens "$SRV_MAX_NUM_BATCHED_TOKENS" "$@"; }
serve() { launch --port 8000; }
kl() { launch --port 8001 --max-num-batched-tokens 4096; } # want "kl passes a second --max-num-batched-tokens 4096 that overrides the shared one; .*srv.env:3 owns it as SRV_MAX_NUM_BATCHED_TOKENS=2048" "kl boots with --max-num-batched-tokens 4096 where serve boots with 2048; scoring"
main() {
  [[ $# -ge 1 ]] || { echo "usage: $0 serve|kl" >&2; exit 2; }
  "$@"
}
main "$@"
