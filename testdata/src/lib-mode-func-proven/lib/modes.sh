#!/usr/bin/env bash
mode_common() { EXTRA=(--max-num-seqs 4); } # want "serve\|kl passes its own --max-num-seqs 4, set by mode_common\(\) in .*lib/modes.sh, which .*serve.sh:10 calls; .*serve.env:2 owns it as MAX_NUM_SEQS=64 \(no fix: serve, the proven mode, boots with it"
