# shellcheck shell=bash
declare -a ARGS=(--max-num-seqs 256 --port 8001) # want "bench passes its own --max-num-seqs 256, set at the top level of .*f2/_common.sh, which .*f2/serve.sh:6 sources; .*serve.env:2 owns it as MAX_NUM_SEQS=128"
