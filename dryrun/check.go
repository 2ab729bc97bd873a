package dryrun

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// forbidden is a construct the sandbox refuses to evaluate, found before the
// code containing it runs.
type forbidden struct {
	pos  syntax.Pos
	kind error
	what string
}

func (f *forbidden) error(name string) error {
	return fmt.Errorf("%w: %s:%d:%d: %s", f.kind, name, f.pos.Line(), f.pos.Col(), f.what)
}

// findForbidden walks node for constructs the sandbox will not evaluate:
//
//   - process substitution <(…) and >(…): interp creates a FIFO for it with a
//     direct mkfifo(2) in its temp dir and opens it outside every handler;
//
//   - the -O and -G test operators: interp asks os/user for the current user;
//
//   - ~user tilde expansion: outside the main shell (background jobs, the left
//     side of a pipe) interp asks os/user for the user's home directory;
//
//   - an array reached through a nameref declared outside functions
//     (declare -n ref=args; vllm "${ref[@]}"): interp looks the array up by
//     the nameref's own name, so "${ref[@]}" is one field ("a b c"), and
//     ${!ref[@]}, ${ref[@]:1}, ${ref[@]/x/y} and ref[0]=v are wrong too
//     (see namerefArrayUse);
//
//   - pipelines with more than maxPipeStages commands running at once
//     (pipeCounter): interp gives each its own pipe and goroutine.
//
// (A function that declares a nameref, or writes a global over its own
// local, is refused when it is called, not here: see refusedFuncs.)
//
// With a non-nil pruner, code that cannot run in the pruner's mode (other
// branches of a case or if on the mode argument) is not looked at.
func findForbidden(node syntax.Node, pr *pruner) *forbidden {
	var found *forbidden
	hdocs := map[*syntax.Word]bool{}
	refs := topNamerefs(node)
	pipes := newPipeCounter()
	walkReachable(node, pr, func(n syntax.Node) bool {
		if found != nil {
			return false
		}
		if refs != nil {
			if what := namerefArrayUse(n, refs); what != "" {
				found = &forbidden{n.Pos(), ErrUnsupported, what}
				return false
			}
		}
		switch x := n.(type) {
		case *syntax.ProcSubst:
			found = &forbidden{x.Pos(), ErrProcSubst, "<(…) and >(…) would make interp create a FIFO outside the sandbox's file handlers"}
		case *syntax.BinaryCmd:
			if isPipe(x) && !pipes.inner[x] {
				if k := pipes.chain(x); k > maxPipeStages {
					found = &forbidden{x.Pos(), ErrUnsupported, fmt.Sprintf("a pipeline of %d commands running at once (more than %d): the interpreter gives each a pipe and a goroutine", k, maxPipeStages)}
				}
			}
		case *syntax.UnaryTest:
			if x.Op == syntax.TsUsrOwn || x.Op == syntax.TsGrpOwn {
				found = &forbidden{x.Pos(), ErrUnsupported, fmt.Sprintf("test %v consults the host's user database", x.Op)}
			}
			if parser.IsElementSetTest(x) {
				found = &forbidden{x.Pos(), ErrUnsupported, "[[ -v NAME[KEY] ]]: the interpreter answers false for an array element, where bash tests it"}
			}
		case *syntax.Redirect:
			if x.Hdoc != nil {
				hdocs[x.Hdoc] = true
			}
		case *syntax.Word:
			if !hdocs[x] && tildeUser(x) {
				found = &forbidden{x.Pos(), ErrUnsupported, "~user expansion consults the host's user database"}
			}
		}
		return found == nil
	})
	if found == nil && pr != nil {
		// The pruner trusts $1 and the mode variables to hold the mode, but
		// a script can change them where it does not look (eval 'set --
		// x', a sourced file's set --, builtin set, a nameref), and unlike
		// a process substitution (stopped at run time by the temp dir in
		// which no FIFO can be made), a user-database lookup has no layer
		// behind this check: those are looked for in every branch.
		found = findUserDB(node)
	}
	return found
}

// maxPipeStages bounds the commands of a pipeline, those its stages hold
// included, that the sandbox lets run at once. interp opens a pipe (two
// file descriptors) and starts a goroutine for each `|`: a pipeline of
// 100,000 lines (1 MB) failed with "too many open files" after 800 MB,
// and any file the run opened meanwhile, another script's env file
// included, could fail the same way.
const maxPipeStages = 1000

func isPipe(b *syntax.BinaryCmd) bool { return b.Op == syntax.Pipe || b.Op == syntax.PipeAll }

