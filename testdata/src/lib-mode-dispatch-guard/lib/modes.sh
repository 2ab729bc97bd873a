#!/usr/bin/env bash
# Mode helpers shared by several scripts; serve.sh lets only serve and kl
# through, so mode_bench never runs there.
mode_serve() { EXTRA=(); }
mode_kl() { EXTRA=(--max-num-seqs 4); } # want "kl passes its own --max-num-seqs 4, set by mode_kl\(\) in .*lib/modes.sh, which .*serve.sh:10 calls; .*serve.env:2 owns it as MAX_NUM_SEQS=64"
mode_bench() { EXTRA=(--max-num-seqs 16); }
