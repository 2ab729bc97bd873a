#!/usr/bin/env bash
# defaults.sh's dispatch as an if/elif on ${1:-serve}: the branch's test is
# the mode's, but the owner reference behind its own [[ ]] && in the branch
# was taken as unconditional too, so it overrode bench's 32 and the
# mode-local 32 went unreported (the case form reports it).
. "$(dirname "$0")/v.env"
seqs=$VLLM_MAX_NUM_SEQS
if [[ ${1:-serve} == serve ]]; then :; elif [[ ${1:-serve} == bench ]]; then seqs=32; [[ ${USE_OWNER:-} == 1 ]] && seqs=$VLLM_MAX_NUM_SEQS; fi # want "bench passes --max-num-seqs 32 through the mode-local seqs=32" "bench boots with --max-num-seqs 32 where serve boots with 64"
exec vllm serve /m --max-num-seqs "$seqs"