// pipeCounter counts the commands of pipelines that run at once: each
// stage of a pipeline runs with the others, and what a stage holds runs
// inside it ((a | b) | c is four). Each pipeline is counted once.
type pipeCounter struct {
	memo  map[*syntax.BinaryCmd]int
	inner map[*syntax.BinaryCmd]bool // a | b of a | b | c: counted with it
}

func newPipeCounter() *pipeCounter {
	return &pipeCounter{memo: map[*syntax.BinaryCmd]int{}, inner: map[*syntax.BinaryCmd]bool{}}
}

// chain returns the commands of the pipeline top (a | b | c parses as
// ((a | b) | c)) that run at once.
func (pc *pipeCounter) chain(top *syntax.BinaryCmd) int {
	if n, ok := pc.memo[top]; ok {
		return n
	}
	n := 0
	for b := top; ; {
		n += 1 + pc.within(b.Y)
		x, ok := b.X.Cmd.(*syntax.BinaryCmd)
		if !ok || !isPipe(x) {
			n += 1 + pc.within(b.X)
			break
		}
		pc.inner[x] = true
		b = x
	}
	pc.memo[top] = n
	return n
}

// within returns the most commands of one pipeline under node that run at
// once (what runs in sequence does not add up).
func (pc *pipeCounter) within(node syntax.Node) int {
	most := 0
	shwalk.Walk(node, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryCmd); ok && isPipe(b) {
			most = max(most, pc.chain(b))
			return false
		}
		return true
	})
	return most
}

// findUserDB walks all of node, whatever the mode, for what makes interp
// consult the host's user database in every shell: the -O and -G tests,
// and ~user words that run in a copy of the shell that no longer asks the
// sandbox's environment for "HOME user" (a background job, a coprocess,
// the left side of a pipe, and a function body, which any of those may
// call). A ~user in the main shell is answered by the sandbox.
func findUserDB(node syntax.Node) *forbidden {
	var found *forbidden
	hdocs := map[*syntax.Word]bool{}
	var walk func(n syntax.Node, copied bool)
	walk = func(n syntax.Node, copied bool) {
		shwalk.Walk(n, func(n syntax.Node) bool {
			if n == nil || found != nil {
				return false
			}
			switch x := n.(type) {
			case *syntax.Stmt:
				if !copied && (x.Background || x.Coprocess) {
					walk(x, true)
					return false
				}
			case *syntax.CoprocClause:
				if !copied {
					walk(x.Stmt, true)
					return false
				}
			case *syntax.FuncDecl:
				if !copied {
					walk(x.Body, true)
					return false
				}
			case *syntax.BinaryCmd:
				if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
					walk(x.X, true)
					walk(x.Y, copied)
					return false
				}
			case *syntax.UnaryTest:
				if x.Op == syntax.TsUsrOwn || x.Op == syntax.TsGrpOwn {
					found = &forbidden{x.Pos(), ErrUnsupported, fmt.Sprintf("test %v consults the host's user database", x.Op)}
				}
			case *syntax.Redirect:
				if x.Hdoc != nil {
					hdocs[x.Hdoc] = true
				}
			case *syntax.Word:
				if copied && !hdocs[x] && tildeUser(x) {
					found = &forbidden{x.Pos(), ErrUnsupported, "~user expansion in a background job, a pipe or a function consults the host's user database"}
				}
			}
			return found == nil
		})
	}
	walk(node, false)
	return found
}

// refusedFuncs returns the functions n declares that declare a nameref
// (local -n out=$1; out+=(…)), each with the declaration's position: interp
// does not reach a caller's local variable through it, so what the
// function adds to the caller's array of flags would silently be missing
// from the argv. The run stops when one is called (callHandler) with a
// target that may be such a local (refusal.refs); a library's helper that
// no mode calls (join_by() { local -n _a=$1; … }) stops nothing.
//
// copies is set for the script's own tree, whose copy Eval runs has each
// whole-array read through a function's nameref read from a copy
// (rewriteRefReads): such a read stops nothing there.
func refusedFuncs(n syntax.Node, globals, copies bool) map[string]refusal {
	var out map[string]refusal
	var uses *refUses // built for the first function with a nameref
	shwalk.Walk(n, func(x syntax.Node) bool {
		if fd, ok := x.(*syntax.FuncDecl); ok && fd.Name != nil {
			if r, ok := refusedFunc(fd, n, globals, copies, &uses); ok {
				if out == nil {
					out = map[string]refusal{}
				}
				out[fd.Name.Value] = r
			}
		}
		return true
	})
	return out
}

// refusal is why a call of a function stops the run, and where. With
// refs, only a call one of whose nameref targets may be a caller's local
// (or is not a plain name) stops it: interp writes and reads a global
// through a nameref in a function as bash does (ref+=(…), ref=(…), ref=v,
// ${ref}, ${ref[i]}, ${#ref[@]}), but not a caller's local
// (TestFuncNamerefGlobal).
type refusal struct {
	pos  syntax.Pos
	msg  string
	refs []namerefTarget
}

