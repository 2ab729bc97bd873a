package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// fenceWorkflowCommands, on a GitHub Actions runner (GITHUB_ACTIONS=true),
// prints ::stop-commands:: with a random token on stderr at once, and on
// stdout before its first byte: nothing servelint
// prints from the tree under review - a --diff context line
// '    ::error file=…::forged', a value '##[error]…' in a finding, a file name
// in an error - is taken for a workflow command. resume prints ::TOKEN::
// on each stream that was fenced. A run that prints nothing prints no
// fence on stdout (`[ -z "$(servelint .)" ]` still works). With fenceStdout false
// (json, sarif: stdout must stay one document, often redirected to a
// file), or stdout a regular file (toRunner), only stderr is fenced: the
// runner's stop state holds for the step's whole log. The github format, whose lines are commands, is not
// fenced at all.
func fenceWorkflowCommands(stdout, stderr io.Writer, fenceStdout bool) (io.Writer, io.Writer, func()) {
	if os.Getenv("GITHUB_ACTIONS") != "true" {
		return stdout, stderr, func() {}
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return stdout, stderr, func() {}
	}
	token := hex.EncodeToString(b)
	errf := &fence{w: stderr, token: token}
	// stderr at once; stdout before its first byte (it may stay empty).
	errf.started = true
	_, _ = fmt.Fprintf(stderr, "::stop-commands::%s\n", token)
	outw := stdout
	var outf *fence
	if fenceStdout && toRunner(stdout) {
		outf = &fence{w: stdout, token: token}
		outw = outf
	}
	// One resume, on the stream that carries the findings when it was
	// fenced: the runner reads the two pipes apart, and a resume read on
	// stderr first would let later stdout lines through.
	return outw, errf, func() {
		if outf != nil && outf.started {
			outf.end()
			return
		}
		errf.end()
	}
}

// toRunner reports whether w may reach the runner's log: not a regular
// file (`servelint . > findings.txt`), whose fence the runner would never
// read, so that its resume would never come and every workflow command
// later in the step would be ignored; stderr's fence is resumed instead.
func toRunner(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return true
	}
	fi, err := f.Stat()
	return err != nil || !fi.Mode().IsRegular()
}

// fence writes ::stop-commands::TOKEN before the first bytes written to w.
type fence struct {
	w       io.Writer
	token   string
	started bool
}

func (f *fence) Write(p []byte) (int, error) {
	if !f.started && len(p) > 0 {
		f.started = true
		if _, err := fmt.Fprintf(f.w, "::stop-commands::%s\n", f.token); err != nil {
			return 0, err
		}
	}
	return f.w.Write(p)
}

func (f *fence) end() {
	if f.started {
		_, _ = fmt.Fprintf(f.w, "::%s::\n", f.token)
	}
}
