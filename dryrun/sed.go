package dryrun

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// helperSed emulates the sed scripts env-file loaders run on the lines of
// a file (export $(sed 's/#.*//' .env | xargs), … | sed 's/\r$//' |
// xargs): s/RE/REPLACEMENT/[g] and /RE/d commands, separated by ';' or
// given with -e, on standard input or one file of the tree, with -E/-r for
// extended expressions. Anything else (-i, -n, addresses, other commands,
// flags) is skipped, as an unknown program is: sed never writes here.
func helperSed(ev *evaluator, ctx context.Context, hc interp.HandlerContext, args []string) error {
	var scripts, files []string
	ext := false
	rest := args[1:]
	// With an -e anywhere, every operand is a file (GNU).
	withE := slices.Contains(rest, "-e") || slices.Contains(rest, "--expression")
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			files = append(files, rest[i+1:]...)
			i = len(rest)
		case a == "-e" || a == "--expression":
			if i+1 >= len(rest) {
				return ev.skip(hc, args)
			}
			i++
			scripts = append(scripts, rest[i])
		case a == "-E" || a == "-r" || a == "--regexp-extended":
			ext = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
			return ev.skip(hc, args) // -i writes the file; -n, -s, -z …
		case len(scripts) == 0 && !withE:
			scripts = append(scripts, a)
		default:
			files = append(files, a)
		}
	}
	if len(scripts) == 0 || len(files) > 1 {
		return ev.skip(hc, args)
	}
	var cmds []sedCmd
	for _, s := range scripts {
		cs, ok := parseSed(s, ext)
		if !ok {
			return ev.skip(hc, args)
		}
		cmds = append(cmds, cs...)
	}
	input, done, err := ev.textInput(hc, args, files, "sed: can't read %s: No such file or directory\n")
	if done {
		return err
	}
	if hasSentinel(input.String()) {
		return ev.skip(hc, args) // editing unknown text is unknown
	}
	text := input.String() // and what the replacements put in the lines
	for _, c := range cmds {
		text += c.repl
	}
	for _, c := range cmds {
		if !c.deps.exact(text) {
			return ev.skip(hc, args) // what it matches depends on the locale
		}
	}
	out, err := sedLines(ctx, cmds, input.String())
	if errors.Is(err, errSedSize) {
		return ev.skip(hc, args) // s/x/&&&&/g again and again: not computed
	}
	if err != nil {
		return ev.alive()
	}
	ev.write(hc.Stdout, out)
	return nil
}

// errSedSize: the output would exceed maxFileSize.
var errSedSize = errors.New("sed output too large")

// sedLines runs the commands on each line of in. The output is bounded by
// maxFileSize (each s can multiply a line), and the run stops with ctx
// (a command is one Go call the interpreter cannot interrupt).
func sedLines(ctx context.Context, cmds []sedCmd, in string) (string, error) {
	var out strings.Builder
	lines := splitLines(in)
	for i, line := range lines {
		line, keep, err := runSed(ctx, cmds, line)
		if err != nil {
			return "", err
		}
		if keep {
			if out.Len()+len(line) >= maxFileSize {
				return "", errSedSize
			}
			out.WriteString(line)
			if i < len(lines)-1 || strings.HasSuffix(in, "\n") {
				out.WriteByte('\n') // GNU sed adds no newline the last line lacked
			}
		}
	}
	return out.String(), nil
}

// sedCmd is one s or d command.
type sedCmd struct {
	re     *regexp.Regexp
	deps   rxDeps
	del    bool   // /RE/d
	repl   string // in Go's Expand syntax
	lit    int    // the replacement's literal bytes
	refs   int    // and its references to the match or a group
	global bool
}

// runSed runs the commands on one line; false when a d deletes it.
func runSed(ctx context.Context, cmds []sedCmd, line string) (string, bool, error) {
	for _, c := range cmds {
		if err := ctx.Err(); err != nil {
			return "", false, err
		}
		if c.del {
			if c.re.MatchString(line) {
				return "", false, nil
			}
			continue
		}
		if c.global {
			// What the replacement makes, at most, before it is made.
			size := len(line)
			c.re.ReplaceAllStringFunc(line, func(m string) string {
				if size < maxFileSize {
					size += c.lit + c.refs*len(m)
				}
				return ""
			})
			if size >= maxFileSize {
				return "", false, errSedSize
			}
			line = c.re.ReplaceAllString(line, c.repl)
			continue
		}
		if m := c.re.FindStringSubmatchIndex(line); m != nil {
			if len(line)+c.lit+c.refs*(m[1]-m[0]) >= maxFileSize {
				return "", false, errSedSize
			}
			line = line[:m[0]] + string(c.re.ExpandString(nil, c.repl, line, m)) + line[m[1]:]
		}
	}
	return line, true, nil
}

