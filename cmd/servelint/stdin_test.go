package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withStdin makes "-" read text for the rest of the test.
func withStdin(t *testing.T, text string) {
	t.Helper()
	old := stdin
	stdin = strings.NewReader(text)
	t.Cleanup(func() { stdin = old })
}

// snapshot reads every file under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStdinNamed: `servelint --stdin-filename PATH` (and `- --stdin-filename
// PATH`) reports what naming PATH reports, in every format, with the same
// exit status: the env file beside it is found and findings name PATH.
func TestStdinNamed(t *testing.T) {
	example(t)
	src, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "json", "github"} {
		wantCode, wantOut, wantErr := runCLI(t, "--format", format, script)
		for _, args := range [][]string{{"--stdin-filename", script}, {"-", "--stdin-filename", "./" + script}} {
			withStdin(t, string(src))
			code, out, errOut := runCLI(t, append([]string{"--format", format}, args...)...)
			if code != wantCode || out != wantOut || errOut != wantErr {
				t.Errorf("%s %v: exit %d\n%s%s\nwant exit %d\n%s%s", format, args, code, out, errOut, wantCode, wantOut, wantErr)
			}
		}
	}
	// --diff of standard input is the diff of the file it is named as.
	_, wantDiff, _ := runCLI(t, "--diff", script)
	withStdin(t, string(src))
	if code, out, _ := runCLI(t, "--diff", "--stdin-filename", script); code != exitFindings || out != wantDiff || !strings.Contains(out, "+++ b/"+script) {
		t.Errorf("--diff: exit %d\n%s\nwant\n%s", code, out, wantDiff)
	}
	// The text read is standard input's, not the disk's.
	withStdin(t, strings.Replace(string(src), "--max-num-batched-tokens 2048", "--max-num-batched-tokens 3000", 1))
	if _, out, _ := runCLI(t, "--stdin-filename", script); !strings.Contains(out, "kl-ref passes --max-num-batched-tokens 3000") {
		t.Errorf("the disk was read, not standard input:\n%s", out)
	}
}

// TestStdinDash: "-" alone is named "-" (the env files beside the working
// directory are its neighbours); named twice it is read once; empty, it is
// a clean empty script.
func TestStdinDash(t *testing.T) {
	example(t)
	src, _ := os.ReadFile(script)
	withStdin(t, string(src))
	code, out, errOut := runCLI(t, "-", "-", "--format", "json")
	var fs []struct{ File string }
	if err := json.Unmarshal([]byte(out), &fs); err != nil || code != exitFindings || len(fs) == 0 {
		t.Fatalf("exit %d, %v:\n%s%s", code, err, out, errOut)
	}
	for _, f := range fs {
		if f.File != "-" {
			t.Errorf("finding in %q, want -", f.File)
		}
	}
	withStdin(t, string(src))
	if _, out1, _ := runCLI(t, "-"); strings.Count(out1, "\n") != len(fs) {
		t.Errorf("- - reported %d findings, - once:\n%s", len(fs), out1)
	}
	withStdin(t, "")
	if code, out, errOut := runCLI(t, "-"); code != exitClean || out != "" || errOut != "" {
		t.Errorf("empty standard input: exit %d\n%s%s", code, out, errOut)
	}
}

// TestStdinEnvFile: standard input named as an env file is the text the
// scripts beside it read; the disk is untouched.
func TestStdinEnvFile(t *testing.T) {
	dir := example(t)
	before := snapshot(t, dir)
	env, _ := os.ReadFile(envFile)
	withStdin(t, strings.Replace(string(env), "FRANK_ARCHON_MAX_SEQS=8", "FRANK_ARCHON_MAX_SEQS=9", 1))
	_, out, _ := runCLI(t, "--stdin-filename", envFile)
	if !strings.Contains(out, "FRANK_ARCHON_MAX_SEQS=9 ("+envFile+":5)") || strings.Contains(out, "FRANK_ARCHON_MAX_SEQS=8") {
		t.Errorf("the scripts did not read standard input's env file:\n%s", out)
	}
	if after := snapshot(t, dir); !maps.Equal(after, before) {
		t.Error("files changed on disk")
	}
}

