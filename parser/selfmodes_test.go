package parser

import (
	"strings"
	"testing"
)

// A case on the name the script runs as names a mode per arm, run with $0
// that name (Mode.Self); the script's own name is the proven mode: its arm,
// the arm its name falls to (*)), or the shared path, unless that arm
// refuses it (the first mode is then, as SPEC's proven mode).
func TestSelfModes(t *testing.T) {
	const launch = "\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"basename", `case "$(basename "$0")" in serve.sh) ;; bench.sh) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"basename--", `case $(basename -- "$0") in serve.sh) ;; bench.sh) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"param", `case "${0##*/}" in bench.sh) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"default-arm", `case ${0##*/} in bench.sh) seqs=16 ;; *) seqs=4 ;; esac`, "bench.sh=bench.sh|serve.sh=serve.sh*"},
		{"default-exits", `case ${0##*/} in bench.sh) seqs=16 ;; kl.sh) seqs=2 ;; *) exit 2 ;; esac`, "bench.sh=bench.sh?|kl.sh=kl.sh"},
		{"suffix-var", "me=$(basename \"$0\" .sh)\ncase $me in serve) ;; bench) seqs=16 ;; esac", "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"not-0", `case "$(basename "$1")" in bench.sh) seqs=16 ;; esac`, ""},
		{"var-twice", "me=${0##*/}\nme=x\ncase $me in bench.sh) seqs=16 ;; esac", ""},
		{"no-arm-boots", `case "${0##*/}" in bench.sh) echo bench ;; esac`, ""},
		{"empty-stem", "me=$(basename \"$0\" .sh)\ncase $me in \"\") seqs=2 ;; bench) seqs=16 ;; esac", "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"glob", `case "${0##*/}" in *bench*) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"glob-no-ext", `case ${0##*/} in *bench) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench=bench"},
		{"glob-own", `case ${0##*/} in serve*) seqs=4 ;; bench.sh) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"glob-taken", `case ${0##*/} in bench.sh) seqs=4 ;; bench*) seqs=16 ;; esac`, "serve.sh=serve.sh*|bench.sh=bench.sh|bench=bench"},
		{"glob-suffix", "me=$(basename \"$0\" .sh)\ncase $me in *bench*) seqs=16 ;; esac", "serve.sh=serve.sh*|bench.sh=bench.sh"},
		{"glob-no-word", `case ${0##*/} in *.sh) seqs=4 ;; ?) seqs=2 ;; esac`, ""},
		{"dirname", `case "${0%/*}" in bench.sh) seqs=16 ;; esac`, ""},
	} {
		s := ParseScript("/x/serve.sh", []byte("#!/bin/bash\nseqs=8\n"+tc.src+launch))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, m := range s.Modes {
			g := m.Name + "=" + m.Self
			if m.Role == RoleProven {
				g += map[bool]string{false: "*", true: "?"}[m.Guessed] // ?: the first, no own name
			}
			got = append(got, g)
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%s: modes %q, want %q", tc.name, g, tc.want)
		}
		for _, m := range s.Modes {
			if env, params := s.EvalSelectors(m); env != nil || params == nil || len(params) != 0 {
				t.Errorf("%s: %s evaluated with env %q, params %q; want none", tc.name, m.Name, env, params)
			}
		}
	}
}
