package dryrun

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// The value attributes interp's declare lacks ("declare: invalid option
// -i", status 2, which ended the mode under set -e): -i (every assignment
// to the name is evaluated arithmetically, n+=1 adds), -l and -u (the
// value is lower- or upper-cased). Eval runs a copy (rewriteAttrDecls) in
// which
//
//   - the declaration keeps its other options and records the attributes
//     in a marker variable of the same scope, attrMark(NAME) (local where
//     the declaration is, so a function's local -i ends with it, as in
//     bash's dynamic scoping);
//   - each assignment to a name declared so anywhere in the script
//     (NAME=W, NAME+=W, declare NAME=W) expands W into a temporary and
//     hands it to attrCmd, which the call handler answers with the
//     assignment bash makes: eval NAME=VALUE, VALUE computed as the marker
//     in scope says (no marker: W's value as it is);
//   - every other way of assigning such a name (read, mapfile, printf -v,
//     getopts, for, ${NAME:=W}, a command's prefix NAME=W, an element)
//     stops the run where it is reached with the attribute in scope;
//   - unset NAME unsets the marker too.
//
// An arithmetic value is evaluated as bash does, a variable holding an
// expression included (n=x with x='2*3'); a value with side effects
// (n='i++'), an expansion left in it or an error stops the run, never a
// guessed number. A skipped command's output stays unresolved.

// attrCmd is the command name of the assignments rewriteAttrDecls makes;
// it cannot be typed in a script by accident.
const attrCmd = "\x1eservelint-attr\x1e"

// attrTemp holds an assignment's value, expanded as an assignment's, for
// attrCmd.
const attrTemp = "__servelint_attr_value"

// attrMark is the marker variable holding NAME's attributes ("i", "l",
// "u", in the order set).
func attrMark(name string) string { return "__servelint_attr_" + name }

// attrDecls reports whether src may declare a value attribute
// (mayDeclareAttr), once per Prepared: Eval runs the rewritten copy when
// the script holds one.
func (p *Prepared) attrDecls(src []byte) bool {
	p.attrOnce.Do(func() { p.attr = mayDeclareAttr(src) })
	return p.attr
}

// declOpts returns the option letters of a declaration (set: after '-',
// cleared: after '+') and its other option words; ok is false when an
// option is not literal text.
func declOpts(d *syntax.DeclClause) (set, cleared string, ok bool) {
	for _, a := range d.Args {
		if !a.Naked || a.Value == nil {
			continue
		}
		v := a.Value.Lit()
		if v == "" {
			if len(a.Value.Parts) > 0 {
				return "", "", false // declare $opts x
			}
			continue
		}
		switch v[0] {
		case '-':
			set += v[1:]
		case '+':
			cleared += v[1:]
		}
	}
	return set, cleared, true
}

// declVariant is d's builtin, typeset read as declare.
func declVariant(d *syntax.DeclClause) string {
	if d.Variant == nil {
		return ""
	}
	if d.Variant.Value == "typeset" {
		return "declare"
	}
	return d.Variant.Value
}

// attrNames returns the names declared anywhere in f with a value
// attribute set or cleared (declare -i n, local -l x, typeset +u y).
func attrNames(f *syntax.File) map[string]string {
	names := map[string]string{}
	shwalk.Walk(f, func(n syntax.Node) bool {
		d, ok := n.(*syntax.DeclClause)
		if !ok {
			return true
		}
		switch declVariant(d) {
		case "declare", "local":
		default:
			return true
		}
		set, cleared, ok := declOpts(d)
		letters := attrLetters(set + cleared)
		if !ok || letters == "" {
			return true
		}
		for _, a := range d.Args {
			if a.Name != nil {
				names[a.Name.Value] += letters
			}
		}
		return true
	})
	return names
}

