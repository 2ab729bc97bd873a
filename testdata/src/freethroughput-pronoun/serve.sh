#!/usr/bin/env bash
# A claim whose sentence opens with a pronoun ("It's", "This is basically")
# names its subject after the colon, when that widens the step or the
# seats; these were missed once a clause after the claim was read as no
# subject of it. A colon that explains the pronoun's thing widens nothing.
#  - It's free throughput: bump --max-num-seqs to 512 on the H100. # want "comment claims \"free throughput\".*\(freethroughput\)"
#  - This is basically free: doubling max-num-batched-tokens only uses idle compute. # want "comment claims \"is basically free\".*\(freethroughput\)"
#  - Dry run. It costs nothing: it only prints the argv with the step and seats.
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
