package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestFuncSourcer: a function that sources the file an argument names, in
// the caller's shell, and whether allexport is on there.
func TestFuncSourcer(t *testing.T) {
	for _, tc := range []struct {
		src       string
		ok        bool
		arg       int
		allExport bool
	}{
		{`f() { . "$1"; }`, true, 1, false},
		{`f() { set -a; source "${1}"; set +a; }`, true, 1, true},
		{`f() { local f=$1; [[ -f $f ]] || exit 1; set -a; . "$f"; set +a; }`, true, 1, true},
		{`f() { local name=$1 f=$2; set -o allexport; . "$f"; }`, true, 2, true},
		{`f() { f=$1; set -a; set +a; . "$f"; }`, true, 1, false},
		{`f() { . "${1:?usage: f FILE}"; }`, true, 1, false},
		{`f() ( set -a; . "$1" )`, false, 0, false},               // a subshell: not the caller's shell
		{`f() { ( . "$1" ); }`, false, 0, false},                  // the same
		{`f() { shift; . "$1"; }`, false, 0, false},               // another argument
		{`f() { set -- a; . "$1"; }`, false, 0, false},            // new positional parameters
		{`f() { local f=$1; f=x.env; . "$f"; }`, false, 0, false}, // f is not only $1
		{`f() { . "$1/x.env"; }`, true, 1, false},                 // a path built around it (tmpl)
		{`f() { . "$here/env/${2}.env"; }`, true, 2, false},       // the same
		{`f() { local d=/etc; . "$d/$1.env"; }`, false, 0, false}, // the function's own variable
		{`f() { . "$(dirname "$0")/env/$1.env"; }`, true, 1, false},
		{`f() { . "$(dirname "$1")/x.env"; }`, false, 0, false},       // the parameter in the command
		{`f() { local d; . "$(cat "$d")/$1.env"; }`, false, 0, false}, // the function's variable
		{`f() { . "$1/$2.env"; }`, false, 0, false},                   // two parameters
		{`f() { . $1/*.env; }`, false, 0, false},                      // a glob
		{`f() { . "$1/$#.env"; }`, false, 0, false},                   // another special parameter
		{`f() { . "$1"; . "$2"; }`, false, 0, false},                  // two
		{`f() { . "$FILE"; }`, false, 0, false},
		{`f() { . "$1" & }`, false, 0, false},
		{`f() { cat "$1" | . /dev/stdin; }`, false, 0, false},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
		if err != nil {
			t.Fatal(err)
		}
		fd := f.Stmts[0].Cmd.(*syntax.FuncDecl)
		sc, ok := funcSourcer(fd)
		// A word that builds a path around the parameter is a template.
		tmpl := tc.ok && strings.Contains(tc.src, `.env"`)
		if ok != tc.ok || sc.arg != tc.arg || sc.allExport != tc.allExport || (sc.tmpl != nil) != tmpl {
			t.Errorf("%s: got %+v %v, want arg %d allExport %v ok %v", tc.src, sc, ok, tc.arg, tc.allExport, tc.ok)
		}
	}
}

