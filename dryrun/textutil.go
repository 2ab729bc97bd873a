package dryrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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
	var deps rxDeps
	if fixed {
		expr = regexp.QuoteMeta(pat)
	} else {
		var ok bool
		if expr, deps, ok = posixRegexp(pat, ext); !ok {
			return ev.skip(hc, args)
		}
	}
	deps.locale = deps.locale || icase // Go folds K to the Kelvin sign
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
	input, done, err := ev.textInput(hc, args, files, "grep: %s: No such file or directory\n")
	if done {
		return err
	}
	if hasSentinel(input.String()) || !deps.exact(input.String()) {
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

// textInput reads what a text helper (grep, sed) filters: standard input,
// or its one file operand inside the tree. done is set when the helper
// must return err at once: a file outside the tree (the command is
// skipped, as an unknown program is) or a missing one (missing names it
// as the tool would, and the status is 2).
func (ev *evaluator) textInput(hc interp.HandlerContext, args, files []string, missing string) (input bytes.Buffer, done bool, err error) {
	if len(files) == 0 || files[0] == "-" {
		if err := ev.readStdin(hc, &input); err != nil {
			return input, true, err
		}
		return input, false, nil
	}
	data, rerr := ev.readFile(absPath(hc.Dir, files[0]))
	if errors.Is(rerr, errOutsideTree) {
		return input, true, ev.skip(hc, args)
	}
	if rerr != nil {
		ev.write(hc.Stderr, fmt.Sprintf(missing, files[0]))
		return input, true, interp.ExitStatus(2)
	}
	input.Write(data)
	return input, false, nil
}

// splitLines splits text into lines, without a last empty one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// rxDeps says what a translated expression's matches depend on beyond
// ASCII text. Go's classes are ASCII and its . is one UTF-8 character;
// grep's and sed's follow the locale (a byte in C, a character in UTF-8,
// é is [[:alpha:]] in one and not in the other). The expression is exact
// on ASCII text; on other text only when none of these applies.
type rxDeps struct {
	locale bool // a class whose non-ASCII members differ by locale (\w, [[:alpha:]] …), or a single . [^…] \S not repeated by * or +
	spaces bool // a space class (\s, [[:space:]]): glibc's also holds U+2000 …
}

// exact reports whether the translation matches in text as grep and sed
// do in any locale.
func (d rxDeps) exact(text string) bool {
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return !strings.Contains(text, "\x00") // grep: a binary file
	}
	if !utf8.ValidString(text) {
		return false // a binary file to grep in UTF-8, bytes to . in C
	}
	if d.locale {
		return false
	}
	if d.spaces {
		for _, r := range text {
			if r >= 0x80 && unicode.IsSpace(r) || r == '\u200b' || r == '\u180e' {
				return false
			}
		}
	}
	return true
}

