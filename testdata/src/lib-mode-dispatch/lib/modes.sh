#!/usr/bin/env bash
# Mode helpers: sourced by serve.sh, never run; serve.sh runs the one its
# first word names. mode_common is a helper the modes call, no mode.
mode_common() { EXTRA=(--seed 0); }
mode_serve() { mode_common; }
mode_kl() { EXTRA=(--max-num-seqs 4 --seed 0); } # want "kl passes its own --max-num-seqs 4, set by mode_kl\(\) in .*lib/modes.sh, which .*serve.sh:8 calls; .*serve.env:2 owns it as MAX_NUM_SEQS=64"
mode_status() { echo "up"; }