// attrLetters keeps the value attributes of option letters.
func attrLetters(opts string) string {
	var b strings.Builder
	for _, c := range opts {
		if c == 'i' || c == 'l' || c == 'u' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// rewriteAttrDecls makes the copy described above. It returns a note per
// declaration rewritten.
func rewriteAttrDecls(f *syntax.File) (notes []string) {
	names := attrNames(f)
	if len(names) == 0 {
		return nil
	}
	type site struct {
		st     *syntax.Stmt
		inFunc bool
	}
	var sites []site
	var walk func(n syntax.Node, inFunc bool)
	walk = func(root syntax.Node, inFunc bool) {
		shwalk.Walk(root, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl:
				// A function defined inside an if, a block or a loop:
				// its body runs as a function's (the callback's own n
				// was compared here, so it never was).
				walk(x.Body, true)
				return false
			case *syntax.Stmt:
				sites = append(sites, site{x, inFunc})
			}
			return true
		})
	}
	for _, st := range f.Stmts {
		if fd, ok := st.Cmd.(*syntax.FuncDecl); ok {
			walk(fd.Body, true)
			continue
		}
		walk(st, false)
	}
	// Inner statements first: an outer one moves their words.
	for i := len(sites) - 1; i >= 0; i-- {
		s := sites[i]
		if note := rewriteAttrStmt(s.st, s.inFunc, names); note != "" {
			notes = append(notes, note)
		}
	}
	slices.Reverse(notes) // in the script's order
	return notes
}

// rewriteAttrStmt rewrites one statement; the note is not empty for a
// declaration of an attribute.
func rewriteAttrStmt(st *syntax.Stmt, inFunc bool, names map[string]string) string {
	if d, ok := st.Cmd.(*syntax.DeclClause); ok {
		if set, _, ok := declOpts(d); ok && attrLetters(set) != "" && strings.ContainsAny(set, "aA") {
			st.Cmd = attrCall("!", "", fmt.Sprintf("%s -%s: an array with a value attribute", declVariant(d), set)).Cmd
			return fmt.Sprintf("line %d: %s -%s stops the run", d.Pos().Line(), declVariant(d), set)
		}
	}
	if guarded := attrAssigned(st, names); len(guarded) > 0 {
		var pre []*syntax.Stmt
		for _, g := range guarded {
			pre = append(pre, attrCall("?", g[0], g[1]))
		}
		st.Cmd = &syntax.Block{Lbrace: st.Cmd.Pos(), Rbrace: st.Cmd.End(), Stmts: append(pre, &syntax.Stmt{Position: st.Cmd.Pos(), Cmd: st.Cmd})}
		return ""
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Args) == 0 {
			rewriteAttrAssigns(st, x, names)
			return ""
		}
		if x.Args[0].Lit() == "unset" {
			for _, a := range x.Args[1:] {
				if v := a.Lit(); v == "-f" || v == "-n" {
					return ""
				}
			}
			for _, a := range x.Args[1:] {
				if _, ok := names[a.Lit()]; ok {
					x.Args = append(x.Args, litWord(attrMark(a.Lit())))
				}
			}
		}
	case *syntax.DeclClause:
		return rewriteAttrDecl(st, x, inFunc, names)
	}
	return ""
}

// attrAssigned returns, for the ways st assigns a name of names that
// rewriteAttrDecls does not rewrite, each name and what assigns it:
// read, mapfile, readarray, printf -v and getopts naming it, a for or
// select loop over it, ${NAME:=W} or ${NAME=W}, a prefix NAME=W of a
// command, an element NAME[K]=W.
func attrAssigned(st *syntax.Stmt, names map[string]string) (out [][2]string) {
	add := func(name, what string) {
		if _, ok := names[name]; ok {
			out = append(out, [2]string{name, what})
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		for _, a := range x.Assigns {
			if a.Name == nil {
				continue
			}
			switch {
			case len(x.Args) > 0:
				add(a.Name.Value, "a command's prefix "+a.Name.Value+"=…")
			case a.Index != nil || a.Array != nil:
				add(a.Name.Value, "an element or array assignment")
			}
		}
		if len(x.Args) > 0 {
			switch cmd := x.Args[0].Lit(); cmd {
			case "read", "mapfile", "readarray", "getopts":
				for _, a := range x.Args[1:] {
					add(a.Lit(), cmd)
				}
			case "printf":
				for i := 1; i+1 < len(x.Args); i++ {
					if x.Args[i].Lit() == "-v" {
						add(x.Args[i+1].Lit(), "printf -v")
					}
				}
			}
		}
	case *syntax.DeclClause:
		for _, a := range x.Args {
			if a.Name != nil && (a.Index != nil || a.Array != nil) {
				add(a.Name.Value, "an element or array assignment")
			}
		}
	case *syntax.ForClause:
		if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
			add(wi.Name.Value, "a for loop")
		}
	}
	visit := func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.Stmt, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.ParamExp:
			if y.Param != nil && y.Exp != nil && (y.Exp.Op == syntax.AssignUnset || y.Exp.Op == syntax.AssignUnsetOrNull) {
				add(y.Param.Value, "${"+y.Param.Value+":=…}")
			}
		}
		return true
	}
	switch st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause:
		shwalk.Walk(st.Cmd, visit)
	}
	for _, r := range st.Redirs {
		shwalk.Walk(r, visit)
	}
	return out
}

