#!/bin/bash
# serve.sh [serve|kl|bench]: a mode table whose keys a usage message also
# lists ("${!EXTRA[@]}"). That read of the table made it no mode table, so
# no mode was found and bench's own --max-num-seqs went unseen.
set -euo pipefail
source "$(dirname "$0")/serve.env"
declare -A EXTRA=(
  [serve]=""
  [kl]="--max-logprobs 20"
  [bench]="--disable-log-requests --max-num-seqs 16" # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 64"
)
mode=${1:-serve}
if [[ -z ${EXTRA[$mode]+x} ]]; then
  printf 'usage: %s {%s}\n' "$0" "$(IFS='|'; echo "${!EXTRA[*]}")" >&2
  printf '  %s\n' "${!EXTRA[@]}" >&2
  exit 2
fi
# shellcheck disable=SC2086
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS" ${EXTRA[$mode]}
