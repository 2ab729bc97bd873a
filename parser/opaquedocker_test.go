package parser

import "testing"

// TestOpaqueDockerRun: a docker run is said opaque only when words not
// statically known stand where its image would be and the run would be
// read without them.
func TestOpaqueDockerRun(t *testing.T) {
	for _, tc := range []struct {
		argv  []string
		words []int
		shell bool
	}{
		{[]string{"docker", "run", "--rm", Unknown, "--entrypoint", "/bin/sh", "img", "-c", "vllm serve m"}, []int{3}, true},
		{[]string{"podman", "run", Unknown, Unknown, "--entrypoint=/bin/bash", "img", "-lc", "vllm serve m"}, []int{2, 3}, true},
		// Not a launch of anything known, with or without the words.
		{[]string{"docker", "run", "--rm", Unknown, "img", "python", "train.py"}, nil, false},
		// No opaque word: not this function's to explain.
		{[]string{"docker", "run", "--rm", "img", "-c", "x"}, nil, false},
		{[]string{"docker", "ps", Unknown}, nil, false},
	} {
		words, shell, ok := OpaqueDockerRun(tc.argv, nil)
		if ok != (tc.words != nil) || len(words) != len(tc.words) || shell != tc.shell {
			t.Errorf("OpaqueDockerRun(%q) = %v, %v, %v; want %v, %v", tc.argv, words, shell, ok, tc.words, tc.shell)
			continue
		}
		for i := range words {
			if words[i] != tc.words[i] {
				t.Errorf("OpaqueDockerRun(%q) words = %v, want %v", tc.argv, words, tc.words)
			}
		}
	}
}

// TestEngineBenchmark: an engine's own benchmarks and clients are named;
// its servers, and programs it does not know, are not.
func TestEngineBenchmark(t *testing.T) {
	for _, tc := range []struct {
		argv       []string
		name, kind string
	}{
		{[]string{"exec", "vllm", "bench", "throughput", "--model", "/m"}, "vllm bench throughput", "a benchmark"},
		{[]string{"timeout", "600", "vllm", "chat", "--url", "x"}, "vllm chat", "a client"},
		{[]string{"python3", "-u", "-m", "vllm.entrypoints.cli.main", "bench", "serve", "--model", "/m"}, "python3 -u -m vllm.entrypoints.cli.main bench serve", "a benchmark"},
		{[]string{"python3", "-m", "sglang.bench_offline_throughput", "--model-path", "/m"}, "python3 -m sglang.bench_offline_throughput", "a benchmark"},
		{[]string{"trtllm-bench", "--model", "m", "throughput"}, "trtllm-bench", "a benchmark"},
		{[]string{"vllm", "serve", "/m"}, "", ""},
		{[]string{"python3", "-m", "vllm.entrypoints.cli.main", "serve", "/m"}, "", ""},
		{[]string{"python3", "-m", "sglang.launch_server", "--model-path", "/m"}, "", ""},
		{[]string{"python3", "bench.py", "-m", "sglang.bench_serving"}, "", ""},
		{[]string{"vllm"}, "", ""},
	} {
		name, kind, ok := EngineBenchmark(tc.argv)
		if ok != (tc.name != "") || name != tc.name || kind != tc.kind {
			t.Errorf("EngineBenchmark(%q) = %q, %q, %v; want %q, %q", tc.argv, name, kind, ok, tc.name, tc.kind)
		}
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
