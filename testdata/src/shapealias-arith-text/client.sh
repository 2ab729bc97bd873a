#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/r.env"
let "k = J_KL_MAX_SEQS + 2"
declare -i d=J_KL_MAX_SEQS # want "the script reads J_KL_MAX_SEQS in arithmetic text"
[[ J_KL_MAX_SEQS -gt 4 ]] && echo big # want "the script reads J_KL_MAX_SEQS in arithmetic text"
python3 c.py --k "$k" --d "$d"
# (mvdan/sh does not parse a comment after let's arguments)
# want@4 "the script reads J_KL_MAX_SEQS in arithmetic text, a shim of J_MAX_SEQS"
