package dryrun

import (
	"errors"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// casesAsIfs returns f with each case that compares a plain subject with
// plain words (caseAsIf) run as an if/elif chain, and each condition [[ S
// == W ]] of such a subject and word as string comparisons (cond), or f
// itself when there is none. interp compiles a regular expression for
// every pattern a case (or a [[ == ]]) tries
// (Runner.match: regexp.MustCompile per pattern, per run, per mode): pprof
// of 1,600 repos put it at 3-7% of the CPU and a tenth of the bytes
// allocated. The copy shares every node it does not change: only the
// statements on the way from the root down to a rewritten case are new,
// so the shared tree, which rules read concurrently, is never changed and
// the script is not parsed again.
//
// A script that may turn on xtrace (set -x, set -o xtrace, set with an
// option word that is not literal) is left as it is: interp traces
// "case WORD in", which the stderr of a failed run would show, but not
// the [[ ]] that stand for it. One that turns xtrace on in a file it
// sources or a string it evals is run again without the copy
// (errCaseTrace).
//
// A script that prints a function (declare -f, typeset -f, in any
// variant of declare and in $(…) too) is left as it is: interp prints
// the function's tree, which would show the ifs, not the cases, in the
// text it hands on (`ssh host "$(declare -f run); run"`); one that sources
// a file that may print one is run again without the copy (errCaseTrace).
func casesAsIfs(f *syntax.File) *syntax.File {
	return casesAsIfsPrinting(f, printsFuncs(f))
}

// casesAsIfsPrinting is casesAsIfs with whether f prints a function known.
func casesAsIfsPrinting(f *syntax.File, prints bool) *syntax.File {
	if prints {
		return f
	}
	c := &caseCopier{}
	stmts, changed := c.stmts(f.Stmts)
	if !changed || c.xtrace {
		return f
	}
	out := *f
	out.Stmts = stmts
	return &out
}

// errCaseTrace stops a run of casesAsIfs' copy that turns on xtrace or
// sources a file that may print a function: Eval runs the script's own
// tree instead (evalOnce).
var errCaseTrace = errors.New("xtrace turned on in a run of the cases as ifs")

// caseCopier is the walk of casesAsIfs.
type caseCopier struct {
	// xtrace is set when a statement may turn on xtrace.
	xtrace bool
}

// stmts returns list with each statement copied that holds a rewritten
// case, and whether there was one; list itself is never changed.
func (c *caseCopier) stmts(list []*syntax.Stmt) ([]*syntax.Stmt, bool) {
	return mapStmts(list, c.stmt)
}

// mapStmts returns list with each statement f rewrites replaced, in a copy
// made at the first, and whether f rewrote one; list is never changed.
func mapStmts(list []*syntax.Stmt, f func(*syntax.Stmt) (*syntax.Stmt, bool)) ([]*syntax.Stmt, bool) {
	var out []*syntax.Stmt
	for i, st := range list {
		n, ok := f(st)
		if !ok {
			continue
		}
		if out == nil {
			out = slices.Clone(list)
		}
		out[i] = n
	}
	if out == nil {
		return list, false
	}
	return out, true
}

func (c *caseCopier) stmt(st *syntax.Stmt) (*syntax.Stmt, bool) {
	if st == nil || st.Cmd == nil {
		return st, false
	}
	cmd, ok := c.cmd(st.Cmd)
	if !ok {
		return st, false
	}
	out := *st
	out.Cmd = cmd
	return &out, true
}

// cmd returns a copy of cm in which the cases under it are rewritten, and
// whether there was one. Commands inside words ($(…), <(…)) are left.
func (c *caseCopier) cmd(cm syntax.Command) (syntax.Command, bool) {
	switch x := cm.(type) {
	case *syntax.CallExpr:
		c.xtrace = c.xtrace || mayTrace(x)
	case *syntax.Block:
		if s, ok := c.stmts(x.Stmts); ok {
			out := *x
			out.Stmts = s
			return &out, true
		}
	case *syntax.Subshell:
		if s, ok := c.stmts(x.Stmts); ok {
			out := *x
			out.Stmts = s
			return &out, true
		}
	case *syntax.IfClause:
		cond, ok1 := c.conds(c.stmts(x.Cond))
		then, ok2 := c.stmts(x.Then)
		els, ok3 := x.Else, false
		if x.Else != nil {
			var e syntax.Command
			if e, ok3 = c.cmd(x.Else); ok3 {
				els = e.(*syntax.IfClause)
			}
		}
		if ok1 || ok2 || ok3 {
			out := *x
			out.Cond, out.Then, out.Else = cond, then, els
			return &out, true
		}
	case *syntax.WhileClause:
		cond, ok1 := c.conds(c.stmts(x.Cond))
		do, ok2 := c.stmts(x.Do)
		if ok1 || ok2 {
			out := *x
			out.Cond, out.Do = cond, do
			return &out, true
		}
	case *syntax.ForClause:
		if s, ok := c.stmts(x.Do); ok {
			out := *x
			out.Do = s
			return &out, true
		}
	case *syntax.FuncDecl:
		if b, ok := c.stmt(x.Body); ok {
			out := *x
			out.Body = b
			return &out, true
		}
	case *syntax.BinaryCmd:
		l, ok1 := c.stmt(x.X)
		r, ok2 := c.stmt(x.Y)
		if x.Op == syntax.AndStmt || x.Op == syntax.OrStmt {
			// The left of && and || is a condition: set -e does not
			// apply there (nor to the right, below a condition: conds).
			var ok3 bool
			if l, ok3 = c.cond(l); ok3 {
				ok1 = true
			}
		}
		if ok1 || ok2 {
			out := *x
			out.X, out.Y = l, r
			return &out, true
		}
	case *syntax.TimeClause:
		if s, ok := c.stmt(x.Stmt); ok {
			out := *x
			out.Stmt = s
			return &out, true
		}
	case *syntax.CoprocClause:
		if s, ok := c.stmt(x.Stmt); ok {
			out := *x
			out.Stmt = s
			return &out, true
		}
	case *syntax.CaseClause:
		var items []*syntax.CaseItem
		for i, it := range x.Items {
			s, ok := c.stmts(it.Stmts)
			if !ok {
				continue
			}
			if items == nil {
				items = slices.Clone(x.Items)
			}
			ci := *it
			ci.Stmts = s
			items[i] = &ci
		}
		cc := x
		if items != nil {
			cp := *x
			cp.Items = items
			cc = &cp
		}
		if ic := caseAsIf(cc); ic != nil {
			return ic, true
		}
		return cc, items != nil
	}
	return cm, false
}

// printsFuncs reports whether a declare clause anywhere under f, inside
// words too, may print a function: an option word with an f (-f, -fx,
// +f) or one that is not literal.
func printsFuncs(f *syntax.File) bool {
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if found {
			return false
		}
		dc, ok := n.(*syntax.DeclClause)
		if !ok {
			return true
		}
		found = parser.DeclPrintsFuncs(dc)
		return !found
	})
	return found
}

