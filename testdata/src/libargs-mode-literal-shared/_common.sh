# shellcheck shell=bash
ARGS=(--max-num-seqs 256) # want "bench passes its own --max-num-seqs 256, set at the top level of .*_common.sh, which .*serve.sh:6 sources; .*serve.env:2 owns it as MAX_NUM_SEQS=128 \(no fix: probe.sh sources _common.sh too\)"
