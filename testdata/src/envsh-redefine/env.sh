# Sourced by launch.sh alone: bash reads it top to bottom, so a key
# extended from itself again (PATH=…:$PATH) loses nothing; a key set
# twice to two values still has two owners.
export PATH=/opt/vllm/bin:$PATH
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
export PATH=/opt/tools/bin:$PATH
export LD_LIBRARY_PATH=/opt/nccl/lib:${LD_LIBRARY_PATH}
export MODEL=/models/llama-3.1-8b
export VLLM_MAX_NUM_SEQS=64
export VLLM_MAX_NUM_SEQS=128
# want@10 "VLLM_MAX_NUM_SEQS is defined twice: line 9 \(64\) and line 10 \(128\)"
