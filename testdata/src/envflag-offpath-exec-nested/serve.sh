#!/usr/bin/env bash
# Two flags: LOW's off path boots and ends the script, so what follows is
# LOW=1's; FAST, tested only there, runs only with LOW=1 set: its branch
# is LOW=1's code under a condition, not a mode FAST=1 (which, run alone,
# boots the off path).
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${LOW:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
[[ ${FAST:-0} == 1 ]] && MAX_NUM_SEQS=32 # want "^LOW=1 re-assigns the owner MAX_NUM_SEQS=32 inside the mode under a condition, so --max-num-seqs may get 32; .*serve.env:2 owns it as MAX_NUM_SEQS=256 \(privateshape\)"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --enforce-eager
