# Numbers and a helper: a library, as before.
export MODEL_PATH=Qwen/Qwen2.5-7B-Instruct
export MEM_FRACTION_STATIC=0.85
wait_healthy() { until curl -sf localhost:30000/health; do sleep 1; done; }
