package parser

import "testing"

// A docker run whose options hold opaque words and then an --entrypoint:
// the image's own entrypoint (vllm's, for vllm/vllm-openai) does not run,
// so the words after the image (-c STRING) are not read as its arguments.
func TestOpaqueOptionsEntrypointNotImage(t *testing.T) {
	argv := []string{"docker", "run", "--rm", Unknown, "--entrypoint", "/bin/sh", "vllm/vllm-openai:v0.6.3", "-c", "python3 -m vllm.entrypoints.openai.api_server --max-num-seqs 8"}
	if ec, ok := DetectEngine(argv); ok && ec.Start == 6 {
		t.Errorf("DetectEngine read the image's entrypoint past --entrypoint /bin/sh: %+v", ec)
	}
	// Without the --entrypoint the image's entrypoint runs, as before.
	argv = []string{"docker", "run", "--rm", Unknown, "--gpus", "all", "vllm/vllm-openai:v0.6.3", "--max-num-seqs", "8"}
	if ec, ok := DetectEngine(argv); !ok || ec.Start != 6 {
		t.Errorf("DetectEngine lost the image's engine: %+v %v", ec, ok)
	}
}
