#!/usr/bin/env bash
# One script run under several names (bench.sh -> serve.sh): the name it
# runs as picks the mode. bench.sh's own seats were no mode's; each arm's
# name is a mode now, evaluated with $0 that name, serve.sh (the script's
# own name) the proven one.
set -euo pipefail
. "$(dirname "$0")/env/serve.env"
args=(--model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "$MAX_MODEL_LEN")
case "$(basename "$0")" in
  serve.sh) ;;
  bench.sh) args+=(--max-num-seqs 16) ;; # want "bench.sh passes a second --max-num-seqs 16 that overrides the shared one" "bench.sh boots with --max-num-seqs 16 where serve.sh boots with 8"
esac
exec vllm serve "${args[@]}"
