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

// An --entrypoint after opaque options that is itself an engine's program
// (python3 -m vllm.entrypoints…, vllm), or "" that makes the words after
// the image the command, is read as the regular path reads it: the
// engine was lost (no engine, "could not be evaluated").
func TestOpaqueOptionsEngineEntrypoint(t *testing.T) {
	img := "vllm/vllm-openai:v0.6.3"
	for _, c := range []struct {
		argv  []string
		start int
	}{
		{[]string{"docker", "run", "--rm", Unknown, "--entrypoint", "python3", img, "-m", "vllm.entrypoints.openai.api_server", "--max-num-seqs", "8"}, 6},
		{[]string{"docker", "run", "--rm", Unknown, "--entrypoint=vllm", img, "serve", "/m", "--max-num-seqs", "8"}, 5},
		{[]string{"docker", "run", "--rm", Unknown, "--entrypoint", "", img, "vllm", "serve", "/m", "--max-num-seqs", "8"}, 7},
	} {
		ec, ok := DetectEngine(c.argv)
		if !ok || ec.Start != c.start || ec.Docker == nil || ec.Docker.Image != c.start-boolInt(c.argv[c.start] == "vllm") {
			t.Errorf("DetectEngine(%q) = %+v, %v; want the engine at %d", c.argv, ec, ok, c.start)
			continue
		}
		if got := c.argv[ec.ArgStart:]; len(got) == 0 || got[len(got)-2] != "--max-num-seqs" {
			t.Errorf("DetectEngine(%q): arguments %q", c.argv, got)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