// namerefTarget is what a function's nameref names: a literal name (lit),
// or the function's positional parameter arg (local -n out=$1).
type namerefTarget struct {
	lit string
	arg int
}

// refusedFunc says why a call of function fd (declared in file) would stop
// the run: it declares a nameref (namerefMsg; conditional on its targets
// when namerefTargets can tell them), or, with globals (a sourced file's
// function, which the dry run does not rewrite), writes a global over a
// local of its own (globalMsg; the script's own statement is refused where
// it runs instead: rewriteGlobalOverLocal).
func refusedFunc(fd *syntax.FuncDecl, file syntax.Node, globals, copies bool, uses **refUses) (refusal, bool) {
	if globals {
		if st, name := globalOverLocal(fd); st != nil {
			return refusal{st.Pos(), globalMsg(name), nil}, true
		}
	}
	if d := namerefIn(fd.Body); d != nil {
		var copied map[*syntax.ParamExp]bool
		if copies {
			copied = refCopyReads(fd)
		}
		if *uses == nil {
			*uses = indexRefUses(file)
		}
		refs := namerefTargets(fd, *uses, copied)
		return refusal{d.Pos(), namerefMsg, refs}, true
	}
	return refusal{}, false
}

// namerefTargets returns what fd's namerefs name when interp evaluates the
// function faithfully for any global target, nil when it may not (the run
// then stops at each call): every nameref is declared local -n NAME=TARGET
// with TARGET a literal name or "$1"…"$9", each a statement of the body's
// own (and no shift or set in the body before one to move the positional
// parameters), and every use of a nameref's name,
// in fd and in the other functions of the file that do not declare it
// local (uses, the file's indexed), is one interp resolves (namerefUseOK)
// or one of copied (whole-array reads in fd's own body, read from a copy:
// rewriteRefReads).
func namerefTargets(fd *syntax.FuncDecl, uses *refUses, copied map[*syntax.ParamExp]bool) []namerefTarget {
	var refs []namerefTarget
	names := map[string]bool{}
	decls := map[*syntax.DeclClause]bool{}
	ok := true
	// A shift or set after every declaration, each a statement of the
	// body's own (add() { local -n o=$1; shift; o+=("$@"); }), moves the
	// parameters once the targets are bound: the target is still the
	// call's $1. One before a declaration, or beside one in a loop or a
	// branch, may bind another.
	top := map[*syntax.DeclClause]bool{}
	for _, st := range bodyStmts(fd.Body) {
		if d, isDecl := st.Cmd.(*syntax.DeclClause); isDecl {
			top[d] = true
		}
	}
	lastDecl, firstMove, nested := uint(0), uint(0), false
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.DeclClause:
			if !parser.IsNameref(x) {
				return true
			}
			decls[x] = true
			nested = nested || !top[x]
			lastDecl = max(lastDecl, x.End().Offset())
			for _, a := range x.Args {
				if a.Naked && a.Name == nil && a.Value != nil && parser.IsOptionWord(a.Value) {
					if strings.ContainsAny(a.Value.Lit(), "g+") {
						ok = false // a global nameref outlives the call
					}
					continue
				}
				t, good := namerefTargetOf(a)
				if !good {
					ok = false
					continue
				}
				names[a.Name.Value] = true
				refs = append(refs, t)
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				if c := x.Args[0].Lit(); c == "shift" || c == "set" {
					if off := x.Pos().Offset(); firstMove == 0 || off < firstMove {
						firstMove = off
					}
				}
			}
		}
		return ok
	})
	if !ok || len(refs) == 0 || firstMove != 0 && (nested || firstMove < lastDecl) {
		return nil
	}
	for _, t := range refs {
		if names[t.lit] {
			return nil // a nameref naming a nameref
		}
	}
	// Each use of a name of fd's in the file, but in a function other
	// than fd that declares one of them local (whose uses are its own
	// variable's), is one interp resolves or one of copied.
	for name := range names {
		for _, list := range [][]refUse{uses.free[name], uses.byOwner[name][fd]} {
			for _, u := range list {
				if uses.shielded(u, fd, names) {
					continue
				}
				if pe, isPe := u.n.(*syntax.ParamExp); isPe && copied[pe] {
					continue
				}
				if !namerefUseOK(u.n, names, decls) {
					return nil
				}
			}
		}
	}
	return refs
}