// parseSed reads a script of s and /RE/d commands separated by ';' or
// newlines; false for anything else.
func parseSed(s string, ext bool) ([]sedCmd, bool) {
	var out []sedCmd
	for {
		s = strings.TrimLeft(s, " \t\n;")
		if s == "" {
			return out, len(out) > 0
		}
		switch s[0] {
		case 's':
			if len(s) < 2 || s[1] == '\\' || s[1] == '\n' {
				return nil, false
			}
			d := s[1]
			pat, rest, ok := sedField(s[2:], d, false)
			if !ok {
				return nil, false
			}
			repl, rest, ok := sedField(rest, d, true)
			if !ok {
				return nil, false
			}
			global := false
			if strings.HasPrefix(rest, "g") {
				global, rest = true, rest[1:]
			}
			re, deps, ok := sedRegexp(pat, ext)
			if !ok {
				return nil, false
			}
			r, lit, refs, ok := sedReplacement(repl, re.NumSubexp())
			if !ok {
				return nil, false
			}
			if global && re.MatchString("") {
				// GNU sed steps over an empty match by a byte, even in a
				// character of a UTF-8 locale
				deps.locale = true
			}
			out = append(out, sedCmd{re: re, deps: deps, repl: r, lit: lit, refs: refs, global: global})
			s = rest
		case '/':
			pat, rest, ok := sedField(s[1:], '/', false)
			if !ok || !strings.HasPrefix(rest, "d") {
				return nil, false
			}
			re, deps, ok := sedRegexp(pat, ext)
			if !ok {
				return nil, false
			}
			out = append(out, sedCmd{re: re, deps: deps, del: true})
			s = rest[1:]
		default:
			return nil, false
		}
		s = strings.TrimLeft(s, " \t")
		if s != "" && s[0] != ';' && s[0] != '\n' {
			return nil, false // another flag (p, I, 2, w FILE …) or command
		}
	}
}

// sedField reads up to the unescaped delimiter d: the field (a \d in it
// is d itself, except \& in a replacement, which stays a literal &) and
// what follows the delimiter.
func sedField(s string, d byte, repl bool) (string, string, bool) {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == d && (!repl || d != '&'):
			sb.WriteByte(d)
			i++
		case s[i] == '\\' && i+1 < len(s):
			sb.WriteString(s[i : i+2])
			i++
		case s[i] == d:
			return sb.String(), s[i+1:], true
		case s[i] == '\n':
			return "", "", false
		default:
			sb.WriteByte(s[i])
		}
	}
	return "", "", false
}

// sedRegexp compiles a sed expression. GNU sed turns \n, \t and \r into
// the characters before the expression is compiled, inside brackets too
// ([\t] is a tab; [\\t] a backslash or a t); its other such escapes (\f,
// \x41, \d065 …) are refused.
func sedRegexp(pat string, ext bool) (*regexp.Regexp, rxDeps, bool) {
	if pat == "" {
		return nil, rxDeps{}, false // GNU: the last regular expression used
	}
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		if pat[i] != '\\' || i+1 >= len(pat) {
			sb.WriteByte(pat[i])
			continue
		}
		i++
		switch c := pat[i]; c {
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		case 'a', 'f', 'v', 'd', 'o', 'x', 'c':
			return nil, rxDeps{}, false
		default:
			sb.WriteByte('\\')
			sb.WriteByte(c)
		}
	}
	expr, deps, ok := posixRegexp(sb.String(), ext)
	if !ok {
		return nil, deps, false
	}
	// (?s): a \n put in the line by an earlier s is matched by . as in sed
	re, err := regexp.Compile("(?s)" + expr)
	if err != nil {
		return nil, deps, false
	}
	re.Longest() // POSIX: leftmost-longest
	return re, deps, true
}

// sedReplacement turns a sed replacement into Go's Expand syntax: & the
// match, \1…\9 the groups, \& \\ \/ themselves, \n \t \r the characters.
// It also counts the literal bytes and the references it holds.
func sedReplacement(r string, groups int) (repl string, lit, refs int, ok bool) {
	var sb strings.Builder
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c == '$':
			sb.WriteString("$$")
			lit++
		case c == '&':
			sb.WriteString("${0}")
			refs++
		case c == '\\' && i+1 < len(r):
			i++
			switch d := r[i]; {
			case d >= '1' && d <= '9':
				if int(d-'0') > groups {
					return "", 0, 0, false // sed: invalid reference
				}
				sb.WriteString("${" + string(d) + "}")
				refs++
				continue
			case d == 'n':
				sb.WriteByte('\n')
			case d == 't':
				sb.WriteByte('\t')
			case d == 'r':
				sb.WriteByte('\r')
			case d == '&' || d == '\\' || d == '/':
				sb.WriteByte(d)
			default:
				return "", 0, 0, false // \L, \U, \E … (GNU case conversion)
			}
			lit++
		case c == '\\':
			return "", 0, 0, false
		default:
			sb.WriteByte(c)
			lit++
		}
	}
	return sb.String(), lit, refs, true
}
