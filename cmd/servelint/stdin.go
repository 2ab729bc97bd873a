package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/servelint/servelint/fixes"
	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/output"
)

// stdin is what the path "-" reads (tests set it).
var stdin io.Reader = os.Stdin

// stdinInput is standard input linted as a file: an overlay of its text at
// the path it is named by (--stdin-filename, else "-"), as an editor's
// unsaved buffer is, so that findings name that path, the env files beside
// it are read from the disk, and the scripts beside an env file read its
// text from standard input, not from the disk.
type stdinInput struct {
	path   string // as given, cleaned: what findings name
	abs    string
	src    []byte
	tooBig bool // over the limit: src holds only its first bytes
	limit  int64
}

// stdinPaths replaces "-" in paths by the name standard input is linted
// as. --stdin-filename alone stands for "-". It returns nil when standard
// input is not read, and a usage error for a name given without "-" among
// other paths.
func stdinPaths(paths []string, name string) (*stdinInput, []string, error) {
	if name != "" && len(paths) == 0 {
		paths = []string{"-"}
	}
	var out []string
	var in *stdinInput
	for _, p := range paths {
		if p != "-" {
			out = append(out, p)
			continue
		}
		if in == nil {
			in = &stdinInput{path: "-"}
			if name != "" {
				in.path = filepath.Clean(name)
			}
			abs, err := filepath.Abs(in.path)
			if err != nil {
				return nil, nil, err
			}
			in.abs = abs
			out = append(out, in.path) // once: "- -" is one input
		}
	}
	if name != "" && in == nil {
		return nil, nil, errors.New("--stdin-filename names standard input: give - among the paths (or no path)")
	}
	return in, out, nil
}

// read reads standard input, up to limit bytes (one more tells it is over).
func (in *stdinInput) read(r io.Reader, limit int64) error {
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return fmt.Errorf("reading standard input: %w", err)
	}
	in.src, in.tooBig, in.limit = b, int64(len(b)) > limit, limit
	return nil
}

// is reports whether p names the file standard input stands for.
func (in *stdinInput) is(p string) bool {
	if p == in.path {
		return true
	}
	abs, err := filepath.Abs(p)
	return err == nil && abs == in.abs
}

// readFile reads standard input's text for its path, and the disk (as the
// loader does, never past the size limit) for the others.
func (in *stdinInput) readFile(p string) ([]byte, error) {
	if in.is(p) {
		if in.tooBig {
			return nil, &fsread.TooBigError{Path: p, Size: -1, Limit: in.limit}
		}
		return bytes.Clone(in.src), nil
	}
	return fsread.Read(p, in.limit)
}

// fixed is standard input's text once the fixes are applied: changed maps
// the loader's paths to their old and new contents.
func (in *stdinInput) fixed(changed map[string][2][]byte) []byte {
	for p, ch := range changed {
		if in.is(p) {
			return ch[1]
		}
	}
	return in.src
}

// checkStdinFlags refuses what does not go with standard input: the CI
// gate (it lints the work tree), --fix beside other paths (its stdout is
// the one fixed text), a name that is a directory.
func checkStdinFlags(in *stdinInput, lf *lintFlags, npaths int, stderr io.Writer) int {
	switch st, err := os.Stat(in.path); {
	case lf.changedFrom != "":
		_, _ = fmt.Fprintln(stderr, "servelint: --changed-from lints what changed in the work tree; it does not read standard input (-)")
	case lf.fix && npaths > 1:
		_, _ = fmt.Fprintln(stderr, "servelint: --fix with standard input (-) prints its fixed text on stdout; it does not combine with other paths")
	case err == nil && st.IsDir():
		_, _ = fmt.Fprintf(stderr, "servelint: --stdin-filename %s is a directory; name the file standard input stands for\n", output.EscapeControl(in.path))
	default:
		return exitClean
	}
	return exitUsage
}

// fixStdin is --fix of standard input, as ruff and eslint's fixers do it:
// the fixed text (the text itself when nothing applies) on stdout, the
// findings left on stderr in the format asked for, and no file written (a
// fix that would also edit another file, such as the env file, is not
// applied: it stays a finding). The exit status is a lint's of the fixed
// text.
func fixStdin(in *stdinInput, opts lint.Options, format, wd string, stdout, stderr io.Writer) int {
	if len(opts.Paths) == 0 { // excluded by the config: passed through
		if _, err := stdout.Write(in.src); err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
			return exitFailure
		}
		return exitClean
	}
	opts.FixFile = in.is
	res, oc, err := lint.ApplyFixes(opts, 8)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	if _, err := stdout.Write(in.fixed(oc.Changed)); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	for _, sk := range oc.Report.Skipped {
		if sk.Reason == fixes.Invalid {
			_, _ = fmt.Fprintf(stderr, "servelint: a fix was refused (%s): %s\n", output.EscapeControl(sk.Fix.Message), output.EscapeControl(fmt.Sprint(sk.Err)))
		}
	}
	return report(res, format, wd, stderr, stderr)
}