// mayTrace reports whether ce is a set or shopt that may turn on xtrace
// (setsXtrace), a word that is not literal being any option.
func mayTrace(ce *syntax.CallExpr) bool {
	if len(ce.Args) < 2 {
		return false
	}
	name := ce.Args[0].Lit()
	if name != "set" && name != "shopt" {
		return false
	}
	args := make([]string, 0, len(ce.Args)-1)
	for _, a := range ce.Args[1:] {
		v := a.Lit()
		if v == "" {
			return true
		}
		args = append(args, v)
	}
	return setsXtrace(name, args)
}

// setsXtrace reports whether `set ARGS…` or `shopt ARGS…` may turn on
// xtrace: an option word of set with an x (-x, -eux) or the name xtrace
// (set -o xtrace, shopt -os xtrace). The positional parameters after set's
// options are not options.
func setsXtrace(name string, args []string) bool {
	optName := false // the word before was -o: this one is an option's name
	for _, v := range args {
		switch {
		case v == "xtrace":
			return true
		case name != "set":
		case optName:
			optName = false
		case v == "--" || v == "" || v[0] != '-' && v[0] != '+':
			return false
		case v[0] == '-' && strings.ContainsRune(v[1:], 'x'):
			return true
		default:
			optName = strings.HasSuffix(v, "o")
		}
	}
	return false
}