// rewriteAttrAssigns makes each NAME=W or NAME+=W of an assignment
// statement whose NAME is in names an attrCmd; the others stay, in order.
func rewriteAttrAssigns(st *syntax.Stmt, x *syntax.CallExpr, names map[string]string) {
	hit := false
	for _, a := range x.Assigns {
		if a.Name == nil {
			return
		}
		if _, ok := names[a.Name.Value]; ok {
			hit = true
		}
	}
	if !hit || st.Background || st.Coprocess || st.Negated {
		return
	}
	var stmts []*syntax.Stmt
	for _, a := range x.Assigns {
		if _, ok := names[a.Name.Value]; !ok {
			stmts = append(stmts, &syntax.Stmt{Position: a.Pos(), Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{a}}})
			continue
		}
		op := "="
		if a.Append {
			op = "+="
		}
		stmts = append(stmts,
			&syntax.Stmt{Position: a.Pos(), Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{Name: &syntax.Lit{Value: attrTemp}, Value: a.Value}}}},
			attrCall(op, a.Name.Value, "", paramWord(attrTemp), paramWord("?"), paramWord("-")))
	}
	st.Cmd = &syntax.Block{Lbrace: x.Pos(), Rbrace: x.End(), Stmts: stmts}
}

// rewriteAttrDecl rewrites a declaration that sets or clears a value
// attribute or assigns a name of names, one name at a time:
//
//	declare __servelint_attr_value=W      (W expanded before the name is declared)
//	declare OPTS NAME                     (its options but -i -l -u -t -r)
//	declare [-g] __servelint_attr_NAME=…  (the attributes, in NAME's scope)
//	attrCmd = NAME "$__servelint_attr_value"
//	declare -r NAME                       (with -r)
func rewriteAttrDecl(st *syntax.Stmt, d *syntax.DeclClause, inFunc bool, names map[string]string) string {
	variant := declVariant(d)
	set, cleared, ok := declOpts(d)
	if !ok {
		return ""
	}
	letters, clears := attrLetters(set), attrLetters(cleared)
	hit := letters != "" || clears != ""
	for _, a := range d.Args {
		if a.Name != nil {
			_, ok := names[a.Name.Value]
			hit = hit || ok
		}
	}
	if !hit || st.Background || st.Coprocess || st.Negated {
		return ""
	}
	global := strings.ContainsRune(set, 'g')
	if variant != "declare" && variant != "local" {
		// export and readonly keep the attributes a name has.
		letters, clears = "", ""
	}
	localScope := variant == "local" || variant == "declare" && inFunc && !global
	var opts []*syntax.Assign
	keep := func(s string, drop string) string {
		return strings.Map(func(r rune) rune {
			if strings.ContainsRune(drop, r) {
				return -1
			}
			return r
		}, s)
	}
	if o := keep(set, "ilutr"); o != "" {
		opts = append(opts, &syntax.Assign{Naked: true, Value: litWord("-" + o)})
	}
	if o := keep(cleared, "ilut"); o != "" {
		opts = append(opts, &syntax.Assign{Naked: true, Value: litWord("+" + o)})
	}
	var stmts []*syntax.Stmt
	decl := func(variant string, args ...*syntax.Assign) {
		stmts = append(stmts, &syntax.Stmt{Cmd: &syntax.DeclClause{Variant: &syntax.Lit{Value: variant}, Args: args}})
	}
	for _, a := range d.Args {
		if a.Name == nil {
			continue // an option
		}
		name := a.Name.Value
		if _, ok := names[name]; !ok {
			decl(variant, append(append([]*syntax.Assign(nil), opts...), withR(set, a)...)...)
			continue
		}
		if a.Naked {
			a.Value = nil
		}
		if !a.Naked {
			decl("declare", &syntax.Assign{Name: &syntax.Lit{Value: attrTemp}, Value: a.Value})
		}
		if variant != "readonly" { // readonly after the assignment, below
			decl(variant, append(append([]*syntax.Assign(nil), opts...), &syntax.Assign{Naked: true, Name: &syntax.Lit{Value: name}})...)
		}
		if letters != "" || clears != "" || localScope {
			var mark []syntax.WordPart
			if !localScope && clears == "" {
				mark = append(mark, &syntax.ParamExp{Param: &syntax.Lit{Value: attrMark(name)}, Exp: &syntax.Expansion{Op: syntax.DefaultUnset}})
			}
			if letters != "" {
				mark = append(mark, &syntax.Lit{Value: letters})
			}
			var g []*syntax.Assign
			if global {
				g = append(g, &syntax.Assign{Naked: true, Value: litWord("-g")})
			}
			var w *syntax.Word // declare +i n: no attribute
			if len(mark) > 0 {
				w = &syntax.Word{Parts: mark}
			}
			decl("declare", append(g, &syntax.Assign{Name: &syntax.Lit{Value: attrMark(name)}, Value: w})...)
		}
		if !a.Naked {
			op := "="
			if a.Append {
				op = "+="
			}
			stmts = append(stmts, attrCall(op, name, "", paramWord(attrTemp), litWord("0"), paramWord("-")))
		}
		if variant == "readonly" {
			decl(variant, &syntax.Assign{Naked: true, Name: &syntax.Lit{Value: name}})
		}
		if strings.ContainsRune(set, 'r') {
			r := "-r"
			if global {
				r = "-gr"
			}
			decl(variant, &syntax.Assign{Naked: true, Value: litWord(r)}, &syntax.Assign{Naked: true, Name: &syntax.Lit{Value: name}})
		}
	}
	st.Cmd = &syntax.Block{Lbrace: d.Pos(), Rbrace: d.End(), Stmts: stmts}
	if letters == "" && clears == "" {
		return ""
	}
	return fmt.Sprintf("line %d: %s with -%s%s: its assignments evaluated as bash makes them", d.Pos().Line(), d.Variant.Value, letters, clears)
}

