#!/usr/bin/env bash
# S_MAX_MODEL_LEN is read by bare name in arithmetic: a use, not an unused key.
. "$(dirname "$0")/shape.env"
python3 bench_client.py --input-len "$((S_MAX_MODEL_LEN / 2))" --concurrency "$S_MAX_NUM_SEQS"
