package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// stopWorkflowCommands, on a GitHub Actions runner (GITHUB_ACTIONS=true),
// writes ::stop-commands:: with a random token to stdout and stderr, so
// that nothing servelint prints from the tree under review - a --diff
// context line '    ::error file=…::forged', a value '##[error]…' in a
// finding, a file name in an error - is taken for a workflow command; the
// returned func resumes them. The github format, whose lines are meant as
// commands, does not call it.
//
// A machine-read format (json, sarif) must stay a valid document on stdout,
// often redirected to a file: pass stdout as nil and only stderr carries
// the fence (the runner's stop state holds for the step's whole log).
func stopWorkflowCommands(stdout, stderr io.Writer) (resume func()) {
	if os.Getenv("GITHUB_ACTIONS") != "true" {
		return func() {}
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return func() {}
	}
	token := hex.EncodeToString(b)
	for _, w := range []io.Writer{stdout, stderr} {
		if w != nil {
			_, _ = fmt.Fprintf(w, "::stop-commands::%s\n", token)
		}
	}
	return func() {
		for _, w := range []io.Writer{stderr, stdout} {
			if w != nil {
				_, _ = fmt.Fprintf(w, "::%s::\n", token)
			}
		}
	}
}
