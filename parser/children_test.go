package parser

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestChildScripts: a dispatcher whose modes run the repository's launcher
// ("$here/launch.sh" --max-num-seqs 32, where launch.sh runs exec vllm
// serve … "$@") has its modes, each an invocation through the launcher
// with the mode's words as flags, and the launcher's env file owns its
// numbers, though its shell never reads it; linted alone too, the
// launcher read beside it.
func TestChildScripts(t *testing.T) {
	dir, err := filepath.Abs("../testdata/src/child-dispatch")
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "run.sh")
	for _, paths := range [][]string{{dir}, {run}} {
		u := Load(LoadOptions{Paths: paths})
		s := u.ScriptAt(run)
		if s == nil {
			t.Fatalf("%v: run.sh not loaded", paths)
		}
		var names []string
		for _, m := range s.Modes {
			names = append(names, m.Name)
		}
		if want := []string{"serve", "bench", "kl"}; !slices.Equal(names, want) {
			t.Errorf("%v: modes %q, want %q", paths, names, want)
		}
		var kl *Flag
		for _, inv := range s.Invocations {
			if inv.Child != filepath.Join(dir, "launch.sh") {
				t.Errorf("%v: invocation at %d reaches the engine through %q", paths, inv.Start, inv.Child)
			}
			for _, f := range inv.Flags {
				if f.Canon == "--max-num-seqs" && f.NameStart >= 0 {
					kl = f
				}
			}
		}
		if kl == nil || s.Text(kl.NameStart, kl.ValEnd) != "--max-num-seqs 32" || len(kl.Modes) != 1 || kl.Modes[0].Name != "kl" {
			t.Errorf("%v: kl's own flag not found: %+v", paths, kl)
		}
		owning := u.Owning[run]
		if len(owning) != 1 || filepath.Base(owning[0].Path) != "serve.env" {
			t.Fatalf("%v: owning %v, want serve.env", paths, owning)
		}
		if u.ShellReads(s, owning[0]) {
			t.Errorf("%v: run.sh's shell said to read serve.env", paths)
		}
	}
}

// TestChildExportOnlyModes: a branch whose only change is an export of a
// variable the child script's engine words read from their environment is
// a mode (bench) export SEQS=64 ;;); one whose assignment is not exported,
// or is exported in a subshell, is not.
func TestChildExportOnlyModes(t *testing.T) {
	dir, err := filepath.Abs("../testdata/src/child-export-only")
	if err != nil {
		t.Fatal(err)
	}
	u := Load(LoadOptions{Paths: []string{dir}})
	for file, want := range map[string][]string{"run.sh": {"serve", "bench"}, "quiet.sh": nil} {
		s := u.ScriptAt(filepath.Join(dir, file))
		if s == nil {
			t.Fatalf("%s not loaded", file)
		}
		var names []string
		for _, m := range s.Modes {
			names = append(names, m.Name)
		}
		if !slices.Equal(names, want) {
			t.Errorf("%s: modes %q, want %q", file, names, want)
		}
	}
}