// refUses indexes a file's uses of the names its functions declare as
// namerefs (funcNamerefNames) that namerefUseOK may refuse, so that
// namerefTargets looks at each function's in one pass: it walked the
// whole file for each function with a nameref, and a file of thousands of
// such helpers (a pull request's) took seconds, quadratic in its size.
type refUses struct {
	// locals holds, for each function, the names it declares local
	// (declLocalNames) anywhere in its body, nested functions' included.
	locals map[*syntax.FuncDecl]map[string]bool
	// free are the uses of a name in no function that declares it local;
	// byOwner those in exactly one, by that function. A use in two or
	// more is one no function's nameref reads: one of them is not the
	// function asking, and its declaration hides the name.
	free    map[string][]refUse
	byOwner map[string]map[*syntax.FuncDecl][]refUse
}

// refUse is a node that uses a name, with the functions it is in,
// outermost first.
type refUse struct {
	n    syntax.Node
	encl []*syntax.FuncDecl
}

// shielded reports whether u is in a function other than fd that declares
// one of names local: the walk namerefTargets made skipped it.
func (x *refUses) shielded(u refUse, fd *syntax.FuncDecl, names map[string]bool) bool {
	for _, f := range u.encl {
		if f == fd {
			continue
		}
		for name := range names {
			if x.locals[f][name] {
				return true
			}
		}
	}
	return false
}

// indexRefUses builds file's refUses.
func indexRefUses(file syntax.Node) *refUses {
	x := &refUses{locals: map[*syntax.FuncDecl]map[string]bool{}, free: map[string][]refUse{}, byOwner: map[string]map[*syntax.FuncDecl][]refUse{}}
	refNames := map[string]bool{}
	var stack []syntax.Node
	var fns []*syntax.FuncDecl
	enter := func(n syntax.Node) {
		if n == nil {
			if top := stack[len(stack)-1]; top != nil {
				if _, isFn := top.(*syntax.FuncDecl); isFn {
					fns = fns[:len(fns)-1]
				}
			}
			stack = stack[:len(stack)-1]
			return
		}
		stack = append(stack, n)
		if fd, isFn := n.(*syntax.FuncDecl); isFn {
			fns = append(fns, fd)
		}
	}
	shwalk.Walk(file, func(n syntax.Node) bool {
		enter(n)
		if fd, isFn := n.(*syntax.FuncDecl); isFn {
			maps.Copy(refNames, funcNamerefNames(fd))
		}
		if d, isDecl := n.(*syntax.DeclClause); isDecl {
			for _, name := range declLocalNames(d) {
				for _, f := range fns {
					if x.locals[f] == nil {
						x.locals[f] = map[string]bool{}
					}
					x.locals[f][name] = true
				}
			}
		}
		return true
	})
	one := map[string]bool{}
	shwalk.Walk(file, func(n syntax.Node) bool {
		enter(n)
		if n == nil {
			return true
		}
		for _, name := range useNames(n) {
			if !refNames[name] {
				continue
			}
			clear(one)
			one[name] = true
			if namerefUseOK(n, one, nil) {
				continue
			}
			var owner *syntax.FuncDecl
			owners := 0
			for _, f := range fns {
				if x.locals[f][name] {
					owner = f
					owners++
				}
			}
			u := refUse{n, slices.Clone(fns)}
			switch owners {
			case 0:
				x.free[name] = append(x.free[name], u)
			case 1:
				if x.byOwner[name] == nil {
					x.byOwner[name] = map[*syntax.FuncDecl][]refUse{}
				}
				x.byOwner[name][owner] = append(x.byOwner[name][owner], u)
			}
		}
		return true
	})
	return x
}

// useNames returns the names namerefUseOK looks at in n.
func useNames(n syntax.Node) []string {
	switch x := n.(type) {
	case *syntax.DeclClause:
		var out []string
		for _, a := range x.Args {
			if a.Name != nil {
				out = append(out, a.Name.Value)
			}
		}
		return out
	case *syntax.Assign:
		if x.Name != nil {
			return []string{x.Name.Value}
		}
	case *syntax.ParamExp:
		if x.Param != nil {
			return []string{x.Param.Value}
		}
	case *syntax.Word:
		lit := x.Lit()
		if i := strings.IndexByte(lit, '['); i > 0 {
			lit = lit[:i]
		}
		if lit != "" {
			return []string{lit}
		}
	}
	return nil
}

// bodyStmts returns the statements of a function's body: a { … } block's
// or a ( … ) subshell's; none for any other body.
func bodyStmts(body *syntax.Stmt) []*syntax.Stmt {
	switch b := body.Cmd.(type) {
	case *syntax.Block:
		return b.Stmts
	case *syntax.Subshell:
		return b.Stmts
	}
	return nil
}

