package parser

import (
	"cmp"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// Analyze builds the script's model: assignments, functions, modes, engine
// invocations and their flags, and env-file references. It is a no-op for a
// script that did not parse.
func (s *Script) Analyze(rm RoleMatcher) {
	if s.File == nil {
		return
	}
	s.collect()
	s.findSelectors(rm.Proven)
	s.findInvocations()
	s.findModes()
	markDisagg(s.Modes, s.Invocations)
	rm.Assign(s.Modes)
	s.attribute()
}

// collect gathers functions, assignments, calls and comments.
func (s *Script) collect() {
	var funcStack []*syntax.FuncDecl
	hdocs := map[*syntax.Word]bool{}
	operands := map[*syntax.Stmt]bool{}
	// Operands of && and || (no fix may delete one) and the statements
	// that are all of an if branch (deleting one leaves `then fi`: a fix
	// writes `:` there).
	listOps, soles := map[*syntax.Stmt]bool{}, map[*syntax.Stmt]bool{}
	tests := map[*syntax.Stmt]testedSet{}
	chains := map[*syntax.BinaryCmd]testedSet{} // chainTests, by operator
	// The assignment on the right of a test's && or || list that is a
	// statement of its own ([[ $MODE == bench ]] && seqs=64): a fix that
	// deletes the assignment deletes the list (listHost).
	hosts := map[*syntax.Stmt]listHost{}
	var visit func(n syntax.Node) bool
	visit = func(n syntax.Node) bool {
		s.noteDead(n, funcStack)
		switch n := n.(type) {
		case *syntax.FuncDecl:
			s.funcSpanList = append(s.funcSpanList, [2]uint{n.Pos().Offset(), n.End().Offset()})
			if n.Name == nil || n.Body == nil {
				return true // an anonymous or zsh multi-name function
			}
			s.Funcs[n.Name.Value] = n
			s.funcDecls = append(s.funcDecls, n)
			s.funcIdx = nil // a name defined again: funcAt's index is stale
			funcStack = append(funcStack, n)
			shwalk.Walk(n.Body, visit)
			funcStack = funcStack[:len(funcStack)-1]
			return false
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				// Each part of a pipeline runs in a subshell: its
				// assignments do not reach the script's variables.
				s.isoSpans = append(s.isoSpans, [2]int{s.Off(n.X.Pos()), s.Off(n.X.End())}, [2]int{s.Off(n.Y.Pos()), s.Off(n.Y.End())})
				s.pipes = true
				s.pipeOps++
			}
			// Met before its operands: neither is a statement a fix may
			// delete (a dangling && would make the next line conditional),
			// and an assignment on the right runs only when the left lets
			// it: a default when the left tests the variable itself
			// ([[ -z $X ]] && X=256).
			operands[n.X], operands[n.Y] = true, true
			listOps[n.X], listOps[n.Y] = true, true
			if _, done := chains[n]; !done {
				chainTests(n, chains)
			}
			tested := chains[n]
			tests[n.Y] = tested
			if b, ok := n.Y.Cmd.(*syntax.Block); ok { // [[ -z $X ]] && { X=32; …; }
				for _, st := range b.Stmts {
					operands[st], tests[st] = true, tested
					listOps[st] = true
				}
			}
			// [[ $1 == bench ]] && …, [[ $1 == serve || … ]] || exit 2
			s.modeNodes = append(s.modeNodes, n)
		case *syntax.Stmt:
			if b, ok := n.Cmd.(*syntax.BinaryCmd); ok && !listOps[n] && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) &&
				len(n.Redirs) == 0 && !n.Background && !n.Negated && b.X != nil && isTestOnly([]*syntax.Stmt{b.X}) && pureWords(b.X) {
				// Not a test that writes ([[ ${FAST:=0} == 1 ]] && …): the
				// list deleted would drop its FAST=0.
				hosts[b.Y] = listHost{st: n, sole: soles[n]}
			}
			s.collectStmt(n, funcStack, operands[n], !listOps[n], soles[n], tests[n], hosts[n])
			if w, ok := n.Cmd.(*syntax.WhileClause); ok && !w.Until {
				if len(n.Redirs) > 0 {
					s.readLoops = append(s.readLoops, n) // while read …; done < .env
				}
				if len(lineReadVars(w)) > 0 {
					s.lineLoops = append(s.lineLoops, n)
				}
			}
			if n.Background || n.Coprocess || n.Disown {
				s.jobs = true
				s.bgSpans = append(s.bgSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
				// A job runs in a subshell: `{ seqs=16; …; } &` does not
				// reach the script's seqs.
				s.isoSpans = append(s.isoSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
			} else if co, ok := n.Cmd.(*syntax.CoprocClause); ok {
				s.jobs = true
				// coproc { seqs=64; }: the coprocess is a subshell too.
				s.isoSpans = append(s.isoSpans, [2]int{s.Off(co.Stmt.Pos()), s.Off(co.Stmt.End())})
			}
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				s.calls = append(s.calls, n)
			}
			s.modeNodes = append(s.modeNodes, n)
		case *syntax.IfClause:
			for c := n; c != nil; c = c.Else {
				if len(c.Then) == 1 {
					soles[c.Then[0]] = true
				}
			}
			// A branch's assignments run only when its test lets them:
			// conditional, unless the test is on the mode (ifModes). A
			// plain else carries the test of the if it belongs to.
			if len(n.Cond) > 0 {
				names := testedSet{m: map[string]int{}}
				for _, c := range n.Cond {
					for k := range testedNames(c) {
						names.m[k] = 0
					}
				}
				for _, st := range n.Then {
					operands[st] = true
					tests[st] = names
				}
				if e := n.Else; e != nil && len(e.Cond) == 0 {
					for _, st := range e.Then {
						operands[st] = true
						tests[st] = names
					}
				}
			}
			s.modeNodes = append(s.modeNodes, n)
			s.listTail = s.listTail || BranchEndsInList(n)
		case *syntax.CaseClause:
			s.modeNodes = append(s.modeNodes, n)
			for _, it := range n.Items {
				if len(it.Stmts) > 0 {
					s.caseArms = append(s.caseArms, [2]int{s.Off(it.Stmts[0].Pos()), s.Off(it.Stmts[len(it.Stmts)-1].End())})
					if a, ok := s.litArmOf(n, it); ok {
						s.litArms = append(s.litArms, a)
					}
				}
			}
			s.listTail = s.listTail || BranchEndsInList(n)
		case *syntax.ParamExp:
			if n.Param != nil {
				s.params = append(s.params, n)
				if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
					from := ""
					if pe := SingleParam(n.Exp.Word); pe != nil && pe.Param != nil && pe.Exp == nil && pe.Index == nil && pe.Repl == nil && pe.Slice == nil && !pe.Length && !pe.Excl {
						from = pe.Param.Value // ${SEQS:=$CONC}: CONC's value
					}
					s.noteExprWrite(n.Param.Value, from, n.Pos()) // : "${SEQS:=256}"
				}
			}
			s.arithOperand(n.Index)
			if n.Slice != nil {
				s.arithOperand(n.Slice.Offset)
				s.arithOperand(n.Slice.Length)
			}
		case *syntax.ArithmExp:
			s.arithOperand(n.X)
			walkArithm(n.X, s.noteArithWord)
		case *syntax.ArithmCmd:
			s.arithOperand(n.X)
			walkArithm(n.X, s.noteArithWord)
		case *syntax.LetClause:
			for _, x := range n.Exprs {
				s.arithOperand(x)
			}
		case *syntax.BinaryArithm:
			s.arithOperand(n.X)
			s.arithOperand(n.Y)
			if isArithmAssign(n.Op) {
				s.noteArithmWrite(n.X)
			}
			if w, ok := n.X.(*syntax.Word); ok && n.Op == syntax.Assgn {
				if v, lit := LitValue(w); lit && isName(v) {
					if s.arithSets == nil {
						s.arithSets = map[string]bool{}
					}
					s.arithSets[v] = true
				}
			}
		case *syntax.UnaryArithm:
			s.arithOperand(n.X)
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				s.noteArithmWrite(n.X)
			}
		case *syntax.ParenArithm:
			s.arithOperand(n.X)
		case *syntax.ProcSubst:
			s.procSubsts = append(s.procSubsts, n)
			s.isoSpans = append(s.isoSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
		case *syntax.Subshell:
			s.isoSpans = append(s.isoSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
			if len(n.Stmts) == 1 {
				soles[n.Stmts[0]] = true // `( )` does not parse
			}
		case *syntax.DeclClause:
			s.declF = s.declF || IsDeclareF(n)
			s.printsF = s.printsF || DeclPrintsFuncs(n)
			s.declAssoc = s.declAssoc || declAssoc(n)
			for _, name := range exportedFuncNames(n) {
				if s.exportedFuncs == nil {
					s.exportedFuncs = map[string]bool{}
				}
				s.exportedFuncs[name] = true
			}
			if s.funcNameref == nil && len(funcStack) > 0 && IsNameref(n) {
				s.funcNameref = n
			}
			if s.topNameref == nil && len(funcStack) == 0 && IsNameref(n) {
				s.topNameref = n
			}
			s.funcGlobal = s.funcGlobal || len(funcStack) > 0 && IsGlobalDecl(n)
			if exportsWords(n) {
				s.exports = append(s.exports, n)
			}
		case *syntax.CmdSubst:
			s.isoSpans = append(s.isoSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
		case *syntax.WhileClause, *syntax.ForClause:
			s.loopSpans = append(s.loopSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
			fn := ""
			if len(funcStack) > 0 {
				fn = funcStack[len(funcStack)-1].Name.Value
			}
			s.noteOptLoop(n, fn)
			s.listTail = s.listTail || BranchEndsInList(n)
			if fc, ok := n.(*syntax.ForClause); ok {
				s.forLoops = append(s.forLoops, fc)
				if len(fc.Do) == 1 {
					soles[fc.Do[0]] = true // `do done` does not parse
				}
			}
			if wc, ok := n.(*syntax.WhileClause); ok && len(wc.Do) == 1 {
				soles[wc.Do[0]] = true
			}
		case *syntax.Block:
			s.listTail = s.listTail || BranchEndsInList(n)
			// f() { [[ $MODE == serve ]] || args+=(--x 64); }: deleted, the
			// sole statement would leave `{ }`, which does not parse.
			if len(n.Stmts) == 1 {
				soles[n.Stmts[0]] = true
			}
		case *syntax.WordIter:
			if n.Name != nil {
				if s.loopVars == nil {
					s.loopVars = map[string]bool{}
				}
				s.loopVars[n.Name.Value] = true
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsUsrOwn || n.Op == syntax.TsGrpOwn || IsElementSetTest(n) {
				s.ownerTests = append(s.ownerTests, n)
			}
		case *syntax.Redirect:
			if n.Hdoc != nil {
				hdocs[n.Hdoc] = true // met before the word itself
			}
			s.highFd = s.highFd || HighFd(n.N) || (n.Op == syntax.DplOut || n.Op == syntax.DplIn) && HighFdWord(n.Word)
		case *syntax.Word:
			if lit, ok := firstLit(n); ok && strings.HasPrefix(lit, "~") && !hdocs[n] {
				s.tildeWords = append(s.tildeWords, n)
			}
		case *syntax.Comment:
			s.Comments = append(s.Comments, Comment{Start: s.Off(n.Pos()), End: s.Off(n.End()), Text: n.Text})
		}
		return true
	}
	shwalk.Walk(s.File, visit)
	s.collected = true
	s.callOffs = map[string][]int{}
	for _, c := range s.calls {
		if v, ok := LitValue(c.Args[0]); ok {
			s.callOffs[v] = append(s.callOffs[v], s.Off(c.Pos()))
		}
	}
	sort.Slice(s.Comments, func(i, j int) bool { return s.Comments[i].Start < s.Comments[j].Start })
}

// testedNames returns the variables a condition reads, or names ([[ -v X ]]).
// testedSet is the names the code guarding a statement tests (the left
// of its && or || list, its if's condition): those of m whose index is at
// most max. The operators of a chain (a && b && c …, a | b | c …) share
// one m (chainTests).
type testedSet struct {
	m   map[string]int
	max int
}

func (t testedSet) has(name string) bool {
	k, ok := t.m[name]
	return ok && k <= t.max
}

// chainTests records, for top and each binary command nested on its left
// (a && b && c parses as ((a && b) && c)), the names its left operand
// tests: those of the chain's first operand and of every right operand
// below it, with the redirections between. The chain is walked once: a
// walk of each left operand (testedNames(n.X) for every operator) made a
// pipeline of 8,000 lines take 20 s and one of 100,000 (1 MB) run for
// minutes.
func chainTests(top *syntax.BinaryCmd, out map[*syntax.BinaryCmd]testedSet) {
	var spine []*syntax.BinaryCmd // top first
	for b := top; ; {
		spine = append(spine, b)
		x, ok := b.X.Cmd.(*syntax.BinaryCmd)
		if !ok {
			break
		}
		b = x
	}
	first := map[string]int{}
	add := func(n syntax.Node, k int) {
		if n == nil {
			return
		}
		for name := range testedNames(n) {
			if _, seen := first[name]; !seen {
				first[name] = k
			}
		}
	}
	for j := range spine {
		b := spine[len(spine)-1-j]
		if j == 0 {
			add(b.X, 0)
		} else {
			for _, r := range b.X.Redirs {
				add(r, j)
			}
		}
		out[b] = testedSet{m: first, max: j}
		add(b.Y, j+1)
	}
}

func testedNames(n syntax.Node) map[string]bool {
	out := map[string]bool{}
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param != nil {
				out[n.Param.Value] = true
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet {
				if w, ok := n.X.(*syntax.Word); ok {
					if v, ok := LitValue(w); ok {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// posixSpecial reports whether w names one of POSIX's special builtins,
// whose prefix assignments stay after them in sh (not in bash).
func posixSpecial(w *syntax.Word) bool {
	switch v, _ := LitValue(w); v {
	case ":", ".", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "times", "trap", "unset":
		return true
	}
	return false
}

// listHost is the && or || list statement an assignment is the right side
// of, after a test (hosts in collect); st nil when there is none.
type listHost struct {
	st   *syntax.Stmt
	sole bool
}

func (s *Script) collectStmt(st *syntax.Stmt, funcStack []*syntax.FuncDecl, operand, deletable, sole bool, tested testedSet, host listHost) {
	if s.deadAt(s.Off(st.Pos())) {
		return // exit; seqs=64: bash never runs it
	}
	s.noteSetStmt(st, deletable, sole, host)
	fn := ""
	if len(funcStack) > 0 {
		fn = funcStack[len(funcStack)-1].Name.Value
	}
	s.collectCmdWrite(st, fn, operand, tested)
	var as []*syntax.Assign
	local, global := false, false
	whole := false
	exports, decl := false, false
	var prefix *syntax.CallExpr
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		as = c.Assigns
		whole = len(c.Args) == 0
		if len(c.Assigns) > 0 && !whole && (s.Variant != syntax.LangPOSIX || !posixSpecial(c.Args[0])) {
			// seqs=8 cmd: only cmd (a function it names, too) sees seqs,
			// and bash keeps it for no builtin either; POSIX sh keeps a
			// special builtin's (seqs=8 :).
			sp := [2]int{s.Off(c.Pos()), s.Off(c.End())}
			s.isoSpans = append(s.isoSpans, sp)
			if s.prefixSpans == nil {
				s.prefixSpans = map[[2]int]bool{}
			}
			s.prefixSpans[sp] = true
		}
		if !whole {
			prefix = c
		}
		if len(c.Args) > 1 && len(c.Assigns) == 0 && s.Variant == syntax.LangPOSIX {
			// POSIX sh parses `export X="$Y"` as a command with a word:
			// its assignments are read as bash's declaration clause's.
			// dash's and busybox ash's `local x=$1` (not POSIX, but both
			// have it) is bash's local too.
			if cmd, _ := LitValue(c.Args[0]); cmd == "export" || cmd == "readonly" || cmd == "local" {
				as = posixAssigns(c.Args[1:])
				whole = len(c.Args) == 2
				prefix = nil
				exports = cmd == "export"
				local = cmd == "local"
				decl = true
			}
		}
	case *syntax.DeclClause:
		as = c.Args
		decl = true
		s.noteIntDecl(c)
		global = IsGlobalDecl(c)
		local = (c.Variant.Value == "local" || (c.Variant.Value == "declare" || c.Variant.Value == "typeset") && fn != "") && !global
		whole = len(c.Args) == 1
		// A naked `local -x K`, or `declare -x K` in a function (without
		// -g), makes a new, empty K local to the function: it hands the
		// children no K, and hides the owner's for the function's span.
		exports = declExports(c) && (fn == "" || !declLocalScope(c))
		if declAssoc(c) {
			s.assocDecls = append(s.assocDecls, c)
			for _, a := range c.Args {
				if a.Name != nil && a.Array != nil && fn == "" {
					s.assocs = append(s.assocs, a) // declare -A MODE_FLAGS=([serve]=… [eval]=…)
				} else if a.Name != nil && a.Naked && fn == "" && !global {
					if s.assocNames == nil {
						s.assocNames = map[string]bool{}
					}
					s.assocNames[a.Name.Value] = true // declare -A MODE_FLAGS, assigned on a line of its own
				}
			}
		}
	}
	if c, ok := st.Cmd.(*syntax.CallExpr); ok && fn == "" && len(c.Args) == 0 {
		for _, a := range c.Assigns {
			if a.Name != nil && a.Array != nil && a.Index == nil && !a.Append && s.assocNames[a.Name.Value] {
				s.assocs = append(s.assocs, a) // declare -A MODE_FLAGS; MODE_FLAGS=([serve]=… [eval]=…)
			}
		}
	}
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		if a.Naked && exports {
			if s.Exported == nil {
				s.Exported = map[string]bool{}
			}
			s.Exported[a.Name.Value] = true
			if s.nakedExports == nil {
				s.nakedExports = map[string][]int{}
			}
			s.nakedExports[a.Name.Value] = append(s.nakedExports[a.Name.Value], s.Off(a.Pos()))
		}
		if a.Naked && !local {
			// `export X`, `readonly X`: an attribute, not a value. (A naked
			// `local X` is one: the function's X starts out empty.)
			if s.Declared == nil {
				s.Declared = map[string]bool{}
			}
			s.Declared[a.Name.Value] = true
			continue
		}
		if global && fn != "" && slices.ContainsFunc(s.Assigns[a.Name.Value], func(x *Assign) bool { return x.Local && x.InFunc == fn }) {
			// declare -g X over the function's own local X: the global is
			// written, the function reads on its local (dryrun refuses the
			// mode that runs it).
			continue
		}
		// seqs=64 after the function's own `local seqs` (or declare,
		// typeset) writes that local, as `local seqs=64` would: top-level
		// code after the call still reads the global.
		local := local || fn != "" && !global && s.localIn(fn, a.Name.Value)
		na := &Assign{Name: a.Name.Value, Start: s.Off(a.Pos()), End: s.Off(a.End()), StmtStart: -1, StmtEnd: -1,
			Value: a.Value, Array: a.Array, Append: a.Append, Local: local, InFunc: fn, Conditional: tested.has(a.Name.Value), Guarded: operand,
			Exported: exports, Global: global && fn != "", Prefix: prefix, Decl: decl}
		if a.Index != nil {
			na.Array = nil
		}
		s.intValue(na)
		if na.Array != nil && !na.Append && len(na.Array.Elems) > 0 && SelfSplice(na.Array.Elems[0].Value, na.Name) {
			if pe := SingleParam(na.Array.Elems[0].Value); pe.Repl == nil && pe.Slice == nil && pe.Exp == nil {
				// args=("${args[@]}" --x) appends, as args+=(--x) does: a
				// mode's copy in it is a second one after the shared, not
				// a new array. (One that keeps a slice or a rewrite of
				// the elements, "${args[@]:0:4}", may have dropped the
				// shared copy: its own is not deleted as a second one.)
				na.Append = true
			}
		}
		del, delSole := st, sole
		if !deletable && host.st != nil {
			// [[ $MODE == bench ]] && seqs=64: the list goes with it.
			del, delSole, deletable = host.st, host.sole, true
		}
		if whole && len(as) == 1 && len(st.Redirs) == 0 && !st.Background && !st.Negated && deletable {
			na.StmtStart, na.StmtEnd, na.StmtSole = s.Off(del.Pos()), s.Off(del.End()), delSole
			if delSole && del.Semicolon.IsValid() {
				// `then X=1; else`: the `:` written in its place keeps the
				// `;` (`then : else` would make else an argument of `:`).
				na.StmtEnd = s.Off(del.Semicolon)
			}
		}
		s.Assigns[na.Name] = append(s.Assigns[na.Name], na)
	}
}

// PosixDecls reports whether the script is POSIX sh and holds an `export
// X=…`, `readonly X=…` or `local X=…` command (PosixDecl): the dry run
// rewrites those.
func (s *Script) PosixDecls() bool {
	if s.Variant != syntax.LangPOSIX {
		return false
	}
	for _, c := range s.calls {
		if PosixDecl(c) != nil {
			return true
		}
	}
	return false
}

// PosixDecl returns the declaration clause bash would parse for a POSIX
// sh command `export X=… Y`, `readonly X=…` or dash's `local X=…` (a
// command there, whose assignments interp does not run: "export:
// unsupported builtin"), nil
// for any other command, or one with an option (export -p).
func PosixDecl(c *syntax.CallExpr) *syntax.DeclClause {
	if len(c.Args) < 2 || len(c.Assigns) > 0 {
		return nil
	}
	cmd, _ := LitValue(c.Args[0])
	if cmd != "export" && cmd != "readonly" && cmd != "local" {
		return nil
	}
	as := posixAssigns(c.Args[1:])
	if as == nil {
		return nil
	}
	lit := c.Args[0].Parts[0].(*syntax.Lit)
	return &syntax.DeclClause{Variant: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: cmd}, Args: as}
}

// posixAssigns reads the words of a POSIX `export` or `readonly` as the
// assignments bash's declaration clause holds: X=VALUE (its value the
// word's parts after "X="), a naked X; an option or any other word ends
// the list (nil: not read).
func posixAssigns(words []*syntax.Word) []*syntax.Assign {
	var out []*syntax.Assign
	for _, w := range words {
		lit, ok := w.Parts[0].(*syntax.Lit)
		if !ok {
			return nil
		}
		name, rest, eq := strings.Cut(lit.Value, "=")
		if !isName(name) || !eq && len(w.Parts) > 1 {
			return nil
		}
		nameEnd := syntax.NewPos(lit.ValuePos.Offset()+uint(len(name)), lit.ValuePos.Line(), lit.ValuePos.Col()+uint(len(name)))
		a := &syntax.Assign{Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: nameEnd, Value: name}}
		if !eq {
			a.Naked = true
			out = append(out, a)
			continue
		}
		var parts []syntax.WordPart
		if rest != "" {
			start := syntax.NewPos(nameEnd.Offset()+1, nameEnd.Line(), nameEnd.Col()+1)
			parts = append(parts, &syntax.Lit{ValuePos: start, ValueEnd: lit.ValueEnd, Value: rest})
		}
		parts = append(parts, w.Parts[1:]...)
		if len(parts) > 0 {
			a.Value = &syntax.Word{Parts: parts}
		}
		out = append(out, a)
	}
	return out
}

// arithOperand records a variable an arithmetic expression reads by its
// bare name ($((LEN / 2)), (( SEQS > 8 ))), which is no ParamExp.
func (s *Script) arithOperand(x syntax.ArithmExpr) {
	if w, ok := x.(*syntax.Word); ok && len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && isName(l.Value) {
			s.arithNames = append(s.arithNames, l)
		}
	}
}

// findModes finds the modes of the selector and keeps those that reach an
// engine invocation.
func (s *Script) findModes() {
	var cands []candidate
	folds := s.newFoldIndex()
	// Which selectors the test naming each candidate reads (EvalSelectors).
	add := func(test syntax.Node, cs []candidate) {
		env, arg, opt := s.selectorKind(test)
		if len(cs) > 0 && cs[0].forList {
			// for arg in "$@": the mode is the script's word, as $1's.
			env, arg, opt = s.selectorKind(&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "1"}})
		}
		arr, menu, folded := s.readsArr(test), s.readsSelect(test), s.readsFold(folds, test)
		for i := range cs {
			cs[i].byEnv, cs[i].byArg, cs[i].byOpt, cs[i].byArr, cs[i].bySel = env, arg, opt, arr, menu
			cs[i].upper = folded == foldUpper
			if cs[i].glob == "" && !folded.reaches(cs[i].name) {
				continue // case ${1,,} in CALIB): no word folded so is CALIB, the arm is dead
			}
			if arr && s.arrSel.indexOf(cs[i].name) < 0 {
				continue // MODES=(serve bench) with a kl) arm: no task's index picks kl
			}
			if menu && !slices.Contains(s.selMenu.elems, cs[i].name) {
				continue // select mode in serve bench with a kl) arm: no item picks kl
			}
			cands = append(cands, cs[i])
		}
	}
	// The clauses of an if/elif chain met from its first clause.
	elifs := map[*syntax.IfClause]bool{}
	var selfCases []selfCase // cases on the name the script runs as
	// Branches every mode but those named runs ([[ $MODE == serve ]] ||
	// args+=(…)): added to the other modes' ranges once they are known.
	var excepts []exceptBranch
	for _, n := range s.modeNodes { // collect's walk met them in this order
		switch n := n.(type) {
		case *syntax.CaseClause:
			if suffix, bare, ok := s.selfName(n.Word); ok {
				// case "$(basename "$0")" in bench.sh): no selector; the
				// dry run sets $0 (Mode.Self).
				if cs := s.selfCandidates(n, suffix, bare); len(cs) > 0 {
					selfCases = append(selfCases, selfCase{n, suffix, bare})
					cands = append(cands, cs...)
				}
				continue
			}
			if cs := s.replyCandidates(n); cs != nil {
				// case $REPLY in 1) … 2) …: the menu's items by number.
				for i := range cs {
					cs[i].bySel = true
				}
				cands = append(cands, cs...)
				continue
			}
			cs := s.caseModes(n)
			if defaultExits(n) {
				for i := range cs {
					cs[i].closes = true // *) usage; exit 2 refuses every other word
				}
			}
			add(n.Word, cs)
		case *syntax.IfClause:
			if elifs[n] {
				continue
			}
			first := len(cands)
			// The tests of the clauses before c, gathered once along the
			// chain (not again for each clause: 1,200 elifs were seconds).
			var earlier []nameAt
			for c := n; c != nil; c = c.Else {
				elifs[c] = true
				if c.Else == nil && len(c.Cond) == 0 && first < len(cands) && len(c.Then) > 0 && exits(c.Then[len(c.Then)-1]) {
					for i := first; i < len(cands); i++ {
						cands[i].closes = true // if …; elif …; else usage; exit 2; fi
					}
				}
				if c == n && c.Else == nil {
					if e, ok := s.exceptIf(c); ok {
						excepts = append(excepts, e)
					}
				}
				if c == n {
					if e, ok := s.exceptElse(c); ok {
						excepts = append(excepts, e)
					}
				}
				m := s.ifModes(c, n, earlier)
				earlier = append(earlier, s.clauseNames(c)...)
				if len(m) > 0 {
					var test syntax.Node
					if len(c.Cond) > 0 {
						test = &syntax.Block{Stmts: c.Cond}
					}
					add(test, m)
					if len(c.Then) > 0 && !m[0].guard {
						s.unconditional(s.Off(c.ThenPos), s.Off(c.Then[len(c.Then)-1].End()))
					}
				}
			}
		case *syntax.CallExpr:
			// A branch naming the modes it runs (serve|bench) "$1" ;;)
			// limits the functions "$1" may name to those.
			if len(n.Args) == 0 || !wordHasParam(n.Args[0]) {
				continue // no "$1", "mode_$1" or "$fn" to run a mode by
			}
			var within map[string]bool
			off := s.Off(n.Pos())
			for _, c := range cands {
				if c.guard || c.fn != "" {
					continue
				}
				for _, r := range c.ranges {
					if off >= r.Start && off < r.End {
						if within == nil {
							within = map[string]bool{}
						}
						within[c.name] = true
					}
				}
			}
			add(n, s.dispatchModes(n, within))
		case *syntax.BinaryCmd:
			if e, ok := s.exceptList(n); ok {
				excepts = append(excepts, e)
			}
			switch n.Op {
			case syntax.AndStmt:
				if c := s.andModes(n); len(c) > 0 {
					add(n.X, c)
					// `[[ $1 == bench ]] && reqs=512`: conditional only on
					// the mode, so it is the mode's own assignment; up to
					// an operand that may fail (a test of its own).
					s.unconditional(c[0].ranges[0].Start, min(c[0].ranges[0].End, s.chainSureEnd(n)))
				} else {
					add(n.X, s.guardModes(n)) // [[ $1 != serve ]] && exit 2
				}
			case syntax.OrStmt:
				if c := s.orModes(n); len(c) > 0 {
					// `[[ $mode != calib ]] || seqs=2`: runs in calib alone.
					add(n.X, c)
					s.unconditional(c[0].ranges[0].Start, c[0].ranges[0].End)
				} else {
					add(n.X, s.guardModes(n))
				}
			}
		}
	}
	s.modeNodes = nil
	tables := s.tableModes()
	cands = append(cands, tables...)
	cands = s.checkSwitches(cands)
	if len(cands) == 0 {
		// mode=${1:-serve}; . "$here/$mode.env" beside serve.env and
		// bench.env, no case naming them: the files are the modes.
		cands = s.fileCandidates()
	}
	if len(cands) == 0 {
		// MODE=${MODE:-serve}; . "$here/$MODE.env", the same read from
		// the environment.
		cands = s.envFileCandidates()
	}
	var flags []flagTest
	var nested []string // flags tested only in another flag's rest
	if len(cands) == 0 && len(s.EnvSelectors) == 0 && s.Option == nil {
		// No mode dispatch: boolean environment flags (EVAL_ONLY=1) are
		// the modes, if any reaches the engine.
		cands, flags, nested = s.flagCandidates()
	}
	cands = dropRefused(cands)
	byName := map[string]*Mode{}
	emptyOf := map[*Mode]syntax.Node{}
	guarded, own := map[*Mode]bool{}, map[*Mode]bool{}
	// Whether every branch of the mode ends the script (candidate.exits).
	ends := map[*Mode]bool{}
	closed := false    // a test of the mode's word refuses every name it does not let through
	envClosed := false // so does a test of an environment selector
	for _, c := range cands {
		closed = closed || c.byArg && (c.guard || c.closes)
		envClosed = envClosed || c.byEnv && (c.guard || c.closes)
		m := byName[c.name]
		if m == nil {
			m = &Mode{Name: c.name, Start: c.start, End: c.end, Func: c.fn, Pattern: c.glob, token: modeToken(c.name), upper: c.upper,
				flagVar: c.flagVar, flagVal: c.flagVal}
			if c.self {
				m.Self = c.name
			}
			byName[c.name] = m
			s.Modes = append(s.Modes, m)
		} else if c.glob == "" {
			m.Pattern = "" // the script writes the word too (serve) ;; beside a guard on serve*)
		}
		m.Ranges = append(m.Ranges, c.ranges...)
		if c.lib && !m.libFn {
			// serve|kl) ;; before "mode_$mode" with mode_kl in
			// lib/modes.sh: the library's function is the mode's too.
			m.libFn, m.libCall, m.libFunc = true, c.start, c.fn
		}
		if c.flagVar != "" {
			m.flagReads = append(m.flagReads, c.flagRead)
		}
		m.byEnv = m.byEnv || c.byEnv
		m.byArg = m.byArg || c.byArg
		m.byDefault = m.byDefault || c.byDefault
		m.byOpt = m.byOpt || c.byOpt
		m.byArr = m.byArr || c.byArr
		m.bySel = m.bySel || c.bySel
		m.upper = m.upper && c.upper // every test naming it reads the selector upper-cased
		if c.empty {
			emptyOf[m] = c.group
		}
		if c.guard {
			guarded[m] = true
		} else {
			ends[m] = c.exits && (ends[m] || !own[m])
			if c.exits {
				s.exitSpans = append(s.exitSpans, c.ranges...)
			}
			if c.exits && len(c.ranges) > 0 && (m.exitAt == 0 || c.ranges[0].End < m.exitAt) {
				m.exitAt = c.ranges[0].End
			}
			own[m] = true // its own code is found: the guard does not keep it
		}
	}
	called := s.calledByName()
	for _, c := range cands {
		if c.fn == "" || !called[c.fn] {
			byName[c.name].own = append(byName[c.name].own, c.ranges...)
		}
	}
	// A branch at the top level or in a mode's branch first; one in a
	// function once the modes that call it are known.
	var inFuncs []exceptBranch
	for _, e := range excepts {
		if s.funcAt(e.r.Start) != "" {
			inFuncs = append(inFuncs, e)
			continue
		}
		s.addExcept(e)
	}
	s.modeIdx = nil // the ranges grow below: ModesAt scans
	s.extendThroughCalls()
	if len(inFuncs) > 0 {
		for _, e := range inFuncs {
			s.addExcept(e)
		}
		s.extendThroughCalls()
	}
	if s.nestedInCalled() {
		s.extendThroughCalls()
	}
	s.modeIdx = newModeIndex(s.Modes) // the ranges are final
	// Keep modes that reach the engine, and the empty branches of a case
	// whose other branches do when shared code launches the engine (they
	// take the shared path: `serve|kl) ;;`).
	reached := map[syntax.Node]bool{}
	refs := s.argvRefs() // once, not per mode (pprof: half of findModes)
	scopes := s.argvRefScopes()
	envSources, codeSources := s.sourceCalls()
	hits := s.reachOffsets(refs, envSources, scopes)
	// bench) setk 64 ;; with setk() { seqs=$1; } (or load() { .
	// "$here/$1.env"; }) also called by shared code: the call is the
	// branch's write.
	other := s.writeOffsets(refs, scopes)
	other = append(other, s.childEnvWrites()...)
	other = append(other, s.libWriteCalls(refs)...)
	writes := append(slices.Clone(other), envSources...)
	for _, name := range refs {
		for _, a := range s.Assigns[name] {
			if scopes.reaches(s, name, a.Start) {
				writes = append(writes, a.Start)
			}
		}
	}
	hits = append(hits, other...)
	hits = append(hits, s.callsInto(writes)...)
	slices.Sort(hits)
	codeSources = append(codeSources, s.callsInto(codeSources)...)
	slices.Sort(codeSources)
	reaches := make(map[*Mode]bool, len(s.Modes))
	var starts []int // where each engine invocation starts
	for _, inv := range s.Invocations {
		starts = append(starts, inv.Start)
	}
	slices.Sort(starts)
	for _, m := range s.Modes {
		reaches[m] = anyIn(hits, m.Ranges)
		if reaches[m] && ends[m] && !anyIn(starts, m.Ranges) && !anyIn(codeSources, m.Ranges) {
			// stop) seqs=0; pkill -f vllm; exit 0 ;;: what its branch
			// assigns never reaches an engine, which no code of its own
			// (nor a function it calls) starts before the exit.
			reaches[m] = false
		}
		if !reaches[m] && anyIn(codeSources, m.Ranges) {
			// A branch that sources a shell file (conf/bench.sh) may set
			// what the argv reads, or not (lib.sh, a virtualenv): a mode
			// on that evidence alone is evaluated, and dropped quietly if
			// it reaches no engine (Mode.ViaSource).
			reaches[m], m.ViaSource = true, true
		}
	}
	for _, c := range cands {
		// "mode_${1:-serve}" running mode_kl() { EXTRA=(…); } of
		// lib/modes.sh: the function sets what the argv reads.
		if m := byName[c.name]; c.lib && m.libFn && !reaches[m] {
			reaches[m] = writesAny(s.libWrites(c.fn), refs)
		}
	}
	for _, c := range tables {
		// ${MODE_FLAGS[$MODE]} in the argv: each entry is its mode's own
		// code, read by the shared launch line.
		reaches[byName[c.name]] = reaches[byName[c.name]] || !ends[byName[c.name]]
	}
	s.findOverlays()
	if s.sharedOverlay() {
		// . "$here/$mode.env" on the shared path: each mode named reads
		// its own file there, which may set what the argv reads (bench.env
		// re-setting the owner's OV_MAX_NUM_SEQS), unless its branch ends
		// the script (stop) …; exit 0 ;;). One with no file of its own
		// boots the shared shape, nothing to report.
		for _, m := range s.Modes {
			if !ends[m] {
				reaches[m] = true
			}
		}
	}
	for _, c := range cands {
		if c.group != nil && reaches[byName[c.name]] {
			reached[c.group] = true
		}
	}
	sharedLaunch := false
	for _, inv := range s.Invocations {
		if len(s.modesAtRaw(inv.Start)) == 0 {
			sharedLaunch = true
		}
	}
	kept := s.Modes[:0]
	for _, m := range s.Modes {
		g, empty := emptyOf[m]
		if reaches[m] || empty && sharedLaunch && reached[g] || guarded[m] && !own[m] && sharedLaunch {
			kept = append(kept, m)
		}
	}
	s.Modes = kept
	s.defaultMode(sharedLaunch, closed)
	if len(s.Modes) > 0 && sharedLaunch && !envClosed && len(s.EnvSelectors) > 0 && s.ModeNamed(s.provenName) == nil {
		s.envDefaultMode() // MODE=${MODE:-serve}; if [[ $MODE == bench ]] …
	}
	if flags == nil && len(s.Modes) > 0 {
		s.modeIdx = newModeIndex(s.Modes) // the modes are known: which code is theirs
		s.addFlagBeside(hits)
		s.modeIdx = nil
	}
	s.addFlagProven(flags, nested)
	s.ownNameMode(selfCases, sharedLaunch)
	sort.SliceStable(s.Modes, func(i, j int) bool { return s.Modes[i].Start < s.Modes[j].Start })
	s.modeIdx = newModeIndex(s.Modes)
}

// checkSwitches drops the switches the script picks its mode with
// (Option.Switches) when a mode a test of their variable names has none
// and is not the variable's default (an if/elif chain or a dispatch
// "mode_$MODE" naming bench, with no --bench): the dry run would evaluate
// it as the default. The modes only those tests name go with them, as
// before switches were read. It returns the candidates kept.
func (s *Script) checkSwitches(cands []candidate) []candidate {
	o := s.Option
	if o == nil || o.Switches == nil {
		return cands
	}
	ok := true
	for i, c := range cands {
		if v := switchOfGlob(o, c); v != "" {
			cands[i].name, c.name = v, v
		}
		if _, sw := o.Switches[c.name]; c.byOpt && !sw && !o.defaults[c.name] {
			ok = false
		}
	}
	if ok {
		return cands
	}
	s.Option = nil
	kept := cands[:0]
	for _, c := range cands {
		if !c.byOpt || c.byArg || c.byEnv {
			kept = append(kept, c)
		}
	}
	return kept
}

// switchOfGlob returns the value of the one switch a glob test of the
// switches' variable matches (`--bench) MODE=bench-fast ;;` and `[[ $MODE
// != bench* ]] || seqs=16`): the mode the glob's branch runs in, named as
// the switch names it, when no other switch's value and no default the
// glob matches shares the branch; "" otherwise.
func switchOfGlob(o *Option, c candidate) string {
	if !c.byOpt || c.glob == "" {
		return ""
	}
	if _, sw := o.Switches[c.name]; sw || o.defaults[c.name] {
		return ""
	}
	for d := range o.defaults {
		if globMatches(c.glob, d) {
			return ""
		}
	}
	found := ""
	for v := range o.Switches {
		if globMatches(c.glob, v) {
			if found != "" {
				return ""
			}
			found = v
		}
	}
	return found
}

// nestedInCalled gives a mode whose own branches all lie in one function
// that modes call (start() { case "$MODE" in kl) seqs=4 ;; esac; docker run
// … --max-num-seqs "$seqs"; } called from `case "$1" in start) start`) the
// rest of that function: it runs there, reached through the callers (the
// kl arm is kl's alone, ModesAt; the flag after it is kl's too). A function
// shared code calls is every mode's already. Reports whether a mode grew.
func (s *Script) nestedInCalled() bool {
	changed := false
	for _, m := range s.Modes {
		if len(m.own) == 0 {
			continue
		}
		fn := s.funcAt(m.own[0].Start)
		fd := s.Funcs[fn]
		if fd == nil {
			continue
		}
		body := Range{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}
		inside := true
		for _, r := range m.own {
			if s.funcAt(r.Start) != fn || r == body {
				inside = false
			}
		}
		if !inside || m.Contains(body.Start) {
			continue
		}
		called := false // by a mode's code: the body is in its ranges
		for _, o := range s.Modes {
			if o != m && o.Contains(body.Start) {
				called = true
			}
		}
		if called {
			m.Ranges = append(m.Ranges, body)
			changed = true
		}
	}
	return changed
}

// calledByName returns the functions a command calls by their literal name
// outside their own body (recursion aside), and those export -f hands to
// child shells (bash -c fn, xargs … bash -c 'fn {}'): helpers, not modes.
func (s *Script) calledByName() map[string]bool {
	out := map[string]bool{}
	for n := range s.exportedFuncs {
		if s.Funcs[n] != nil {
			out[n] = true
		}
	}
	note := func(c *syntax.CallExpr, n string) {
		fd := s.Funcs[n]
		if fd == nil {
			return
		}
		if off := s.Off(c.Pos()); off < s.Off(fd.Body.Pos()) || off >= s.Off(fd.Body.End()) {
			out[n] = true
		}
	}
	for _, c := range s.calls {
		if n, ok := LitValue(c.Args[0]); ok {
			note(c, n) // the common case, without a slice per call
			continue
		}
		for _, n := range s.namesCalled(c.Args[0]) {
			note(c, n)
		}
	}
	return out
}

// namesCalled returns the names a command word calls: its literal value,
// or the literal values of a variable that is not a mode selector
// (launcher=launch_docker; … "$launcher").
func (s *Script) namesCalled(w *syntax.Word) []string {
	if n, ok := LitValue(w); ok {
		return []string{n}
	}
	parts := unquoted(w.Parts)
	if len(parts) != 1 {
		return nil
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || !plainParam(pe) || slices.Contains(s.Selectors, pe.Param.Value) {
		return nil
	}
	var out []string
	for _, a := range s.Assigns[pe.Param.Value] {
		if a.Value == nil {
			continue
		}
		if n, ok := LitValue(a.Value); ok {
			out = append(out, n)
		}
	}
	return out
}

// unconditional clears Assign.Conditional and Guarded for the assignments
// in [start, end), a mode's branch: the test that guards them is the
// mode's. Not for those behind a test of their own inside the branch
// (`bench) seqs=32; [[ $U == 1 ]] && seqs=$OWNER ;;` written as an if
// branch on the mode, or `[[ $1 == bench ]] && { …; }`): an && or || whose
// right side, or an if, starting in the branch still guards them, as in a
// case arm.
func (s *Script) unconditional(start, end int) {
	var inner []Range
	for _, n := range s.modeNodes {
		if at := s.Off(n.Pos()); at < start || at >= end {
			continue
		}
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if (n.Op == syntax.AndStmt || n.Op == syntax.OrStmt) && n.Y != nil {
				inner = append(inner, Range{s.Off(n.Y.Pos()), s.Off(n.Y.End())})
			}
		case *syntax.IfClause:
			inner = append(inner, Range{s.Off(n.Pos()), s.Off(n.End())})
		}
	}
	for _, as := range s.Assigns {
		for _, a := range as {
			if a.Start >= start && a.Start < end && !slices.ContainsFunc(inner, func(r Range) bool { return a.Start >= r.Start && a.Start < r.End }) {
				a.Conditional, a.Guarded = false, false
			}
		}
	}
}

// chainSureEnd returns where the part of an && chain on a mode test that
// runs whenever the test passes ends: at the first operand after the test
// that is not a plain assignment. In `[[ $MODE == bench ]] && seqs=4 &&
// [[ -n ${X:-} ]] && seqs=$MAX_NUM_SEQS`, seqs=4 is bench's own, but
// seqs=$MAX_NUM_SEQS runs only when X is set too: still guarded. (The chain
// nests on its left, so the inner tests start where the mode test does and
// unconditional's own look for them, by where they start, misses them.)
func (s *Script) chainSureEnd(b *syntax.BinaryCmd) int {
	var ys []*syntax.Stmt // the operands after the test, last first
	for x := b; ; {
		ys = append(ys, x.Y)
		inner, ok := x.X.Cmd.(*syntax.BinaryCmd)
		if !ok || inner.Op != syntax.AndStmt {
			break
		}
		x = inner
	}
	for i := len(ys) - 1; i >= 0; i-- {
		if !plainAssignStmt(ys[i]) {
			return s.Off(ys[i].Pos())
		}
	}
	return s.Off(b.End())
}

// plainAssignStmt reports whether a statement only assigns (seqs=4,
// A=1 B=2), which cannot stop an && chain.
func plainAssignStmt(st *syntax.Stmt) bool {
	if st == nil || st.Negated || st.Background || len(st.Redirs) > 0 {
		return false
	}
	c, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(c.Args) == 0 && len(c.Assigns) > 0
}

// extendThroughCalls adds to each mode the bodies of functions called only
// from that mode's code (to a fixed point).
func (s *Script) extendThroughCalls() {
	callsTo := map[string][]int{}
	for _, c := range s.calls {
		if n, ok := LitValue(c.Args[0]); ok {
			if _, fn := s.Funcs[n]; fn {
				callsTo[n] = append(callsTo[n], s.Off(c.Pos()))
			}
		}
	}
	for round := 0; round < 8; round++ {
		changed := false
		// The modes at each call from the ranges as the round found them
		// (one index per round: scanning every mode's ranges per call was
		// most of this function's cost); what a round adds, the next sees.
		idx := newModeIndex(s.Modes)
		for name, fd := range s.Funcs {
			body := Range{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}
			var owners []*Mode
			shared := false
			for _, off := range callsTo[name] {
				if off >= body.Start && off < body.End {
					continue // recursion
				}
				ms := idx.at(off)
				if len(ms) == 0 {
					shared = true
					break
				}
				owners = append(owners, ms...)
			}
			if shared {
				continue
			}
			for _, m := range owners {
				if !m.Contains(body.Start) {
					m.Ranges = append(m.Ranges, body)
					changed = true
				}
			}
		}
		if !changed {
			return
		}
	}
}

func (s *Script) modesAtRaw(off int) []*Mode {
	if s.modeIdx != nil {
		return s.modeIdx.at(off)
	}
	var out []*Mode
	for _, m := range s.Modes {
		if m.Contains(off) {
			out = append(out, m)
		}
	}
	return out
}

// reachOffsets returns, sorted, the offsets at which a mode's code
// contributes to an engine invocation when its ranges hold one: an
// invocation, a word added to its argv, an assignment of a variable the
// argv reads (refs: argvRefs), or the source of an env file (sources:
// sourceCalls; `kl) . "$here/kl.env" ;;`: the file may set what argv
// reads). Asked for every mode by a binary search (anyIn), not a scan of
// every invocation per mode.
func (s *Script) reachOffsets(refs []string, sources []int, scopes refScopes) []int {
	out := append([]int(nil), sources...)
	for _, inv := range s.Invocations {
		out = append(out, inv.Start)
		for _, a := range inv.Args {
			if a.Start >= 0 {
				out = append(out, a.Start)
			}
		}
	}
	for _, name := range refs {
		for _, a := range s.Assigns[name] {
			if scopes.reaches(s, name, a.Start) {
				out = append(out, a.Start)
			}
		}
	}
	slices.Sort(out)
	return out
}

// sourceCalls returns where the script sources an env file (by its name:
// kl.env, .env.kl) and where it sources anything else (shell code, or a
// path not known statically).
func (s *Script) sourceCalls() (env, code []int) {
	for _, c := range s.calls {
		if v, _ := LitValue(c.Args[0]); (v == "source" || v == ".") && len(c.Args) > 1 {
			p, ok := s.staticWord(c.Args[1].Parts, 0)
			switch {
			case ok && IsEnvName(path.Base(p)):
				env = append(env, s.Off(c.Pos()))
			case ok && path.Base(p) == "activate":
				// a virtualenv or conda environment: sets no shape
			default:
				code = append(code, s.Off(c.Pos()))
			}
		}
	}
	return env, code
}

// argvRefs returns the names of variables referenced by invocation args,
// following assignments one level deep.
func (s *Script) argvRefs() []string {
	seen := map[string]bool{}
	var out []string
	var add func(name string, depth int)
	add = func(name string, depth int) {
		if seen[name] || depth > 6 {
			return
		}
		seen[name] = true
		out = append(out, name)
		for _, a := range s.Assigns[name] {
			if a.Value != nil {
				for _, r := range wordRefs(a.Value) {
					add(r, depth+1)
				}
			}
		}
	}
	for _, inv := range s.Invocations {
		// The command's own words too: an array or a string of flags that
		// a branch empties (`serve) EXTRA=() ;;`, `EXTRA=""`) expands to no
		// argument at all, so no ArgWord names it, but that branch still
		// sets what the argv reads. Its words that are also ArgWords (a
		// word of the command itself) are read once.
		var own []*syntax.Word
		if inv.Call != nil {
			own = inv.Call.Args
			for _, w := range own {
				for _, r := range wordRefs(w) {
					add(r, 0)
				}
			}
		}
		for _, a := range inv.Args {
			if a.Word != nil && (a.Array != "" || !slices.Contains(own, a.Word)) {
				for _, r := range wordRefs(a.Word) {
					add(r, 0)
				}
			}
		}
		for _, r := range inv.libReads {
			add(r, 0)
		}
		for _, k := range inv.EnvShapeReads() {
			add(k, 0) // bench) export MAX_CONCURRENT_REQUESTS=256 sizes TGI's boot
		}
	}
	return out
}

// wordRefs lists the variable names a word expands.
func wordRefs(w *syntax.Word) []string {
	plain := true // literal text alone reads no variable: no walk
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			plain = false
		}
	}
	if plain {
		return nil
	}
	var out []string
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param != nil {
				out = append(out, n.Param.Value)
			}
		case *syntax.ArithmExp:
			shwalk.Walk(n.X, func(m syntax.Node) bool {
				if l, ok := m.(*syntax.Lit); ok && isName(l.Value) {
					out = append(out, l.Value)
				}
				return true
			})
			return false
		case *syntax.CmdSubst:
			return false
		}
		return true
	})
	return out
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}