// withR is a's declaration with -r when set holds it (a name without a
// value attribute keeps its declaration as it was).
func withR(set string, a *syntax.Assign) []*syntax.Assign {
	if strings.ContainsRune(set, 'r') {
		return []*syntax.Assign{{Naked: true, Value: litWord("-r")}, a}
	}
	return []*syntax.Assign{a}
}

// attrCall is the statement attrCmd OP NAME WHAT ARGS….
func attrCall(op, name, what string, args ...*syntax.Word) *syntax.Stmt {
	ws := []*syntax.Word{litWord(attrCmd), litWord(op), litWord(name), litWord(what)}
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: append(ws, args...)}}
}

// paramWord is "$NAME".
func paramWord(name string) *syntax.Word {
	pe := &syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: name}}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{pe}}}}
}

// attrAssign answers attrCmd: args are attrCmd OP NAME WHAT [VALUE
// [STATUS [FLAGS]]]. OP "=" and "+=" return the assignment bash makes
// (eval NAME=VALUE, a status other than 0 kept); "?" stops the run when
// NAME has a value attribute in scope (WHAT assigns it); "!" stops it.
// FLAGS are the shell's options ($-): with nounset on, an arithmetic
// value reading an unset variable is bash's error ("X: unbound
// variable"), made by interp itself (eval ': "$X"'), where bash stops; a
// variable the caller supplies (ev.callers) reads as its placeholder.
func (ev *evaluator) attrAssign(env expand.Environ, args []string) ([]string, error) {
	op, name, what := args[1], args[2], args[3]
	marks := env.Get(attrMark(name)).String()
	switch op {
	case "!":
		return nil, ev.fail(fmt.Errorf("%w: %s", ErrUnsupported, what))
	case "?":
		if marks != "" {
			return nil, ev.fail(fmt.Errorf("%w: %s assigns %s, declared -%s: the attribute is not applied there", ErrUnsupported, what, name, marks))
		}
		return []string{":"}, nil
	}
	if len(args) < 5 || !syntax.ValidName(name) {
		return nil, ev.fail(fmt.Errorf("%w: a malformed attribute assignment", ErrInternal))
	}
	value, status := args[4], "0"
	if len(args) > 5 {
		status = args[5]
	}
	ar := arithRead{callers: ev.callers, nounset: len(args) > 6 && strings.ContainsRune(args[6], 'u')}
	text, err := attrValue(env, name, op, value, marks, ar)
	var unbound unboundError
	if errors.As(err, &unbound) {
		return []string{"eval", `: "$` + string(unbound) + `"`}, nil
	}
	if err != nil {
		return nil, ev.fail(fmt.Errorf("%w: %s=%s, declared -%s: %w", ErrUnsupported, name, value, marks, err))
	}
	q, qerr := syntax.Quote(text, syntax.LangBash)
	if qerr != nil {
		return nil, ev.fail(fmt.Errorf("%w: %s: %w", ErrUnsupported, name, qerr))
	}
	code := name + "=" + q
	if op == "+=" && marks == "" {
		code = name + "+=" + q
	}
	if n, err := strconv.Atoi(status); err == nil && n != 0 {
		code += "; (exit " + strconv.Itoa(n) + ")"
	}
	return []string{"eval", code}, nil
}

