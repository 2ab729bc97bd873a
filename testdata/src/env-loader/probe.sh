#!/usr/bin/env bash
# Loaders that are not a whole word, or that compute one value, read no
# env file: only the first line loads one.
set -euo pipefail
here=$(dirname "$0")
export $(xargs < "$here/.env")
SEQS=$(grep MAX_NUM_SEQS "$here/.env" | cut -d= -f2)
echo "$SEQS"
