#!/usr/bin/env bash
# argv elements that depend on the output of commands that are not run.
set -euo pipefail
MODEL=$(curl -s http://config.internal/model)
TP=$(nvidia-smi -L | wc -l)
here=$(dirname "$(readlink -f "$0")")
exec radiance serve "$MODEL" --tp "$TP" --max-num-seqs 8 --config "$here/cfg.yaml" --name "run-$(date +%Y%m%d)"