// caseAsIf returns the if/elif chain that runs cc as interp does, or nil
// when cc is not one it rewrites: a subject that expands to the same
// string each time it is expanded and does nothing else (caseSubject), and
// arms whose patterns are all plain words (plainPattern), each arm ended
// by ;; (or esac), the last one possibly a lone * (the else). Each arm is
// `if ! { [[ S < W ]] || [[ S > W ]]; }` for each word W: the subject is
// the word, compared as strings, as interp's pattern of a plain word
// matches it, and expanded once a comparison, so an unset subject under
// set -u stops the run at its first expansion with one message, as the
// case does. No arm matching leaves status 0, a matching one its last
// command's, and the conditions run where set -e does not apply, as the
// case's matching does.
func caseAsIf(cc *syntax.CaseClause) *syntax.IfClause {
	if len(cc.Items) == 0 || !caseSubject(cc.Word) {
		return nil
	}
	items := cc.Items
	var els *syntax.IfClause
	if last := items[len(items)-1]; len(last.Patterns) == 1 && last.Patterns[0].Lit() == "*" {
		els = &syntax.IfClause{Position: last.Pos(), FiPos: cc.Esac, Then: last.Stmts}
		items = items[:len(items)-1]
	}
	if len(items) == 0 {
		return nil
	}
	for _, it := range items {
		if it.Op != syntax.Break || len(it.Patterns) == 0 {
			return nil
		}
		for _, p := range it.Patterns {
			if !plainPattern(p) {
				return nil
			}
		}
	}
	for i := len(items) - 1; i >= 0; i-- {
		it := items[i]
		var cond *syntax.Stmt
		for _, p := range it.Patterns {
			eq := equalTest(cc.Word, p)
			if cond == nil {
				cond = eq
				continue
			}
			cond = &syntax.Stmt{Position: cond.Position, Cmd: &syntax.BinaryCmd{OpPos: p.Pos(), Op: syntax.OrStmt, X: cond, Y: eq}}
		}
		els = &syntax.IfClause{Position: it.Pos(), ThenPos: it.Pos(), FiPos: cc.Esac, Cond: []*syntax.Stmt{cond}, Then: it.Stmts, Else: els}
	}
	els.Position = cc.Case
	return els
}

// equalTest is `! { [[ S < W ]] || [[ S > W ]]; }` at W's position: true
// when the subject S is the word W, with S expanded once when it is
// smaller and once more only when it is not (an unset S stops the run at
// the first).
func equalTest(subject, w *syntax.Word) *syntax.Stmt {
	pos := w.Pos()
	cmp := func(op syntax.BinTestOperator) *syntax.Stmt {
		return &syntax.Stmt{Position: pos, Cmd: &syntax.TestClause{Left: pos, Right: w.End(),
			X: &syntax.BinaryTest{OpPos: pos, Op: op, X: subject, Y: w}}}
	}
	or := &syntax.BinaryCmd{OpPos: pos, Op: syntax.OrStmt, X: cmp(syntax.TsBefore), Y: cmp(syntax.TsAfter)}
	return &syntax.Stmt{Position: pos, Negated: true, Cmd: or}
}

// conds is cond for each statement of a condition list (an if's or a
// while's: set -e applies to none of them), after stmts' rewrite of it
// (changed: whether that rewrote one).
func (c *caseCopier) conds(list []*syntax.Stmt, changed bool) ([]*syntax.Stmt, bool) {
	out, ok := mapStmts(list, c.cond)
	return out, ok || changed
}

