package dryrun

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

func TestDirnameBasename(t *testing.T) {
	for in, want := range map[string]string{
		"": ".", "/": "/", "//": "/", "a": ".", "a/": ".", "/a": "/", "/a/b": "/a", "/a/b/": "/a",
		"a/b//c//": "a/b", "//a": "/", "./x.sh": ".",
	} {
		if got := dirname(in); got != want {
			t.Errorf("dirname(%q) = %q, want %q", in, got, want)
		}
	}
	for _, tc := range [][3]string{
		{"", "", ""}, {"/", "", "/"}, {"/a/b/", "", "b"}, {"a", "", "a"}, {"x.sh", ".sh", "x"}, {".sh", ".sh", ".sh"},
		{"/a/b.tar.gz", ".gz", "b.tar"},
	} {
		if got := basename(tc[0], tc[1]); got != tc[2] {
			t.Errorf("basename(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
}

func TestStrftime(t *testing.T) {
	for f, want := range map[string]string{
		"%Y-%m-%d %H:%M:%S": "2026-01-01 00:00:00", "%F_%T": "2026-01-01_00:00:00", "%s": "1767225600",
		"%a %b %e": "Thu Jan  1", "100%%": "100%", "%j %u %w %y": "001 4 4 26",
	} {
		if got, ok := strftime(fixedTime, f); !ok || got != want {
			t.Errorf("strftime(%q) = %q, %v, want %q", f, got, ok, want)
		}
	}
	if _, ok := strftime(fixedTime, "%Q"); ok {
		t.Errorf("strftime accepts %%Q")
	}
}

func TestParseDockerEnvFile(t *testing.T) {
	host := map[string]string{"FROM_HOST": "h"}
	lookup := func(k string) (string, bool) { v, ok := host[k]; return v, ok }
	data := "\xEF\xBB\xBFA=1\n  # comment\n\n  B = x\n"
	keys, vals, err := parseDockerEnvFile([]byte(data), lookup)
	if err == nil || !strings.Contains(err.Error(), "variable 'B ' contains whitespaces") || !slices.Equal(keys, []string{"A"}) {
		t.Errorf("got %q %q %v", keys, vals, err)
	}
	data = "A=\"q\" # not a comment\r\nB='s $X'\nFROM_HOST\nUNSET\nA=2\nC=${D:-x}  \n"
	keys, vals, err = parseDockerEnvFile([]byte(data), lookup)
	want := map[string]string{"A": "2", "B": "'s $X'", "FROM_HOST": "h", "C": "${D:-x}  "}
	if err != nil || !maps.Equal(vals, want) || !slices.Equal(keys, []string{"A", "B", "FROM_HOST", "C"}) {
		t.Errorf("got %q %q %v, want %q", keys, vals, err, want)
	}
	if _, _, err := parseDockerEnvFile([]byte("A=\xff\n"), lookup); err == nil {
		t.Errorf("invalid utf8 accepted")
	}
}

func TestEnvWrapperAssigns(t *testing.T) {
	got, _ := envWrapperAssigns([]string{"env", "-u", "DROP", "A=1", "numactl", "-C", "0", "env", "B=2"}, map[string]string{"DROP": "x", "KEEP": "y"})
	want := map[string]string{"KEEP": "y", "A": "1", "B": "2"}
	if !maps.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, closed := envWrapperAssigns([]string{"env", "-i", "A=1"}, map[string]string{"X": "1"}); !maps.Equal(got, map[string]string{"A": "1"}) || !closed {
		t.Errorf("env -i: %q closed %v", got, closed)
	}
	// An image run after the clearing may set what it lacks (apptainer's
	// %environment, pyxis' --container-image ENV): not closed.
	for _, l := range [][]string{
		{"env", "-i", "A=1", "apptainer", "exec", "img.sif"},
		{"srun", "--export=NONE", "--container-image=nvcr.io/x"},
		{"srun", "--export=NONE", "--container-image", "nvcr.io/x"},
		{"srun", "--container-name=tgi", "--export=NONE"},
	} {
		if _, closed := envWrapperAssigns(l, map[string]string{"X": "1"}); closed {
			t.Errorf("%q: closed", l)
		}
	}
	if _, closed := envWrapperAssigns([]string{"srun", "--export=NONE", "--container-mounts=/d:/d", "-n", "1"}, nil); !closed {
		t.Errorf("srun --export=NONE: not closed")
	}
	// sudo without -E resets the environment (but --preserve-env=LIST);
	// sudo K=V is its policy's to allow: not known.
	base := map[string]string{"A": "1", "B": "2"}
	for _, c := range []struct {
		launcher []string
		want     map[string]string
	}{
		{[]string{"sudo"}, map[string]string{}},
		{[]string{"sudo", "-u", "tgi"}, map[string]string{}},
		{[]string{"sudo", "-E", "-u", "tgi"}, base},
		{[]string{"sudo", "-nE"}, base},
		{[]string{"sudo", "-Eu", "tgi", "B=3"}, map[string]string{"A": "1"}},
		{[]string{"sudo", "--preserve-env=B,C"}, map[string]string{"B": "2"}},
		{[]string{"sudo", "--preserve-env", "--user", "tgi"}, base},
		{[]string{"sudo", "A=9", "env", "B=5"}, map[string]string{"B": "5"}},
		{[]string{"sudo", "-E", "env", "-u", "A"}, map[string]string{"B": "2"}},
	} {
		if got, _ := envWrapperAssigns(c.launcher, base); !maps.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.launcher, got, c.want)
		}
	}
}

func TestResolveInTree(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		if err := os.Symlink(target, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	mk("a/b")
	link("a/b", "in")           // relative, inside
	link(root+"/a", "abs")      // absolute, inside
	link("../..", "a/b/up")     // back to the root
	link("../../..", "a/b/out") // leaves the tree
	link(outside, "far")        // absolute, outside
	link("loop2", "loop1")
	link("loop1", "loop2")
	link("far/x", "via") // through an escaping link

	for p, want := range map[string]string{
		"in":           "a/b",
		"in/c":         "a/b/c",
		"abs/b":        "a/b",
		"a/b/up/a":     "a",
		"missing/x":    "missing/x",
		"a/b/up/in/up": "",
	} {
		got, err := resolveInTree(root, filepath.Join(root, p), true, os.Lstat)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if w := filepath.Join(root, want); got != w {
			t.Errorf("%s -> %s, want %s", p, got, w)
		}
	}
	for _, p := range []string{"a/b/out", "far", "via", "a/b/out/etc/passwd"} {
		if _, err := resolveInTree(root, filepath.Join(root, p), true, os.Lstat); !errors.Is(err, errOutsideTree) {
			t.Errorf("%s: err = %v, want errOutsideTree", p, err)
		}
	}
	if _, err := resolveInTree(root, filepath.Join(root, "loop1"), true, os.Lstat); !errors.Is(err, errSymlinkLoop) {
		t.Errorf("loop: %v", err)
	}
	// lstat semantics: the last link is not followed.
	if got, err := resolveInTree(root, filepath.Join(root, "far"), false, os.Lstat); err != nil || got != filepath.Join(root, "far") {
		t.Errorf("far without following: %s %v", got, err)
	}
	if _, err := resolveInTree(root, "/etc/passwd", true, os.Lstat); !errors.Is(err, errOutsideTree) {
		t.Errorf("/etc/passwd: %v", err)
	}
}

func TestPruner(t *testing.T) {
	src := `mode=${1:?usage}
case "$mode" in
  serve|kl) a <(x) ;;
  bench*) b ;;
  *) c ;;
esac
if [ "$1" = calib ]; then d; elif [[ $mode == t?p ]]; then e; else f; fi
g() { h; }
`
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		t.Fatal(err)
	}
	reached := func(mode string) []string {
		pr := newPruner(f, mode, true)
		if pr == nil {
			t.Fatalf("%s: no pruner", mode)
		}
		var names []string
		walkReachable(f, pr, func(n syntax.Node) bool {
			if x, ok := n.(*syntax.CallExpr); ok && len(x.Args) > 0 && len(x.Args[0].Lit()) == 1 {
				names = append(names, x.Args[0].Lit())
			}
			return true
		})
		slices.Sort(names)
		return names
	}
	for mode, want := range map[string][]string{
		"serve":  {"[", "a", "f", "h", "x"},
		"bench2": {"[", "b", "f", "h"},
		"calib":  {"[", "c", "d", "h"},
		"top":    {"[", "c", "e", "h"},
	} {
		if got := reached(mode); !slices.Equal(got, want) {
			t.Errorf("%s reaches %q, want %q", mode, got, want)
		}
	}
	if fb := findForbidden(f, newPruner(f, "bench", true)); fb != nil {
		t.Errorf("bench: %v", fb.error("x"))
	}
	if fb := findForbidden(f, newPruner(f, "serve", true)); fb == nil || !errors.Is(fb.kind, ErrProcSubst) {
		t.Errorf("serve: no process substitution found")
	}
	// shift makes $1 unreliable: no pruning at all.
	g, err := syntax.NewParser().Parse(strings.NewReader("shift\ncase $1 in a) x;; esac"), "")
	if err != nil {
		t.Fatal(err)
	}
	if newPruner(g, "a", true) != nil {
		t.Errorf("pruner despite shift")
	}
	// A selector from the environment prunes as $1 does.
	e, err := syntax.NewParser().Parse(strings.NewReader("MODE=${MODE:-serve}\ncase $MODE in serve) a;; kl) cat <(b);; esac"), "")
	if err != nil {
		t.Fatal(err)
	}
	if fb := findForbidden(e, newPruner(e, "serve", true, "MODE")); fb != nil {
		t.Errorf("serve with MODE: %v", fb.error("x"))
	}
	if fb := findForbidden(e, newPruner(e, "kl", true, "MODE")); fb == nil {
		t.Errorf("kl with MODE: no process substitution found")
	}
	if fb := findForbidden(e, newPruner(e, "serve", true)); fb == nil {
		t.Errorf("serve without the selector: pruned")
	}
	// With $1 unset (Options.NoArg), a case on $1 is not the mode's: its
	// default branch runs whatever the mode.
	a, err := syntax.NewParser().Parse(strings.NewReader("MODE=${MODE:-serve}\ncase ${1:-start} in start) a;; serve) cat <(b);; esac\ncase $MODE in serve) a;; kl) a;; esac"), "")
	if err != nil {
		t.Fatal(err)
	}
	if fb := findForbidden(a, newPruner(a, "serve", false, "MODE")); fb == nil {
		t.Errorf("serve with no argument: the case on $1 was pruned as if $1 were serve")
	}
	if fb := findForbidden(a, newPruner(a, "kl", true, "MODE")); fb != nil {
		t.Errorf("kl as $1: %v", fb.error("x"))
	}
	if newPruner(a, "kl", false) != nil {
		t.Errorf("a pruner with neither $1 nor a selector")
	}
}

func TestTildeUser(t *testing.T) {
	for src, want := range map[string]bool{
		"echo ~": false, "echo ~/x": false, "echo ~root": true, "echo ~root/x": true, "echo '~root'": false,
		`echo "~root"`: false, "echo ~'root'": false, "x=~nobody": true, "echo a~b": false, "echo ~+": true,
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := findForbidden(f, nil) != nil; got != want {
			t.Errorf("%s: forbidden = %v, want %v", src, got, want)
		}
	}
}

func TestSandboxEnvHome(t *testing.T) {
	env := newSandboxEnv("/r/s.sh", "/t", map[string]string{"X": "1", "TMPDIR": "/evil"})
	if v := env.Get("HOME root").String(); v != "/nonexistent-servelint/root" {
		t.Errorf("HOME root = %q", v)
	}
	if v := env.Get("HOME ../../etc").String(); strings.Contains(v, "..") || !strings.HasPrefix(v, "/nonexistent-servelint/") {
		t.Errorf("HOME ../../etc = %q", v)
	}
	if env.Get("TMPDIR").String() != "/t" || env.Get("X").String() != "1" {
		t.Errorf("TMPDIR/X: %q %q", env.Get("TMPDIR").String(), env.Get("X").String())
	}
	n := 0
	env.Each(func(name string, vr expand.Variable) bool {
		if strings.HasPrefix(name, "HOME ") {
			t.Errorf("Each lists %q", name)
		}
		n++
		return true
	})
	if n == 0 || n > 24 {
		t.Errorf("Each lists %d variables", n)
	}
}

// TestGuardWouldCatch shows that the guard stands where a real exec would
// happen: with the sandbox's handler taken out of the chain, the guard sees
// the command (and, in the hostile tests, would fail them).
func TestGuardWouldCatch(t *testing.T) {
	var caught [][]string
	guard := func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(_ context.Context, args []string) error {
			caught = append(caught, args)
			return interp.ExitStatus(127)
		}
	}
	f, err := syntax.NewParser().Parse(strings.NewReader("touch /nonexistent-servelint/x"), "")
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.New(interp.Env(expand.ListEnviron()), interp.ExecHandlers(guard))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Run(context.Background(), f); err == nil {
		t.Errorf("the guard did not refuse")
	}
	if len(caught) != 1 || caught[0][0] != "touch" {
		t.Errorf("caught %q", caught)
	}
}

