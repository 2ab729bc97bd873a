// Package output writes findings in the formats servelint offers: text
// (file:line:col: message (rule), the quickfix format editors read), JSON,
// SARIF 2.1.0 and GitHub Actions annotations.
package output

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/servelint/servelint/lint"
)

// Formats lists the accepted --format values.
var Formats = []string{"text", "json", "sarif", "github"}

// Relative rewrites paths relative to the working directory when under it.
// A name that merely starts with two dots (wd/..dots/x) is under it.
func Relative(wd, p string) string {
	if wd == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, err := filepath.Rel(wd, p); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return r
	}
	return p
}

// Write prints findings in the named format.
func Write(w io.Writer, format string, fs []lint.Finding) error {
	return WriteWith(w, format, fs, Options{})
}

// WriteWith prints findings in the named format with options.
func WriteWith(w io.Writer, format string, fs []lint.Finding, opts Options) error {
	var write func(io.Writer) error
	switch format {
	case "text", "":
		write = func(w io.Writer) error { return Text(w, fs) }
	case "json":
		write = func(w io.Writer) error { return JSON(w, fs) }
	case "sarif":
		write = func(w io.Writer) error { return SARIF(w, fs, opts) }
	case "github":
		write = func(w io.Writer) error { return GitHub(w, fs) }
	default:
		return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
	}
	// Buffered, flushed before returning: one write system call per 64 KiB
	// instead of one per finding (strace on 1,600 repos: 3,660 writes).
	bw := bufio.NewWriterSize(w, 64<<10)
	err := write(bw)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// Text prints one `file:line:col: message (rule)` line per finding. Control
// characters in a path or a message (a value the script computes, a file
// name in the pull request) are escaped: a raw newline could forge a
// finding line or a CI workflow command (::warning …), ESC a terminal.
func Text(w io.Writer, fs []lint.Finding) error {
	for _, f := range fs {
		sev := ""
		if f.Severity != "error" {
			sev = f.Severity + ": "
		}
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s%s (%s)\n", EscapeControl(f.File), f.Line, f.Column, sev, EscapeControl(f.Message), f.Rule); err != nil {
			return err
		}
	}
	return nil
}

// EscapeControl writes the C0 and C1 control characters and DEL of s as Go
// escapes (\n, \r, \x1b, \u0085), and the bytes that are not UTF-8 as
// \xNN (a lone 0x9b is the 8-bit CSI some terminals obey); tabs stay. Most
// strings have none.
func EscapeControl(s string) string {
	clean := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if isControl(r) || r == utf8.RuneError && size == 1 {
			clean = false
			break
		}
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case isControl(r):
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u0085'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func isControl(r rune) bool {
	return r != '\t' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029)
}

// JSON prints one JSON array of findings, indented by two spaces (the
// bytes json.Encoder with SetIndent("", "  ") writes).
func JSON(w io.Writer, fs []lint.Finding) error {
	if fs == nil {
		fs = []lint.Finding{}
	}
	b, err := json.Marshal(fs)
	if err != nil {
		return err
	}
	out := append(indentJSON(make([]byte, 0, len(b)+len(b)/2), b, "  "), '\n')
	_, err = w.Write(out)
	return err
}

// indentJSON appends src, compact JSON as encoding/json writes it, laid out
// as json.Indent(dst, src, "", indent) would: one value per line, ": "
// after keys, empty arrays and objects kept as [] and {}. pprof on 1,600
// repos: json.Indent's validating scanner was 83% of the JSON output's
// cost; src needs no validation, it is json.Marshal's.
func indentJSON(dst, src []byte, indent string) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, indent...)
		}
	}
	inString := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			dst = append(dst, c)
			switch c {
			case '\\':
				i++
				dst = append(dst, src[i])
			case '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			dst = append(dst, c)
		case '{', '[':
			dst = append(dst, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, src[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, c, ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// GitHub prints workflow commands that annotate a pull request.
func GitHub(w io.Writer, fs []lint.Finding) error {
	esc := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	escProp := strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
	for _, f := range fs {
		level := "error"
		switch f.Severity {
		case "warning":
			level = "warning"
		case "info":
			level = "notice"
		}
		if _, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			level, EscapeControl(escProp.Replace(f.File)), f.Line, f.Column, f.EndLine, f.EndColumn, escProp.Replace(f.Rule), EscapeControl(esc.Replace(f.Message))); err != nil {
			return err
		}
	}
	return nil
}
