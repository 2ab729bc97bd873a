package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestArgvShellString: servelint argv on a mode that runs the engine in a
// `docker run … IMAGE bash -c "…"` string prints the engine's argv, read
// from the string's script interpreted in the sandbox (not the image
// followed by bash -c STRING), and its launcher up to the string.
func TestArgvShellString(t *testing.T) {
	script := "../../testdata/src/shell-string-docker/s.sh"
	out, errOut, code := lintDir(t, "argv", script, "serve", "bench")
	if code != exitFindings {
		t.Fatalf("argv: exit %d, want 1 (bench differs)\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"== serve (proven)\nvllm\nserve\n/models/llama\n--max-num-seqs\n16\n", "== bench differs from serve:", "-16\n+64\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("argv output lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = lintDir(t, "argv", "--format", "json", script, "serve")
	var res []struct {
		Argv     []string `json:"argv"`
		Launcher []string `json:"launcher"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res) != 1 {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if want := []string{"vllm", "serve", "/models/llama", "--max-num-seqs", "16"}; !slices.Equal(res[0].Argv, want) {
		t.Errorf("argv %q, want %q", res[0].Argv, want)
	}
	l := res[0].Launcher
	if len(l) < 4 || l[0] != "docker" || l[len(l)-2] != "-c" || !strings.HasPrefix(l[len(l)-1], "pip install -q x && vllm serve") {
		t.Errorf("launcher %q, want docker run … bash -c STRING", l)
	}
}