// attrValue is the value NAME takes from NAME OP VALUE with the
// attributes marks: arithmetic with i, else lower- or upper-cased with the
// last of l and u, else VALUE (OP += appends it, in the caller).
func attrValue(env expand.Environ, name, op, value, marks string, ar arithRead) (string, error) {
	if strings.ContainsRune(marks, 'i') {
		n, err := arithValue(env, value, 0, ar)
		if err != nil || op != "+=" {
			return n, err
		}
		old, err := arithValue(env, env.Get(name).String(), 0, ar)
		if err != nil {
			return "", err
		}
		if hasSentinel(old) || hasSentinel(n) {
			return firstSentinel(old + n), nil
		}
		a, _ := strconv.ParseInt(old, 10, 64)
		b, _ := strconv.ParseInt(n, 10, 64)
		return strconv.FormatInt(a+b, 10), nil
	}
	if op == "+=" && marks != "" {
		value = env.Get(name).String() + value
	}
	switch c := strings.LastIndexAny(marks, "lu"); {
	case c < 0:
		return value, nil
	case marks[c] == 'l':
		return mapOutsideSentinels(value, strings.ToLower), nil
	default:
		return mapOutsideSentinels(value, strings.ToUpper), nil
	}
}

// sentinelRE matches one skipped command's sentinel.
var sentinelRE = regexp.MustCompile(regexp.QuoteMeta(sentinelPrefix) + `[0-9]+` + regexp.QuoteMeta(sentinelSuffix))

// firstSentinel is the first sentinel in s: a number computed from a
// skipped command's output is that output, unresolved.
func firstSentinel(s string) string { return sentinelRE.FindString(s) }

// mapOutsideSentinels applies m to s but its sentinels.
func mapOutsideSentinels(s string, m func(string) string) string {
	var b strings.Builder
	last := 0
	for _, loc := range sentinelRE.FindAllStringIndex(s, -1) {
		b.WriteString(m(s[last:loc[0]]))
		b.WriteString(s[loc[0]:loc[1]])
		last = loc[1]
	}
	b.WriteString(m(s[last:]))
	return b.String()
}

// maxArithDepth bounds the variables holding expressions an arithmetic
// value reads through.
const maxArithDepth = 16

// plainNumber matches what bash's arithmetic reads as a number without
// evaluating an expression.
var plainNumber = regexp.MustCompile(`^[ \t\n]*[-+]?[0-9][0-9a-zA-Z#@_]*[ \t\n]*$`)

// badOctal matches a number bash reads as octal with a digit 8 or 9 in
// it (an error in bash, 0 in interp's arithmetic).
var badOctal = regexp.MustCompile(`(^|[^0-9a-zA-Z_#@])0[0-7]*[89]`)

