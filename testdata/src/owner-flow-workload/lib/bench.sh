# The benchmark client reads the workload's numbers.
run_bench() {
  vllm bench serve --random-input-len "$ISL" --random-output-len "$OSL" --max-concurrency "$((CONCURRENCY * 2))"
}
