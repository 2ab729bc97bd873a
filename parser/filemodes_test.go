package parser

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// modeNames returns the names of the modes of the script at p once the
// unit of paths is loaded.
func modeNames(t *testing.T, p string, paths ...string) []string {
	t.Helper()
	u := Load(LoadOptions{Paths: paths})
	for _, s := range u.Scripts {
		if s.Path == p {
			var out []string
			for _, m := range s.Modes {
				out = append(out, m.Name)
			}
			slices.Sort(out)
			return out
		}
	}
	t.Fatalf("%s not loaded", p)
	return nil
}

// The files of an overlay's directory are modes only when the directory
// lies inside the linted tree: linting sub/ alone, ../serve.env and
// ../bench.env are not read, nor listed.
func TestFileModesInTreeOnly(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(root, "common.env"): "MODEL=/m\nMAX_NUM_SEQS=128\n",
		filepath.Join(root, "serve.env"):  "PORT=8000\n",
		filepath.Join(root, "bench.env"):  "PORT=8001\nMAX_NUM_SEQS=512\n",
		filepath.Join(sub, "run.sh"): "#!/usr/bin/env bash\nhere=$(cd \"$(dirname \"$0\")\" && pwd)\nmode=${1:-serve}\n" +
			". \"$here/../common.env\"\n. \"$here/../$mode.env\"\nexec vllm serve \"$MODEL\" --max-num-seqs \"$MAX_NUM_SEQS\" --port \"$PORT\"\n",
	}
	for p, src := range files {
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := filepath.Join(sub, "run.sh")
	if got := modeNames(t, script, sub); len(got) != 0 {
		t.Errorf("linting sub/ only: modes %v, want none (the files lie outside the tree)", got)
	}
	if got := modeNames(t, script, root); !slices.Equal(got, []string{"bench", "serve"}) {
		t.Errorf("linting the whole tree: modes %v, want [bench serve]", got)
	}
}
