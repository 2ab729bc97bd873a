package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzModel builds the model of arbitrary scripts: it must never panic, and
// every span it hands the rules must lie inside the file.
func FuzzModel(f *testing.F) {
	seeds, _ := filepath.Glob("../testdata/src/*/*.sh")
	seeds = append(seeds, "../examples/frank-archon/scripts/frank-archon.sh")
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("case $1 in a) x=(--max-num-seqs 1);; esac\nradiance \"${x[@]}\"\n"))
	f.Add([]byte("#!/bin/sh\nif [ \"$1\" = b ]; then exec vllm serve m --max-num-seqs=$((N*2)); fi\n"))
	f.Add([]byte("A=\"--max-num-seqs $N\"\ncase $1 in b) A=\"$A --port=$P x\" ;; c) A+=\" --tp 2\" & vllm serve m & ;; esac\nvllm serve m $A &\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s := ParseScript("fuzz.sh", src)
		s.Analyze(RoleMatcher{})
		in := func(what string, a, b int) {
			if a < -1 || b > len(src) || (a >= 0 && a > b) {
				t.Fatalf("%s span [%d,%d) outside the %d-byte file", what, a, b, len(src))
			}
		}
		env := func(string) bool { return false }
		for _, m := range s.Modes {
			in("mode "+m.Name, m.Start, m.End)
			for _, inv := range s.SeveralEngines(m) {
				in("engine of "+m.Name, inv.Start, inv.End)
			}
		}
		for _, inv := range s.Invocations {
			for _, fl := range inv.Flags {
				in("flag "+fl.Name, fl.NameStart, fl.NameEnd)
				in("value of "+fl.Name, fl.ValStart, fl.ValEnd)
				for _, o := range s.Origins(fl.Value, fl.ValStart, fl.Modes, env) {
					in("origin", o.Start, o.End)
				}
			}
		}
		for _, c := range s.Comments {
			in("comment", c.Start, c.End)
		}
		for _, as := range s.Assigns {
			for _, a := range as {
				in("assignment "+a.Name, a.Start, a.End)
				if a.StmtStart >= 0 {
					in("statement of "+a.Name, a.StmtStart, a.StmtEnd)
				}
			}
		}
	})
}
