package parser

import (
	"strings"
	"testing"
)

// A glob tested against the mode names a mode, evaluated with a word it
// matches that no earlier branch takes; a glob every word or every option
// matches, or one whose literal text is no word, names none.
func TestGlobModes(t *testing.T) {
	const launch = "\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"if", "m=${1:-serve}\nif [[ $m == serve* ]]; then :; elif [[ $m == bench* ]]; then seqs=16; fi", "serve serve*|bench bench*"},
		{"case", "case ${1:-serve} in serve*) ;; bench*) seqs=16 ;; esac", "serve serve*|bench bench*"},
		{"case-inner", "case $1 in *bench*) seqs=16 ;; esac", "bench *bench*"},
		{"not-modes", "case $1 in *) seqs=1 ;; esac\ncase $1 in -*) seqs=2 ;; esac\ncase $1 in --*) seqs=3 ;; esac\ncase $1 in *.yaml) seqs=4 ;; esac\ncase $1 in ?) seqs=5 ;; esac", ""},
		{"quoted", "case $1 in \"bench*\") seqs=16 ;; esac", ""},
		{"classic-test", "if [ \"$1\" = bench* ]; then seqs=16; fi", ""},
		{"case-first-wins", "case $1 in serve*) ;; serve-fast*) seqs=4 ;; serve-x) seqs=5 ;; bench) seqs=6 ;; esac", "serve serve*|bench"},
		{"case-longer-first", "case $1 in serve-fast*) seqs=4 ;; serve*) ;; esac", "serve-fast serve-fast*|serve serve*"},
		{"if-first-wins", "if [[ $1 == serve* ]]; then :; elif [[ $1 == serve-fast* ]]; then seqs=4; elif [[ $1 == serve ]]; then seqs=5; elif [[ $1 == bench* ]]; then seqs=6; fi", "serve serve*|bench bench*"},
		{"literal-first", "case $1 in serve) ;; serve*) seqs=4 ;; bench) seqs=6 ;; esac", "serve|bench"},
	} {
		s := ParseScript("s.sh", []byte("#!/bin/bash\nseqs=8\n"+tc.src+launch))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, m := range s.Modes {
			got = append(got, strings.TrimSpace(m.Name+" "+m.Pattern))
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%s: modes %q, want %q", tc.name, g, tc.want)
		}
	}
}
