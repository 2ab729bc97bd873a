#!/usr/bin/env bash
# Globs in a guard or a negated test ([[ $mode != bench* ]] || …) were read
# as no test of the mode, literal words only: bench*'s own seats were no
# mode's, and what every mode but serve* runs was shared code.
set -euo pipefail
. "$(dirname "$0")/serve.env"
mode=${1:-serve}
seqs=$MAX_NUM_SEQS
len=$MAX_MODEL_LEN
[[ $mode != serve* && $mode != bench* ]] && { echo "usage: $0 serve*|bench*" >&2; exit 2; }
[[ $mode != bench* ]] || seqs=16 # want "bench \(as bench\*\) passes --max-num-seqs 16 through the mode-local seqs=16" "bench \(as bench\*\) boots with --max-num-seqs 16 where serve boots with 8"
[[ $mode != serve* ]] && len=4096 # want "bench \(as bench\*\) passes --max-model-len 4096 through the mode-local len=4096" "bench \(as bench\*\) boots with --max-model-len 4096 where serve boots with 1024"
exec vllm serve --model /models/m --max-num-seqs "$seqs" --max-model-len "$len"
