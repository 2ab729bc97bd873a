#!/usr/bin/env bash
mode_serve() { EXTRA=(--seed 0); }
mode_kl() { EXTRA=(--seed 0 --max-num-seqs "$MAX_NUM_SEQS"); }
mode_bench() { local EXTRA=(--max-num-seqs 8); echo "${EXTRA[@]}"; }
mode_eval() { ( EXTRA=(--max-num-seqs 8) ); }
mode_score() { EXTRA=(--max-num-seqs 8); }
mode_pipe() { EXTRA=(--max-num-seqs 8); }
mode_dead() { EXTRA=(--max-num-seqs 8); EXTRA=(--seed 2); }