// TestSourcerCalls: a call of a function that sources its argument (the
// script's own, or one a sourced library defines) links the file the
// call's word names, as `. WORD` at the call would, exported when the
// function turns allexport on; per mode when the word holds the mode.
func TestSourcerCalls(t *testing.T) {
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
	write("lib/common.sh", `load_env() { local f=$1; set -a; . "$f"; set +a; }
`)
	write("env/a.env", "A_MAX_NUM_SEQS=8\n")
	write("env/b.env", "B_MAX_NUM_SEQS=8\n")
	write("env/serve.env", "C_MAX_NUM_SEQS=8\n")
	write("env/bench.env", "C_MAX_NUM_SEQS=8\n")
	write("lib.sh", `here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib/common.sh"
load_env "$here/env/a.env"
exec vllm serve /m --max-num-seqs "$A_MAX_NUM_SEQS"
`)
	write("own.sh", `here=$(dirname "$0")
load() { . "$1"; }
load "$here/env/b.env"
exec vllm serve /m --max-num-seqs "$B_MAX_NUM_SEQS"
`)
	write("env/tpl.env", "T_MAX_NUM_SEQS=8\n")
	// A path built around the argument: linked at a literal call only.
	write("tpl.sh", `here=$(dirname "$0")
load() { . "$here/env/$1.env"; }
load tpl
load "$MODE"
exec vllm serve /m --max-num-seqs "$T_MAX_NUM_SEQS"
`)
	write("modes.sh", `here=$(dirname "$0")
. "$here/lib/common.sh"
mode=${1:-serve}
load_env "$here/env/$mode.env"
case $mode in
  serve) exec vllm serve /m --max-num-seqs "$C_MAX_NUM_SEQS" ;;
  bench) exec vllm serve /m --max-num-seqs "$C_MAX_NUM_SEQS" ;;
esac
`)
	u := Load(LoadOptions{Paths: []string{root}})
	owning := func(name string) []string {
		var out []string
		for _, e := range u.Owning[filepath.Join(root, name)] {
			out = append(out, filepath.Base(e.Path))
		}
		return out
	}
	if got := owning("lib.sh"); len(got) != 1 || got[0] != "a.env" {
		t.Errorf("lib.sh owning %v, want [a.env]", got)
	}
	if got := owning("own.sh"); len(got) != 1 || got[0] != "b.env" {
		t.Errorf("own.sh owning %v, want [b.env]", got)
	}
	if got := owning("tpl.sh"); len(got) != 1 || got[0] != "tpl.env" {
		t.Errorf("tpl.sh owning %v, want [tpl.env]", got)
	}
	if got := owning("modes.sh"); len(got) != 2 {
		t.Errorf("modes.sh owning %v, want serve.env and bench.env", got)
	}
	s := u.ScriptAt(filepath.Join(root, "lib.sh"))
	if e := u.envs[filepath.Join(root, "env/a.env")]; !u.SourcesAllExported(s, e) {
		t.Errorf("lib.sh: a.env not sourced under allexport")
	}
	s = u.ScriptAt(filepath.Join(root, "own.sh"))
	if e := u.envs[filepath.Join(root, "env/b.env")]; u.SourcesAllExported(s, e) {
		t.Errorf("own.sh: b.env sourced under allexport")
	}
	s = u.ScriptAt(filepath.Join(root, "modes.sh"))
	for _, ref := range s.Sources {
		if filepath.Base(ref.Path) == "serve.env" && (len(ref.Modes) != 1 || ref.Modes[0].Name != "serve") {
			t.Errorf("modes.sh: serve.env read in %v, want serve only", ref.Modes)
		}
	}
}

// TestChosenDefault: a path built from a variable a getopts option may
// set is the default run's (the default set before the loop); one that
// getopts alone sets, or that the script sets again later, is not known.
func TestChosenDefault(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // "" not known
	}{
		{"M=${M:-a}\nwhile getopts m: o; do case $o in m) M=$OPTARG ;; esac; done\n. \"m/$M.env\"\n", "/x/m/a.env"},
		{"M=a\nwhile getopts m: o; do case $o in m) M=\"$OPTARG\" ;; esac; done\n. \"m/$M.env\"\n", "/x/m/a.env"},
		{"while getopts m: o; do case $o in m) M=$OPTARG ;; esac; done\n. \"m/$M.env\"\n", ""},
		{"M=a\nwhile getopts m: o; do case $o in m) M=$OPTARG ;; esac; done\nM=b$M\n. \"m/$M.env\"\n", ""},
	} {
		s := ParseScript("/x/serve.sh", []byte(tc.src))
		s.Analyze(RoleMatcher{})
		got := ""
		for _, ref := range s.Sources {
			got = ref.Path
		}
		if got != tc.want {
			t.Errorf("%q: source path %q, want %q", tc.src, got, tc.want)
		}
	}
}
