package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// One env file named two ways (as the walk found it, and by its absolute
// path or through a symlink in a script's source line) is one EnvFile: its
// findings and fixes are made once.
func TestEnvFileOneFileTwoNames(t *testing.T) {
	dir := testfs.NewTree(t, map[string]string{
		"real/serve.env": "R_MAX_SEQS=8\n",
		"a/run.sh":       "#!/bin/bash\n. PLACEHOLDER\nexec vllm serve /m --max-num-seqs \"$R_MAX_SEQS\"\n",
		"b/run.sh":       "#!/bin/bash\n. \"$(dirname \"$0\")/link.env\"\nexec vllm serve /m --max-num-seqs \"$R_MAX_SEQS\"\n",
	})
	abs := filepath.Join(dir, "real", "serve.env")
	testfs.Write(t, filepath.Join(dir, "a", "run.sh"), "#!/bin/bash\n. "+abs+"\nexec vllm serve /m --max-num-seqs \"$R_MAX_SEQS\"\n")
	if err := os.Symlink(filepath.Join("..", "real", "serve.env"), filepath.Join(dir, "b", "link.env")); err != nil {
		t.Skip(err)
	}
	t.Chdir(dir)
	u := Load(LoadOptions{Paths: []string{"."}})
	if len(u.Envs) != 1 {
		var names []string
		for _, e := range u.Envs {
			names = append(names, e.Path)
		}
		t.Fatalf("env files = %q, want the one file once", names)
	}
	for _, s := range u.Scripts {
		if got := u.Owning[s.Path]; len(got) != 1 || got[0] != u.Envs[0] {
			t.Errorf("%s reads %v, want %s", s.Path, got, u.Envs[0].Path)
		}
	}
}
