#!/usr/bin/env bash
# A claim is said of what its own sentence names before it, and of the rest
# of its clause after it: a clause that explains the subject, or another
# sentence, does not make the step or the seats its subject.
#  - A dry run costs nothing: it only prints the argv with the step and seats.
#  - The HF token costs nothing, get one at huggingface.co/settings/tokens.
#  - Trying 256 concurrent clients costs nothing here, the server queues what it cannot seat.
#  - Step 1: free the port; killing a stale server costs nothing.
#  - It is free throughput if the step is 64k # want "comment claims \"free throughput\".*\(freethroughput\)"
#  - Free throughput: bump the step to 64k. # want "comment claims \"Free throughput\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
