#!/usr/bin/env bash
# serve leaves -tp and --gpu-memory-utilization out (vLLM's 1 and 0.9).
# kl-ref writes 0.90: the default, the same shape. kl reads its -tp from a
# JSON file the dry run does not read: it may or may not be 1, so it is said
# (not compared), never passed in silence. eval's 0.85 is another shape.
set -euo pipefail
. "$(dirname "$0")/v.env"
args=(serve /m --max-num-seqs "$V_MAX_NUM_SEQS" --max-num-batched-tokens "$V_MAX_NUM_BATCHED_TOKENS")
case "$1" in
  serve) ;;
  kl) args+=(--tensor-parallel-size "$(jq -r .tp /etc/cluster.json)") ;; # want "kl's --tensor-parallel-size is not statically known \(<unresolved: jq -r .tp /etc/cluster.json>\): it was not compared with serve's 1 \(the default; serve does not pass it\)"
  kl-ref) args+=(--gpu-memory-utilization 0.90) ;;
  eval) args+=(--gpu-memory-utilization 0.85) ;; # want "eval boots with --gpu-memory-utilization 0.85 where serve does not pass it"
esac
exec vllm "${args[@]}"