func TestPosixRegexp(t *testing.T) {
	for _, tc := range []struct {
		pat   string
		ext   bool
		want  string
		ok    bool
		match []string
		not   []string
	}{
		{pat: "^#", ok: true, match: []string{"# c", "#"}, not: []string{" #", "a#"}},
		{pat: "^$", ok: true, match: []string{""}, not: []string{" "}},
		{pat: "a+b", ok: true, match: []string{"a+b"}, not: []string{"aab"}},
		{pat: "a+b", ext: true, ok: true, match: []string{"aab", "ab"}, not: []string{"a+b"}},
		{pat: `a\+b`, ok: true, match: []string{"aab"}},
		{pat: "*x", ok: true, match: []string{"*x"}, not: []string{"x"}},
		{pat: "^[[:upper:]_]*=", ok: true, match: []string{"MAX_SEQS=8"}, not: []string{"max=1"}},
		{pat: `[\]`, ok: true, match: []string{`a\b`}},
		{pat: "a^b$c", ok: true, match: []string{"a^b$c"}},
		{pat: `^\s*#`, ok: true, match: []string{"# c", "  \t# c"}, not: []string{"A=1 # c", "s#"}},
		{pat: `^\w\+=\S`, ok: true, match: []string{"MAX_SEQS=8"}, not: []string{"A= 8", "-x=1"}},
		{pat: `\W`, ext: true, ok: true, match: []string{"a-b"}, not: []string{"a_b"}},
		{pat: `\<a`, ok: false},
		{pat: `\b`, ok: false},
		{pat: `\(a\)\1`, ok: false},
		{pat: "a{2}", ext: true, ok: false},
		{pat: "[abc", ok: false},
		{pat: `^#\|^$`, ok: true, match: []string{"", "# c"}, not: []string{"a#", "a"}},
		{pat: `a$\|^b`, ok: true, match: []string{"xa", "bx"}, not: []string{"a$x", "x^b"}},
		{pat: `\(^a\)`, ok: true, match: []string{"ab"}, not: []string{"ba", "^a"}},
		{pat: `a\{2\}`, ok: false},
		{pat: `b\+\?`, ok: false},
		{pat: "$*", ext: true, ok: false},
		{pat: "^+a", ext: true, ok: false},
		{pat: "[[:word:]]", ok: false},
		{pat: "é", ok: true, match: []string{"é=1"}, not: []string{"e"}},
	} {
		got, _, ok := posixRegexp(tc.pat, tc.ext)
		if ok != tc.ok {
			t.Errorf("%q ext=%v: ok = %v, want %v (%q)", tc.pat, tc.ext, ok, tc.ok, got)
			continue
		}
		if !ok {
			continue
		}
		rx, err := regexp.Compile(got)
		if err != nil {
			t.Errorf("%q: %q does not compile: %v", tc.pat, got, err)
			continue
		}
		for _, m := range tc.match {
			if !rx.MatchString(m) {
				t.Errorf("%q (%q) does not match %q", tc.pat, got, m)
			}
		}
		for _, m := range tc.not {
			if rx.MatchString(m) {
				t.Errorf("%q (%q) matches %q", tc.pat, got, m)
			}
		}
	}
}

