#!/usr/bin/env bash
# One script per mode, each sourcing the owning serve.env: bench.sh is its
# own one mode, and its own seat count is a private shape (serve.sh boots
# with the owner's). tiny.sh serves another model, client.sh runs clients,
# calib.sh sets only its own step, same.sh copies the owner's number,
# argmodel.sh serves a model its caller names: none is reported.
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs 512 --port 8001 # want "bench.sh passes --max-num-seqs 512; .*serve.env:2 owns it as MAX_NUM_SEQS=128"
