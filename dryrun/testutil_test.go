package dryrun

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/testfs"
)

// testdataDir is this package's test tree.
func testdataDir(t testing.TB, elem ...string) string {
	t.Helper()
	base := []string{"..", "testdata", "dryrun"}
	if len(elem) > 0 && elem[0] == "frank-archon" {
		base = []string{"..", "examples"} // the bundled example, not a copy
	}
	p, err := filepath.Abs(filepath.Join(append(base, elem...)...))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func parseFile(t testing.TB, path string, lang syntax.LangVariant) ([]byte, *syntax.File) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := syntax.NewParser(syntax.KeepComments(true), syntax.Variant(lang)).Parse(bytes.NewReader(src), path)
	if err != nil {
		t.Fatal(err)
	}
	return src, f
}

// strictGuard fails the test if any command ever reaches the exec handler
// after the sandbox's own, or interp's default handler behind it.
func strictGuard(t testing.TB) func(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			t.Errorf("a command reached the fallback exec handler (a real exec would follow): %q", args)
			return interp.ExitStatus(127)
		}
	}
}

// evalFile evaluates one mode of a script file of testdata with a guard that
// fails the test on any fallback.
func evalFile(t testing.TB, root, script, mode string, lang syntax.LangVariant, opts Options) *Result {
	t.Helper()
	src, f := parseFile(t, script, lang)
	opts.Root = root
	opts.guard = strictGuard(t)
	return Eval(context.Background(), script, src, f, mode, opts)
}

// evalSrc evaluates one mode of a script given as text, written into a temp
// tree (with extra files).
func evalSrc(t testing.TB, src, mode string, files map[string]string, opts Options) *Result {
	t.Helper()
	root := testfs.NewTree(t, files)
	script := filepath.Join(root, "serve.sh")
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	return evalFile(t, root, script, mode, syntax.LangBash, opts)
}

// runHelper runs one text helper on in and reports its output and status;
// skipped is true when the helper refused (printed its sentinel).
func runHelper(h func(*evaluator, context.Context, interp.HandlerContext, []string) error, args []string, in string) (out string, status int, skipped bool) {
	ev := &evaluator{root: "/nonexistent-root"}
	var o, e bytes.Buffer
	hc := interp.HandlerContext{Stdin: strings.NewReader(in), Stdout: &o, Stderr: &e, Dir: "/nonexistent"}
	err := h(ev, context.Background(), hc, args)
	if len(ev.skipped) > 0 {
		return "", 0, true
	}
	var st interp.ExitStatus
	if errors.As(err, &st) {
		status = int(st)
	}
	return o.String(), status, false
}

func runGNU(args []string, in string) (string, int) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin = strings.NewReader(in)
	loc := os.Getenv("GNUDIFF_LOCALE")
	if loc == "" {
		loc = "C.UTF-8"
	}
	cmd.Env = []string{"LC_ALL=" + loc}
	var o bytes.Buffer
	cmd.Stdout = &o
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return o.String(), ee.ExitCode()
	}
	return o.String(), 0
}

// checkGuardArgv evaluates serve of a script made of guard then tail and
// compares the argv past its first three words with want; a nil want
// means the run must not boot.
func checkGuardArgv(t *testing.T, name, guard, tail string, want []string) {
	t.Helper()
	res := evalSrc(t, "#!/bin/bash\n"+guard+"\n"+tail, "serve", nil, Options{})
	if want == nil {
		if res.Err == nil {
			t.Errorf("%s: evaluated: %q", name, res.Argv)
		}
		return
	}
	if res.Err != nil {
		t.Errorf("%s: %v", name, res.Err)
		return
	}
	if got := res.Argv[3:]; !slices.Equal(got, want) {
		t.Errorf("%s: argv %q, want %q", name, got, want)
	}
}
