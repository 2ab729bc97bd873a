# shellcheck shell=bash
SEQS=256