// arithRead is how arithValue reads a variable that is not set: with
// nounset, an unboundError (bash stops there); a variable of callers reads
// as the caller's placeholder (callerArithm's), with nounset or not.
type arithRead struct {
	callers []string
	nounset bool
}

// unboundError is the name of an unset variable an arithmetic value read
// under set -u.
type unboundError string

func (e unboundError) Error() string { return string(e) + ": unbound variable" }

// arithValue evaluates s as bash evaluates an integer variable's value:
// an arithmetic expression, "" being 0, a variable read holding an
// expression evaluated in turn. A sentinel in s or in a variable read is
// returned (unresolved). An expression with side effects (assignments,
// ++, --), an expansion or quote left in s, or an error is refused; a
// read of an unset variable is as ar says.
func arithValue(env expand.Environ, s string, depth int, ar arithRead) (string, error) {
	if depth > maxArithDepth {
		return "", fmt.Errorf("expressions nested more than %d deep", maxArithDepth)
	}
	if hasSentinel(s) {
		return firstSentinel(s), nil
	}
	if strings.TrimSpace(s) == "" {
		return "0", nil
	}
	if badOctal.MatchString(s) {
		return "", fmt.Errorf("value too great for base (error token is %q)", strings.TrimSpace(s))
	}
	if strings.ContainsAny(s, "$`\"'\\") {
		return "", fmt.Errorf("the value holds an expansion or a quote")
	}
	expr, err := syntax.NewParser().Arithmetic(strings.NewReader(s))
	if err != nil {
		return "", fmt.Errorf("not an arithmetic expression")
	}
	re := &arithEnv{Environ: env, depth: depth, ar: ar}
	n, err := expand.Arithm(&expand.Config{Env: re}, expr)
	if re.err != nil {
		return "", re.err
	}
	if re.unresolved != "" {
		return re.unresolved, nil
	}
	if err != nil {
		return "", err
	}
	return strconv.Itoa(n), nil
}

// arithEnv is a read-only view of the variables for arithValue: a
// variable holding an expression reads as its value, a sentinel is
// recorded. Writes fail (expand.Arithm's assignments report an error).
type arithEnv struct {
	expand.Environ
	depth      int
	ar         arithRead
	err        error
	unresolved string
}

func (e *arithEnv) Get(name string) expand.Variable {
	v := e.Environ.Get(name)
	if !v.IsSet() && v.Kind != expand.NameRef {
		if i := slices.Index(e.ar.callers, name); i >= 0 {
			if e.unresolved == "" {
				e.unresolved = sentinel(i)
			}
		} else if e.ar.nounset && e.err == nil {
			e.err = unboundError(name)
		}
		return v
	}
	if v.Kind != expand.String {
		return v
	}
	switch {
	case hasSentinel(v.Str):
		if e.unresolved == "" {
			e.unresolved = firstSentinel(v.Str)
		}
		return expand.Variable{Set: true, Kind: expand.String, Str: "0"}
	case badOctal.MatchString(v.Str):
		// interp reads 08 as 0; bash fails.
		if e.err == nil {
			e.err = fmt.Errorf("%s=%s: value too great for base", name, v.Str)
		}
		return v
	case strings.TrimSpace(v.Str) == "" || plainNumber.MatchString(v.Str) || syntax.ValidName(strings.TrimSpace(v.Str)):
		return v
	}
	n, err := arithValue(e.Environ, v.Str, e.depth+1, e.ar)
	var unbound unboundError
	if errors.As(err, &unbound) && e.err == nil {
		e.err = err
	} else if err != nil && e.err == nil {
		e.err = fmt.Errorf("%s=%s: %w", name, v.Str, err)
	}
	if hasSentinel(n) && e.unresolved == "" {
		e.unresolved = n
	}
	return expand.Variable{Set: true, Kind: expand.String, Str: n}
}

// attrCallOK reports whether args are an attrCmd call rewriteAttrDecls
// made (no position: one the script typed is a program no host has).
func attrCallOK(hc interp.HandlerContext, args []string) bool {
	return len(args) >= 4 && args[0] == attrCmd && !hc.Pos.IsValid()
}