func TestXargsItems(t *testing.T) {
	got, ok := xargsItems("A=1 B='x y'\n\nC=\"q\" D=a\\ b\n")
	if want := []string{"A=1", "B=x y", "C=q", "D=a b"}; !ok || !slices.Equal(got, want) {
		t.Errorf("got %q %v, want %q", got, ok, want)
	}
	if _, ok := xargsItems("A='x\n"); ok {
		t.Errorf("unmatched quote accepted")
	}
}

// TestMemo: callers asking for one missing key at once share one
// computation; a computation that panics panics, and the next caller
// computes again.
func TestMemo(t *testing.T) {
	var m memo[string, int]
	var calls atomic.Int32
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if v := m.get("k", func() int { calls.Add(1); time.Sleep(10 * time.Millisecond); return 7 }); v != 7 {
				t.Errorf("get = %d, want 7", v)
			}
		}()
	}
	close(start)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("computed %d times, want once", n)
	}
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the computation's panic", r)
			}
		}()
		m.get("bad", func() int { panic("boom") })
	}()
	if v := m.get("bad", func() int { return 3 }); v != 3 {
		t.Errorf("after a panic, get = %d, want a new computation's 3", v)
	}
}

// printf -v, which interp's printf lacks, assigns in the current scope (a
// function's local too), the format reused while arguments remain; other
// forms are left to interp.
func TestPrintfV(t *testing.T) {
	src := `set -u
R=1024
printf -v step '%d' "$R"
f() { local l; printf -v l -- '%s-%s,' a b c; tag=$l; }
f
printf -v 'bad name' x || true
exec vllm serve /m --max-num-batched-tokens "$step" --tag "$tag" --q "$(printf '%s' ok)"
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	want := []string{"vllm", "serve", "/m", "--max-num-batched-tokens", "1024", "--tag", "a-b,c-,", "--q", "ok"}
	if !slices.Equal(r.Argv, want) {
		t.Errorf("argv = %q, want %q", r.Argv, want)
	}
}

// A virtualenv's activation script that is not in the tree is skipped, as
// a program is: the mode still reaches its engine.
func TestVenvActivateMissing(t *testing.T) {
	src := `set -euo pipefail
source "$(dirname "$0")/.venv/bin/activate"
. /opt/env/bin/activate
exec vllm serve /m --max-num-seqs 8
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil || !slices.Equal(r.Argv, []string{"vllm", "serve", "/m", "--max-num-seqs", "8"}) {
		t.Fatalf("err %v, argv %q", r.Err, r.Argv)
	}
	r = evalSrc(t, "set -e\n. \"$(dirname \"$0\")/missing.env\"\nexec vllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil {
		t.Errorf("a missing env file was skipped: argv %q", r.Argv)
	}
}