// attribute sets the modes of assignments, comments, sources and flags.
func (s *Script) attribute() {
	for _, as := range s.Assigns {
		for _, a := range as {
			a.Modes = s.ModesAt(a.Start)
		}
	}
	for _, as := range s.cmdAssigns {
		for _, a := range as {
			a.Modes = s.ModesAt(a.Start)
		}
	}
	var ends []stmtSpan // the statements, when a comment ends a line of code
	for i := range s.Comments {
		cm := &s.Comments[i]
		cm.Modes = s.ModesAt(cm.Start)
		if !s.trailing(cm.Start) {
			continue
		}
		if ends == nil {
			ends = s.stmtSpans()
			slices.SortFunc(ends, func(a, b stmtSpan) int { return cmp.Or(a.end-b.end, a.start-b.start) })
		}
		// The command it ends names the modes, also where the comment is
		// in other modes' code: `kl) seqs=4 ;; # …` inside a function more
		// modes run is kl's.
		if ms := s.endedModes(ends, cm.Start); len(ms) > 0 || len(cm.Modes) == 0 {
			cm.Modes = ms
		}
	}
	for _, inv := range s.Invocations {
		inv.Modes = s.ModesAt(inv.Start)
		for _, f := range inv.Flags {
			f.Modes = s.ModesAt(f.At())
			s.reachingModes(f, inv)
		}
	}
	s.findSources()
}