// namerefTargetOf reads local -n NAME=TARGET's target: a literal name, or
// $N, "$N", ${N} or "${N}" for N from 1 to 9.
func namerefTargetOf(a *syntax.Assign) (namerefTarget, bool) {
	if a.Name == nil || a.Index != nil || a.Append || a.Array != nil || a.Value == nil || a.Naked {
		return namerefTarget{}, false
	}
	if lit := a.Value.Lit(); lit != "" {
		return namerefTarget{lit: lit}, syntax.ValidName(lit)
	}
	parts := a.Value.Parts
	if len(parts) == 1 {
		if dq, isDq := parts[0].(*syntax.DblQuoted); isDq {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return namerefTarget{}, false
	}
	pe, isPe := parts[0].(*syntax.ParamExp)
	if !isPe || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil {
		return namerefTarget{}, false
	}
	if v := pe.Param.Value; len(v) == 1 && v[0] >= '1' && v[0] <= '9' {
		return namerefTarget{arg: int(v[0] - '0')}, true
	}
	return namerefTarget{}, false
}

// declLocalNames returns the names declaration d makes local in a
// function: local, or declare/typeset without -g. A nameref of its own
// (local -n o=$1 in another helper) is a local too: its uses are its own
// nameref's, looked at when it is called (refusedFunc).
func declLocalNames(d *syntax.DeclClause) []string {
	if d.Variant == nil {
		return nil
	}
	switch d.Variant.Value {
	case "local", "declare", "typeset":
	default:
		return nil
	}
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil && parser.IsOptionWord(a.Value) && strings.Contains(a.Value.Lit(), "g") {
			return nil
		}
	}
	var out []string
	for _, a := range d.Args {
		if a.Name != nil {
			out = append(out, a.Name.Value)
		} else if a.Naked && a.Value != nil {
			out = append(out, a.Value.Lit())
		}
	}
	return out
}

// namerefUseOK reports whether node n, as far as it mentions one of the
// namerefs names, is a use interp resolves as bash does: NAME=v, NAME+=v,
// NAME=(…), NAME+=(…) as a command's assignment, and ${NAME}, ${NAME[i]},
// ${#NAME[@]} and their operators. An element assignment, a whole-array
// expansion ("${NAME[@]}"), ${!NAME} and the name as a word (read -a NAME,
// printf -v NAME, unset NAME, [[ -v NAME[1] ]], arithmetic) are not
// (TestFuncNamerefGlobal).
func namerefUseOK(n syntax.Node, names map[string]bool, decls map[*syntax.DeclClause]bool) bool {
	switch x := n.(type) {
	case *syntax.DeclClause:
		if decls[x] {
			return true
		}
		for _, a := range x.Args {
			if a.Name != nil && names[a.Name.Value] {
				return false
			}
		}
	case *syntax.Assign:
		if x.Name != nil && names[x.Name.Value] && x.Index != nil {
			return false
		}
	case *syntax.ParamExp:
		if x.Param == nil || !names[x.Param.Value] {
			return true
		}
		if x.Excl || x.Names != 0 || x.Width {
			return false
		}
		return namerefArrayUse(x, names) == ""
	case *syntax.Word:
		lit := x.Lit()
		if i := strings.IndexByte(lit, '['); i > 0 {
			lit = lit[:i]
		}
		return !names[lit]
	}
	return true
}

// globalMsg says why declare -g NAME with a local NAME in scope stops the
// run.
func globalMsg(name string) string {
	return fmt.Sprintf("declare -g %s in a function with a local %s in scope (its own or a caller's): the interpreter sets the local, where bash sets the global and the local keeps its value", name, name)
}

// topNamerefs returns the names node declares as namerefs outside every
// function (declare -n ref=args), nil when none; a function's own are
// refused when it is called (refusedFuncs).
func topNamerefs(node syntax.Node) map[string]bool {
	return declaredNames(node, parser.IsNameref, false)
}

// namerefArrayUse says why n, a use of one of the namerefs refs, is one
// interp gets wrong ("" when it is not): interp resolves a nameref for
// ${ref}, ${ref[i]}, ${#ref[@]} and ref+=(…), but looks up the nameref
// itself, not its target, for every whole-array form ("${ref[@]}" is one
// field, "a b c", where bash gives each element; ${!ref[@]} is the target's
// name; ${ref[@]:1} and ${ref[@]/x/y} lose the elements) and for ref[i]=v
// (which replaces the whole array).
func namerefArrayUse(n syntax.Node, refs map[string]bool) string {
	switch x := n.(type) {
	case *syntax.ParamExp:
		if x.Param == nil || !refs[x.Param.Value] || x.Index == nil || x.Length {
			return ""
		}
		if w, ok := x.Index.(*syntax.Word); ok && (w.Lit() == "@" || w.Lit() == "*") {
			lit := w.Lit()
			return fmt.Sprintf("${%s[%s]}: an array reached through a nameref (declare -n): the interpreter expands it from the nameref, not its target, so the argv would not be what bash passes", x.Param.Value, lit)
		}
	case *syntax.Assign:
		if x.Name != nil && refs[x.Name.Value] && x.Index != nil {
			return fmt.Sprintf("%s[…]=: an element assigned through a nameref (declare -n): the interpreter replaces the whole array, so the argv would not be what bash passes", x.Name.Value)
		}
	}
	return ""
}

