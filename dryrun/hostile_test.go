package dryrun

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/testfs"
)

// snapshot describes every file under dir: type, size, content hash, link
// target.
func snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		desc := fi.Mode().String()
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			desc += " -> " + target
		case fi.Mode().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			desc += fmt.Sprintf(" %d %x", len(data), sum[:8])
		}
		snap[p] = desc
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func diffSnapshots(before, after map[string]string) []string {
	var diffs []string
	for p, d := range before {
		if a, ok := after[p]; !ok {
			diffs = append(diffs, "removed: "+p)
		} else if a != d {
			diffs = append(diffs, "changed: "+p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diffs = append(diffs, "created: "+p)
		}
	}
	slices.Sort(diffs)
	return diffs
}

// listWith lists the entries of dir whose name contains tok.
func listWith(t testing.TB, dir, tok string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.Contains(e.Name(), tok) {
			out = append(out, e.Name())
		}
	}
	return out
}

// listener counts the TCP connections it accepts.
type listener struct {
	ln    net.Listener
	count atomic.Int64
	wg    sync.WaitGroup
}

func newListener(t testing.TB) *listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &listener{ln: ln}
	l.wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			l.count.Add(1)
			_ = c.Close()
		}
	})
	return l
}

func (l *listener) port() string { return strconv.Itoa(l.ln.Addr().(*net.TCPAddr).Port) }

func (l *listener) close() {
	_ = l.ln.Close()
	l.wg.Wait()
}

func randomToken(t testing.TB) string {
	t.Helper()
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return "sltest" + hex.EncodeToString(b)
}