// stmtSpan is one statement's byte span; body is a function's body.
type stmtSpan struct {
	start, end int
	body       int // -1 unless the statement declares a function
}

// stmtSpans returns every statement of the script.
func (s *Script) stmtSpans() []stmtSpan {
	out := []stmtSpan{}
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			sp := stmtSpan{start: s.Off(st.Pos()), end: s.Off(st.End()), body: -1}
			if fd, ok := st.Cmd.(*syntax.FuncDecl); ok && fd.Body != nil {
				sp.body = s.Off(fd.Body.Pos())
			}
			out = append(out, sp)
		}
		return true
	})
	return out
}

// trailing reports whether code comes before the comment at off on its line.
func (s *Script) trailing(off int) bool {
	for i := off - 1; i >= 0 && s.Src[i] != '\n'; i-- {
		if s.Src[i] != ' ' && s.Src[i] != '\t' {
			return true
		}
	}
	return false
}

// endedModes returns the modes of the command a comment at the end of a
// line ends (`calib) exec radiance … ;; # calib seats are free`, past the
// branch's code): the statement that ends last before it on its line, the
// innermost of those ending there together (y of `x && y`). A function
// declared on the line gives its body's modes.
func (s *Script) endedModes(spans []stmtSpan, off int) []*Mode {
	// spans are sorted by end, then start: the last non-empty one ending
	// at or before off, if it ends on off's line, is the one.
	lineStart := s.lines[s.Line(off)-1]
	best := sort.Search(len(spans), func(i int) bool { return spans[i].end > off }) - 1
	for best >= 0 && spans[best].end <= spans[best].start {
		best--
	}
	if best < 0 || spans[best].end <= lineStart {
		return nil
	}
	sp := spans[best]
	if ms := s.ModesAt(sp.start); len(ms) > 0 || sp.body < 0 {
		return ms
	}
	return s.ModesAt(sp.body)
}