// namerefMsg says why a call of a function declaring a nameref stops the run.
const namerefMsg = "a nameref in a function (local -n): the interpreter does not reach a caller's local variable through it, so the argv would miss what it writes there"

// namerefIn returns the first nameref declaration in n (parser.IsNameref).
func namerefIn(n syntax.Node) *syntax.DeclClause {
	var d *syntax.DeclClause
	shwalk.Walk(n, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.DeclClause); ok && d == nil && parser.IsNameref(x) {
			d = x
		}
		return d == nil
	})
	return d
}

// walkReachable walks node like syntax.Walk, calling visit on each node
// (visit returns false to skip a node's children). With a non-nil pruner,
// the branches of a case or if on the mode argument that cannot run in the
// pruner's mode are not walked; function bodies are always walked, as a
// function may be called from anywhere.
func walkReachable(node syntax.Node, pr *pruner, visit func(syntax.Node) bool) {
	var walk func(n syntax.Node, prune bool)
	walk = func(n syntax.Node, prune bool) {
		shwalk.Walk(n, func(n syntax.Node) bool {
			if n == nil || !visit(n) {
				return false
			}
			if !prune {
				return true
			}
			switch x := n.(type) {
			case *syntax.FuncDecl:
				walk(x.Body, false)
				return false
			case *syntax.CaseClause:
				if pr.isModeWord(x.Word) {
					pr.walkCase(x, func(n syntax.Node) { walk(n, prune) })
					return false
				}
			case *syntax.IfClause:
				walk(&syntax.Block{Stmts: x.Cond}, prune)
				known, val := pr.decide(x.Cond)
				if !known || val {
					walk(&syntax.Block{Stmts: x.Then}, prune)
				}
				if x.Else != nil && (!known || !val) {
					walk(x.Else, prune)
				}
				return false
			}
			return true
		})
	}
	walk(node, pr != nil)
}

// tildeUser reports whether w starts with an unquoted ~name.
func tildeUser(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") {
		return false
	}
	// Mirror interp's expandUser: the name runs up to the first slash; a
	// word with more parts and no slash in this literal is not expanded.
	rest := lit.Value[1:]
	i := strings.IndexByte(rest, '/')
	if i < 0 && len(w.Parts) > 1 {
		return false
	}
	if i >= 0 {
		rest = rest[:i]
	}
	return rest != ""
}

// pruner decides, for one mode, which branches on the mode argument cannot
// run. It only ever prunes when sure; anything it does not understand is
// kept.
type pruner struct {
	mode string
	vars map[string]bool // top-level variables that hold exactly $1, and the selectors from the environment
	// noArg: $1 is not the mode (Options.NoArg); only the selectors are.
	noArg bool
}

// newPruner returns nil when pruning is not safe (the positional parameters
// may change) or not possible. arg: $1 holds the mode (Options.NoArg
// unset); the selectors from the environment hold it too.
func newPruner(f *syntax.File, mode string, arg bool, selectors ...string) *pruner {
	if mode == "" || f == nil || !arg && len(selectors) == 0 {
		return nil
	}
	assigns := map[string]int{}
	disabled := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil {
				assigns[x.Name.Value]++
			}
		case *syntax.WordIter:
			assigns[x.Name.Value]++
		case *syntax.ParamExp:
			if x.Param != nil && x.Exp != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) {
				assigns[x.Param.Value]++
			}
		case *syntax.CallExpr:
			if len(x.Args) == 0 {
				break
			}
			switch x.Args[0].Lit() {
			case "shift", "getopts":
				disabled = true
			case "set":
				if setsParams(x.Args[1:]) {
					disabled = true
				}
			}
			for _, a := range x.Args[1:] {
				if lit := a.Lit(); syntax.ValidName(lit) {
					assigns[lit]++ // read NAME, printf -v NAME, ...: counted as assignments
				}
			}
		}
		return !disabled
	})
	if disabled {
		return nil
	}
	pr := &pruner{mode: mode, vars: map[string]bool{}, noArg: !arg}
	for _, n := range selectors {
		// MODE=${MODE:-serve} at most: the variable holds the mode.
		if assigns[n] <= 1 {
			pr.vars[n] = true
		}
	}
	for _, st := range f.Stmts {
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) != 0 || st.Background || st.Negated {
			continue
		}
		for _, as := range ce.Assigns {
			if as.Name == nil || as.Value == nil || as.Append || as.Index != nil || as.Array != nil {
				continue
			}
			if assigns[as.Name.Value] == 1 && pr.isModeWord(as.Value) {
				pr.vars[as.Name.Value] = true
			}
		}
	}
	return pr
}

