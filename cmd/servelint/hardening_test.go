package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
)

// lintDir runs the CLI on dir and returns stdout, stderr and the exit code.
func lintDir(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// TestBadInput gives the linter every kind of bad file beside a good one:
// each gets a clear finding or message, never a panic, and the good file is
// still linted.
func TestBadInput(t *testing.T) {
	dir := example(t)
	bad := filepath.Join(dir, "bad")
	write := func(name string, b []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(bad, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bad, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("binary.sh", []byte("\x7fELF\x02\x01\x01\x00\x00\x00garbage\x00\x00"))
	write("empty.sh", nil)
	write("invalid-utf8.sh", []byte("#!/bin/bash\necho \xff\xfe\xfd caf\xe9\n"))
	write("bom.sh", []byte("\xef\xbb\xbf#!/bin/bash\necho hi\n"))
	write("crlf.sh", []byte("#!/bin/bash\r\necho hi\r\n"))
	write("deep.sh", []byte("echo "+strings.Repeat("$(", 5000)+"x"+strings.Repeat(")", 5000)+"\n"))
	// 10,000 nested ifs: refused where the nesting passes the limit (the
	// 4,010th if, line 4,011), not at 1:1, and not as "1000 levels deep".
	write("ifs.sh", []byte("#!/bin/bash\n"+strings.Repeat("if true; then\n", 10000)+"echo x\n"+strings.Repeat("fi\n", 10000)))
	write("unclosed.sh", []byte("#!/bin/bash\ncase \"$1\" in\n  serve) radiance serve\n"))
	// Nesting hidden behind what looks like a comment ('" #"', ${#x}) and
	// nesting reached only through the dry run (a sourced file, an eval
	// string built at run time): each is refused before the recursive
	// parser sees it, never a stack overflow (which kills the process).
	const deep = 400000
	write("hidden-deep.sh", []byte("echo \" #\" "+strings.Repeat("$(", deep)+"true"+strings.Repeat(")", deep)+"\n"))
	write("hidden-deep.env", []byte("A=\" #"+strings.Repeat("$(", deep)+"true"+strings.Repeat(")", deep)+"\"\n"))
	write("src/run.sh", []byte("#!/bin/bash\n. \"$(dirname \"$0\")/run.env\"\ncase $1 in\n  serve) exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\n"+
		"  lib) . \"$(dirname \"$0\")/lib.inc\"; exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\n"+
		"  ev) o='(' c=')'; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do o=\"$o$o\" c=\"$c$c\"; done; eval \"$o true $c\"; exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\n"+
		"  un) a=(1 2); s='('; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21; do s=$s$s; done; unset \"a[$s]\"; exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\nesac\n"))
	write("src/run.env", []byte("RUN_MAX_SEQS=8\n"))
	write("envuser.sh", []byte("#!/bin/bash\n. \"$(dirname \"$0\")/hidden-deep.env\"\nexec vllm serve m --max-num-seqs \"$A\"\n"))
	write("src/lib.inc", []byte(strings.Repeat("(", 1<<20)+"true"+strings.Repeat(")", 1<<20)+"\n"))
	// Operator chains nest too: a pipeline of 300,000 commands, an
	// arithmetic of a million '!', built at run time for eval.
	write("pipes.sh", []byte(strings.Repeat(":|", 300000)+":\n"))
	write("src/bang.sh", []byte("#!/bin/bash\n. \"$(dirname \"$0\")/run.env\"\ncase $1 in\n  serve) exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\n"+
		"  bang) s='!'; for i in {1..21}; do s=$s$s; done; eval \"x=\\$(($s 1))\"; exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\nesac\n"))
	write("big-value.env", []byte("BIG="+strings.Repeat("x", 1<<20)+"\n"))
	big := make([]byte, 0, 50<<20)
	line := []byte("echo 'padding padding padding padding padding padding padding'\n")
	for len(big)+len(line) < 50<<20 {
		big = append(big, line...)
	}
	write("huge.sh", big)
	// A symlink loop in the walk.
	if err := os.Symlink(bad, filepath.Join(bad, "loop")); err != nil {
		t.Fatal(err)
	}
	// A mode that loops forever and one that starts background jobs.
	write("forever/run.sh", []byte("#!/bin/bash\n. \"$(dirname \"$0\")/run.env\"\ncase $1 in\n  serve) exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\n  spin) while :; do :; done; exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\n  bg) sleep 1000 & yes >/dev/null & exec radiance serve /m --max-num-seqs \"$RUN_MAX_SEQS\" ;;\nesac\n"))
	write("forever/run.env", []byte("RUN_MAX_SEQS=8\n"))

	start := time.Now()
	out, errOut, code := lintDir(t, "--eval-timeout", "300ms", ".")
	// A hang detector, not a speed goal (those live in benchmarks): the
	// bounds stop every mode within seconds; the race detector on a loaded
	// CI machine makes the rest of the run several times slower.
	if time.Since(start) > 240*time.Second {
		t.Errorf("linting took %v", time.Since(start))
	}
	if code != exitFindings {
		t.Errorf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"bad/binary.sh:1:1: not a shell script: the file is binary (syntax)",
		"bad/bom.sh:1:1: the script starts with a UTF-8 byte-order mark",
		"bad/crlf.sh:1:12: the script has CRLF line endings",
		"bad/deep.sh:1:807: not analysed: nesting past the limit of 400 levels (about 400 brackets or substitutions deep, or 4000 if/while/until/for/case/select blocks) (syntax)",
		"bad/ifs.sh:4011:1: not analysed: nesting past the limit of 400 levels",
		"bad/hidden-deep.sh:1:812: not analysed: nesting",
		"bad/hidden-deep.env:1:1: bash cannot source this env file",
		"bad/src/run.sh:5:3: info: lib could not be evaluated",
		"bad/src/run.sh:6:3: info: ev could not be evaluated",
		"bad/src/run.sh:7:3: info: un could not be evaluated",
		"bad/pipes.sh:1:8020: not analysed: nesting",
		"bad/src/bang.sh:5:3: info: bang could not be evaluated",
		"bad/huge.sh:1:1: not analysed: huge.sh is 52428",
		"bad/unclosed.sh:",
		"bad/forever/run.sh:5:3: info: spin could not be evaluated",
		// The good files are still linted.
		"scripts/frank-archon.sh:36:37: kl-ref passes --max-num-batched-tokens 2048",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
	for _, quiet := range []string{"empty.sh", "loop/"} {
		if strings.Contains(out, quiet) {
			t.Errorf("output mentions %s:\n%s", quiet, out)
		}
	}
	if strings.Contains(out, "bg could not be evaluated") {
		t.Errorf("a mode with background jobs should still be evaluated:\n%s", out)
	}
}

// TestJobsDeterministic: -j N gives the same output, in the same order, as
// -j 1.
func TestJobsDeterministic(t *testing.T) {
	dir := example(t)
	src, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(src, filepath.Join(dir, "cases")); err != nil {
		t.Fatal(err)
	}
	// The walk does not follow symlinks: lint the cases by path.
	// Deadlines generous enough that no evaluation bound is reached on a
	// slow machine (under -race, with other load): a bound reached in one
	// run and not the other is a timing difference, not a -j one.
	one, _, c1 := lintDir(t, "-j", "1", "--eval-timeout", "60s", "--format", "json", ".", "cases/")
	for _, j := range []string{"2", "8"} {
		many, _, cN := lintDir(t, "-j", j, "--eval-timeout", "60s", "--format", "json", ".", "cases/")
		if many != one || cN != c1 {
			t.Fatalf("-j %s output differs from -j 1 (exit %d vs %d)", j, cN, c1)
		}
	}
	if !strings.Contains(one, "privateshape") {
		t.Fatalf("no findings linted:\n%s", one)
	}
}

// TestFixSafety: --fix refuses a read-only file (exit 3 naming it, the file
// intact, no temp file left) and keeps the mode of the files it writes.
func TestFixSafety(t *testing.T) {
	dir := example(t)
	sh := filepath.Join(dir, "scripts", "frank-archon.sh")
	env := filepath.Join(dir, "scripts", "frank-archon.env")
	if err := os.Chmod(sh, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(env, 0o444); err != nil {
		t.Fatal(err)
	}
	envBefore, _ := os.ReadFile(env)
	_, errOut, code := lintDir(t, "--fix", ".")
	if code != exitFailure || !strings.Contains(errOut, "frank-archon.env: file is read-only") {
		t.Fatalf("exit %d, stderr %q; want 3 naming the read-only env file", code, errOut)
	}
	if after, _ := os.ReadFile(env); !bytes.Equal(after, envBefore) {
		t.Fatal("the read-only file was changed")
	}
	st, err := os.Stat(sh)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o750 {
		t.Errorf("fixed script mode %v, want 0750", st.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, "scripts", ".*servelint-*"))
	if len(left) > 0 {
		t.Errorf("temp files left behind: %v", left)
	}
}

// TestNoReadOutsideTree: an env file a script points at outside the linted
// tree is never read, so findings cannot quote it (a hostile pull request
// could otherwise make CI print a secret).
func TestNoReadOutsideTree(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "creds.env")
	if err := os.WriteFile(secret, []byte("LEAK_MAX_SEQS=hunter2\nLEAK_MAX_SEQS=hunter3\nLEAK_TOKEN=\"s3cr3t value\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := example(t)
	testfs.Write(t, filepath.Join(dir, "leak", "run.sh"), "#!/bin/bash\n. "+secret+"\nexec docker run --env-file "+secret+" img radiance serve /m --max-num-seqs \"$LEAK_MAX_SEQS\"\n")
	out, errOut, _ := lintDir(t, "--format", "json", ".")
	for _, s := range []string{"hunter", "s3cr3t", "creds.env"} {
		if strings.Contains(out+errOut, s) {
			t.Fatalf("output quotes %q from a file outside the tree:\n%s%s", s, out, errOut)
		}
	}
}

// TestNoReadThroughSymlink: nor through a symlink inside the tree that
// leads out of it (leak/app.env -> /elsewhere/creds.env), whether sourced,
// passed to --env-file or the script's same-stem sibling; a symlink that
// stays inside the tree is read.
func TestNoReadThroughSymlink(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "creds.env")
	if err := os.WriteFile(secret, []byte("LEAK_MAX_SEQS=hunter2\nLEAK_MAX_SEQS=hunter3\nLEAK_TOKEN=\"s3cr3t value\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := example(t)
	testfs.Write(t, filepath.Join(dir, "leak", "run.sh"), "#!/bin/bash\n. \"$(dirname \"$0\")/app.env\"\nexec docker run --env-file \"$(dirname \"$0\")/app.env\" img radiance serve /m --max-num-seqs \"$LEAK_MAX_SEQS\"\n")
	testfs.Write(t, filepath.Join(dir, "leak", "solo.sh"), "#!/bin/bash\nexec vllm serve /m --max-num-seqs \"$LEAK_MAX_SEQS\"\n")
	for _, link := range []string{"app.env", "solo.env"} {
		if err := os.Symlink(secret, filepath.Join(dir, "leak", link)); err != nil {
			t.Skip("no symlinks here:", err)
		}
	}
	out, errOut, _ := lintDir(t, "--format", "json", "leak")
	for _, s := range []string{"hunter", "s3cr3t", "creds.env"} {
		if strings.Contains(out+errOut, s) {
			t.Fatalf("output quotes %q from a file outside the tree:\n%s%s", s, out, errOut)
		}
	}
	// The same file inside the tree, behind an in-tree symlink, is read.
	testfs.Write(t, filepath.Join(dir, "leak", "conf", "real.env"), "LEAK_MAX_SEQS=hunter2\nLEAK_MAX_SEQS=hunter3\n")
	if err := os.Remove(filepath.Join(dir, "leak", "app.env")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("conf", "real.env"), filepath.Join(dir, "leak", "app.env")); err != nil {
		t.Fatal(err)
	}
	out, _, _ = lintDir(t, "leak")
	// It is one file: reported once, under the name the walk found it by.
	if !strings.Contains(out, "leak/conf/real.env:2:1: warning: LEAK_MAX_SEQS is defined twice") || strings.Count(out, "is defined twice") != 1 {
		t.Fatalf("an in-tree symlink was not read, or its file reported twice:\n%s", out)
	}
}

// TestSplitLayout: scripts/ and config/ side by side; linting scripts/ (or
// one script, as pre-commit does) still reads ../config/serve.env.
func TestSplitLayout(t *testing.T) {
	dir := example(t)
	testfs.Write(t, filepath.Join(dir, "split", "scripts", "serve.sh"), "#!/bin/bash\n. \"$(dirname \"$0\")/../config/serve.env\"\ncase $1 in\n  serve) exec vllm serve m --max-num-seqs \"$S_MAX_NUM_SEQS\" ;;\n  bench) exec vllm serve m --max-num-seqs 9 ;;\nesac\n")
	testfs.Write(t, filepath.Join(dir, "split", "config", "serve.env"), "S_MAX_NUM_SEQS=4\n")
	for _, arg := range []string{"split/scripts", "split/scripts/serve.sh"} {
		out, _, code := lintDir(t, arg)
		if code != exitFindings || !strings.Contains(out, "bench passes --max-num-seqs 9; split/config/serve.env:1 owns it as S_MAX_NUM_SEQS=4 (privateshape)") {
			t.Errorf("servelint %s: exit %d\n%s", arg, code, out)
		}
	}
}

// TestBadFlagValues: a negative or zero bound is a usage error (exit 2),
// not a silent default.
func TestBadFlagValues(t *testing.T) {
	for _, args := range [][]string{
		{"--eval-timeout=-1s", "."}, {"--eval-timeout=0s", "."}, {"--max-file-size=-1", "."}, {"--max-file-size=0", "."},
		{"--max-total-size=0", "."}, {"--max-total-size=-1", "."},
		{"argv", "--eval-timeout=-1s", "x.sh"}, {"lsp", "--eval-timeout=0s"},
	} {
		if _, errOut, code := lintDir(t, args...); code != exitUsage || !strings.Contains(errOut, "must be positive") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestOneScriptOfShared: a pre-commit hook lints the changed script alone;
// the env file it shares with a script that was not read is not reported
// for keys only that other script uses.
func TestOneScriptOfShared(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"app.env":    "APP_MAX_NUM_SEQS=8\nAPP_MAX_NUM_BATCHED_TOKENS=4096\n",
		"serve.sh":   "#!/bin/bash\n. \"$(dirname \"$0\")/app.env\"\nexec vllm serve m --max-num-seqs \"$APP_MAX_NUM_SEQS\"\n",
		"offline.sh": "#!/bin/bash\n. \"$(dirname \"$0\")/app.env\"\nexec vllm serve m --max-num-batched-tokens \"$APP_MAX_NUM_BATCHED_TOKENS\"\n",
	})
	t.Chdir(root)
	if out, _, code := lintDir(t, "serve.sh"); code != exitClean || out != "" {
		t.Errorf("lint serve.sh alone: exit %d\n%s", code, out)
	}
	// The directory (both readers) is still checked: here, nothing unused.
	if out, _, code := lintDir(t, "."); code != exitClean {
		t.Errorf("lint .: exit %d\n%s", code, out)
	}
}

// TestNamedSymlinksOut: the pull request's file names reach servelint
// through shell globs and pre-commit; a link among them that leads out of
// the tree is refused by the same message whether its target exists, is
// never read, quoted or fixed through; an env file linked to /dev/stdout is
// never read (it would block on the output pipe).
func TestNamedSymlinksOut(t *testing.T) {
	outside, root := t.TempDir(), t.TempDir()
	victim := "#!/bin/bash\ncase $1 in\n  serve) exec vllm serve m --max-num-seqs 8 ;;\n  kl) exec vllm serve m --max-num-seqs 4 ;;\nesac\n"
	testfs.Tree(t, outside, map[string]string{"victim.sh": victim, "secret.env": "SECRET_MAX_NUM_SEQS=s3cr3t\n"})
	testfs.Tree(t, root, map[string]string{"ok.sh": "#!/bin/bash\n. \"$(dirname \"$0\")/x.env\"\nexec vllm serve m --max-num-seqs \"$X_MAX_NUM_SEQS\"\n"})
	for name, target := range map[string]string{"x.sh": filepath.Join(outside, "victim.sh"), "y.env": filepath.Join(outside, "secret.env"),
		"probe.sh": "/nonexistent/probe.sh", "x.env": "/dev/stdout"} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(root)
	done := make(chan struct{})
	var out, errOut string
	var code int
	go func() {
		defer close(done)
		out, errOut, code = lintDir(t, "--fix", "x.sh", "y.env", "probe.sh", "ok.sh")
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("linting hung")
	}
	if code != exitFailure || strings.Contains(out+errOut, "s3cr3t") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	for _, name := range []string{"x.sh", "y.env", "probe.sh"} {
		if !strings.Contains(errOut, name+": not read: a symlink leading out of the linted tree") {
			t.Errorf("%s not refused:\n%s", name, errOut)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "victim.sh")); string(b) != victim {
		t.Errorf("the file outside the tree was rewritten:\n%s", b)
	}
}

// TestWorkflowCommandsStopped: on a GitHub Actions runner, what servelint
// prints from the tree (a --diff context line '::error …', a value
// '##[error]…') sits between ::stop-commands::TOKEN and ::TOKEN::; the
// github format, made of commands, is not wrapped.
func TestWorkflowCommandsStopped(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Chdir(example(t))
	out, errOut, _ := lintDir(t, "--diff", ".")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "::stop-commands::") || lines[len(lines)-1] != "::"+strings.TrimPrefix(lines[0], "::stop-commands::")+"::" {
		t.Errorf("stdout not wrapped:\n%s", out)
	}
	if !strings.HasPrefix(errOut, "::stop-commands::") || strings.Contains(errOut, "::"+strings.TrimPrefix(lines[0], "::stop-commands::")+"::") {
		t.Errorf("stderr not fenced, or resumed before stdout:\n%s", errOut)
	}
	out, _, _ = lintDir(t, "--format", "github", ".")
	if strings.Contains(out, "stop-commands") {
		t.Errorf("the github format was wrapped:\n%s", out)
	}
	// A run that prints nothing prints no fence.
	clean := t.TempDir()
	testfs.Write(t, filepath.Join(clean, "ok.sh"), "#!/bin/bash\necho hi\n")
	if out, _, _ := lintDir(t, clean); out != "" {
		t.Errorf("a clean run printed %q on stdout", out)
	}
	// A machine-read format stays one valid document on stdout.
	for _, f := range []string{"json", "sarif"} {
		out, errOut, _ = lintDir(t, "--format", f, ".")
		if !json.Valid([]byte(out)) || !strings.HasPrefix(errOut, "::stop-commands::") {
			t.Errorf("--format %s: stdout valid JSON %v, stderr %q", f, json.Valid([]byte(out)), errOut)
		}
	}
}

// TestFixNotThroughDescriptors: --fix never writes through /dev/stdin or
// /proc/self/fd/N (a file redirected in would be rewritten, outside the
// tree).
func TestFixNotThroughDescriptors(t *testing.T) {
	for p, want := range map[string]bool{"/dev/stdin": true, "/proc/self/fd/0": true, "/dev/fd/3": true, "scripts/x.sh": false, "/work/x.sh": false, "/dev/shm/w/x.sh": false} {
		if got := descriptorPath(p); got != want {
			t.Errorf("descriptorPath(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestFixOneScriptOfShared: --fix (and --diff) of a changed script given
// alone edits no line of the env file it shares with a script that was not
// read, when that script may depend on the line: deleting a shim of an
// owned key (qwen.sh still reads it) or dropping an export (host.sh's
// engine inherits the key). The findings stay, without a fix; linting the
// directory (every reader) fixes as before where that is safe.
func TestFixOneScriptOfShared(t *testing.T) {
	files := map[string]string{
		"models.env": "LLAMA_MAX_NUM_BATCHED_TOKENS=8192\nQWEN_MAX_NUM_BATCHED_TOKENS=${LLAMA_MAX_NUM_BATCHED_TOKENS}\n",
		"llama.sh":   "#!/bin/bash\n. \"$(dirname \"$0\")/models.env\"\nexec vllm serve m --max-num-batched-tokens \"$LLAMA_MAX_NUM_BATCHED_TOKENS\"\n",
		"qwen.sh":    "#!/bin/bash\n. \"$(dirname \"$0\")/models.env\"\nexec vllm serve q --max-num-batched-tokens \"$QWEN_MAX_NUM_BATCHED_TOKENS\"\n",
		"serve.env":  "V_MAX_NUM_SEQS=16\nexport VLLM_ATTENTION_BACKEND=FLASHINFER\n",
		"container.sh": "#!/bin/bash\nhere=$(dirname \"$0\")\n. \"$here/serve.env\"\necho \"backend $VLLM_ATTENTION_BACKEND\"\n" +
			"exec docker run --rm --env-file \"$here/serve.env\" vllm/vllm-openai:v0.9.1 --model m --max-num-seqs \"$V_MAX_NUM_SEQS\"\n",
		"host.sh": "#!/bin/bash\n. \"$(dirname \"$0\")/serve.env\"\nexec vllm serve m --max-num-seqs \"$V_MAX_NUM_SEQS\"\n",
	}
	root := testfs.NewTree(t, files)
	t.Chdir(root)
	for _, arg := range []string{"llama.sh", "container.sh"} {
		out, errOut, code := lintDir(t, "--diff", arg)
		if code != exitFindings || out != "" || !strings.Contains(errOut, "not fixable: ") {
			t.Errorf("--diff %s: exit %d, a fix of a line another reader depends on:\n%s%s", arg, code, out, errOut)
		}
		if _, _, code := lintDir(t, "--fix", arg); code != exitFindings {
			t.Errorf("--fix %s: exit %d", arg, code)
		}
		for p, want := range files {
			if b, err := os.ReadFile(p); err != nil || string(b) != want {
				t.Errorf("--fix %s changed %s:\n%s", arg, p, b)
			}
		}
	}
	// With every reader linted, the shim is deleted and qwen.sh reads the
	// owner; the export host.sh's engine inherits stays.
	out, _, _ := lintDir(t, "--diff", ".")
	if !strings.Contains(out, "-QWEN_MAX_NUM_BATCHED_TOKENS=${LLAMA_MAX_NUM_BATCHED_TOKENS}") || !strings.Contains(out, "+exec vllm serve q --max-num-batched-tokens \"$LLAMA_MAX_NUM_BATCHED_TOKENS\"") || strings.Contains(out, "VLLM_ATTENTION_BACKEND") {
		t.Errorf("--diff .:\n%s", out)
	}
}

// TestSameFileTwice: a file named twice, as a relative and an absolute path
// or inside a directory also named, is linted once: its findings are not
// doubled, the output is the same whichever way it is named, and --fix
// writes it (it refused, taking the two names for two files with other
// changes).
func TestSameFileTwice(t *testing.T) {
	dir := example(t)
	abs := filepath.Join(dir, script)
	want, _, code := lintDir(t, script)
	if code != exitFindings || want == "" {
		t.Fatalf("exit %d\n%s", code, want)
	}
	for _, args := range [][]string{
		{script, abs},
		{abs, script},
		{"./" + script, "scripts/../" + script},
		{"scripts", abs},
		{dir + "/scripts", script},
	} {
		if out, errOut, c := lintDir(t, args...); out != want || c != code {
			t.Errorf("%v: exit %d\n%s%s\nwant\n%s", args, c, out, errOut, want)
		}
	}
	// Through a symlinked directory, and from a working directory reached
	// through a symlink, the file is the same one (the files beside it are
	// the same): its findings were doubled and --fix refused.
	if err := os.Symlink("scripts", "linked"); err != nil {
		t.Fatal(err)
	}
	via := filepath.Join(t.TempDir(), "via")
	if err := os.Symlink(dir, via); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{script, "linked/frank-archon.sh"},
		{"scripts", "linked/frank-archon.sh"},
		{"scripts", "linked"},
		{script, via + "/" + script},
	} {
		if out, errOut, c := lintDir(t, args...); out != want || c != code {
			t.Errorf("%v: exit %d\n%s%s\nwant\n%s", args, c, out, errOut, want)
		}
	}
	t.Chdir(via)
	if out, errOut, c := lintDir(t, script, dir+"/"+script); out != want || c != code {
		t.Errorf("from %s, %s and %s: exit %d\n%s%s\nwant\n%s", via, script, dir+"/"+script, c, out, errOut, want)
	}
	if _, errOut, c := lintDir(t, "--fix", script, abs, "scripts", "linked"); c == exitFailure || errOut != "" {
		t.Fatalf("--fix: exit %d\n%s", c, errOut)
	}
	if out, _, _ := lintDir(t, "--diff", script); out != "" {
		t.Errorf("a second --fix would still change:\n%s", out)
	}
}

// TestEnvFileOverSizeLimit: an env file over --max-file-size is reported,
// not analysed, as a script is; it never silently drops the findings of
// the script that sources it.
func TestEnvFileOverSizeLimit(t *testing.T) {
	dir := example(t)
	env := filepath.Join(dir, envFile)
	b, err := os.ReadFile(env)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(env, append(b, strings.Repeat("# padding\n", 300)...), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	out, errs, code := lintDir(t, "--max-file-size", "2500", ".")
	want := envFile + ":1:1: not analysed: frank-archon.env is 3562 bytes, over the 2500-byte limit (--max-file-size) (syntax)\n"
	if code != exitFindings || !strings.HasPrefix(out, want) || errs != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant it to start with %q", code, errs, out, want)
	}
}

// TestFilesOverTotalLimit: the files walked past --max-total-size bytes
// together (in walk order, scripts before env files) are reported, not
// analysed, each at its line 1; those before the bound are linted as
// usual. A parsed script holds about a hundred times its size: fifty
// 2 MiB scripts of short commands held 7.4 GB, with no bound.
func TestFilesOverTotalLimit(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/bash\nvllm serve /m --max-num-seqs 8 # padding\n"
	for _, name := range []string{"a.sh", "b.sh", "c.sh"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	limit := strconv.Itoa(2*len(script) + 1)
	out, errs, code := lintDir(t, "--max-total-size", limit, ".")
	want := "c.sh:1:1: not analysed: c.sh comes after the first " + limit + " bytes of the files linted together (--max-total-size): lint fewer paths at a time, or raise the limit (syntax)\n"
	if code != exitFindings || out != want || errs != "" {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant %q", code, errs, out, want)
	}
	if out, _, code := lintDir(t, "."); code != exitClean || out != "" {
		t.Errorf("under the default bound: exit %d\n%s", code, out)
	}
}

// TestWorkflowFenceStdoutToFile: with stdout redirected to a file
// (servelint . > findings.txt), the file gets no fence and stderr, which
// the runner reads, is fenced and resumed: a resume written only into the
// file would leave every later workflow command of the step ignored.
func TestWorkflowFenceStdoutToFile(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	f, err := os.Create(filepath.Join(t.TempDir(), "findings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	var errBuf strings.Builder
	out, errw, resume := fenceWorkflowCommands(f, &errBuf, true)
	_, _ = io.WriteString(out, "a.sh:1:1: x (syntax)\n")
	_, _ = io.WriteString(errw, "servelint: a note\n")
	resume()
	b, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "::") {
		t.Errorf("the file got a fence:\n%s", b)
	}
	lines := strings.Split(strings.TrimSpace(errBuf.String()), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "::stop-commands::") || lines[len(lines)-1] != "::"+strings.TrimPrefix(lines[0], "::stop-commands::")+"::" {
		t.Errorf("stderr not fenced and resumed:\n%s", errBuf.String())
	}
}
