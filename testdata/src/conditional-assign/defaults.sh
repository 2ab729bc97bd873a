#!/usr/bin/env bash
# Defaults of the owner in an else and behind [[ -v ]] are left to the dry
# run (the env file sets it); a mode's unconditional 32 wins over a guarded
# owner reference after it.
. "$(dirname "$0")/v.env"
if [[ -n ${VLLM_MAX_NUM_SEQS:-} ]]; then echo "seats from v.env" >&2; else VLLM_MAX_NUM_SEQS=16; fi
[[ -v VLLM_MAX_NUM_SEQS ]] || VLLM_MAX_NUM_SEQS=16
seqs=$VLLM_MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=32; [[ ${USE_OWNER:-} == 1 ]] && seqs=$VLLM_MAX_NUM_SEQS ;; # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 64"
esac
exec vllm serve /m --max-num-seqs "$seqs"