// posixRegexp translates a POSIX basic (or, with ext, extended) regular
// expression into Go's syntax, for the subset whose meaning is the same:
// literals, ., *, anchors, bracket expressions and, in EREs, + ? | ( ),
// GNU's \| \+ \? in BREs, and GNU's \s \S \w \W (glibc's grep: the
// machines serve scripts run on). Back-references, intervals and other GNU
// escapes (\<, \b) are refused, and so is what GNU rejects or reads
// otherwise than Go (a quantifier after an ERE anchor, [[:word:]]). Match
// it with Longest: POSIX matches are leftmost-longest.
func posixRegexp(pat string, ext bool) (string, rxDeps, bool) {
	var sb strings.Builder
	var deps rxDeps
	// ctx: where a BRE ^ is an anchor and * a literal (the start, after
	// \( or \|); anchor: right after a ^ (or an ERE $) anchor; wide: the
	// last atom matches any non-ASCII character; multi: it is a multi-byte
	// character; rep: it has its quantifier.
	ctx, anchor, wide, multi, rep := true, false, false, false, false
	atom := func(w bool) {
		if wide {
			deps.locale = true // a single . [^…] \S: one byte or one character
		}
		ctx, anchor, wide, multi, rep = false, false, w, false, false
	}
	quant := func(star bool) bool {
		if ctx || anchor || multi || rep {
			return false // GNU reads these otherwise (a+? is lazy in Go), or rejects them
		}
		if star {
			wide = false // .* spans the same bytes in any locale
		}
		rep = true
		return true
	}
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '\\':
			if i+1 >= len(pat) {
				return "", deps, false
			}
			i++
			d := pat[i]
			switch {
			case !ext && (d == '(' || d == '|'):
				atom(false)
				sb.WriteByte(d) // GNU BRE: \( \| are operators
				ctx = true
			case !ext && d == ')':
				atom(false)
				sb.WriteByte(d)
			case !ext && (d == '+' || d == '?'):
				if !quant(d == '+') {
					return "", deps, false
				}
				sb.WriteByte(d)
			case !ext && (d == '{' || d == '}'):
				return "", deps, false // BRE intervals
			case strings.IndexByte(".[]*^$\\/+?(){}|-", d) >= 0:
				atom(false)
				sb.WriteString(regexp.QuoteMeta(string(d)))
			case d == 's':
				atom(false)
				deps.spaces = true
				sb.WriteString(`[[:space:]]`) // GNU: grep -v '^\s*#'
			case d == 'S':
				atom(true)
				deps.spaces = true
				sb.WriteString(`[^[:space:]]`)
			case d == 'w':
				atom(false)
				deps.locale = true
				sb.WriteString(`[[:alnum:]_]`)
			case d == 'W':
				atom(false)
				deps.locale = true
				sb.WriteString(`[^[:alnum:]_]`)
			default:
				return "", deps, false // \1, \<, \b …
			}
		case c == '[':
			j := i + 1
			negated := j < len(pat) && pat[j] == '^'
			if negated {
				j++
			}
			if j < len(pat) && pat[j] == ']' {
				j++
			}
			for j < len(pat) && pat[j] != ']' {
				if pat[j] == '[' && j+1 < len(pat) && (pat[j+1] == ':' || pat[j+1] == '.' || pat[j+1] == '=') {
					end := strings.Index(pat[j+2:], string(pat[j+1])+"]")
					if end < 0 {
						return "", deps, false
					}
					j += end + 4
					continue
				}
				j++
			}
			if j >= len(pat) {
				return "", deps, false
			}
			class := pat[i : j+1]
			if strings.Contains(class, "[.") || strings.Contains(class, "[=") || !posixClasses(class, &deps) {
				return "", deps, false
			}
			for k := 0; k < len(class); k++ {
				if class[k] >= 0x80 {
					return "", deps, false // a byte or a character
				}
			}
			atom(negated)
			sb.WriteString(strings.ReplaceAll(class, `\`, `\\`))
			i = j
		case c == '^':
			if ctx || ext {
				atom(false)
				sb.WriteByte('^')
				anchor = true
			} else {
				atom(false)
				sb.WriteString(`\^`)
			}
		case c == '$':
			if ext || i == len(pat)-1 || strings.HasPrefix(pat[i+1:], `\)`) || strings.HasPrefix(pat[i+1:], `\|`) {
				atom(false)
				sb.WriteByte('$')
				anchor = ext
			} else {
				if !ext && strings.HasPrefix(pat[i+1:], "|") {
					return "", deps, false // GNU grep: $|z matches no "$|z"
				}
				atom(false)
				sb.WriteString(`\$`)
			}
		case c == '*':
			if !ext && (ctx || anchor) {
				atom(false)
				sb.WriteString(`\*`) // GNU BRE: a leading * is literal
				break
			}
			if !quant(true) {
				return "", deps, false
			}
			sb.WriteByte('*')
		case c == '.':
			atom(true)
			sb.WriteByte('.')
		case ext && (c == '+' || c == '?'):
			if !quant(c == '+') {
				return "", deps, false
			}
			sb.WriteByte(c)
		case ext && (c == '|' || c == '('):
			atom(false)
			sb.WriteByte(c)
			ctx = true
		case ext && c == ')':
			atom(false)
			sb.WriteByte(c)
		case c == '{' || c == '}':
			if ext {
				return "", deps, false // intervals
			}
			atom(false)
			sb.WriteString(regexp.QuoteMeta(string(c)))
		case c >= 0x80:
			r, n := utf8.DecodeRuneInString(pat[i:])
			if r == utf8.RuneError {
				return "", deps, false
			}
			atom(false)
			multi = true // é* repeats a byte in C, the letter in UTF-8
			sb.WriteString(pat[i : i+n])
			i += n - 1
		default:
			atom(false)
			sb.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	atom(false)
	return sb.String(), deps, true
}

// posixClasses reports whether every [:name:] in a bracket expression is
// one of POSIX's twelve classes (Go also knows [:word:] and [:ascii:],
// which grep and sed reject), and notes in deps what they depend on.
func posixClasses(bracket string, deps *rxDeps) bool {
	for rest := bracket; ; {
		i := strings.Index(rest, "[:")
		if i < 0 {
			return true
		}
		rest = rest[i+2:]
		end := strings.Index(rest, ":]")
		if end < 0 {
			return false
		}
		switch rest[:end] {
		case "digit", "xdigit": // ASCII in every glibc locale
		case "space", "blank":
			deps.spaces = true
		case "alnum", "alpha", "cntrl", "graph", "lower", "print", "punct", "upper":
			deps.locale = true
		default:
			return false
		}
		rest = rest[end+2:]
	}
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
