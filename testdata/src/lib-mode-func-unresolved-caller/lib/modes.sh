#!/usr/bin/env bash
mode_serve() { EXTRA=(); }
mode_kl() { EXTRA=(--max-num-seqs 4); } # want "kl passes its own --max-num-seqs 4, set by mode_kl\(\) in .*lib/modes.sh, which .*serve.sh:11 calls; .*serve.env:2 owns it as MAX_NUM_SEQS=64 \(no fix: eval.sh calls mode_kl too\)"
