#!/usr/bin/env bash
# Mode helpers: each mode passes the owner's seat count; kl adds a seed.
mode_serve() { EXTRA=(); }
mode_kl() { EXTRA=(--max-num-seqs "$MAX_NUM_SEQS" --seed 1); }
mode_status() { echo "up"; }
