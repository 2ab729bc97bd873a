package fixes

import (
	"bytes"
	"fmt"
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
//
// The names are written as git diff writes them, so that git apply and
// patch -p1 read them whole: a name with a control character, a double
// quote, a backslash or a non-ASCII byte is quoted (see quoteName), and
// a name with a space is followed by a tab.
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
		FromFile: headerName("a/" + p),
		ToFile:   headerName("b/" + p),
		Context:  3,
	})
	return b.String()
}

// headerName is a name as git writes it after "--- " and "+++ ": quoted
// when it must be, then a tab when it holds a space (GNU patch reads a name
// up to a tab; without one it would stop at the space).
func headerName(name string) string {
	q := quoteName(name)
	if strings.Contains(name, " ") {
		q += "\t"
	}
	return q
}

// quoteName quotes a file name as git does with core.quotePath (its
// default): unchanged unless it has a byte below 0x20, a double quote, a
// backslash, DEL or a byte of 0x80 and above; then in double quotes, with
// \a \b \t \n \v \f \r \" \\ and three octal digits for every other such
// byte (each byte of a non-ASCII character). git apply and GNU patch
// unquote it; the quoted name holds no control character, so a name from
// the tree cannot forge a diff line or a terminal escape.
func quoteName(name string) string {
	needs := false
	for i := 0; i < len(name); i++ {
		if quoteByte(name[i]) {
			needs = true
			break
		}
	}
	if !needs {
		return name
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !quoteByte(c) {
			b.WriteByte(c)
			continue
		}
		switch c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func quoteByte(c byte) bool {
	return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f
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