// ProcSubsts returns the script's process substitutions (<(…), >(…)), in
// walk order, as Analyze's walk met them. The caller must not change it.
func (s *Script) ProcSubsts() []*syntax.ProcSubst { return s.procSubsts }

// FileOwnerTests returns the script's -O and -G tests (whose answer
// depends on the host's users) and its -v tests of an array element
// (IsElementSetTest), as Analyze's walk met them: the tests the dry run
// refuses.
func (s *Script) FileOwnerTests() []*syntax.UnaryTest { return s.ownerTests }

// IsElementSetTest reports whether t is `-v NAME[KEY]` (`[[ -v arr[$k] ]]`),
// which the interpreter answers false where bash tests the element.
func IsElementSetTest(t *syntax.UnaryTest) bool {
	w, ok := t.X.(*syntax.Word)
	if t.Op != syntax.TsVarSet || !ok {
		return false
	}
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			// [[ -v "EXTRA[$mode]" ]]: the same test, when the quotes
			// open with NAME[ (not "[" or "$x[0]", no element of a name).
			lit, ok := firstLit(&syntax.Word{Parts: dq.Parts})
			i := strings.IndexByte(lit, '[')
			return ok && i > 0 && syntax.ValidName(lit[:i])
		}
	}
	for _, p := range parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.Contains(lit.Value, "[") {
			return true
		}
	}
	return false
}

