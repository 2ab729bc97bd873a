# Read by launch.sh and by client.sh, which boots no engine: the exported
# shim stays in its programs' environment (bench_env.py reads it), so the
# fix rewrites the reads and keeps the line.
export MODEL_PATH=Qwen/Qwen2.5-7B-Instruct
export SGL_MAX_RUNNING_REQUESTS=32
export SGL_MEM_FRACTION_STATIC=0.85
export BENCH_MAX_RUNNING_REQUESTS="${SGL_MAX_RUNNING_REQUESTS}"
# want@7 "BENCH_MAX_RUNNING_REQUESTS is a shim of SGL_MAX_RUNNING_REQUESTS"
