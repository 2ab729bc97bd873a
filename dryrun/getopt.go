package dryrun

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// helperGetopt emulates util-linux getopt(1), which a launcher's option
// loop runs to normalise its arguments:
//
//	OPTS=$(getopt -o m: --long mode: -- "$@") || exit 2
//	eval set -- "$OPTS"
//
// Its output is a function of its words alone: each option found, an
// argument after it quoted for the shell, then "--" and the other
// parameters (GNU's permutation, unless the short options start with + or
// POSIXLY_CORRECT is set). Skipped like any other program, its output was
// a sentinel and every mode of such a script "could not be evaluated".
// Forms it does not read (the -s csh quoting, a short option string
// starting with -, words not statically known in its own options) are
// skipped as before.
func helperGetopt(ev *evaluator, _ context.Context, hc interp.HandlerContext, args []string) error {
	g, params, ok := parseGetoptArgs(args[1:])
	if !ok {
		return ev.skip(hc, args)
	}
	if g.test {
		return interp.ExitStatus(4) // the enhanced getopt: `getopt -T; [ $? -eq 4 ]`
	}
	g.posix = g.posix || hc.Env.Get("POSIXLY_CORRECT").IsSet()
	res, errs := g.parse(params)
	if !g.quiet {
		for _, e := range errs {
			ev.write(hc.Stderr, g.name+": "+e+"\n")
		}
	}
	if !g.quietOut {
		ev.write(hc.Stdout, res+"\n")
	}
	if len(errs) > 0 {
		return interp.ExitStatus(1)
	}
	return nil
}

// getoptSpec is what getopt's own options say.
type getoptSpec struct {
	short    string
	long     []string // "name", "name:" or "name::"
	name     string
	alt      bool // -a: long options with one dash too
	quiet    bool // -q: no error messages
	quietOut bool // -Q: no output
	unquoted bool // -u, or the compatible form
	test     bool // -T
	posix    bool // stop at the first parameter
}

// parseGetoptArgs reads getopt's own options and returns the words to
// parse; ok is false for a form this emulation does not read.
func parseGetoptArgs(args []string) (g getoptSpec, params []string, ok bool) {
	g.name = "getopt"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		// getopt OPTSTRING PARAMETERS: the compatible form, unquoted.
		g.short, g.unquoted = args[0], true
		return g.checked(args[1:])
	}
	haveShort := false
	i := 0
	// next is the value of an option that takes one: after its = or
	// attached to its letter, else the next word.
	next := func(attached string, has bool) (string, bool) {
		if has {
			return attached, true
		}
		if i+1 >= len(args) {
			return "", false
		}
		i++
		return args[i], true
	}
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		var opt, val string
		var has bool
		if body, ok := strings.CutPrefix(a, "--"); ok {
			name, v, hasV := strings.Cut(body, "=")
			// getopt's own option: its name, or the one it is a prefix of
			// (--long, --opt).
			full, _, _, ok := getoptSpec{long: getoptOwnLong}.longMatch(name)
			if !ok {
				return g, nil, false
			}
			opt, val, has = full, v, hasV
		} else {
			// One letter; an option that takes a value may have it attached.
			letter := a[1:2]
			opt = getoptLetters[letter]
			if opt == "" || len(a) > 2 && !getoptValued[opt] {
				return g, nil, false // a cluster of flags (-qu) or an unknown letter
			}
			val, has = a[2:], len(a) > 2
		}
		switch opt {
		case "alternative":
			g.alt = true
		case "quiet":
			g.quiet = true
		case "quiet-output":
			g.quietOut = true
		case "unquoted":
			g.unquoted = true
		case "test":
			g.test = true
		case "options", "longoptions", "name", "shell":
			v, ok := next(val, has)
			if !ok {
				return g, nil, false
			}
			switch opt {
			case "options":
				g.short, haveShort = v, true
			case "longoptions":
				g.long = append(g.long, strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })...)
			case "name":
				g.name = v
			case "shell":
				if v != "sh" && v != "bash" {
					return g, nil, false // csh's quoting is not read
				}
			}
		default:
			return g, nil, false // --help, --version
		}
		if has && !getoptValued[opt] {
			return g, nil, false // --quiet=x
		}
	}
	if g.test {
		return g, nil, true
	}
	rest := args[i:]
	if !haveShort {
		// getopt [options] [--] OPTSTRING PARAMETERS
		if len(rest) == 0 {
			return g, nil, false
		}
		g.short, rest = rest[0], rest[1:]
	}
	return g.checked(rest)
}

// checked returns g and the parameters when g's option strings can be
// read: known words, and a short option string not starting with - (which
// outputs parameters in place).
func (g getoptSpec) checked(params []string) (getoptSpec, []string, bool) {
	if hasSentinel(g.short) || hasSentinel(g.name) || strings.HasPrefix(g.short, "-") {
		return g, nil, false
	}
	for _, l := range g.long {
		if hasSentinel(l) {
			return g, nil, false
		}
	}
	if s, ok := strings.CutPrefix(g.short, "+"); ok {
		g.short, g.posix = s, true
	}
	return g, params, true
}

// shortArg returns how short option c takes an argument: 0 none, 1
// required, 2 optional; ok false when c is no option.
func (g getoptSpec) shortArg(c byte) (int, bool) {
	if c == ':' {
		return 0, false
	}
	i := strings.IndexByte(g.short, c)
	if i < 0 {
		return 0, false
	}
	switch {
	case strings.HasPrefix(g.short[i+1:], "::"):
		return 2, true
	case strings.HasPrefix(g.short[i+1:], ":"):
		return 1, true
	}
	return 0, true
}

