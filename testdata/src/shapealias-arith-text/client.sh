#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/r.env"
let "k = J_KL_MAX_SEQS + 2"
declare -i d=J_KL_MAX_SEQS
[[ J_KL_MAX_SEQS -gt 4 ]] && echo big
python3 c.py --k "$k" --d "$d"
