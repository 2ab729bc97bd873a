package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLibModeFuncs: a branch that calls a function of a sourced library
// assigning what the argv reads (mode_kl() { EXTRA=(…); } in lib/modes.sh)
// is a mode, as it is with mode_kl defined in the script, and the
// assignment is the mode's (LibModeWrites). A library function called
// from shared code, one that sets nothing the argv reads, one that sets
// the array local or in a subshell, and one of a library that is not
// there make no mode.
func TestLibModeFuncs(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("lib/modes.sh", `mode_serve() { EXTRA=(); }
mode_kl() { EXTRA=(--max-num-seqs 4); }
nested_kl() { mode_kl; }
say() { echo "$@"; }
logdir() { LOG_DIR=/tmp/$1; }
local_kl() { local EXTRA=(--max-num-seqs 4); }
sub_kl() { ( EXTRA=(--max-num-seqs 4) ); }
`)
	head := `. "$(dirname "$0")/lib/modes.sh"
`
	launch := `exec vllm serve /m --max-num-seqs 64 "${EXTRA[@]}"
`
	write("serve.sh", head+`case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
  bench) nested_kl ;;
esac
`+launch)
	write("quiet.sh", head+`mode_kl
case "${1:-serve}" in
  serve) say serve ;;
  kl) logdir kl ;;
  bench) local_kl ;;
  eval) sub_kl ;;
esac
`+launch)
	write("missing.sh", `. "$(dirname "$0")/lib/gone.sh"
case "${1:-serve}" in
  serve) mode_serve ;;
  kl) mode_kl ;;
esac
`+launch)
	u := Load(LoadOptions{Paths: []string{root}})
	modes := map[string][]string{}
	writes := map[string][]string{}
	for _, s := range u.Scripts {
		base := filepath.Base(s.Path)
		for _, m := range s.Modes {
			modes[base] = append(modes[base], m.Name)
		}
		for _, lc := range s.LibModeWrites() {
			for _, w := range lc.Writes {
				writes[base] = append(writes[base], ModeNames(lc.Modes)+":"+w.Func+"/"+w.In+"="+w.Assign.Name.Value)
			}
		}
	}
	want := map[string]string{"serve.sh": "[serve kl bench]", "quiet.sh": "[]", "missing.sh": "[]"}
	for name, w := range want {
		if got := fmtList(modes[name]); got != w {
			t.Errorf("%s: modes %s, want %s", name, got, w)
		}
	}
	if got, w := fmtList(writes["serve.sh"]), "[kl:mode_kl/mode_kl=EXTRA serve:mode_serve/mode_serve=EXTRA bench:nested_kl/mode_kl=EXTRA]"; got != w {
		t.Errorf("serve.sh: library writes %s, want %s", got, w)
	}
	if len(writes["quiet.sh"]) > 0 || len(writes["missing.sh"]) > 0 {
		t.Errorf("library writes where no mode calls one: %v %v", writes["quiet.sh"], writes["missing.sh"])
	}
}

func fmtList(xs []string) string {
	out := "["
	for i, x := range xs {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}
