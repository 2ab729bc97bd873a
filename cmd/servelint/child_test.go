package main

import (
	"strings"
	"testing"
)

// TestArgvChildScript: servelint argv on a dispatcher whose modes run the
// repository's launcher (exec "$here/launch.sh" --max-num-seqs 32) finds
// its modes statically and prints the argv each hands the engine through
// the launcher, interpreted in the sandbox, the mode's words in its "$@"
// (it said "no modes found statically", then "could not be evaluated").
func TestArgvChildScript(t *testing.T) {
	script := "../../testdata/src/child-dispatch/run.sh"
	out, errOut, code := lintDir(t, "argv", script)
	if code != exitFindings {
		t.Fatalf("argv: exit %d, want 1 (kl differs)\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"== serve (proven)\nvllm\nserve\n/m\n--max-num-seqs\n256\n",
		"== bench (plain)\nvllm\nserve\n/m\n--max-num-seqs\n64\n--port\n8001\n",
		"== kl (scoring)\nvllm\nserve\n/m\n--max-num-seqs\n256\n--max-num-seqs\n32\n",
		"# note: launch.sh: run as a child script in the sandbox",
		"== kl differs from serve:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("argv output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(errOut, "no modes found") || strings.Contains(out, "could not be evaluated") {
		t.Errorf("argv: modes not found or not evaluated:\n%s%s", out, errOut)
	}
	out, errOut, _ = lintDir(t, "argv", script, "kl")
	if !strings.Contains(out, "--max-num-seqs\n32\n") || strings.Contains(errOut, "no modes found") {
		t.Errorf("argv run.sh kl:\n%s%s", out, errOut)
	}
}