// declare -F and typeset -F, which interp lacks, are answered from the
// functions the script declares: the name printed and status 0, status 1
// for a name that is no function.
func TestDeclareF(t *testing.T) {
	src := `set -u
mode_serve() { :; }
a=$(declare -F mode_serve)
declare -F mode_nope >/dev/null && b=found || b=missing
fn=mode_serve
typeset -F "$fn" >/dev/null && c=ok || c=bad
exec vllm serve /m --tag "$a-$b-$c"
`
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil || !slices.Equal(r.Argv, []string{"vllm", "serve", "/m", "--tag", "mode_serve-missing-ok"}) {
		t.Fatalf("err %v, argv %q", r.Err, r.Argv)
	}
}

// declare -F alone lists the declared functions; local -F answers too; a
// virtualenv's missing activate prints nothing into a capture.
func TestDeclareFListAndVenvQuiet(t *testing.T) {
	src := `b() { :; }
a() { local -F b >/dev/null && echo yes; }
list=$(declare -F)
y=$(a)
x=$(. ./venv/bin/activate; echo ok)
exec vllm serve /m --list "$list" --y "$y" --x "$x"
`
	r := evalSrc(t, src, "serve", nil, Options{})
	want := []string{"vllm", "serve", "/m", "--list", "declare -f a\ndeclare -f b", "--y", "yes", "--x", "ok"}
	if r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Fatalf("err %v, argv %q", r.Err, r.Argv)
	}
}

