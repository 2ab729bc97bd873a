#!/usr/bin/env bash
# The only script passes its own seat count: no script boots with the
# owner's, so which number is proven is not known. envowner says the key
# is unused; privateshape says nothing.
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-model-len "$MAX_MODEL_LEN" --max-num-seqs 512
