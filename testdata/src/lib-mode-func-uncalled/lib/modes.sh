#!/usr/bin/env bash
say() { echo "[serve] $*" >&2; }
set_log_dir() { LOG_DIR="/tmp/$1"; }
setup_extra() { EXTRA=(--seed 0); }
mode_kl() { EXTRA=(--max-num-seqs 4); }