// setsParams reports whether a `set` with these words may change the
// positional parameters.
func setsParams(args []*syntax.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i].Lit()
		if a == "" || a == "--" || a == "-" {
			return true
		}
		if !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") {
			return true
		}
		if strings.HasSuffix(a, "o") {
			i++ // -o NAME, -euo NAME
		}
	}
	return false
}

// isModeWord reports whether w expands to exactly the mode: $1, "$1",
// ${1:-x}, ${1:?msg}, or the same forms of a variable holding $1.
func (p *pruner) isModeWord(w *syntax.Word) bool {
	if p == nil || w == nil || len(w.Parts) != 1 {
		return false
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return false
		}
		part = dq.Parts[0]
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet || pe.Flags != nil ||
		pe.NestedParam != nil || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 ||
		len(pe.Modifiers) != 0 {
		return false
	}
	if pe.Exp != nil {
		switch pe.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		default:
			return false
		}
	}
	return pe.Param.Value == "1" && !p.noArg || p.vars[pe.Param.Value]
}

// tri is a three-valued match result.
type tri int

const (
	triNo tri = iota
	triYes
	triUnknown
)

// walkCase walks the items of a case on the mode that can run.
func (p *pruner) walkCase(cc *syntax.CaseClause, walk func(syntax.Node)) {
	walk(cc.Word)
	stopped, fall := false, false
	for _, ci := range cc.Items {
		if stopped && !fall {
			continue
		}
		for _, w := range ci.Patterns {
			walk(w)
		}
		k := triYes
		if !fall {
			k = p.matchItem(ci)
		}
		if k != triNo {
			walk(&syntax.Block{Stmts: ci.Stmts})
		}
		switch ci.Op {
		case syntax.Fallthrough:
			fall = k != triNo
		case syntax.Resume, syntax.ResumeKorn:
			fall = false
		default:
			fall = false
			if k == triYes {
				stopped = true
			}
		}
	}
}

func (p *pruner) matchItem(ci *syntax.CaseItem) tri {
	res := triNo
	for _, w := range ci.Patterns {
		pat, ok := staticPattern(w)
		if !ok {
			res = triUnknown
			continue
		}
		expr, err := pattern.Regexp(pat, pattern.EntireString)
		if err != nil {
			res = triUnknown
			continue
		}
		rx, err := regexp.Compile(expr)
		if err != nil {
			res = triUnknown
			continue
		}
		if rx.MatchString(p.mode) {
			return triYes
		}
	}
	return res
}