// TildeWords returns the script's words that start with an unquoted ~
// (outside here-document bodies), as Analyze's walk met them: ~ and
// ~/path, and ~user forms.
func (s *Script) TildeWords() []*syntax.Word { return s.tildeWords }

// firstLit is the value of a word's first part when it is a literal.
func firstLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) == 0 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return lit.Value, true
}

// StartsJobs reports whether a statement of the script runs in the
// background (cmd &, coproc, &! or &|), as Analyze's walk found; ok is false
// when the script has not been analysed.
func (s *Script) StartsJobs() (jobs, ok bool) { return s.jobs, s.collected }

// CommandNames returns the base names of the programs and functions the
// script's simple commands run (their first word, when it is literal).
func (s *Script) CommandNames() map[string]bool {
	s.namesOnce.Do(func() {
		s.names = map[string]bool{}
		for _, c := range s.calls {
			if v, ok := LitValue(c.Args[0]); ok {
				s.names[path.Base(v)] = true
			}
		}
	})
	return s.names
}

// ModeTokens reports whether an upper-case key names a mode of the script,
// as a whole underscore-separated token (FRANK_CALIB_MAX_SEQS → calib).
// A key with the token CALIB that names no mode belongs to the first mode
// of the calib role: FRANK_ARCHON_CALIB_NGRAM_PLACEMENT is the own key of
// a calib mode named tap or calib-long as of one named calib, not the
// owner of the flag for every mode.
func (s *Script) ModeTokens(key string) *Mode {
	toks := "_" + strings.ToUpper(key) + "_"
	var calib *Mode
	for _, m := range s.Modes {
		if m.Role == RoleProven || m.Disagg() {
			continue // a role's own keys are not aliases
		}
		tok := m.token // set when Analyze builds the Mode: rules read it concurrently
		if tok == "" { // a Mode built elsewhere
			tok = modeToken(m.Name)
		}
		if strings.Contains(toks, tok) {
			return m
		}
		if calib == nil && m.Role == RoleCalib {
			calib = m
		}
	}
	if calib != nil && strings.Contains(toks, "_CALIB_") {
		return calib
	}
	return nil
}

