# shellcheck shell=bash
# bench's own seat count, in the library only serve.sh sources.
ARGS=(--max-num-seqs 256 --port 8001) # want "bench passes its own --max-num-seqs 256, set at the top level of .*_common.sh, which .*serve.sh:6 sources; .*serve.env:2 owns it as MAX_NUM_SEQS=128"