// cond returns st, a statement where set -e does not apply (a condition,
// the left of && or ||), with each [[ S == W ]] (=, !=) of a plain
// subject with a plain word, as a case arm's (caseSubject, plainPattern),
// run as `! { [[ S < W ]] || [[ S > W ]]; }` (`[[ S < W ]] || [[ S > W ]]`
// for !=), as caseAsIf runs an arm; and whether there was one. interp
// compiles a regular expression for every == it tests (Runner.match),
// which a chain of `elif [[ $mode == mN ]]` tries once a branch in every
// mode's run (a launcher of 1,000 such modes: 1 GB of compiled
// expressions, 4 s). Only a statement that is the test alone (not negated,
// no redirection) and only where set -e does not apply: the negation
// would exempt a failing test from set -e elsewhere. Within one [[ ]]
// (`[[ $1 == a && -n $2 ]]`) it is left: interp evaluates both sides of a
// [[ || ]], and an unset S under set -u would say so twice.
func (c *caseCopier) cond(st *syntax.Stmt) (*syntax.Stmt, bool) {
	if st == nil || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return st, false
	}
	switch x := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		if x.Op != syntax.AndStmt && x.Op != syntax.OrStmt {
			return st, false
		}
		l, ok1 := c.cond(x.X)
		r, ok2 := c.cond(x.Y)
		if !ok1 && !ok2 {
			return st, false
		}
		cmd := *x
		cmd.X, cmd.Y = l, r
		out := *st
		out.Cmd = &cmd
		return &out, true
	case *syntax.TestClause:
		b, ok := x.X.(*syntax.BinaryTest)
		if !ok || b.Op != syntax.TsMatch && b.Op != syntax.TsMatchShort && b.Op != syntax.TsNoMatch {
			return st, false
		}
		s, ok1 := b.X.(*syntax.Word)
		w, ok2 := b.Y.(*syntax.Word)
		if !ok1 || !ok2 || !caseSubject(s) || !plainPattern(w) {
			return st, false
		}
		eq := equalTest(s, w)
		eq.Position = st.Position
		if b.Op == syntax.TsNoMatch {
			eq.Negated = false // one of them is true: S is not W
		}
		return eq, true
	}
	return st, false
}

// caseSubject reports whether w expands to the same string however often
// it is expanded, and does nothing else: literal text and reads of a
// parameter ($1, "$MODE", ${1:-serve}, ${1:?usage}) whose other word is
// itself literal. No assignment (${X:=…}), command or arithmetic, no
// parameter whose value changes by itself ($RANDOM, $?, $_), no case
// conversion, pattern or index (each expansion would compile a regular
// expression or evaluate an expression again).
func caseSubject(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	var part func(p syntax.WordPart) bool
	part = func(p syntax.WordPart) bool {
		switch x := p.(type) {
		case *syntax.Lit:
			return true
		case *syntax.SglQuoted:
			return true
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if !part(q) {
					return false
				}
			}
			return true
		case *syntax.ParamExp:
			if x.Param == nil || x.Excl || x.Length || x.Width || x.Index != nil || x.Slice != nil || x.Repl != nil || x.Names != 0 || !stableParam(x.Param.Value) {
				return false
			}
			if x.Exp == nil {
				return true
			}
			switch x.Exp.Op {
			case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
				return x.Exp.Word == nil || literalWord(x.Exp.Word)
			}
		}
		return false
	}
	for _, p := range w.Parts {
		if !part(p) {
			return false
		}
	}
	return true
}

// stableParam reports whether reading the parameter twice in a row gives
// the same value: a name or positional parameter, not one the shell
// changes as it runs.
func stableParam(name string) bool {
	switch name {
	case "RANDOM", "SRANDOM", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID", "LINENO", "BASH_COMMAND", "PIPESTATUS", "BASH_LINENO", "FUNCNAME", "BASH_SOURCE":
		return false
	case "#", "0":
		return true
	}
	if name == "" {
		return false
	}
	if name[0] >= '0' && name[0] <= '9' {
		for _, r := range name {
			if r < '0' || r > '9' {
				return false
			}
		}
		return true
	}
	return syntax.ValidName(name)
}

// literalWord reports whether w is literal text: no expansion of any kind
// and no escape (literal text and quotes of it).
func literalWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(x.Value, "\\$`") {
				return false
			}
		case *syntax.SglQuoted:
			if x.Dollar {
				return false
			}
		case *syntax.DblQuoted:
			if x.Dollar {
				return false
			}
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\$`") {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// plainPattern reports whether the case pattern w matches exactly the
// string it spells: literal text in which nothing is special to a
// pattern (no *, ?, [, ], {, }, ~, \, no extglob), and quoted text.
func plainPattern(w *syntax.Word) bool {
	if len(w.Parts) == 0 || !literalWord(w) {
		return false
	}
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsAny(l.Value, "*?[]{}~\\!@+()|") {
			return false
		}
	}
	return true
}