// modeOwnKey reports whether key is a mode's own (ModeTokens), or a calib
// knob's, a key with the token CALIB (FRANK_ARCHON_CALIB_NGRAM_PLACEMENT):
// calib's own value, whether this script's calib mode or another's (a
// window script booting the tap itself) reads it, never the owner of the
// flag for the other modes.
func (s *Script) modeOwnKey(key string) bool {
	return s.ModeTokens(key) != nil || strings.Contains("_"+strings.ToUpper(key)+"_", "_CALIB_")
}

// OwnRoleKey reports whether key is the own key of disaggregated roles:
// every mode is a role (Mode.Disagg) whose name, as a token, is in the key
// (decode reading PD_DECODE_MAX_RUNNING_REQUESTS).
func OwnRoleKey(modes []*Mode, key string) bool {
	toks := "_" + strings.ToUpper(key) + "_"
	for _, m := range modes {
		if !m.Disagg() || !slices.ContainsFunc(roleTokens(m), func(t string) bool { return strings.Contains(toks, t) }) {
			return false
		}
	}
	return len(modes) > 0
}

// roleTokens are the key-name tokens of a prefill or decode mode: its name,
// and TensorRT-LLM's names for the roles (ctx, context; gen, generation).
func roleTokens(m *Mode) []string {
	out := []string{modeToken(m.Name)}
	if m.prefillRole {
		out = append(out, "_PREFILL_", "_CTX_", "_CONTEXT_")
	}
	if m.decodeRole {
		out = append(out, "_DECODE_", "_GEN_", "_GENERATION_")
	}
	return out
}

var tokenReplacer = strings.NewReplacer("-", "_", ".", "_")

// modeToken is a mode name as a key-name token: kl-ref → _KL_REF_.
func modeToken(name string) string {
	return "_" + strings.ToUpper(tokenReplacer.Replace(name)) + "_"
}

// DeclPrintsFuncs reports whether a declaration may print a function's
// text (declare -f, typeset -f, in any variant, an option word not literal
// being any option): the dry run then runs the script's own tree, whose
// text is the one to print.
func DeclPrintsFuncs(dc *syntax.DeclClause) bool {
	for _, a := range dc.Args {
		if !a.Naked || a.Value == nil {
			continue // an assignment or a bare name: no option
		}
		v := a.Value.Lit()
		if v == "" || (v[0] == '-' || v[0] == '+') && strings.ContainsRune(v[1:], 'f') {
			return true
		}
	}
	return false
}

// PrintsFuncs reports whether a declaration of the script may print a
// function's text (DeclPrintsFuncs), false before Analyze.
func (s *Script) PrintsFuncs() bool { return s.printsF }

// IsDeclareF reports whether a declaration asks for function names
// (declare -F, typeset -pF, local -F), which the dry run's interpreter
// lacks.
func IsDeclareF(d *syntax.DeclClause) bool {
	if d.Variant == nil || d.Variant.Value != "declare" && d.Variant.Value != "typeset" && d.Variant.Value != "local" {
		return false
	}
	for _, a := range d.Args {
		if a.Naked && a.Value != nil && IsOptionWord(a.Value) && strings.Contains(a.Value.Lit(), "F") {
			return true
		}
	}
	return false
}

// exportedFuncNames returns the function names a declaration exports to
// child shells: export -f NAME…, declare -fx NAME… (or typeset).
func exportedFuncNames(d *syntax.DeclClause) []string {
	if d.Variant == nil {
		return nil
	}
	opt := ""
	var names []string
	for _, a := range d.Args {
		switch {
		case a.Naked && a.Name == nil && a.Value != nil && IsOptionWord(a.Value):
			opt += a.Value.Lit()[1:]
		case a.Naked && a.Name != nil:
			names = append(names, a.Name.Value)
		}
	}
	switch d.Variant.Value {
	case "export":
		if strings.Contains(opt, "f") && !strings.Contains(opt, "n") {
			return names
		}
	case "declare", "typeset":
		if strings.Contains(opt, "f") && strings.Contains(opt, "x") {
			return names
		}
	}
	return nil
}

// declExports reports whether a declaration gives its names the export
// attribute: export (not export -n), declare -x, typeset -x, local -x.
func declExports(d *syntax.DeclClause) bool {
	if d.Variant == nil {
		return false
	}
	opt := ""
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil && IsOptionWord(a.Value) {
			opt += a.Value.Lit()[1:]
		}
	}
	switch d.Variant.Value {
	case "export":
		return !strings.ContainsAny(opt, "nf")
	case "declare", "typeset", "local":
		return strings.Contains(opt, "x") && !strings.Contains(opt, "f")
	}
	return false
}

// declLocalScope reports whether a declaration inside a function makes its
// names local: local, or declare/typeset without -g.
func declLocalScope(d *syntax.DeclClause) bool {
	if d.Variant == nil {
		return false
	}
	switch d.Variant.Value {
	case "local":
		return true
	case "declare", "typeset":
		for _, a := range d.Args {
			if a.Naked && a.Name == nil && a.Value != nil && IsOptionWord(a.Value) && strings.Contains(a.Value.Lit()[1:], "g") {
				return false
			}
		}
		return true
	}
	return false
}

// IsOptionWord reports whether a word is a literal option (-F, -pF).
func IsOptionWord(w *syntax.Word) bool {
	v := w.Lit()
	return len(v) > 1 && v[0] == '-'
}

// DeclaresF reports whether the script holds declare -F or typeset -F
// (which the dry run's interpreter lacks); false before Analyze.
func (s *Script) DeclaresF() bool { return s.declF }

// FuncNameref returns the first nameref declared in a function (local -n
// out=$1), nil when there is none or before Analyze: the dry run's
// interpreter does not reach a caller's local variable through it.
func (s *Script) FuncNameref() *syntax.DeclClause { return s.funcNameref }

// DeclaresAssoc reports whether the script declares an associative array
// anywhere (declare -A, local -A, typeset -gA).
func (s *Script) DeclaresAssoc() bool { return s.declAssoc }

// TopNameref returns the first nameref declared outside every function
// (declare -n ref=args), nil when there is none or before Analyze: the dry
// run's interpreter expands an array through it wrongly ("${ref[@]}" is
// one field), so the dry run refuses such expansions (dryrun's
// findForbidden).
func (s *Script) TopNameref() *syntax.DeclClause { return s.topNameref }

// FuncGlobal reports whether a function of the script declares a global
// (declare -g, typeset -g), false before Analyze: the dry run's
// interpreter writes a local of the same name instead (dryrun's
// globalOverLocal).
func (s *Script) FuncGlobal() bool { return s.funcGlobal }

// IsGlobalDecl reports whether a declaration is declare -g, typeset -g or
// local -g (bash takes local's options from declare: local -g writes the
// global), with other options too (-gx, -ga).
func IsGlobalDecl(d *syntax.DeclClause) bool {
	if d.Variant == nil || d.Variant.Value != "declare" && d.Variant.Value != "typeset" && d.Variant.Value != "local" {
		return false
	}
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if v, ok := LitValue(a.Value); ok && len(v) > 1 && v[0] == '-' && strings.ContainsRune(v, 'g') {
				return true
			}
		}
	}
	return false
}

// IsNameref reports whether a declaration makes namerefs: declare -n,
// typeset -n, local -n (also within other options: local -rn).
func IsNameref(d *syntax.DeclClause) bool {
	if d.Variant == nil || d.Variant.Value != "declare" && d.Variant.Value != "typeset" && d.Variant.Value != "local" {
		return false
	}
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil && IsOptionWord(a.Value) && strings.Contains(a.Value.Lit(), "n") {
			return true
		}
	}
	return false
}

// wordHasParam reports whether w expands a parameter ($1, ${fn}, "mode_$1"),
// directly or in double quotes: only such a command word may run a mode by
// its name (dispatchModes), so only then are the branches around it looked
// up (a lookup per call over every candidate was quadratic in a script of
// many arms).
func wordHasParam(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp:
			return true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.ParamExp); ok {
					return true
				}
			}
		}
	}
	return false
}

// noteExprWrite records a variable a word or arithmetic assigns
// (Script.exprWrites).
func (s *Script) noteExprWrite(name, from string, at syntax.Pos) {
	if s.exprWrites == nil {
		s.exprWrites = map[string][]string{}
		s.exprWriteAt = map[string][]int{}
	}
	s.exprWrites[name] = append(s.exprWrites[name], from)
	s.exprWriteAt[name] = append(s.exprWriteAt[name], s.Off(at))
}

