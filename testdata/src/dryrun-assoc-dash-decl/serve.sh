#!/usr/bin/env bash
# serve.sh [serve|kl-ref]: a mode table whose key kl-ref the parser reads
# as arithmetic, and nothing else the dry run rewrites: the analysed
# script's preparation never asked for the keys' rewrite, so interp
# panicked on the declaration and no mode was compared.
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
declare -A LEN=([serve]=$MAX_MODEL_LEN [kl-ref]=4096) # want "kl-ref boots with --max-model-len 4096 where serve boots with 1024" "kl-ref passes --max-model-len 4096 through the mode table LEN"
exec vllm serve --model /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-model-len "${LEN[$mode]}"
