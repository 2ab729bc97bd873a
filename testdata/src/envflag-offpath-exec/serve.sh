#!/usr/bin/env bash
# The flag's off path is the default boot, which ends the script: what
# follows runs only with LOW_MEM=1, a mode that carries its own literal
# for an owned flag.
set -euo pipefail
here=$(dirname "$0")
source "$here/serve.env"
[[ ${LOW_MEM:-0} == 1 ]] || exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
exec vllm serve "$MODEL" --max-num-seqs 32 # want "LOW_MEM=1 passes --max-num-seqs 32; .*serve.env:2 owns it as MAX_NUM_SEQS=256.*privateshape" "LOW_MEM=1 boots with --max-num-seqs 32 where serve boots with 256.*argvdrift"
