#!/usr/bin/env bash
# rook.sh serve|kl|kl-ref: per-mode port and extras in associative arrays
# whose keys (kl-ref) the parser reads as arithmetic.
set -euo pipefail
. "$(dirname "$0")/rook.env"
mode=${1,,}
declare -A PORT=([serve]=7200 [kl]=7201 [kl-ref]=7202)
declare -A EXTRA=([serve]="" [kl]="--kl-ref-dir /refs/rook" [kl-ref]="--record-ref /refs/rook --max-model-len 8192") # want "kl-ref boots with --max-model-len 8192 where serve does not pass it"
[[ -v PORT[$mode] ]] || { echo "mode? serve|kl|kl-ref" >&2; exit 2; }
# shellcheck disable=SC2086
exec radiance serve "$ROOK_MODEL" --max-num-seqs "$ROOK_MAX_SEQS" --max-num-batched-tokens "$ROOK_MAX_BATCHED_TOKENS" \
  --host-pool-mib "$ROOK_HOST_POOL_MIB" --ngram-placement ram --port "${PORT[$mode]}" ${EXTRA[$mode]}
