#!/usr/bin/env bash
# The same script as env-reassign-after-boot with its body wrapped in
# main "$@": main's body runs once as the top level does, so half's 0 still
# comes after its engine started.
# half boots with its prefix's 2048; the 0 it assigns after the engine has
# started (in the background) reaches no engine. privateshape said half
# boots with 0, and, the key reported, argvdrift kept quiet about the true
# 2048. before's 0 does reach its engine; loop's reaches the next pass's.
main() {
set -euo pipefail
set -a; . "$(dirname "$0")/tgi.env"; set +a
case "${1:-serve}" in
  serve) text-generation-launcher --model-id /m --port 8080 ;;
  half) MAX_BATCH_PREFILL_TOKENS=$((MAX_BATCH_PREFILL_TOKENS/2)) text-generation-launcher --model-id /m --port 8080 & sleep 60; MAX_BATCH_PREFILL_TOKENS=0; python3 report.py ;; # want "half's engine reads MAX_BATCH_PREFILL_TOKENS=2048 from its environment"
  before) MAX_BATCH_PREFILL_TOKENS=0; text-generation-launcher --model-id /m --port 8080 ;; # want "before re-assigns the owner MAX_BATCH_PREFILL_TOKENS=0 inside the mode, and the engine reads"
  loop) for i in 1 2; do text-generation-launcher --model-id /m --port 808$i & sleep 1; MAX_BATCH_PREFILL_TOKENS=0; done ;; # want "loop could not be evaluated" "loop re-assigns the owner MAX_BATCH_PREFILL_TOKENS=0 inside the mode"
esac
}
main "$@"