// staticPattern returns the glob pattern a word spells when it has no
// expansions; quoted parts are matched literally.
func staticPattern(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			sb.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			sb.WriteString(pattern.QuoteMeta(x.Value, 0))
		case *syntax.DblQuoted:
			for _, dp := range x.Parts {
				lit, ok := dp.(*syntax.Lit)
				if !ok {
					return "", false
				}
				sb.WriteString(pattern.QuoteMeta(unescapeDouble(lit.Value), 0))
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// staticString returns the string a word spells when it has no expansions
// and no glob characters.
func staticString(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(x.Value, "*?[\\") {
				return "", false
			}
			sb.WriteString(x.Value)
		case *syntax.SglQuoted:
			if x.Dollar {
				return "", false
			}
			sb.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, dp := range x.Parts {
				lit, ok := dp.(*syntax.Lit)
				if !ok {
					return "", false
				}
				sb.WriteString(unescapeDouble(lit.Value))
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}

func unescapeDouble(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// decide evaluates an if condition on the mode when it is one test of the
// mode against a static string: [ "$1" = x ], test "$mode" != x,
// [[ $mode == pat ]], optionally negated with !.
func (p *pruner) decide(cond []*syntax.Stmt) (known, val bool) {
	if len(cond) != 1 {
		return false, false
	}
	st := cond[0]
	if st.Background || st.Coprocess || len(st.Redirs) != 0 {
		return false, false
	}
	known, val = p.decideCmd(st.Cmd)
	if st.Negated {
		val = !val
	}
	return known, val
}

func (p *pruner) decideCmd(cmd syntax.Command) (known, val bool) {
	switch x := cmd.(type) {
	case *syntax.TestClause:
		bt, ok := x.X.(*syntax.BinaryTest)
		if !ok {
			return false, false
		}
		lhs, ok := bt.X.(*syntax.Word)
		if !ok || !p.isModeWord(lhs) {
			return false, false
		}
		rhs, ok := bt.Y.(*syntax.Word)
		if !ok {
			return false, false
		}
		pat, ok := staticPattern(rhs)
		if !ok {
			return false, false
		}
		expr, err := pattern.Regexp(pat, pattern.EntireString)
		if err != nil {
			return false, false
		}
		rx, err := regexp.Compile(expr)
		if err != nil {
			return false, false
		}
		switch bt.Op {
		case syntax.TsMatch, syntax.TsMatchShort:
			return true, rx.MatchString(p.mode)
		case syntax.TsNoMatch:
			return true, !rx.MatchString(p.mode)
		}
	case *syntax.CallExpr:
		if len(x.Assigns) != 0 {
			return false, false
		}
		args := x.Args
		switch {
		case len(args) == 5 && args[0].Lit() == "[" && args[4].Lit() == "]":
			args = args[1:4]
		case len(args) == 4 && args[0].Lit() == "test":
			args = args[1:4]
		default:
			return false, false
		}
		if !p.isModeWord(args[0]) {
			return false, false
		}
		s, ok := staticString(args[2])
		if !ok {
			return false, false
		}
		switch args[1].Lit() {
		case "=", "==":
			return true, p.mode == s
		case "!=":
			return true, p.mode != s
		}
	}
	return false, false
}

// globalOverLocal returns the first statement of function fd that writes a
// global with declare -g (or typeset -g) over a variable the function
// declared local before it (local X, or declare X without -g), and the
// name; nil when there is none.
func globalOverLocal(fd *syntax.FuncDecl) (*syntax.Stmt, string) {
	if fd.Body == nil {
		return nil, ""
	}
	locals := map[string]bool{}
	var at *syntax.Stmt
	name := ""
	var stmt *syntax.Stmt
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		if at != nil {
			return false
		}
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return false // a nested function has its own locals
		case *syntax.Stmt:
			stmt = x
		case *syntax.DeclClause:
			global := parser.IsGlobalDecl(x)
			variant := x.Variant.Value
			for _, a := range x.Args {
				if a.Name == nil {
					continue
				}
				switch {
				case !global && (variant == "local" || variant == "declare" || variant == "typeset"):
					locals[a.Name.Value] = true
				case global && locals[a.Name.Value] && stmt != nil && stmt.Cmd == x:
					at, name = stmt, a.Name.Value
				}
			}
		}
		return true
	})
	return at, name
}

// rewriteGlobalOverLocal makes each declare -g (typeset -g) in a function
// stop the run when, as it runs, one of the names it declares is a local
// in scope, the function's own (local X; declare -g X=v) or a caller's
// (run() { local X; pick; } with pick() { declare -g X=v; }): interp would
// set that local, and the mode's argv would carry a value bash never
// gives it. A mode that never runs it, or runs it with no such local, is
// evaluated as before. It reports whether it changed any.
func rewriteGlobalOverLocal(f *syntax.File, name string) bool {
	var sts []*syntax.Stmt
	var names [][]string
	shwalk.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok {
			return true
		}
		shwalk.Walk(fd.Body, func(n syntax.Node) bool {
			st, ok := n.(*syntax.Stmt)
			if !ok {
				return true
			}
			if d, ok := st.Cmd.(*syntax.DeclClause); ok && parser.IsGlobalDecl(d) {
				var ns []string
				for _, a := range d.Args {
					if a.Name != nil {
						ns = append(ns, a.Name.Value)
					}
				}
				if len(ns) > 0 {
					sts, names = append(sts, st), append(names, ns)
				}
			}
			return true
		})
		return false // the walk above saw the nested functions
	})
	for i, st := range sts {
		at := fmt.Sprintf("%d:%d", st.Pos().Line(), st.Pos().Col())
		check := []*syntax.Word{litWord(internalCmd), litWord(opGlobal), litWord(name), litWord(at)}
		for _, n := range names[i] {
			check = append(check, litWord(n))
		}
		st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{
			{Cmd: &syntax.CallExpr{Args: check}},
			{Cmd: st.Cmd},
		}}
	}
	return len(sts) > 0
}

// hasGlobalDecl reports whether function fd declares a global (declare
// -g X): Eval then runs the copy rewriteGlobalOverLocal makes.
func hasGlobalDecl(fd *syntax.FuncDecl) bool {
	found := false
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		if d, ok := n.(*syntax.DeclClause); ok && parser.IsGlobalDecl(d) {
			found = true
		}
		return !found
	})
	return found
}
