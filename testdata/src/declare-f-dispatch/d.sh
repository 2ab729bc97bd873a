#!/usr/bin/env bash
# Per-mode functions behind a `declare -F` guard (interp lacks -F; the dry
# run answers it from the functions the script declares): every mode is
# evaluated, and bench's own step is compared.
set -euo pipefail
. "$(dirname "$0")/d.env"
usage() { echo "usage: $0 serve|kl|bench" >&2; exit 2; }
mode_serve() { exec vllm serve /m --port 8000 --max-num-seqs "$D_MAX_NUM_SEQS" --max-num-batched-tokens "$D_MAX_NUM_BATCHED_TOKENS"; }
mode_kl() { exec vllm serve /m --port 8001 --max-num-seqs "$D_MAX_NUM_SEQS" --max-num-batched-tokens "$D_MAX_NUM_BATCHED_TOKENS"; }
mode_bench() { exec vllm serve /m --port 8002 --max-num-seqs "$D_MAX_NUM_SEQS" --max-num-batched-tokens 8192; } # want "bench boots with --max-num-batched-tokens 8192 where serve boots with 2048" "bench passes --max-num-batched-tokens 8192"
fn="mode_${1:-}"
declare -F "$fn" >/dev/null || usage
"$fn"
