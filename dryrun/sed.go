package dryrun

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// helperSed emulates the sed scripts env-file loaders run on the lines of
// a file (export $(sed 's/#.*//' .env | xargs), … | sed 's/\r$//' |
// xargs): s/RE/REPLACEMENT/[g] and /RE/d commands, separated by ';' or
// given with -e, on standard input or one file of the tree, with -E/-r for
// extended expressions. Anything else (-i, -n, addresses, other commands,
// flags) is skipped, as an unknown program is: sed never writes here.
func helperSed(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	var scripts, files []string
	ext := false
	rest := args[1:]
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
		case len(scripts) == 0:
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
			ev.write(hc.Stderr, "sed: can't read "+files[0]+": No such file or directory\n")
			return interp.ExitStatus(2)
		}
		input.Write(data)
	}
	if hasSentinel(input.String()) {
		return ev.skip(hc, args) // editing unknown text is unknown
	}
	in := input.String()
	var out strings.Builder
	for _, line := range splitLines(in) {
		if line, keep := runSed(cmds, line); keep {
			out.WriteString(line + "\n")
		}
	}
	s := out.String()
	if in != "" && !strings.HasSuffix(in, "\n") {
		s = strings.TrimSuffix(s, "\n") // GNU sed adds no newline the input lacked
	}
	ev.write(hc.Stdout, s)
	return nil
}

// sedCmd is one s or d command.
type sedCmd struct {
	re     *regexp.Regexp
	del    bool   // /RE/d
	repl   string // in Go's Expand syntax
	global bool
}

// runSed runs the commands on one line; false when a d deletes it.
func runSed(cmds []sedCmd, line string) (string, bool) {
	for _, c := range cmds {
		if c.del {
			if c.re.MatchString(line) {
				return "", false
			}
			continue
		}
		if c.global {
			line = c.re.ReplaceAllString(line, c.repl)
			continue
		}
		if m := c.re.FindStringSubmatchIndex(line); m != nil {
			line = line[:m[0]] + string(c.re.ExpandString(nil, c.repl, line, m)) + line[m[1]:]
		}
	}
	return line, true
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
			pat, rest, ok := sedField(s[2:], d)
			if !ok {
				return nil, false
			}
			repl, rest, ok := sedField(rest, d)
			if !ok {
				return nil, false
			}
			global := false
			if strings.HasPrefix(rest, "g") {
				global, rest = true, rest[1:]
			}
			re, ok := sedRegexp(pat, ext)
			if !ok {
				return nil, false
			}
			r, ok := sedReplacement(repl, re.NumSubexp())
			if !ok {
				return nil, false
			}
			out = append(out, sedCmd{re: re, repl: r, global: global})
			s = rest
		case '/':
			pat, rest, ok := sedField(s[1:], '/')
			if !ok || !strings.HasPrefix(rest, "d") {
				return nil, false
			}
			re, ok := sedRegexp(pat, ext)
			if !ok {
				return nil, false
			}
			out = append(out, sedCmd{re: re, del: true})
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
// is d itself) and what follows the delimiter.
func sedField(s string, d byte) (string, string, bool) {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == d:
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

// sedRegexp compiles a sed expression (GNU: \n is a newline, never in a
// line here; \r, \t are the characters).
func sedRegexp(pat string, ext bool) (*regexp.Regexp, bool) {
	pat = strings.NewReplacer(`\r`, "\r", `\t`, "\t").Replace(pat)
	expr, ok := posixRegexp(pat, ext)
	if !ok {
		return nil, false
	}
	re, err := regexp.Compile(expr)
	return re, err == nil
}

// sedReplacement turns a sed replacement into Go's Expand syntax: & the
// match, \1…\9 the groups, \& \\ \/ themselves, \n \t \r the characters.
func sedReplacement(r string, groups int) (string, bool) {
	var sb strings.Builder
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case c == '$':
			sb.WriteString("$$")
		case c == '&':
			sb.WriteString("${0}")
		case c == '\\' && i+1 < len(r):
			i++
			switch d := r[i]; {
			case d >= '1' && d <= '9':
				if int(d-'0') > groups {
					return "", false // sed: invalid reference
				}
				sb.WriteString("${" + string(d) + "}")
			case d == 'n':
				sb.WriteByte('\n')
			case d == 't':
				sb.WriteByte('\t')
			case d == 'r':
				sb.WriteByte('\r')
			case d == '&' || d == '\\' || d == '/':
				sb.WriteByte(d)
			default:
				return "", false // \L, \U, \E … (GNU case conversion)
			}
		case c == '\\':
			return "", false
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), true
}
