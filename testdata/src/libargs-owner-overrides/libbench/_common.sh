# shellcheck shell=bash
ARGS=(--max-num-seqs 256 --port 8001) # want "bench passes its own --max-num-seqs 256, set at the top level of .*libbench/_common.sh, which .*libbench/serve.sh:7 sources; .*serve.env:2 owns it as MAX_NUM_SEQS=128 \(no fix: the proven mode reads \$ARGS too\)"
