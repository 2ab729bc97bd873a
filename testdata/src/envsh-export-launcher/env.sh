# Read by launch.sh alone, which boots the engine and runs nothing else:
# the export reaches only SGLang, which takes its sizes from its argv, so
# the chunk size the launch forgot to pass is reported.
export SGL_MODEL_PATH=Qwen/Qwen2.5-7B-Instruct
export SGL_MAX_RUNNING_REQUESTS=128
export SGL_CHUNKED_PREFILL_SIZE=8192
# want@6 "SGL_CHUNKED_PREFILL_SIZE owns --chunked-prefill-size but no script that reads this file uses it"