// writeOffsets returns where the script writes a variable of refs other
// than by an assignment word: an arithmetic or ${X:=v} write, read,
// printf -v, mapfile or readarray into it, unset of it, and, when refs
// hold a positional parameter, set with words (set -- 64), and a call of
// a function that writes through a nameref to the variable its argument
// names (namerefWrites: add args with add() { local -n out=$1;
// out+=(…); }). A mode's branch that holds one sets what the argv reads:
// bench) (( seqs = 64 )); the dry run gives its value (or says it could
// not).
func (s *Script) writeOffsets(refs []string, scopes refScopes) []int {
	want := map[string]bool{}
	positional := false
	for _, r := range refs {
		want[r] = true
		if r == "@" || r == "*" || r != "" && r[0] >= '1' && r[0] <= '9' {
			positional = true
		}
	}
	var out []int
	for _, r := range refs {
		for _, off := range s.exprWriteAt[r] {
			if scopes.reaches(s, r, off) {
				out = append(out, off)
			}
		}
	}
	byRef := s.namerefWrites()
	for _, c := range s.calls {
		cmd, _ := LitValue(c.Args[0])
		args := c.Args[1:]
		if ns := byRef[cmd]; len(ns) > 0 {
			for _, n := range ns {
				if n <= len(args) {
					if v, _ := LitValue(args[n-1]); want[v] && scopes.reaches(s, v, s.Off(c.Pos())) {
						out = append(out, s.Off(c.Pos()))
						break
					}
				}
			}
			continue
		}
		switch cmd {
		case "read", "mapfile", "readarray", "unset":
		case "printf":
			if len(args) < 2 {
				continue
			}
			if v, _ := LitValue(args[0]); v != "-v" {
				continue
			}
			args = args[1:2]
		case "set":
			if positional && len(args) > 0 && !shellOptions(args) {
				out = append(out, s.Off(c.Pos()))
			}
			continue
		default:
			continue
		}
		for _, a := range args {
			if v, _ := LitValue(a); want[v] && scopes.reaches(s, v, s.Off(c.Pos())) {
				out = append(out, s.Off(c.Pos()))
				break
			}
		}
	}
	return out
}

// namerefWrites returns, by function name, the positional parameters
// whose value names a variable the function writes through a nameref: 1
// for add() { local -n out=$1; out+=(--max-num-seqs 16); }. A nameref the
// function only reads through (join_by() { local -n a=$1; … "${a[@]}"; })
// writes nothing.
func (s *Script) namerefWrites() map[string][]int {
	var out map[string][]int
	for fn, refs := range s.namerefParams() {
		fd := s.Funcs[fn]
		body := Range{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}
		for _, r := range refs {
			if s.writesThrough(r.name, fn, body, r.decl) {
				if out == nil {
					out = map[string][]int{}
				}
				out[fn] = append(out[fn], r.n)
			}
		}
	}
	return out
}

// namerefParam is a nameref a function declares to its positional
// parameter n (local -n out=$1): name, and where the declaration is.
type namerefParam struct {
	name string
	n    int
	decl Range
}

// namerefParams returns, by function name, the namerefs each function of
// the script declares to one of its positional parameters (not in a
// function nested in it), found once: namerefWrites and namerefArrays
// (per variable read) ask.
func (s *Script) namerefParams() map[string][]namerefParam {
	if s.funcNameref == nil {
		return nil
	}
	s.namerefParamsOnce.Do(func() {
		for fn, fd := range s.Funcs {
			shwalk.Walk(fd.Body, func(node syntax.Node) bool {
				if _, ok := node.(*syntax.FuncDecl); ok {
					return false // a nested function's own
				}
				d, ok := node.(*syntax.DeclClause)
				if !ok || !IsNameref(d) {
					return true
				}
				decl := Range{s.Off(d.Pos()), s.Off(d.End())}
				for _, a := range d.Args {
					if a.Name == nil || a.Value == nil || a.Index != nil || a.Array != nil {
						continue
					}
					pe := SingleParam(a.Value)
					if pe == nil || !plainParam(pe) {
						continue
					}
					n, err := strconv.Atoi(pe.Param.Value) // $1…, not $@, $*, $#
					if err != nil || n < 1 {
						continue
					}
					if s.namerefParamsBy == nil {
						s.namerefParamsBy = map[string][]namerefParam{}
					}
					s.namerefParamsBy[fn] = append(s.namerefParamsBy[fn], namerefParam{a.Name.Value, n, decl})
				}
				return true
			})
		}
	})
	return s.namerefParamsBy
}

// writesThrough reports whether function fn, whose body is body, writes
// the variable name (a nameref it declares at decl) elsewhere than in
// that declaration: an assignment (out+=(…), out=…, out[i]=…), an
// arithmetic write, read or mapfile into it.
func (s *Script) writesThrough(name, fn string, body, decl Range) bool {
	in := func(off int) bool {
		return off >= body.Start && off < body.End && (off < decl.Start || off >= decl.End)
	}
	for _, a := range s.Assigns[name] {
		if a.InFunc == fn && in(a.Start) {
			return true
		}
	}
	for _, off := range s.exprWriteAt[name] {
		if in(off) {
			return true
		}
	}
	for _, c := range s.calls {
		off := s.Off(c.Pos())
		if !in(off) {
			continue
		}
		switch cmd, _ := LitValue(c.Args[0]); cmd {
		case "read", "mapfile", "readarray":
			for _, w := range c.Args[1:] {
				if v, _ := LitValue(w); v == name {
					return true
				}
			}
		}
	}
	return false
}

// callsInto returns where commands call, by their literal name, a
// function whose body holds one of offs, through up to four calls.
func (s *Script) callsInto(offs []int) []int {
	slices.Sort(offs)
	var out []int
	done := map[string]bool{}
	for round := 0; round < 4; round++ {
		grew := false
		for name, fd := range s.Funcs {
			if done[name] {
				continue
			}
			body := []Range{{s.Off(fd.Body.Pos()), s.Off(fd.Body.End())}}
			if !anyIn(offs, body) {
				continue
			}
			done[name], grew = true, true
			for _, off := range s.callOffs[name] {
				if off < body[0].Start || off >= body[0].End {
					out = append(out, off)
				}
			}
		}
		if !grew {
			break
		}
		offs = append(offs, out...)
		slices.Sort(offs)
	}
	return out
}

// noteArithmWrite records the variable an arithmetic assignment or
// increment writes: SEQS in (( SEQS = 2 * CONC )), let SEQS+=8, SEQS++.
func (s *Script) noteArithmWrite(x syntax.ArithmExpr) {
	if w, ok := x.(*syntax.Word); ok {
		if v, lit := LitValue(w); lit && isName(v) {
			s.noteExprWrite(v, "", w.Pos())
		}
	}
}

// isArithmAssign reports whether op assigns its left operand (=, +=, …).
func isArithmAssign(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn,
		syntax.ShrAssgn, syntax.AndBoolAssgn, syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
		return true
	}
	return false
}

// exceptBranch is code every mode runs but those named: the right side of
// `[[ $MODE == serve ]] || args+=(…)` or `[[ $MODE != serve ]] && …`, the
// body of `if [[ $MODE != serve ]]; then …; fi`.
type exceptBranch struct {
	names []nameAt // a glob's ([[ $MODE != calib* ]]) spares every mode it takes
	r     Range
}

// exceptList reads an && or || list whose test names modes the right side
// does not run for (exceptBranch); not a guard, whose right side exits.
func (s *Script) exceptList(b *syntax.BinaryCmd) (exceptBranch, bool) {
	if b.X == nil || b.Y == nil || exits(b.Y) || s.inFuncOnPositional(b) {
		return exceptBranch{}, false
	}
	var names []nameAt
	switch b.Op {
	case syntax.OrStmt:
		test := b.X
		if and, ok := b.X.Cmd.(*syntax.BinaryCmd); ok && and.Op == syntax.AndStmt && !b.X.Negated && len(b.X.Redirs) == 0 && cannotFail(and.Y) {
			// [[ $MODE == kl ]] && STEP=$OWNER || STEP=8192: the
			// assignment after && does not fail, so the right of || runs
			// exactly when the test fails, as an if's else does.
			test = and.X
		}
		if test.Negated || !s.onlySelectorTests(test.Cmd) {
			return exceptBranch{}, false
		}
		names = s.condNames(test.Cmd)
	case syntax.AndStmt:
		names, _ = s.notNames(b.X)
	}
	if len(names) == 0 {
		return exceptBranch{}, false
	}
	return exceptBranch{names: names, r: Range{s.Off(b.Y.Pos()), s.Off(b.Y.End())}}, true
}

// cannotFail reports whether a statement always exits 0: assignments
// alone (X=1, args+=(…)), with no command substitution whose status would
// be theirs, nor a redirection.
func cannotFail(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || len(st.Redirs) > 0 || len(c.Args) > 0 || len(c.Assigns) == 0 {
		return false
	}
	safe := true
	shwalk.Walk(c, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			safe = false // $(false), a division by zero
		}
		return safe
	})
	return safe
}

// exceptIf reads `if [[ $MODE != serve ]]; then …; fi` (no else): its body
// runs for every mode but those named (exceptBranch); not a guard, whose
// body exits.
func (s *Script) exceptIf(c *syntax.IfClause) (exceptBranch, bool) {
	if len(c.Cond) != 1 || len(c.Then) == 0 || exits(c.Then[len(c.Then)-1]) || s.funcAt(s.Off(c.Pos())) != "" {
		return exceptBranch{}, false
	}
	names, ok := s.notNames(c.Cond[0])
	if !ok {
		return exceptBranch{}, false
	}
	return exceptBranch{names: names, r: Range{s.Off(c.Then[0].Pos()), s.Off(c.Then[len(c.Then)-1].End())}}, true
}

// addExcept adds an exceptBranch to the modes that run it: those whose
// code holds it (case "$MODE" in serve|kl|bench) [[ $MODE == kl ]] || …
// is serve's and bench's, not calib's; a function's body is its callers'),
// or every mode when it is shared code, but the modes it names.
func (s *Script) addExcept(e exceptBranch) {
	var reach []*Mode
	for _, m := range s.Modes {
		if m.Contains(e.r.Start) {
			reach = append(reach, m)
		}
	}
	if len(reach) == 0 {
		reach = s.Modes
	}
	for _, m := range reach {
		if !slices.ContainsFunc(e.names, func(na nameAt) bool { return na.takes(m.Name) }) && m.Func == "" {
			m.Ranges = append(m.Ranges, e.r)
			m.own = append(m.own, e.r)
		}
	}
}

// exceptElse reads the else of an if/elif chain every condition of which
// only tests the mode (if [[ $MODE == serve ]]; then …; else args+=(…);
// fi): the else runs for every mode none of them names (exceptBranch); not
// an else that exits (a guard's).
func (s *Script) exceptElse(first *syntax.IfClause) (exceptBranch, bool) {
	if s.funcAt(s.Off(first.Pos())) != "" {
		return exceptBranch{}, false
	}
	var names []nameAt
	for c := first; c != nil; c = c.Else {
		if len(c.Cond) == 0 {
			if c == first || len(c.Then) == 0 || exits(c.Then[len(c.Then)-1]) || len(names) == 0 {
				return exceptBranch{}, false
			}
			return exceptBranch{names: names, r: Range{s.Off(c.Then[0].Pos()), s.Off(c.Then[len(c.Then)-1].End())}}, true
		}
		if len(c.Cond) != 1 || c.Cond[0].Negated || !s.onlySelectorTests(c.Cond[0].Cmd) {
			return exceptBranch{}, false
		}
		ns := s.condNames(c.Cond[0].Cmd)
		if len(ns) == 0 {
			return exceptBranch{}, false
		}
		names = append(names, ns...)
	}
	return exceptBranch{}, false
}