// TestStdinFix: --fix of standard input prints the fixed text on stdout
// (the text itself when nothing applies), the findings left on stderr, and
// writes no file: a fix that would also edit the env file is left a
// finding. Running it on its own output changes nothing.
func TestStdinFix(t *testing.T) {
	dir := example(t)
	before := snapshot(t, dir)
	src, _ := os.ReadFile(script)
	withStdin(t, string(src))
	code, fixed, errOut := runCLI(t, "--fix", "--stdin-filename", script)
	if code != exitFindings || !strings.Contains(fixed, "--ngram-placement disk") || strings.Contains(fixed, "seqs=16") || !strings.HasPrefix(fixed, "#!") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, fixed, errOut)
	}
	if !strings.Contains(errOut, envFile+":14:1: FRANK_CALIB_MAX_SEQS is a shim") || strings.Contains(errOut, script+":") {
		t.Errorf("stderr: want the env file's shim left (its fix edits the env file), no finding of the fixed script:\n%s", errOut)
	}
	for p, b := range snapshot(t, dir) {
		if before[p] != b {
			t.Errorf("%s was written", p)
		}
	}
	withStdin(t, fixed)
	code2, again, errOut2 := runCLI(t, "--fix", "--stdin-filename", script)
	if again != fixed || code2 != code || errOut2 != errOut {
		t.Errorf("a second --fix changed the text (exit %d):\n%s\n%s", code2, again, errOut2)
	}
	// JSON findings go to stderr; stdout stays the script.
	withStdin(t, string(src))
	if _, out, errOut := runCLI(t, "--fix", "--format", "json", "--stdin-filename", script); out != fixed || !strings.HasPrefix(errOut, "[") {
		t.Errorf("--format json: stdout %q…, stderr %q…", out[:min(40, len(out))], errOut[:min(40, len(errOut))])
	}
	// On a GitHub runner stderr is fenced; stdout, the script, is not.
	t.Setenv("GITHUB_ACTIONS", "true")
	withStdin(t, string(src))
	if _, out, errOut := runCLI(t, "--fix", "--stdin-filename", script); out != fixed || !strings.HasPrefix(errOut, "::stop-commands::") {
		t.Errorf("on a runner: stdout is not the fixed text (%q…), or stderr not fenced (%q…)", out[:min(40, len(out))], errOut[:min(40, len(errOut))])
	}
	t.Setenv("GITHUB_ACTIONS", "")
	clean := "#!/bin/bash\necho hi\n"
	withStdin(t, clean)
	if code, out, errOut := runCLI(t, "--fix", "-"); code != exitClean || out != clean || errOut != "" {
		t.Errorf("nothing to fix: exit %d, stdout %q, stderr %q; want the text back", code, out, errOut)
	}
}

// TestStdinRefused: what does not go with standard input is bad usage
// (exit 2), said on stderr; too large a text is a finding when linted and
// a failure when fixed (nothing on stdout for a fixer to take).
func TestStdinRefused(t *testing.T) {
	example(t)
	for _, args := range [][]string{
		{"--fix", "-", "scripts"},
		{"--changed-from", "HEAD", "-"},
		{"--stdin-filename", "scripts"},
		{"--stdin-filename", "x.sh", "scripts"},
	} {
		withStdin(t, "echo hi\n")
		code, out, errOut := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "servelint: ") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	big := "#!/bin/bash\n" + strings.Repeat("echo padding\n", 100)
	withStdin(t, big)
	if code, out, _ := runCLI(t, "--max-file-size", "200", "-"); code != exitFindings || out != "-:1:1: not analysed: the input is over the 200-byte limit (--max-file-size) (syntax)\n" {
		t.Errorf("over the limit: exit %d\n%s", code, out)
	}
	withStdin(t, big)
	if code, out, errOut := runCLI(t, "--fix", "--max-file-size", "200", "-"); code != exitFailure || out != "" || !strings.Contains(errOut, "not fixed") {
		t.Errorf("--fix over the limit: exit %d\n%s%s", code, out, errOut)
	}
}

// TestStdinEmptyName: --stdin-filename "" (an editor's $FILENAME for an
// unsaved buffer) is bad usage: it was taken for no name, so standard
// input was not read and --fix rewrote every file of the working
// directory, printing nothing for the fixer to put in the buffer.
func TestStdinEmptyName(t *testing.T) {
	dir := example(t)
	before := snapshot(t, dir)
	src, _ := os.ReadFile(script)
	for _, args := range [][]string{{"--fix", "--stdin-filename", ""}, {"--stdin-filename", ""}, {"--fix", "--stdin-filename=", "-"}} {
		withStdin(t, string(src))
		code, out, errOut := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, `--stdin-filename "" names no file`) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2", args, code, out, errOut)
		}
	}
	if after := snapshot(t, dir); !maps.Equal(after, before) {
		t.Error("files changed on disk")
	}
}

// TestStdinTwiceFix: "- -" is one input, so --fix takes it (it was
// refused as "other paths").
func TestStdinTwiceFix(t *testing.T) {
	example(t)
	src, _ := os.ReadFile(script)
	withStdin(t, string(src))
	_, want, _ := runCLI(t, "--fix", "--stdin-filename", script)
	withStdin(t, string(src))
	if code, out, errOut := runCLI(t, "--fix", "-", "--stdin-filename", script, "-"); code != exitFindings || out != want {
		t.Errorf("--fix - -: exit %d, stderr %q, stdout differs from --fix -:\n%s", code, errOut, out)
	}
}

// TestStdinExcluded: the config's exclude applies to standard input's
// name, whether a file of that name exists or not (an editor's new buffer
// in vendor/ was linted, and fixed, as the file beside it is not).
func TestStdinExcluded(t *testing.T) {
	dir := example(t)
	if err := os.WriteFile(".servelint.yaml", []byte("exclude: [scripts/vendor/**, \"*.bak.sh\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "scripts", "vendor"), 0o755); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(script)
	for _, name := range []string{"scripts/vendor/new.sh", "scripts/new.bak.sh"} {
		withStdin(t, string(src))
		if code, out, errOut := runCLI(t, "--stdin-filename", name); code != exitClean || out != "" || errOut != "" {
			t.Errorf("%s: exit %d\n%s%s\nwant nothing: it is excluded", name, code, out, errOut)
		}
		withStdin(t, string(src))
		if code, out, errOut := runCLI(t, "--fix", "--stdin-filename", name); code != exitClean || out != string(src) || errOut != "" {
			t.Errorf("--fix %s: exit %d, stderr %q; want the text back unchanged", name, code, errOut)
		}
	}
}
