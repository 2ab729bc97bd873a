package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// manyModeScripts are launchers of n modes that each assign the variable a
// shared launch line reads, in the layouts whose resolution was quadratic
// or worse in the number of modes (case arms, functions per mode, an
// if/elif chain, an exec per arm).
func manyModeScripts(n int) map[string][]byte {
	var arms, funcs, elifs, execs strings.Builder
	arms.WriteString("#!/bin/bash\n. ./serve.env\ncase \"${1:-serve}\" in\n  serve) s=$MAX_NUM_SEQS ;;\n")
	funcs.WriteString("#!/bin/bash\n. ./serve.env\nmode_serve() { s=$MAX_NUM_SEQS; }\n")
	elifs.WriteString("#!/bin/bash\n. ./serve.env\nmode=${1:-serve}\nif [[ $mode == serve ]]; then s=$MAX_NUM_SEQS\n")
	execs.WriteString("#!/bin/bash\n. ./serve.env\ncase \"${1:-serve}\" in\n  serve) exec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\" ;;\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&arms, "  m%d) s=%d ;;\n", i, i)
		fmt.Fprintf(&funcs, "mode_m%d() { s=%d; }\n", i, i)
		fmt.Fprintf(&elifs, "elif [[ $mode == m%d ]]; then s=%d\n", i, i)
		fmt.Fprintf(&execs, "  m%d) exec vllm serve /m --max-num-seqs %d ;;\n", i, i)
	}
	arms.WriteString("  *) exit 2 ;;\nesac\nexec vllm serve /m --max-num-seqs \"$s\"\n")
	funcs.WriteString("\"mode_${1:-serve}\"\nexec vllm serve /m --max-num-seqs \"$s\"\n")
	elifs.WriteString("else exit 2; fi\nexec vllm serve /m --max-num-seqs \"$s\"\n")
	execs.WriteString("esac\n")
	return map[string][]byte{"arms": []byte(arms.String()), "funcs": []byte(funcs.String()), "elifs": []byte(elifs.String()), "execs": []byte(execs.String())}
}

// defPicker's per-mode index (indexedPicker) picks what the look through
// every assignment picks, for every variable, mode and use of the cases'
// scripts and of launchers of many modes.
func TestDefPickerAgrees(t *testing.T) {
	files, _ := filepath.Glob("../testdata/src/*/*.sh")
	if len(files) < 100 {
		t.Fatalf("only %d case scripts", len(files))
	}
	scripts := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scripts[f] = src
	}
	for name, src := range manyModeScripts(60) {
		scripts[name] = src
	}
	env := func(k string) bool { return strings.HasPrefix(k, "MAX_") }
	indexed := 0
	for name, src := range scripts {
		s := ParseScript(name, src)
		s.Analyze(RoleMatcher{})
		if s.File == nil {
			continue
		}
		modes := append([]*Mode{nil}, s.Modes...)
		for v, defs := range s.Assigns {
			indexed++
			uses := []int{len(src)}
			for _, a := range defs {
				uses = append(uses, a.End)
			}
			for _, use := range uses {
				useInFunc := s.funcAt(use) != ""
				pick := s.indexedPicker(defs, use, useInFunc, env, v)
				for _, m := range modes {
					if got, want := pick(m), s.pickDef(defs, nil, m, use, useInFunc, env, v); got != want {
						t.Fatalf("%s: %s at %d in %s: the index picks %v, the look %v", name, v, use, pickedIn(m), got, want)
					}
				}
			}
		}
	}
	if indexed < 1000 {
		t.Errorf("only %d variables checked", indexed)
	}
}

func pickedIn(m *Mode) string {
	if m == nil {
		return "shared code"
	}
	return m.Name
}