// reachingModes narrows the modes of a flag an array assignment in a
// function body gives a launch outside every function (or in the body of
// main "$@") to those in which a call of the function runs in the
// script's shell (funcWriteReaches):
// more() { args+=(--max-num-seqs 64); } run as `n=$(more)` in bench and
// `more` in kl gives kl's argv the copy, not bench's.
func (s *Script) reachingModes(f *Flag, inv *Invocation) {
	if f.Arg < 0 || f.Arg >= len(inv.Args) || len(f.Modes) == 0 {
		return
	}
	a := inv.Args[f.Arg].Assign
	// A launch in the body of main "$@" (topFunc) is the top level's; an
	// assignment in that body is its own code, not a function's.
	if fn := s.funcAt(inv.Start); a == nil || a.InFunc == "" || a.InFunc == fn || !s.topFunc(fn) {
		return
	}
	kept := make([]*Mode, 0, len(f.Modes))
	for _, m := range f.Modes {
		if s.funcWriteReaches(a, inv.Start, m) {
			kept = append(kept, m)
		}
	}
	if len(kept) > 0 {
		f.Modes = kept
	}
}

// noteDead records the statements of a list of n that follow one that
// always leaves it: exit; return in a function; break or continue in a
// loop of the same function (bench) echo "use kl" >&2; exit 1; seqs=64 ;;).
// Bash never runs them, so what they assign is no value of the script's
// (collectStmt). A return outside every function, or a break outside
// every loop, only fails: the statements after it run.
func (s *Script) noteDead(n syntax.Node, funcStack []*syntax.FuncDecl) {
	var lists [][]*syntax.Stmt
	loopBody := false
	switch n := n.(type) {
	case *syntax.File:
		lists = append(lists, n.Stmts)
	case *syntax.Block:
		lists = append(lists, n.Stmts)
	case *syntax.Subshell:
		lists = append(lists, n.Stmts)
	case *syntax.CmdSubst:
		lists = append(lists, n.Stmts)
	case *syntax.IfClause:
		lists = append(lists, n.Then)
	case *syntax.CaseClause:
		for _, it := range n.Items {
			lists = append(lists, it.Stmts)
		}
	case *syntax.WhileClause:
		lists, loopBody = append(lists, n.Do), true
	case *syntax.ForClause:
		lists, loopBody = append(lists, n.Do), true
	default:
		return
	}
	fnStart := -1
	if len(funcStack) > 0 {
		fnStart = s.Off(funcStack[len(funcStack)-1].Body.Pos())
	}
	for _, list := range lists {
		for i := 0; i+1 < len(list); i++ {
			if s.leaves(list[i], len(funcStack) > 0, loopBody, fnStart) {
				s.deadSpans = append(s.deadSpans, [2]int{s.Off(list[i+1].Pos()), s.Off(list[len(list)-1].End())})
				break
			}
		}
	}
}

// leaves reports whether statement st always leaves its list: exit, a
// return in a function, a break or continue in a loop (inLoop: the list is
// a loop's body; otherwise one of loopSpans, in the same function, holds
// it).
func (s *Script) leaves(st *syntax.Stmt, inFunc, inLoop bool, fnStart int) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 || st.Background || st.Coprocess || len(c.Assigns) > 0 {
		return false
	}
	switch v, _ := LitValue(c.Args[0]); v {
	case "exit":
		return true
	case "return":
		return inFunc
	case "break", "continue":
		if inLoop {
			return true
		}
		off := s.Off(st.Pos())
		for _, sp := range s.loopSpans {
			if off >= sp[0] && off < sp[1] && sp[0] > fnStart {
				return true
			}
		}
	}
	return false
}

// deadAt reports whether offset off lies in statements noteDead found bash
// never runs.
func (s *Script) deadAt(off int) bool { return inSpans(s.deadSpans, off) }

// inSpans reports whether offset off lies in one of the [start, end) spans
// (script offsets, or syntax.Pos offsets).
func inSpans[T int | uint](spans [][2]T, off T) bool {
	for _, sp := range spans {
		if off >= sp[0] && off < sp[1] {
			return true
		}
	}
	return false
}

// refScope is where the reads of a variable that reach an engine's argv
// see it: the global (or the script's own positional parameters), or the
// locals of some functions (local NAME before the read, or a function's
// own $1 …).
type refScope struct {
	global bool
	funcs  map[string]bool
}

// refScopes are the scopes of argvRefs' names, by name; a name it lacks
// is read as a global.
type refScopes map[string]*refScope

// argvRefScopes follows argvRefs' reads (the invocations' words, then the
// values of the assignments that reach each read) with where each read
// sees its variable: a fleet script's start_one() { local id=$1 name;
// name=$(name_of "$id"); docker run --name "$name" … } reads its own id
// and name, which `stop_one() { local id=$1 name; … }` or a loop's read
// -r id in cmd_stop never sets: a stop branch holding those writes does
// not reach the argv. Library reads and the environment the engine reads
// are reads of the global.
func (s *Script) argvRefScopes() refScopes {
	out := refScopes{}
	type key struct{ name, scope string }
	seen := map[key]bool{}
	var read func(name string, off int, fn string, depth int)
	read = func(name string, off int, fn string, depth int) {
		if depth > 6 {
			return
		}
		scope := ""
		if fn != "" && (positionalName(name) || s.localBefore(fn, name, off)) {
			scope = fn
		}
		k := key{name, scope}
		if seen[k] {
			return
		}
		seen[k] = true
		sc := out[name]
		if sc == nil {
			sc = &refScope{funcs: map[string]bool{}}
			out[name] = sc
		}
		if scope == "" {
			sc.global = true
		} else {
			sc.funcs[scope] = true
		}
		for _, a := range s.Assigns[name] {
			if a.Value == nil || scope != "" && !s.writesLocalOf(name, a.Start, scope) {
				continue
			}
			for _, r := range wordRefs(a.Value) {
				read(r, a.Start, a.InFunc, depth+1)
			}
		}
	}
	for _, inv := range s.Invocations {
		fn := s.funcAt(inv.Start)
		if inv.Call != nil {
			for _, w := range inv.Call.Args {
				for _, r := range wordRefs(w) {
					read(r, s.Off(w.Pos()), fn, 0)
				}
			}
		}
		for _, a := range inv.Args {
			if a.Word != nil {
				for _, r := range wordRefs(a.Word) {
					read(r, s.Off(a.Word.Pos()), fn, 0)
				}
			}
		}
		for _, r := range inv.libReads {
			read(r, inv.Start, "", 0)
		}
		for _, k := range inv.EnvShapeReads() {
			read(k, inv.Start, "", 0)
		}
	}
	return out
}

// reaches reports whether a write of name at offset off may set what a
// read of argvRefScopes sees: any write, for a read of the global.
func (sc refScopes) reaches(s *Script, name string, off int) bool {
	r := sc[name]
	if r == nil || r.global {
		return true
	}
	for fn := range r.funcs {
		if s.writesLocalOf(name, off, fn) {
			return true
		}
	}
	return false
}

// writesLocalOf reports whether a write of name at offset off may set
// function fn's local of it (or, for a positional parameter, fn's own):
// a write in fn's body, or in a function fn may call (dynamic scope) that
// has no local of that name itself.
func (s *Script) writesLocalOf(name string, off int, fn string) bool {
	g := s.funcAt(off)
	switch {
	case g == fn:
		return true
	case g == "" || positionalName(name) || s.localIn(g, name):
		return false
	}
	return s.callsWithin(fn, g, map[string]bool{})
}

// localBefore reports whether function fn declares name local before
// offset off.
func (s *Script) localBefore(fn, name string, off int) bool {
	for _, a := range s.Assigns[name] {
		if a.Local && a.InFunc == fn && a.Start < off {
			return true
		}
	}
	return false
}

// positionalName reports whether name is a positional parameter ($1, $@,
// $*, $#): a function's own, in its body.
func positionalName(name string) bool {
	return name == "@" || name == "*" || name == "#" || name != "" && name[0] >= '1' && name[0] <= '9'
}

// StmtSpan is the span of a statement a fix may delete whole: Sole is set
// when it is all of an if branch, a { } block, a subshell or a loop's body
// (Assign.StmtSole), End then stopping before its `;`.
type StmtSpan struct {
	Start, End int
	Sole       bool
}

// noteSetStmt records the statement a `set -- …` call is all of, when a
// fix may delete it (collectStmt's rules for an assignment's): nothing
// but the call, or the right side of a `[[ test ]] && set -- …` list, which
// goes with it.
func (s *Script) noteSetStmt(st *syntax.Stmt, deletable, sole bool, host listHost) {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) < 2 || len(st.Redirs) > 0 || st.Background || st.Negated || st.Coprocess || st.Disown {
		return
	}
	if v, _ := LitValue(c.Args[0]); v != "set" {
		return
	}
	if v, _ := LitValue(c.Args[1]); v != "--" {
		return
	}
	del, delSole := st, sole
	if !deletable {
		if host.st == nil {
			return
		}
		del, delSole = host.st, host.sole
	}
	sp := StmtSpan{Start: s.Off(del.Pos()), End: s.Off(del.End()), Sole: delSole}
	if delSole && del.Semicolon.IsValid() {
		sp.End = s.Off(del.Semicolon)
	}
	if s.setStmts == nil {
		s.setStmts = map[*syntax.CallExpr]StmtSpan{}
	}
	s.setStmts[c] = sp
}

// quotedWord reports whether w is one double-quoted part ("$@").
func quotedWord(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	_, ok := w.Parts[0].(*syntax.DblQuoted)
	return ok
}

// ForwardOnlyRest returns the statement a `set -- "$@" WORDS…` call is all
// of when WORDS span exactly [start, end): deleting them would leave
// `set -- "$@"`, which sets the words the script already holds (a fix
// deletes the statement instead). ok is false for any other span, and for
// a call whose statement a fix may not delete (a redirection, a job, a
// part of a pipeline or of a list other than a test's right side).
func (s *Script) ForwardOnlyRest(start, end int) (StmtSpan, bool) {
	for c, sp := range s.setStmts {
		if start < s.Off(c.Pos()) || end > s.Off(c.End()) {
			continue
		}
		args := c.Args[2:]
		if len(args) < 2 || !isForwardAll(args[0]) || !quotedWord(args[0]) {
			// set -- $@ splits and globs the words again: no no-op.
			return StmtSpan{}, false
		}
		if s.Off(args[1].Pos()) != start || s.Off(args[len(args)-1].End()) != end {
			return StmtSpan{}, false
		}
		return sp, true
	}
	return StmtSpan{}, false
}
