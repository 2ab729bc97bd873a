package fixes

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// noNewline marks a last line without a line ending, as diff and git do.
const noNewline = "\n\\ No newline at end of file\n"

// UnifiedDiff returns a unified diff of old → new, with "--- a/path" and
// "+++ b/path" headers (path with forward slashes, an absolute path
// without its leading slash) and 3 lines of context,
// or "" when old and new are equal. Lines keep their line endings, so a
// CRLF file gives "\r\n"-terminated diff lines; a last line without a line
// ending is followed by "\ No newline at end of file".
func UnifiedDiff(path string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	p := strings.TrimPrefix(filepath.ToSlash(path), "/") // a/ + an absolute path, without "//"
	var b strings.Builder
	// Writing to a strings.Builder cannot fail.
	_ = difflib.WriteUnifiedDiff(&b, difflib.UnifiedDiff{
		A:        splitLines(old),
		B:        splitLines(new),
		FromFile: "a/" + p,
		ToFile:   "b/" + p,
		Context:  3,
	})
	return b.String()
}

// splitLines splits b after each "\n". A last line without "\n" gets the
// no-newline marker, so it differs from the same line with a line ending.
func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(b), "\n")
	if last := lines[len(lines)-1]; last == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] = last + noNewline
	}
	return lines
}
