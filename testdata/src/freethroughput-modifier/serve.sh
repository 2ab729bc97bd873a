#!/usr/bin/env bash
# A word for the step or the seats that labels a procedure's step or
# modifies another noun does not make the claim about the step or the seats:
#  - Step 2 is free if the container is already up.
#  - The next step is free: the image is cached.
#  - Batch jobs run overnight when the GPUs are idle, so they are essentially free.
#  - Tokens per second are logged for free by the metrics endpoint.
#  - Throughput metrics come for free with --enable-metrics.
#  - Prometheus scraping of the step counter comes for free.
#  - Throughput test: zero cost if the server is already warm.
# A widening or a name of the step itself still is, and so is a verb after it:
#  - Step 65536 is free throughput # want "comment claims \"free throughput\".*\(freethroughput\)"
#  - a wider step runs faster: free throughput # want "comment claims \"free throughput\".*\(freethroughput\)"
#  - more seats queue in the scheduler, so they are free # want "comment claims \"are free\".*\(freethroughput\)"
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
