package parser

import (
	"strings"
	"testing"
)

// A select menu of literal words at the top level (or in main "$@")
// selects the mode: each word a test of its variable names is a mode,
// evaluated with the menu's pick set to it and REPLY its number. A menu
// whose words or variable are not known before the run is no pick.
func TestSelectModes(t *testing.T) {
	const launch = "\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	const dispatch = "\ncase $mode in serve) ;; bench) seqs=16 ;; kl) seqs=2 ;; esac"
	const menu = "select mode in serve bench; do break; done"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"plain", menu + dispatch, "serve=1|bench=2"},
		{"order", "select mode in bench kl serve; do break; done" + dispatch, "serve=3|bench=1|kl=2"},
		{"quoted", "select mode in 'serve' \"bench\"; do break; done" + dispatch, "serve=1|bench=2"},
		{"while", "while true; do\n" + menu + "\n[[ -n $mode ]] && break\ndone" + dispatch, "serve=1|bench=2"},
		{"derived", menu + "\nMODE=$mode\ncase $MODE in serve) ;; bench) seqs=16 ;; esac", "serve=1|bench=2"},
		{"main", "main() {\n" + menu + dispatch + launch + "}\nmain \"$@\"", "serve=1|bench=2"},
		{"glob", "select mode in *.yaml; do break; done" + dispatch, ""},
		{"array", "M=(serve bench)\nselect mode in \"${M[@]}\"; do break; done" + dispatch, "serve=1|bench=2"},
		{"array-grown", "M=(serve bench)\nM+=(kl)\nselect mode in \"${M[@]}\"; do break; done" + dispatch, ""},
		{"array-unquoted", "M=(serve bench)\nselect mode in ${M[@]}; do break; done" + dispatch, ""},
		{"reply", "select mode in serve bench; do\ncase $REPLY in 1) ;; 2) seqs=16 ;; 3) seqs=2 ;; esac\nbreak\ndone", "serve=1|bench=2"},
		{"reply-read", "read -r REPLY\nselect mode in serve bench; do break; done\ncase $REPLY in 1) ;; 2) seqs=16 ;; esac", ""},
		{"assigned", "mode=serve\n" + menu + dispatch, ""},
		{"read", "read -r mode\n" + menu + dispatch, ""},
		{"read-other", "read -rp 'model? ' model\n" + menu + dispatch, ""},
		{"two-loops", menu + "\nfor mode in a b; do :; done" + dispatch, ""},
		{"two-menus", menu + "\nselect m2 in a b; do break; done" + dispatch, ""},
		{"models", "select model in llama qwen; do break; done\ncase $model in llama) seqs=4 ;; qwen) seqs=16 ;; esac", ""},
		{"in-func", "pick() { " + menu + "; }\npick" + dispatch, ""},
	} {
		s := ParseScript("/x/serve.sh", []byte("#!/bin/bash\nseqs=8\n"+tc.src+launch))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, m := range s.Modes {
			if v, r := s.MenuPick(m); r != "" {
				env, params := s.EvalSelectors(m)
				if v != SelectVar("mode") || len(env) != 0 || params == nil || len(params) != 0 {
					t.Errorf("%s: %s: MenuPick variable %q, EvalSelectors = %q, %q; want the menu's variable, no selector, no words", tc.name, m.Name, v, env, params)
				}
				got = append(got, m.Name+"="+r)
			}
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%s: select modes %q, want %q", tc.name, g, tc.want)
		}
		if menus := s.SelectMenus(); (len(menus) > 0) != (tc.want != "") {
			t.Errorf("%s: SelectMenus = %v", tc.name, menus)
		}
	}
}
