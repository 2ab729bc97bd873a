# want@2 "docker --env-file refuses this file"
export MODEL=org/m
export MAX_NUM_SEQS=8
