package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSelfModeRoleThroughLink: a script whose modes are its file names
// (case ${0##*/} in serve.sh) linted through a link's name (bench.sh ->
// serve.sh) still has serve.sh as its proven mode: serve.sh is serve.
// The link's own name made bench.sh the proven one, and argvdrift said
// "serve.sh boots with 64 where bench.sh boots with 16".
func TestSelfModeRoleThroughLink(t *testing.T) {
	dir := t.TempDir()
	src := "#!/bin/bash\nme=${0##*/}\nseqs=64\ncase $me in\n  serve.sh) ;;\n  bench.sh) seqs=16 ;;\nesac\nexec vllm serve /m --max-num-seqs \"$seqs\"\n"
	if err := os.WriteFile(filepath.Join(dir, "serve.sh"), []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("serve.sh", filepath.Join(dir, "bench.sh")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	t.Chdir(dir)
	for _, p := range []string{"serve.sh", "bench.sh"} {
		u := Load(LoadOptions{Paths: []string{p}})
		if len(u.Scripts) != 1 {
			t.Fatalf("%s: %d scripts, errors %v", p, len(u.Scripts), u.Errors)
		}
		roles := map[string]Role{}
		for _, m := range u.Scripts[0].Modes {
			roles[m.Name] = m.Role
		}
		if roles["serve.sh"] != RoleProven || roles["bench.sh"] != RolePlain {
			t.Errorf("linted as %s: roles %v; want serve.sh proven, bench.sh plain", p, roles)
		}
	}
}
