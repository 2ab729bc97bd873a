#!/usr/bin/env bash
# bench adds its own --max-num-seqs after the library's flags: a drift the
# dry run shows once the library's < <(…) is read (every mode was 'could
# not be evaluated' while a sourced file's process substitution was
# refused).
set -euo pipefail
. "$(dirname "$0")/serve.env"
. "$(dirname "$0")/lib/common.sh"
build
case "${1:-serve}" in
  serve) exec vllm serve /m "${base[@]}" ;;
  eval) exec vllm serve /m "${base[@]}" --seed 1 ;;
  bench) exec vllm serve /m "${base[@]}" --max-num-seqs 16 ;; # want "bench boots with --max-num-seqs 16 where serve boots with 8" "bench passes --max-num-seqs 16; .*serve.env:1 owns it"
esac
