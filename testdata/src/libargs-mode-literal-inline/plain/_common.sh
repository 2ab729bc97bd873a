# shellcheck shell=bash
ARGS=(--max-num-seqs=256 --port 8001) # want "bench passes its own --max-num-seqs 256, set at the top level of .*plain/_common.sh, which .*plain/serve.sh:6 sources; .*serve.env:2 owns it as MAX_NUM_SEQS=128"