// The idioms the interpreter gets wrong without stopping stop the run
// (ErrUnsupported) instead of giving an argv bash would not: [[ -v
// arr[$k] ]] in code the run parses (eval; interp answers false: the
// script's own is rewritten, elemset.go), read -d with a delimiter other than
// the rewritten -d "" (interp fails it, and without set -e the run went on
// with the variable unset), printf -v with a %(…)T time the fixed clock
// cannot render exactly (a width).
func TestIdiomsThatStop(t *testing.T) {
	for _, body := range []string{
		"declare -A a=([k]=1); k=k; eval 'if [[ -v a[$k] ]]; then S=16; fi'",
		"a=(); if [[ -v a[@] ]]; then S=16; fi", // bash: false; interp's ${a[@]+x}: x
		"declare -A a=(); if [[ -v a[*] ]]; then S=16; fi",
		"IFS= read -r -d : S <<< '16:x'",
		"IFS= read -rd: S <<< '16:x'",
		"printf -v S '%-12(%Y)T' -1", // a width: not rewritten
	} {
		src := "S=8\n" + body + "\nexec vllm serve /m --max-num-seqs \"$S\"\n"
		if r := evalSrc(t, src, "serve", nil, Options{}); !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%s: err %v, argv %q; want ErrUnsupported", body, r.Err, r.Argv)
		}
	}
	for _, body := range []string{"read -r -p 'n: ' S <<< 16", "printf -v S '%d' 16", "[[ -v S ]] && S=16", "[[ -v \"[\" ]] || S=16", "declare -A a=([k]=1); k=k; if [[ -v a[$k] ]]; then S=16; fi"} {
		src := "S=8\n" + body + "\nexec vllm serve /m --max-num-seqs \"$S\"\n"
		if r := evalSrc(t, src, "serve", nil, Options{}); r.Err != nil || !slices.Equal(r.Argv, []string{"vllm", "serve", "/m", "--max-num-seqs", "16"}) {
			t.Errorf("%s: err %v, argv %q", body, r.Err, r.Argv)
		}
	}
	// printf -v S '%(…)T' -1 takes the sandbox's fixed clock, as
	// S=$(date +%Y) does: the mode is evaluated (it was abandoned).
	for body, want := range map[string]string{"printf -v S '%(%Y)T' -1": "2026", "printf -v S -- 'r%(%m%d)T-%s' -1 x": "r0101-x"} {
		src := "S=8\n" + body + "\nexec vllm serve /m --max-num-seqs \"$S\"\n"
		if r := evalSrc(t, src, "serve", nil, Options{}); r.Err != nil || !slices.Equal(r.Argv, []string{"vllm", "serve", "/m", "--max-num-seqs", want}) {
			t.Errorf("%s: err %v, argv %q; want %s", body, r.Err, r.Argv, want)
		}
	}
}
