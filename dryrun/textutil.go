package dryrun

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// The text helpers below exist for the idiom that loads an env file into
// the environment: export $(grep -v '^#' .env | xargs). They emulate an
// exact subset of grep and xargs; anything outside it is skipped (its
// output unresolved), never approximated.

// helperGrep emulates grep [-vEFixqc] [-e] PATTERN [FILE] on files of the
// tree or standard input.
func helperGrep(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	var invert, ext, fixed, icase, whole, quiet, count bool
	var pat string
	havePat := false
	var files []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			for _, f := range rest[i+1:] {
				if !havePat {
					pat, havePat = f, true
				} else {
					files = append(files, f)
				}
			}
			i = len(rest)
		case a == "-e":
			if havePat || i+1 >= len(rest) {
				return ev.skip(hc, args)
			}
			i++
			pat, havePat = rest[i], true
		case strings.HasPrefix(a, "--"):
			return ev.skip(hc, args)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for _, c := range a[1:] {
				switch c {
				case 'v':
					invert = true
				case 'E':
					ext = true
				case 'F':
					fixed = true
				case 'i':
					icase = true
				case 'x':
					whole = true
				case 'q':
					quiet = true
				case 'c':
					count = true
				default:
					return ev.skip(hc, args)
				}
			}
		case !havePat:
			pat, havePat = a, true
		default:
			files = append(files, a)
		}
	}
	if !havePat || len(files) > 1 || strings.Contains(pat, "\n") {
		return ev.skip(hc, args) // several files prefix lines with names
	}
	var expr string
	if fixed {
		expr = regexp.QuoteMeta(pat)
	} else {
		var ok bool
		if expr, ok = posixRegexp(pat, ext); !ok {
			return ev.skip(hc, args)
		}
	}
	if whole {
		expr = "^(?:" + expr + ")$"
	}
	if icase {
		expr = "(?i)" + expr
	}
	rx, err := regexp.Compile(expr)
	if err != nil {
		return ev.skip(hc, args)
	}
	var input bytes.Buffer
	if len(files) == 0 || files[0] == "-" {
		if err := ev.readStdin(hc, &input); err != nil {
			return err
		}
	} else {
		data, err := ev.readFile(absPath(hc.Dir, files[0]))
		if errors.Is(err, errOutsideTree) {
			return ev.skip(hc, args)
		}
		if err != nil {
			ev.write(hc.Stderr, "grep: "+files[0]+": No such file or directory\n")
			return interp.ExitStatus(2)
		}
		input.Write(data)
	}
	if hasSentinel(input.String()) {
		return ev.skip(hc, args) // filtering unknown text is unknown
	}
	var out strings.Builder
	n := 0
	for _, line := range splitLines(input.String()) {
		if rx.MatchString(line) != invert {
			n++
			if !quiet && !count {
				out.WriteString(line + "\n")
			}
		}
	}
	if count && !quiet {
		out.WriteString(strconv.Itoa(n) + "\n")
	}
	ev.write(hc.Stdout, out.String())
	if n == 0 {
		return interp.ExitStatus(1)
	}
	return nil
}

// splitLines splits text into lines, without a last empty one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// posixRegexp translates a POSIX basic (or, with ext, extended) regular
// expression into Go's syntax, for the subset whose meaning is the same:
// literals, ., *, anchors, bracket expressions and, in EREs, + ? | ( ).
// Back-references, intervals and GNU escapes such as \w are refused.
func posixRegexp(pat string, ext bool) (string, bool) {
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		atStart := i == 0
		switch {
		case c == '\\':
			if i+1 >= len(pat) {
				return "", false
			}
			i++
			d := pat[i]
			switch {
			case !ext && (d == '(' || d == ')' || d == '|' || d == '+' || d == '?'):
				sb.WriteByte(d) // GNU BRE: \( \) \| \+ \? are operators
			case strings.IndexByte(".[]*^$\\/+?(){}|-", d) >= 0:
				sb.WriteString(regexp.QuoteMeta(string(d)))
			default:
				return "", false // \w, \1, \<, \{ …
			}
		case c == '[':
			j := i + 1
			if j < len(pat) && pat[j] == '^' {
				j++
			}
			if j < len(pat) && pat[j] == ']' {
				j++
			}
			for j < len(pat) && pat[j] != ']' {
				if pat[j] == '[' && j+1 < len(pat) && (pat[j+1] == ':' || pat[j+1] == '.' || pat[j+1] == '=') {
					end := strings.Index(pat[j+2:], string(pat[j+1])+"]")
					if end < 0 {
						return "", false
					}
					j += end + 4
					continue
				}
				j++
			}
			if j >= len(pat) {
				return "", false
			}
			class := pat[i : j+1]
			if strings.Contains(class, "[.") || strings.Contains(class, "[=") {
				return "", false
			}
			sb.WriteString(strings.ReplaceAll(class, `\`, `\\`))
			i = j
		case c == '^':
			if atStart || ext {
				sb.WriteByte('^')
			} else {
				sb.WriteString(`\^`)
			}
		case c == '$':
			if i == len(pat)-1 || ext {
				sb.WriteByte('$')
			} else {
				sb.WriteString(`\$`)
			}
		case c == '*':
			if atStart || (i == 1 && pat[0] == '^') {
				if ext {
					return "", false
				}
				sb.WriteString(`\*`)
			} else {
				sb.WriteByte('*')
			}
		case c == '.':
			sb.WriteByte('.')
		case ext && (c == '+' || c == '?' || c == '|' || c == '(' || c == ')'):
			sb.WriteByte(c)
		case c == '{' || c == '}':
			if ext {
				return "", false // intervals
			}
			sb.WriteString(regexp.QuoteMeta(string(c)))
		default:
			sb.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return sb.String(), true
}

// helperXargs emulates xargs and xargs echo, which print their input's
// items on one line; xargs running any other command is skipped.
func helperXargs(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	if len(args) > 2 || (len(args) == 2 && args[1] != "echo") {
		return ev.skip(hc, args)
	}
	var input bytes.Buffer
	if err := ev.readStdin(hc, &input); err != nil {
		return err
	}
	items, ok := xargsItems(input.String())
	if !ok {
		ev.write(hc.Stderr, "xargs: unmatched quote\n")
		return interp.ExitStatus(1)
	}
	ev.write(hc.Stdout, strings.Join(items, " ")+"\n")
	return nil
}

// xargsItems splits xargs' input: items are separated by blanks and
// newlines, and quotes and backslashes protect them.
func xargsItems(s string) ([]string, bool) {
	var items []string
	var cur strings.Builder
	inItem := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inItem {
				items = append(items, cur.String())
				cur.Reset()
				inItem = false
			}
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 || strings.Contains(s[i+1:i+1+j], "\n") {
				return nil, false
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inItem = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inItem = true
		default:
			cur.WriteByte(c)
			inItem = true
		}
	}
	if inItem {
		items = append(items, cur.String())
	}
	return items, true
}
