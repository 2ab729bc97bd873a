#!/usr/bin/env bash
# Mode helpers: sourced by serve.sh, never run.
mode_serve() { EXTRA=(--seed 0); }
mode_kl() { EXTRA=(--seed 0 --max-num-seqs 4); } # want "kl passes its own --max-num-seqs 4, set by mode_kl\(\) in .*lib/modes.sh, which .*serve.sh:12 calls; .*serve.env:2 owns it as MAX_NUM_SEQS=64"
mode_bench() { EXTRA+=(--max-num-seqs 16 --seed 1); } # want "bench passes its own --max-num-seqs 16, set by mode_bench\(\) in .*lib/modes.sh, which .*serve.sh:13 calls"