// longMatch returns the long option name matches (itself, else the one it
// is a prefix of) and how it takes an argument; the candidates when it is
// ambiguous.
func (g getoptSpec) longMatch(name string) (full string, kind int, ambiguous []string, ok bool) {
	type opt struct {
		name string
		kind int
	}
	var hits []opt
	for _, l := range g.long {
		n, kind := l, 0
		switch {
		case strings.HasSuffix(l, "::"):
			n, kind = strings.TrimSuffix(l, "::"), 2
		case strings.HasSuffix(l, ":"):
			n, kind = strings.TrimSuffix(l, ":"), 1
		}
		if n == name {
			return n, kind, nil, true
		}
		if strings.HasPrefix(n, name) {
			hits = append(hits, opt{n, kind})
		}
	}
	switch len(hits) {
	case 0:
		return "", 0, nil, false
	case 1:
		return hits[0].name, hits[0].kind, nil, true
	}
	for _, h := range hits {
		ambiguous = append(ambiguous, "'--"+h.name+"'")
	}
	return "", 0, ambiguous, false
}

// parse returns getopt's output for params (without its newline) and its
// error messages.
func (g getoptSpec) parse(params []string) (string, []string) {
	var opts, rest, errs []string
	quote := func(s string) string {
		if g.unquoted {
			return s
		}
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	// long reads a long option (name with its = value, if any) at
	// params[i]; it returns the index of the last word it took.
	long := func(i int, body, dash string) int {
		name, val, hasVal := strings.Cut(body, "=")
		full, kind, amb, ok := g.longMatch(name)
		switch {
		case len(amb) > 0:
			errs = append(errs, fmt.Sprintf("option '%s%s' is ambiguous; possibilities: %s", dash, name, strings.Join(amb, " ")))
		case !ok:
			errs = append(errs, fmt.Sprintf("unrecognized option '%s%s'", dash, body))
		case kind == 0 && hasVal:
			errs = append(errs, fmt.Sprintf("option '%s%s' doesn't allow an argument", dash, full))
		case kind == 1 && !hasVal:
			if i+1 >= len(params) {
				errs = append(errs, fmt.Sprintf("option '%s%s' requires an argument", dash, full))
				break
			}
			i++
			opts = append(opts, "--"+full, quote(params[i]))
		case kind == 0:
			opts = append(opts, "--"+full)
		default: // an optional argument, given with = only
			opts = append(opts, "--"+full, quote(val))
		}
		return i
	}
	for i := 0; i < len(params); i++ {
		a := params[i]
		switch {
		case a == "--":
			rest = append(rest, params[i+1:]...)
			i = len(params)
		case strings.HasPrefix(a, "--"):
			i = long(i, a[2:], "--")
		case g.alt && len(a) > 2 && a[0] == '-' && g.alternativeLong(a[1:]):
			i = long(i, a[1:], "-")
		case g.alt && len(a) > 2 && a[0] == '-' && !g.isShort(a[1]):
			// getopt_long_only: a word that is no long option and does not
			// start with a short one is unrecognized whole.
			errs = append(errs, fmt.Sprintf("unrecognized option '%s'", a))
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				c := a[j]
				kind, ok := g.shortArg(c)
				if !ok {
					errs = append(errs, fmt.Sprintf("invalid option -- '%c'", c))
					continue
				}
				if kind == 0 {
					opts = append(opts, "-"+string(c))
					continue
				}
				switch {
				case j+1 < len(a):
					opts = append(opts, "-"+string(c), quote(a[j+1:]))
				case kind == 2:
					opts = append(opts, "-"+string(c), quote(""))
				case i+1 < len(params):
					i++
					opts = append(opts, "-"+string(c), quote(params[i]))
				default:
					errs = append(errs, fmt.Sprintf("option requires an argument -- '%c'", c))
				}
				break
			}
		default:
			if g.posix {
				rest = append(rest, params[i:]...)
				i = len(params)
				break
			}
			rest = append(rest, a)
		}
	}
	var b strings.Builder
	for _, o := range opts {
		b.WriteString(" " + o)
	}
	b.WriteString(" --")
	for _, r := range rest {
		b.WriteString(" " + quote(r))
	}
	return b.String(), errs
}

// alternativeLong reports whether -WORD under -a is a long option: its
// name (before any =) is one or the prefix of one.
func (g getoptSpec) alternativeLong(word string) bool {
	name, _, _ := strings.Cut(word, "=")
	_, _, amb, ok := g.longMatch(name)
	return ok || len(amb) > 0
}

// getoptOwnLong are getopt's own long options; getoptLetters its short
// ones, by letter; getoptValued the ones that take a value.
var (
	getoptOwnLong = []string{"alternative", "help", "longoptions", "name", "options", "quiet", "quiet-output", "shell", "test", "unquoted", "version"}
	getoptLetters = map[string]string{"a": "alternative", "h": "help", "l": "longoptions", "n": "name", "o": "options",
		"q": "quiet", "Q": "quiet-output", "s": "shell", "T": "test", "u": "unquoted", "V": "version"}
	getoptValued = map[string]bool{"longoptions": true, "name": true, "options": true, "shell": true}
)

// isShort reports whether c is one of the short options.
func (g getoptSpec) isShort(c byte) bool {
	_, ok := g.shortArg(c)
	return ok
}
