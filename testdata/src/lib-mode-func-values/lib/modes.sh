#!/usr/bin/env bash
mode_kl() {
  SEQS=4 # want "kl sets SEQS=4 in mode_kl\(\) in .*lib/modes.sh, which .*serve.sh:14 calls, so --max-num-seqs gets 4; .*serve.env:2 owns it as MAX_NUM_SEQS=64"
}
mode_bench() {
  EXTRA=(--max-num-batched-tokens=4096) # want "bench passes its own --max-num-batched-tokens 4096, set by mode_bench\(\) in .*lib/modes.sh, which .*serve.sh:15 calls; .*serve.env:3 owns it as MAX_NUM_BATCHED_TOKENS=8192"
}
