stop_server() { docker rm -f vllm; }
