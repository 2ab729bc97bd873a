# serve_role ROLE SEATS: one disaggregated SGLang instance.
serve_role() {
  exec python3 -m sglang.launch_server --model-path "$MODEL" --disaggregation-mode "$1" \
    --max-running-requests "$2" --port "$3"
}