// hostileTree copies testdata/dryrun/hostile into a fresh tree and adds
// symlinks that lead out of it.
func hostileTree(t *testing.T, victim string) string {
	t.Helper()
	root := t.TempDir()
	src := testdataDir(t, "hostile")
	for _, name := range []string{"hostile.sh", "keep.txt", "procsubst.env", "procsubst-arg.env", "evil.sh"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, "escape"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"escape/passwd": "/etc/passwd",
		"escape/victim": filepath.Join(victim, "secret.env"),
		"escape/up":     "../../",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestHostile runs every mode of a script that tries every escape route and
// checks that nothing was executed, written, removed or connected to, with
// either kind of sandbox TMPDIR.
func TestHostile(t *testing.T) {
	t.Run("devnull-tmp", func(t *testing.T) { testHostile(t, false) })
	t.Run("private-tmp", func(t *testing.T) { testHostile(t, true) })
}

func testHostile(t *testing.T, privateTmp bool) {
	// Every Eval's private temp dir goes here, so that leftovers show.
	procTmp := t.TempDir()
	t.Setenv("TMPDIR", procTmp)

	victim := testfs.NewTree(t, map[string]string{"secret.env": "SECRET=1\n", "data/model.bin": "weights"})
	root := hostileTree(t, victim)
	tok := randomToken(t)
	ln := newListener(t)
	defer ln.close()

	// The checks must be able to fail: a real connection is counted, a
	// real file is seen.
	c, err := net.Dial("tcp", ln.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	_ = c.Close()
	probe := filepath.Join(victim, "probe")
	before := snapshot(t, victim)
	if err := os.WriteFile(probe, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if d := diffSnapshots(before, snapshot(t, victim)); len(d) != 1 {
		t.Fatalf("snapshot does not see a created file: %v", d)
	}
	if err := os.Remove(probe); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for ln.count.Load() != 1 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if ln.count.Load() != 1 {
		t.Fatalf("listener does not count connections")
	}

	beforeTree, beforeVictim := snapshot(t, root), snapshot(t, victim)
	beforeTmp := listWith(t, os.TempDir(), tok)
	beforeRealTmp := listWith(t, "/tmp", tok)

	src, f := parseFile(t, filepath.Join(root, "hostile.sh"), syntax.LangBash)
	opts := Options{
		Root:       root,
		Timeout:    2 * time.Second,
		Env:        map[string]string{"VICTIM": victim, "TOKEN": tok, "PORT": ln.port()},
		guard:      strictGuard(t),
		privateTmp: privateTmp,
	}
	eval := func(mode string) *Result {
		return Eval(context.Background(), filepath.Join(root, "hostile.sh"), src, f, mode, opts)
	}

	// sourceprocsubst: a sourced file's `done < <(touch …)` is read from
	// its command's output, the touch skipped (inSubstSourced); an
	// argument <(…) in a sourced file is refused (sourceprocsubstarg).
	noEngine := []string{"exec", "net", "eval", "redir", "subst", "trap", "source", "lookup", "bg", "cd", "sourceprocsubst"}
	refused := map[string]error{
		"procsubst":          ErrProcSubst,
		"evalprocsubst":      ErrProcSubst,
		"sourceprocsubstarg": ErrProcSubst,
		"tilde":              ErrUnsupported,
		"owner":              ErrUnsupported,
		"owner2":             ErrUnsupported,
	}
	for _, mode := range noEngine {
		r := eval(mode)
		if !errors.Is(r.Err, ErrNoEngine) {
			t.Errorf("%s: Err = %v, want ErrNoEngine", mode, r.Err)
		}
		if r.Argv != nil {
			t.Errorf("%s: Argv = %q, want nil", mode, r.Argv)
		}
		if len(r.Skipped) == 0 && mode != "redir" && mode != "lookup" {
			t.Errorf("%s: nothing skipped", mode)
		}
	}
	for mode, want := range refused {
		r := eval(mode)
		if !errors.Is(r.Err, want) {
			t.Errorf("%s: Err = %v, want %v", mode, r.Err, want)
		}
	}

	// What the script can see of the host: only the sandbox's fixed values.
	r := eval("host")
	if r.Err != nil {
		t.Fatalf("host: %v", r.Err)
	}
	got := map[string]string{}
	for i := 3; i+1 < len(r.Argv); i += 2 {
		got[r.Argv[i]] = r.Argv[i+1]
	}
	want := map[string]string{
		"--home": sandboxHome, "--user": sandboxUser, "--path": sandboxPath, "--uid": sandboxUID,
		"--tilde": sandboxHome, "--host": sandboxHostname, "--pwd": root, "--glob": "/etc/pass*",
		"--shell": "/bin/bash", "--who": sandboxUser, // bash's own SHELL, not the host's
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("host: %s = %q, want %q", k, got[k], v)
		}
	}
	for _, k := range []string{"--passwd", "--hostname", "--link"} {
		if !strings.HasPrefix(got[k], "<unresolved") {
			t.Errorf("host: %s = %q, want unresolved", k, got[k])
		}
	}
	wantTmp := "/dev/null/servelint-tmp"
	if privateTmp {
		wantTmp = filepath.Join(procTmp, "servelint-dryrun-")
	}
	if !strings.HasPrefix(got["--tmp"], wantTmp) {
		t.Errorf("host: TMPDIR = %q, want %s…", got["--tmp"], wantTmp)
	}
	if _, err := os.Lstat(got["--tmp"]); err == nil {
		t.Errorf("host: the script's TMPDIR %s exists", got["--tmp"])
	}
	for _, v := range got {
		for _, host := range []string{os.Getenv("HOME"), os.Getenv("PATH")} {
			if host != "" && v == host {
				t.Errorf("host: the host's value %q leaked into the argv", v)
			}
		}
		if strings.Contains(v, "root:x:0:0") {
			t.Errorf("host: /etc/passwd leaked into the argv")
		}
	}

	// Give background jobs that might have escaped a moment to act.
	time.Sleep(100 * time.Millisecond)
	if d := diffSnapshots(beforeTree, snapshot(t, root)); len(d) > 0 {
		t.Errorf("the linted tree changed: %v", d)
	}
	if d := diffSnapshots(beforeVictim, snapshot(t, victim)); len(d) > 0 {
		t.Errorf("the victim dir outside the tree changed: %v", d)
	}
	if got := listWith(t, os.TempDir(), tok); !slices.Equal(got, beforeTmp) {
		t.Errorf("temp dir entries with the token: %v, before %v", got, beforeTmp)
	}
	if got := listWith(t, "/tmp", tok); !slices.Equal(got, beforeRealTmp) {
		t.Errorf("/tmp entries with the token: %v, before %v", got, beforeRealTmp)
	}
	if left, err := os.ReadDir(procTmp); err != nil || len(left) > 0 {
		t.Errorf("private temp dirs left behind: %v %v", left, err)
	}
	if n := ln.count.Load(); n != 1 {
		t.Errorf("the listener saw %d connections from the script", n-1)
	}
}

// TestHostileSkippedDetails checks what the hostile modes report.
func TestHostileSkippedDetails(t *testing.T) {
	victim := t.TempDir()
	root := hostileTree(t, victim)
	tok := randomToken(t)
	opts := Options{Env: map[string]string{"VICTIM": victim, "TOKEN": tok, "PORT": "9"}}
	script := filepath.Join(root, "hostile.sh")

	skippedHas := func(r *Result, prefix ...string) bool {
		for _, s := range r.Skipped {
			if len(s) >= len(prefix) && slices.Equal(s[:len(prefix)], prefix) {
				return true
			}
		}
		return false
	}
	r := evalFile(t, root, script, "exec", syntax.LangBash, opts)
	for _, p := range [][]string{{"touch"}, {"rm", "-rf", victim}, {"/bin/rm"}, {"env", "touch"}, {"nohup", "touch"}, {"sh", "-c"}, {"docker", "run"}, {filepath.Join(root, "evil.sh")}, {"./evil.sh"}} {
		if !skippedHas(r, p...) {
			t.Errorf("exec: %q not in Skipped %q", p, r.Skipped)
		}
	}
	if ee := (*ExitError)(nil); !errors.As(r.Err, &ee) || !ee.Exited {
		t.Errorf("exec: `exec touch` should end the script: %v", r.Err)
	}

	r = evalFile(t, root, script, "source", syntax.LangBash, opts)
	for _, p := range [][]string{{"source", "/etc/passwd"}, {".", "/etc/profile"}} {
		if !skippedHas(r, p...) {
			t.Errorf("source: %q not in Skipped %q", p, r.Skipped)
		}
	}
	if len(r.Notes) == 0 {
		t.Errorf("source: no notes about refused reads")
	}

	r = evalFile(t, root, script, "lookup", syntax.LangBash, opts)
	if len(r.Skipped) != 0 && !skippedHas(r, "hash") {
		// only builtins and emulations here: nothing to skip but maybe hash
		t.Logf("lookup skipped: %q", r.Skipped)
	}

	r = evalFile(t, root, script, "cd", syntax.LangBash, opts)
	if !skippedHas(r, "cat", "passwd") || !skippedHas(r, "source", "./passwd") {
		t.Errorf("cd: reads outside the tree were not refused: %q", r.Skipped)
	}
}

// TestProcSubstRuntimeLayer checks the last layer against process
// substitution, with the static check switched off: interp fails to make
// its FIFO in the sandbox's nonexistent TMPDIR, and the mode stops.
func TestProcSubstRuntimeLayer(t *testing.T) {
	victim := t.TempDir()
	before := snapshot(t, victim)
	for _, src := range []string{
		`cat <(touch "$VICTIM/x")` + "\nexec radiance serve",
		`diff <(touch "$VICTIM/y") <(rm -rf "$VICTIM") 2>/dev/null` + "\nexec radiance serve",
		`x=$(cat <(touch "$VICTIM/z") 2>&1)` + "\nexec radiance serve \"$x\"",
	} {
		for _, private := range []bool{false, true} {
			r := evalSrc(t, src, "serve", nil, Options{Env: map[string]string{"VICTIM": victim}, skipPrecheck: true, privateTmp: private})
			if !errors.Is(r.Err, ErrProcSubst) {
				t.Errorf("%q (private tmp %v): Err = %v, want ErrProcSubst", src, private, r.Err)
			}
		}
		// With the static check on, it is refused before running.
		r := evalSrc(t, src, "serve", nil, Options{Env: map[string]string{"VICTIM": victim}})
		if !errors.Is(r.Err, ErrProcSubst) || len(r.Skipped) != 0 {
			t.Errorf("%q: static: Err = %v, skipped %q", src, r.Err, r.Skipped)
		}
	}
	if d := diffSnapshots(before, snapshot(t, victim)); len(d) > 0 {
		t.Errorf("victim changed: %v", d)
	}
}

// TestNoHostMetadataThroughLinks: readlink and realpath -s on a path that
// goes through an in-tree symlink leading out of the tree (r -> /elsewhere)
// neither read a host link's target nor tell whether a host file exists.
func TestNoHostMetadataThroughLinks(t *testing.T) {
	victim := testfs.NewTree(t, map[string]string{"exists.txt": "x"})
	if err := os.Symlink("/host-secret-target", filepath.Join(victim, "link")); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if err := os.Symlink(victim, filepath.Join(root, "r")); err != nil {
		t.Fatal(err)
	}
	src := `a=$(readlink r/link)
b=$(realpath -s r/exists.txt >/dev/null && echo yes || echo no)
c=$(realpath -s r/missing.txt >/dev/null && echo yes || echo no)
d=$(realpath -se r/exists.txt >/dev/null && echo yes || echo no)
e=$(realpath -se r/missing.txt >/dev/null && echo yes || echo no)
exec radiance serve /m --a "$a" --b "$b" --c "$c" --d "$d" --e "$e"
`
	script := filepath.Join(root, "serve.sh")
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	r := evalFile(t, root, script, "serve", syntax.LangBash, Options{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	argv := strings.Join(r.Argv, " ")
	if strings.Contains(argv, "host-secret-target") {
		t.Errorf("readlink read a host link's target: %s", argv)
	}
	// A skipped command answers the same whatever the host holds.
	if r.Argv[6] != r.Argv[8] || r.Argv[10] != r.Argv[12] {
		t.Errorf("realpath -s tells whether a host file exists: %s", argv)
	}
}

// TestTrapDashCode: trap's code is checked whatever its first byte (after
// --, '-; …' is code interp runs at exit), so a ~user in it is refused
// before interp looks the user up on the host.
func TestTrapDashCode(t *testing.T) {
	r := evalSrc(t, "trap -- '-; exec radiance serve /m --tag \"$(echo ~root/)\"' EXIT; exit 0\n", "serve", nil, Options{})
	if r.Err == nil || !strings.Contains(r.Err.Error(), "~user") {
		t.Errorf("Err = %v, want the ~user refusal; argv %q", r.Err, r.Argv)
	}
}

// TestUserDBBypasses: the host's user database (os/user: /etc/passwd,
// NSS, nscd's socket, possibly LDAP) is never consulted, whatever route
// reaches interp's -O/-G test or its ~user lookup: test by path and
// through exec (the exec handler's helper, which the call handler's look
// at test's operators never sees), and code the pruner took for another
// mode's branch after $1 was changed where it does not look (eval 'set --
// …'), where a pipe or a background job's copy of the shell looks ~user up
// on the host. Each is refused; before the fix, the last one put the
// host's home directories (/root, /usr/sbin) in the argv.
func TestUserDBBypasses(t *testing.T) {
	files := map[string]string{"keep.txt": "x"}
	for _, src := range []string{
		"/usr/bin/test -O keep.txt && n=9\nexec radiance serve /m --n \"${n:-8}\"\n",
		"/bin/[ -G keep.txt ] && n=9\nexec radiance serve /m --n \"${n:-8}\"\n",
		"(exec test -O keep.txt) && n=9\nexec radiance serve /m --n \"${n:-8}\"\n",
		"(builtin exec [ -G keep.txt ]) && n=9\nexec radiance serve /m --n \"${n:-8}\"\n",
		"eval 'set -- other'\ncase \"$1\" in\n  serve) exec radiance serve /m ;;\n  other) [[ -O keep.txt ]] && n=9; exec radiance serve /m --n \"${n:-8}\" ;;\nesac\n",
		"eval 'set -- other'\ncase \"$1\" in\n  serve) exec radiance serve /m ;;\n  other) h=$(echo ~root | cat); exec radiance serve /m --h \"$h\" ;;\nesac\n",
		"eval 'set -- other'\ncase \"$1\" in\n  serve) exec radiance serve /m ;;\n  other) h=$( { echo ~daemon; } & wait ); exec radiance serve /m --h \"$h\" ;;\nesac\n",
		"builtin set -- other\ncase \"$1\" in\n  serve) exec radiance serve /m ;;\n  other) coproc { echo ~root; }; exec radiance serve /m ;;\nesac\n",
	} {
		r := evalSrc(t, src, "serve", files, Options{})
		if !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%q: Err = %v, argv %q; want ErrUnsupported", src, r.Err, r.Argv)
		}
	}
	// A ~user of the main shell in another mode's branch is answered by
	// the sandbox's environment: the mode is still evaluated.
	r := evalSrc(t, "case \"$1\" in\n  serve) exec radiance serve /m ;;\n  bench) exec radiance serve ~ubuntu/m ;;\nesac\n", "serve", nil, Options{})
	if r.Err != nil {
		t.Errorf("a main-shell ~user in another branch: %v", r.Err)
	}
}

// TestGlobStopsAfterDeadline: a glob is one expansion interp does not
// interrupt, and **/**/**/… over a deep tree of the pull request runs for
// minutes (200 s and 2 GB measured for one, past a 2 s deadline), so a
// language server kept a core busy long after each evaluation returned.
// Once the run is over, directory reads fail and the expansion ends.
func TestGlobStopsAfterDeadline(t *testing.T) {
	files := map[string]string{}
	p := "d"
	for range 25 {
		files[p+"/x"] = "x"
		p += "/d"
	}
	base := runtime.NumGoroutine()
	start := time.Now()
	r := evalSrc(t, "shopt -s globstar\nx=$(echo **/**/**/**/**/**/**/**/x)\nexec radiance serve /m\n", "serve", files, Options{Timeout: 300 * time.Millisecond})
	if !errors.Is(r.Err, ErrTimeout) {
		t.Fatalf("Err = %v, want ErrTimeout", r.Err)
	}
	for runtime.NumGoroutine() > base && time.Since(start) < 20*time.Second {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		t.Errorf("%d goroutines still running %v after the evaluation started (%d before)", n, time.Since(start).Round(time.Second), base)
	}
	t.Logf("the glob stopped %v after the evaluation started", time.Since(start).Round(time.Millisecond))
}

// TestForgedInternalCall: the sandbox's internal command name can be typed
// ($'\x1eservelint-internal\x1e'); a call without an operation's operands
// was an index out of range in the handler, reported as the evaluator's
// internal error. It is a skipped program, and the run goes on.
func TestForgedInternalCall(t *testing.T) {
	for _, call := range []string{`"$I"`, `"$I" fail`, `"$I" fail 1`, `"$I" command-v`, `"$I" bogus x`} {
		src := "I=$'\\x1eservelint-internal\\x1e'\n" + call + "\nexec vllm serve /m --tensor-parallel-size 2\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if r.Err != nil || len(r.Argv) == 0 {
			t.Errorf("%s: err %v, argv %q; want the engine reached", call, r.Err, r.Argv)
		}
	}
}

// TestShellStringRunsItself: a shell string that runs itself (s='bash -c
// "$s"; exec vllm serve …'; bash -c "$s") started a runner inside the last
// one until the mode's deadline (2 s, 200 MB at the default bound; 20 s
// and 650 MB under a 60 s one, then the command budget). Past
// maxShellDepth the mode fails at once, with no argv guessed from the
// last string reached (bash never boots it); strings nested less deep
// still reach their engine.
func TestShellStringRunsItself(t *testing.T) {
	src := "export s='bash -c \"$s\"; exec vllm serve /m --max-num-seqs 8'\nbash -c \"$s\"\n"
	start := time.Now()
	r := evalSrc(t, src, "serve", nil, Options{Timeout: 5 * time.Second})
	if d := time.Since(start); d > 2*time.Second || errors.Is(r.Err, ErrTimeout) || !errors.Is(r.Err, ErrBudget) ||
		!strings.Contains(r.Err.Error(), "more than 8 deep") || r.Argv != nil {
		t.Fatalf("took %v: err %v, argv %q", d, r.Err, r.Argv)
	}
	r = evalSrc(t, "bash -c 'sh -c \"vllm serve /m --max-num-seqs 8; exec vllm serve /m\"; exec vllm serve /m'\n", "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) != 5 {
		t.Errorf("two strings deep: err %v, argv %q", r.Err, r.Argv)
	}
}

// TestLongPipelineRefused: interp opens a pipe (two file descriptors) and
// starts a goroutine for each `|`, so a pipeline of 100,000 lines (1 MB)
// failed with "too many open files" after 800 MB, and any file the run
// opened meanwhile could fail the same way. A pipeline of more than
// maxPipeStages commands running at once, those its stages hold included,
// is refused before it runs; a short one, or many in sequence, still run.
func TestLongPipelineRefused(t *testing.T) {
	long := "echo 64 |\n" + strings.Repeat("  cat |\n", 1500) + "  read -r seqs\n"
	var nested strings.Builder
	for i := range 40 {
		if i > 0 {
			nested.WriteString(" |\n")
		}
		nested.WriteString("( echo 64" + strings.Repeat(" | cat", 39) + " )")
	}
	nested.WriteString(" | read -r seqs\n")
	seq := strings.Repeat("echo 8 | cat | cat >/dev/null\n", 600)
	for _, c := range []struct {
		name, code string
		refused    bool
	}{
		{"long", long, true},
		{"nested", nested.String(), true},
		{"sequence", seq, false},
		{"short", "echo 64 | cat | cat | read -r seqs\n", false},
	} {
		src := "case \"$1\" in\n  serve) exec vllm serve /m --max-num-seqs 256 ;;\n  p)\n" + c.code + "  exec vllm serve /m --max-num-seqs 8 ;;\nesac\n"
		r := evalSrc(t, src, "p", nil, Options{})
		refused := errors.Is(r.Err, ErrUnsupported) && strings.Contains(r.Err.Error(), "a pipeline of")
		if refused != c.refused || !c.refused && r.Err != nil {
			t.Errorf("%s: err %v, argv %q; want refused %v", c.name, r.Err, r.Argv, c.refused)
		}
		// Other modes are not refused for it.
		if r := evalSrc(t, src, "serve", nil, Options{}); r.Err != nil {
			t.Errorf("%s: serve: %v", c.name, r.Err)
		}
	}
}
