# Shared by serve.sh and bench.sh. An exported key is handed to every
# child (bench.py reads MAX_NUM_BATCHED_TOKENS from its environment); an
# unexported one no script uses is still reported.
export MODEL=meta-llama/Llama-3.1-8B-Instruct
export MAX_NUM_SEQS=128
export MAX_NUM_BATCHED_TOKENS=8192
MAX_MODEL_LEN=4096
# want@7 "MAX_MODEL_LEN owns --max-model-len but no script that reads this file uses it"
