#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/f.env"
python3 calib_client.py --concurrency "$F_MAX_SEQS"
echo "concurrency=$F_CALIB_MAX_SEQS" # servelint:ignore shapealias -- the client keeps its own name
