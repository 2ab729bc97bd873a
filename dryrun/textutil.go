package dryrun

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"slices"
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
// literals, ., *, anchors, bracket expressions and, in EREs, + ? | ( ),
// and GNU's \s \S \w \W (glibc's grep: the machines serve scripts run on).
// Back-references, intervals and other GNU escapes (\<, \b) are refused.
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
			case d == 's':
				sb.WriteString(`[[:space:]]`) // GNU: grep -v '^\s*#'
			case d == 'S':
				sb.WriteString(`[^[:space:]]`)
			case d == 'w':
				sb.WriteString(`[[:alnum:]_]`)
			case d == 'W':
				sb.WriteString(`[^[:alnum:]_]`)
			default:
				return "", false // \1, \<, \{, \b …
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
// items: blank-separated with quotes and backslashes (the default), or
// split at one delimiter taken literally (-d '\n', -0), n items (-n) or
// lines (-L) to an output line; -r prints nothing for no items.
func helperXargs(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	delim, split := byte(0), false
	perLine, lines := 0, false
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-r" || a == "--no-run-if-empty":
		case a == "-0" || a == "--null":
			delim, split = 0, true
		case a == "-d" || a == "-n" || a == "-L":
			if i+1 >= len(args) {
				return ev.skip(hc, args)
			}
			i++
			if !xargsOpt(a, args[i], &delim, &split, &perLine, &lines) {
				return ev.skip(hc, args)
			}
		case strings.HasPrefix(a, "--delimiter="):
			if !xargsOpt("-d", a[len("--delimiter="):], &delim, &split, &perLine, &lines) {
				return ev.skip(hc, args)
			}
		case len(a) > 2 && (a[:2] == "-d" || a[:2] == "-n" || a[:2] == "-L"):
			if !xargsOpt(a[:2], a[2:], &delim, &split, &perLine, &lines) {
				return ev.skip(hc, args)
			}
		case a == "--":
			i++
			goto done
		case len(a) > 1 && a[0] == '-':
			return ev.skip(hc, args) // -I, -P, -a …: not a plain echo of the items
		default:
			goto done
		}
	}
done:
	if rest := args[i:]; len(rest) > 1 || len(rest) == 1 && rest[0] != "echo" {
		return ev.skip(hc, args)
	}
	var input bytes.Buffer
	if err := ev.readStdin(hc, &input); err != nil {
		return err
	}
	in := input.String()
	var groups [][]string // the items of each output line
	switch {
	case split:
		items := strings.Split(in, string(delim))
		if items[len(items)-1] == "" {
			items = items[:len(items)-1] // the last item's terminator
		}
		groups = xargsGroup(items, perLine)
	case lines:
		var cur []string
		n := 0
		for _, ln := range strings.SplitAfter(in, "\n") {
			items, ok := xargsItems(ln)
			if !ok {
				ev.write(hc.Stderr, "xargs: unmatched quote\n")
				return interp.ExitStatus(1)
			}
			if len(items) == 0 {
				continue // a blank line is no line to -L
			}
			cur = append(cur, items...)
			if body := strings.TrimSuffix(ln, "\n"); body != "" && (body[len(body)-1] == ' ' || body[len(body)-1] == '\t') {
				continue // trailing blanks continue the line (GNU xargs -L)
			}
			if n++; n == perLine {
				groups, cur, n = append(groups, cur), nil, 0
			}
		}
		if len(cur) > 0 {
			groups = append(groups, cur)
		}
	default:
		items, ok := xargsItems(in)
		if !ok {
			ev.write(hc.Stderr, "xargs: unmatched quote\n")
			return interp.ExitStatus(1)
		}
		groups = xargsGroup(items, perLine)
	}
	if len(groups) == 0 {
		if !slices.Contains(args[1:i], "-r") && !slices.Contains(args[1:i], "--no-run-if-empty") {
			ev.write(hc.Stdout, "\n") // echo run once with no argument
		}
		return nil
	}
	var out strings.Builder
	for _, g := range groups {
		out.WriteString(strings.Join(g, " "))
		out.WriteByte('\n')
	}
	ev.write(hc.Stdout, out.String())
	return nil
}

// xargsOpt reads the value of -d, -n or -L; false for one xargs would
// refuse (or one not emulated: a multi-byte delimiter).
func xargsOpt(opt, v string, delim *byte, split *bool, perLine *int, lines *bool) bool {
	if opt == "-d" {
		switch {
		case len(v) == 1:
			*delim = v[0]
		case v == "\\n":
			*delim = '\n'
		case v == "\\t":
			*delim = '\t'
		case v == "\\0":
			*delim = 0
		default:
			return false
		}
		*split = true
		return true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return false
	}
	*perLine, *lines = n, opt == "-L"
	return true
}

// xargsGroup cuts items into output lines of n (all on one line for 0).
func xargsGroup(items []string, n int) [][]string {
	if len(items) == 0 {
		return nil
	}
	if n <= 0 {
		return [][]string{items}
	}
	var out [][]string
	for len(items) > n {
		out, items = append(out, items[:n]), items[n:]
	}
	return append(out, items)
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
