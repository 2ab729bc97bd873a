package dryrun

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Preflight guards on values the sandbox does not know.
//
// A launch script checks the machine before it boots:
//
//	n=$(nvidia-smi -L | wc -l)
//	(( n >= TP )) || { echo "need $TP GPUs" >&2; exit 1; }
//	case $GPU in *H100*) … ;; *) echo "unknown GPU" >&2; exit 1 ;; esac
//	if compgen -G "$tap/*" >/dev/null; then exit 1; fi
//
// nvidia-smi, compgen and docker ps are skipped: their output is a sentinel
// and their status 0, so such a guard ended every mode before the engine.
// On the machine the script is written for, it passes.
//
// When a run (with the host paths hosttest.go assumes) still ends before an
// engine invocation by the script's own exit, Eval runs a copy of the tree
// in which every guard is marked (markGuards): an `||` or `&&` list whose
// right side always exits, an if whose then or plain else branch always
// exits and the other does not, and a case some of whose items always
// exit and some do not. "Always exits" is a body whose last statement is
// `exit` or a call of a script function whose body ends with exit (die,
// fail). The condition is preceded by an internal operation that notes how
// many commands were skipped so far (opGuardAt); the exiting branch starts
// with one (opGuardExit) that gets the values of the variables the
// condition (the case word) reads, and decides whether the decision
// depended on a value the sandbox does not know: a skipped command ran in
// the condition, or one of those values holds a sentinel. When the run
// then ends by exit within a few commands of that entry (the exit is that
// branch's), in the main shell (not in a command substitution), the guard
// is the one that ended it, and the copy runs again with that decision
// taken the other way: the exiting branch of an || or && list is replaced
// by a command that succeeds, an if's condition is made to fail (succeed)
// so that its other branch runs, and a case is reduced to its first item
// that does not exit. Up to maxFlipped guards, one after another. A
// decision the run continued past is never changed, nor one on a known
// value. A run that then reaches the engine is the mode's argv, with a
// note per guard assumed to pass; one that does not leaves the first run's
// answer, whose error then says which guards were assumed to pass.
//
// A guard inside a function may end its branch with `return` instead:
//
//	start_one() {
//	  if docker ps --format '{{.Names}}' | grep -qx "$name"; then
//	    echo "$name already running"; return 0
//	  fi
//	  docker run … "$TGI_IMAGE" …
//	}
//
// docker ps is skipped, grep's input is a sentinel, and the "already
// running" branch returns before the engine each time. Such a branch (its
// last statement is return, in the body of a function) is marked as the
// exiting ones are, and is the one that ended the run when the run then
// ended without an engine within the same few commands: the function's
// caller went on to the script's end (its status whatever it is), or the
// script exited right after. It is taken the other way on the same terms
// (an unknown decision, never a known one, in the main shell), with the
// same note. A return on a value the script set (a flag, a known count)
// keeps its decision. When the function was called in another guard's
// condition (boot || exit 1) and the run ends by that guard's branch,
// the function's guard is the one that ended it: the caller's condition
// failed by its return, and counted the skipped commands of the
// function's condition as its own (one decision, one note).

// maxFlipped bounds the guards assumed to pass for one mode (each is a run).
const maxFlipped = 4

// maxGuardTail is how many commands may run between entering a guard's
// exiting branch and the run's end for that branch to have ended it (an
// echo to stderr, a cleanup, a die function's logging).
const maxGuardTail = 64

const (
	// opGuardAt: args[0] is a guard's number; its condition starts.
	opGuardAt = "guard-at"
	// opGuardExit: args[0] is a guard's number, args[1:] the values its
	// condition reads; its exiting branch starts.
	opGuardExit = "guard-exit"
	// opGuardPass: args[0] is a guard's number, args[1] the status to
	// return; the guard is assumed to pass.
	opGuardPass = "guard-pass"
)

// guardEnd is the guard whose exiting branch a run entered last.
type guardEnd struct {
	k       int
	desc    string
	pick    string // a case guard's word and the item taken (guardDesc)
	unknown bool
	calls   int64
	// subst is set when the branch ran in a command substitution.
	subst bool
	// ret is set for a branch that ends in return (a function's guard).
	ret bool
}

// guardState is an evaluator's record of the guards of a marked run.
type guardState struct {
	at   map[int]guardStart
	last *guardEnd
}

// guardStart is where a guard's condition started: the skipped commands
// and the commands run before it.
type guardStart struct {
	skipped int
	calls   int64
	// host is the count of hostAnswer helpers run before it.
	host int64
}

// guardAt notes the skipped commands before guard k's condition.
func (ev *evaluator) guardAt(k int) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.guards.at == nil {
		ev.guards.at = map[int]guardStart{}
	}
	ev.guards.at[k] = guardStart{skipped: len(ev.skipped), calls: ev.calls.Load(), host: ev.hostAnswers.Load()}
}

// guardExit records the entry into guard k's exiting branch.
func (ev *evaluator) guardExit(k int, d guardDesc, values []string, subst bool) {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	unknown := false
	at, ok := ev.guards.at[k]
	if ok && (len(ev.skipped) > at.skipped || ev.hostAnswers.Load() > at.host) {
		// A skipped command, or a helper answering for the host with
		// the sandbox's identity, ran in the condition.
		unknown = true
	}
	if j := ev.guards.last; ok && j != nil && j.ret && j.unknown && !j.subst && j.calls > at.calls {
		// A function's guard returned on an unknown value while this
		// guard's condition ran (boot || exit 1, boot's (( n >= 8 )) ||
		// return 1): the condition failed by that return, and its skipped
		// commands are that guard's. That guard is the one taken the other
		// way, not this one as well (two notes for one decision).
		return
	}
	for _, v := range values {
		unknown = unknown || hasSentinel(v)
	}
	ev.guards.last = &guardEnd{k: k, desc: d.text, pick: d.pick, unknown: unknown, calls: ev.calls.Load(), subst: subst, ret: d.ret}
}

// endingGuard is the guard whose unknown decision ended a run that
// stopped by exit before an engine (or, for a guard that returns, by exit
// or its end), or nil.
func (ev *evaluator) endingGuard(res *Result) *guardEnd {
	g := ev.guards.last
	var ee *ExitError
	if g == nil || !g.unknown || g.subst || !errors.As(res.Err, &ee) || !ee.Exited && !g.ret || len(res.Argv) > 0 {
		return nil
	}
	if ev.calls.Load()-g.calls > maxGuardTail {
		return nil
	}
	return g
}

// guardMarker marks the guards of one tree.
type guardMarker struct {
	name string
	dies map[string]bool
	// inFunc are the guard statements (if, case, && and || lists) inside
	// a function's body, where a branch may end in return.
	inFunc map[syntax.Node]bool
	flips  map[int]bool
	n      int
	descs  []guardDesc
}

// guardDesc describes a marked guard: text for the notes; pick, for a
// case, its word and the item a flip takes ("$GPU\x00*H100*"), which
// Result.Picks reports.
type guardDesc struct {
	text, pick string
	// ret is set when the guard's branch ends in return, not exit.
	ret bool
}

// markGuards marks the guards of f (see above) and takes the ones in flips
// the other way; it returns each guard's description, by number. Guards are numbered in the
// order of a walk of the tree, the same for every copy of one script.
func markGuards(f *syntax.File, name string, flips map[int]bool, libDies map[string]bool) []guardDesc {
	m := &guardMarker{name: name, dies: scriptDies(f, libDies), flips: flips, inFunc: funcGuards(f)}
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.BinaryCmd:
			if (x.Op == syntax.OrStmt || x.Op == syntax.AndStmt) && !x.Y.Background && m.ends(x, []*syntax.Stmt{x.Y}) != endsNot {
				m.markBinary(x)
			}
		case *syntax.IfClause:
			m.markIf(x)
		case *syntax.CaseClause:
			m.markCase(x)
		}
		return true
	})
	return m.descs
}

// How a guard's branch ends.
const (
	endsNot    = iota
	endsExit   // the run: exit, a die function
	endsReturn // the function the guard is in: return
)

// ends says how a body of guard statement g ends: the run (its last
// statement is exit, a call of a function that does, or a block that
// does), the function g is in (return), or neither.
func (m *guardMarker) ends(g syntax.Node, stmts []*syntax.Stmt) int {
	switch {
	case stmtsExit(stmts, m.dies):
		return endsExit
	case m.inFunc[g] && stmtsReturn(stmts):
		return endsReturn
	}
	return endsNot
}

// stmtsReturn reports whether a body's last statement is return (or a
// block whose last is).
func stmtsReturn(stmts []*syntax.Stmt) bool {
	c := lastCall(stmts)
	return c != nil && c.Args[0].Lit() == "return"
}

// lastCall returns the command a body ends with, in the foreground and not
// negated (the last of a block's when the body ends in one); nil when it
// ends in anything else.
func lastCall(stmts []*syntax.Stmt) *syntax.CallExpr {
	if len(stmts) == 0 {
		return nil
	}
	st := stmts[len(stmts)-1]
	if st.Background || st.Negated {
		return nil
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			return c
		}
	case *syntax.Block:
		return lastCall(c.Stmts)
	}
	return nil
}

// funcGuards are the if, case, && and || statements in the bodies of f's
// functions, outside a subshell or a command or process substitution of
// that body (where return would leave only the subshell).
func funcGuards(f *syntax.File) map[syntax.Node]bool {
	in := map[syntax.Node]bool{}
	shwalk.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok {
			return true
		}
		shwalk.Walk(fd.Body, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.FuncDecl:
				return false // a nested function is walked on its own
			case *syntax.Stmt:
				if x.Background || x.Coprocess {
					return false
				}
			case *syntax.BinaryCmd:
				if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
					return false
				}
				in[x] = true
			case *syntax.IfClause, *syntax.CaseClause:
				in[x] = true
			}
			return true
		})
		return true
	})
	return in
}

func stmtsExit(stmts []*syntax.Stmt, dies map[string]bool) bool {
	c := lastCall(stmts)
	if c == nil {
		return false
	}
	w := c.Args[0].Lit()
	return w == "exit" && (len(c.Args) != 2 || c.Args[1].Lit() != "0") || dies[w]
}

// scriptDies are the functions a guard of f may end in that always exit:
// f's own (dieFuncs), and those of the files an earlier run sourced
// (die() in lib/common.sh) that f does not define again, f's definition
// being the one its guards call.
func scriptDies(f *syntax.File, libDies map[string]bool) map[string]bool {
	own := funcNames(f)
	dies := map[string]bool{}
	for name := range libDies {
		if !slices.Contains(own, name) {
			dies[name] = true
		}
	}
	return addDieFuncs(f, dies) // the script's fatal() may call the library's die
}

// dieFuncs are the script's functions whose body always exits.
func dieFuncs(f *syntax.File) map[string]bool {
	return addDieFuncs(f, map[string]bool{})
}

// addDieFuncs adds to dies f's functions whose body always exits, given
// that those in dies do, and returns it.
func addDieFuncs(f *syntax.File, dies map[string]bool) map[string]bool {
	for range 3 { // die() may end with fatal, which exits
		shwalk.Walk(f, func(n syntax.Node) bool {
			if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil && stmtsExit([]*syntax.Stmt{fd.Body}, dies) {
				dies[fd.Name.Value] = true
			}
			return true
		})
	}
	return dies
}

// nodeText is a node's text for a note, on one line, bounded, as the
// script has it: zeroForJobs' variable for $0 is $0 again, the ifs
// rewriteExemptSubshells put around a stage or a group's statements are
// left out, the subshells rewriteLastPipes put around the last
// command of a pipeline (one that starts where its command does) are left
// out while it prints, and the counts, lengths and bounds rewriteCounts
// made internal operations are as the script wrote them.
func nodeText(n syntax.Node) string {
	// Each change made for the print is undone after it, last first.
	var undo []func()
	defer func() {
		for _, u := range slices.Backward(undo) {
			u()
		}
	}()
	shwalk.Walk(n, func(n syntax.Node) bool {
		// zeroForJobs' $0, read from a variable of its own: $0 again.
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == zeroVar {
			pe.Param.Value = "0"
			undo = append(undo, func() { pe.Param.Value = zeroVar })
		}
		// fakePids' $$ and $PPID, read from the sandbox's variables.
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pidNames[pe.Param.Value] != "" {
			was := pe.Param.Value
			pe.Param.Value = pidNames[was]
			undo = append(undo, func() { pe.Param.Value = was })
		}
		// rewriteSubshellLocals' declare: the script's local.
		if d, ok := n.(*syntax.DeclClause); ok && isSubshellLocal(d) {
			v := d.Variant
			d.Variant = &syntax.Lit{ValuePos: v.ValuePos, ValueEnd: v.ValueEnd, Value: "local"}
			undo = append(undo, func() { d.Variant = v })
		}
		if w, ok := n.(*syntax.Word); ok && len(w.Parts) == 1 {
			if lit, ok := w.Parts[0].(*syntax.Lit); ok && lit.Value == ppidVar {
				lit.Value = "PPID" // an arithmetic's bare PPID
				undo = append(undo, func() { lit.Value = ppidVar })
			}
		}
		// rewriteExemptSubshells' ifs: a stage printed as it was, a group
		// with its own statements.
		if sub, ok := n.(*syntax.Subshell); ok && len(sub.Stmts) == 1 {
			if in := exemptInner(sub.Stmts[0]); in != nil {
				if b, ok := in.Cmd.(*syntax.Block); ok {
					body := sub.Stmts
					sub.Stmts = b.Stmts
					undo = append(undo, func() { sub.Stmts = body })
				}
			}
		}
		if st, ok := n.(*syntax.Stmt); ok {
			if in := exemptInner(st); in != nil {
				was := *st
				*st = *in
				undo = append(undo, func() { *st = was })
			}
		}
		if p, ok := n.(*syntax.BinaryCmd); ok && (p.Op == syntax.Pipe || p.Op == syntax.PipeAll) && p.Y != nil {
			if sub, ok := p.Y.Cmd.(*syntax.Subshell); ok && len(sub.Stmts) == 1 && sub.Lparen == sub.Stmts[0].Pos() {
				y := p.Y
				p.Y = sub.Stmts[0]
				undo = append(undo, func() { p.Y = y })
			}
		}
		return true
	})
	defer restoreCounts(n)()
	defer restoreArithNounset(n)()
	var b strings.Builder
	_ = syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, n)
	s := strings.Join(strings.Fields(b.String()), " ")
	if len(s) > 80 {
		s = s[:77] + "…"
	}
	return s
}

// at is a position as file:line.
func (m *guardMarker) at(p syntax.Pos) string {
	return fmt.Sprintf("line %d", p.Line())
}

// call is a statement calling internal operation op with args, then the
// values of names ("${NAME-}", no error under set -u).
func call(op string, args []string, names []string) *syntax.Stmt {
	ws := []*syntax.Word{litWord(internalCmd), litWord(op)}
	for _, a := range args {
		ws = append(ws, litWord(a))
	}
	for _, n := range names {
		ws = append(ws, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
			&syntax.ParamExp{Param: &syntax.Lit{Value: n}, Exp: &syntax.Expansion{Op: syntax.DefaultUnset, Word: &syntax.Word{}}},
		}}}})
	}
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: ws}}
}

func (m *guardMarker) next(desc guardDesc) (int, bool) {
	k := m.n
	m.n++
	m.descs = append(m.descs, desc)
	return k, m.flips[k]
}

// markBinary marks COND || EXIT and COND && EXIT.
func (m *guardMarker) markBinary(x *syntax.BinaryCmd) {
	want := "succeeds"
	if x.Op == syntax.AndStmt {
		want = "fails"
	}
	ret := m.ends(x, []*syntax.Stmt{x.Y}) == endsReturn
	k, flip := m.next(guardDesc{text: fmt.Sprintf("%s: %s %s", m.at(x.X.Pos()), nodeText(x.X), want), ret: ret})
	ks := fmt.Sprint(k)
	names := parser.ReadNames(x.X)
	x.X = &syntax.Stmt{Position: x.X.Position, Cmd: &syntax.Block{Stmts: []*syntax.Stmt{call(opGuardAt, []string{ks}, nil), x.X}}}
	if flip {
		x.Y = call(opGuardPass, []string{ks, "0"}, nil)
		return
	}
	x.Y = &syntax.Stmt{Position: x.Y.Position, Cmd: &syntax.Block{Stmts: []*syntax.Stmt{call(opGuardExit, []string{ks}, names), x.Y}}}
}

// markIf marks an if (or elif) one branch of which exits.
func (m *guardMarker) markIf(x *syntax.IfClause) {
	if len(x.Cond) == 0 {
		return // a plain else
	}
	thenEnds := m.ends(x, x.Then)
	elseEnds := endsNot
	if x.Else != nil && len(x.Else.Cond) == 0 {
		elseEnds = m.ends(x, x.Else.Then)
	}
	if (thenEnds == endsNot) == (elseEnds == endsNot) {
		return
	}
	want, status := "fails", "1"
	if elseEnds != endsNot {
		want, status = "succeeds", "0"
	}
	ret := thenEnds == endsReturn || elseEnds == endsReturn
	k, flip := m.next(guardDesc{text: fmt.Sprintf("%s: %s %s", m.at(x.Pos()), describeList(x.Cond), want), ret: ret})
	ks := fmt.Sprint(k)
	var names []string
	for _, st := range x.Cond {
		names = append(names, parser.ReadNames(st)...)
	}
	x.Cond = append([]*syntax.Stmt{call(opGuardAt, []string{ks}, nil)}, x.Cond...)
	if flip {
		x.Cond = append(x.Cond, call(opGuardPass, []string{ks, status}, nil))
		return
	}
	branch := &x.Then
	if elseEnds != endsNot {
		branch = &x.Else.Then
	}
	*branch = append([]*syntax.Stmt{call(opGuardExit, []string{ks}, names)}, *branch...)
}

func describeList(stmts []*syntax.Stmt) string {
	parts := make([]string, len(stmts))
	for i, st := range stmts {
		parts[i] = nodeText(st)
	}
	return strings.Join(parts, "; ")
}

// markCase marks a case some items of which exit and some do not.
func (m *guardMarker) markCase(x *syntax.CaseClause) {
	first := -1
	exiting, ret := false, false
	for i, it := range x.Items {
		switch m.ends(x, it.Stmts) {
		case endsReturn:
			ret = true
			exiting = true
		case endsExit:
			exiting = true
		default:
			if first < 0 && it.Op == syntax.Break {
				first = i
			}
		}
	}
	if !exiting || first < 0 {
		return
	}
	arm := x.Items[first]
	pats := make([]string, len(arm.Patterns))
	for i, p := range arm.Patterns {
		pats[i] = nodeText(p)
	}
	k, flip := m.next(guardDesc{text: fmt.Sprintf("%s: case %s takes its first item that does not exit, %s)", m.at(x.Pos()), nodeText(x.Word), strings.Join(pats, "|")),
		pick: nodeText(x.Word) + "\x00" + strings.Join(pats, "|"), ret: ret})
	ks := fmt.Sprint(k)
	names := parser.ReadNames(x.Word)
	if flip {
		it := *arm
		it.Patterns = []*syntax.Word{litWord("*")}
		it.Stmts = append([]*syntax.Stmt{call(opGuardPass, []string{ks, "0"}, nil)}, it.Stmts...)
		x.Items = []*syntax.CaseItem{&it}
		return
	}
	for _, it := range x.Items {
		if m.ends(x, it.Stmts) != endsNot {
			it.Stmts = append([]*syntax.Stmt{call(opGuardExit, []string{ks}, names)}, it.Stmts...)
		}
	}
	// The word's own commands (case "$(nvidia-smi --query-gpu=name …)")
	// are counted from before it: an empty substitution of the guard's
	// start, first in the word, which keeps its value.
	at := &syntax.CmdSubst{Stmts: []*syntax.Stmt{call(opGuardAt, []string{ks}, nil)}}
	w := *x.Word
	w.Parts = append([]syntax.WordPart{at}, w.Parts...)
	x.Word = &w
}

// evalGuards is Eval's last resort for a run that stopped early: the
// marked copy, then each guard that ended a run on an unknown value taken
// the other way, all by deadline.
func evalGuards(ctx context.Context, path string, src []byte, file *syntax.File, mode string, opts Options, deadline time.Time, res *Result) *Result {
	if !stoppedEarly(res) {
		return res
	}
	var assumed []string
	var last *Result
	// A read from the terminal gets Enter first, as in the first run (a
	// ${m:-llama} keeps its default); only when the guards assumed then
	// do not reach the engine, and the run read from the terminal, does it
	// get a value not known, so that a guard on the answer ([[ $ok == y ]]
	// || exit 1) may be assumed too (typedRead).
	for _, typeUnknown := range []bool{false, true} {
		if typeUnknown && !res.typed {
			break
		}
		flips := map[int]bool{}
		var picks []string
		assumed, last = nil, nil
		for range maxFlipped + 1 {
			left := time.Until(deadline)
			if left <= 0 {
				break
			}
			o := opts
			o.Timeout = left
			o.guards = &guardFlips{flips: maps.Clone(flips), dies: res.dies, typeUnknown: typeUnknown}
			r := evalHosts(ctx, path, src, file, mode, o, deadline)
			if len(assumed) > 0 {
				last = r
			}
			if len(r.Argv) > 0 && r.Err == nil {
				if len(assumed) == 0 {
					return res // the marks alone changed the answer: keep the first run's
				}
				for _, d := range assumed {
					r.Notes = append(r.Notes, guardNote(d))
				}
				r.Picks = picks
				return r
			}
			g := r.guard
			if g == nil || flips[g.k] {
				break
			}
			flips[g.k] = true
			assumed = append(assumed, g.desc)
			if g.pick != "" {
				picks = append(picks, g.pick)
			}
		}
	}
	if last != nil && res.Err != nil {
		res.Err = &guardedError{err: res.Err, assumed: assumed, then: last.Err}
	}
	return res
}

func guardNote(desc string) string {
	return fmt.Sprintf("assumed the preflight check at %s (it tests a value the dry run does not know: a skipped command's output or status)", desc)
}

// guardFlips are the guards a marked run takes the other way.
type guardFlips struct {
	flips map[int]bool
	// dies are the sourced files' functions that always exit (Result.dies
	// of the first run).
	dies map[string]bool
	// typeUnknown makes a read from the terminal get a value not known
	// instead of Enter (typedRead).
	typeUnknown bool
}

// guardedError is a run's stop after which guards were assumed to pass
// and the run still stopped before an engine.
type guardedError struct {
	err     error
	assumed []string
	then    error
}

func (e *guardedError) Error() string {
	msg := e.err.Error() + "; assuming the preflight check at " + strings.Join(e.assumed, ", and at ")
	if e.then != nil {
		msg += ", it then stopped: " + e.then.Error()
	}
	return msg
}

func (e *guardedError) Unwrap() error { return e.err }

// guardOp carries out a guard's internal operation. Only the calls the
// marking made count: they have no position in the script (one the script
// typed, $'\x1eservelint-internal\x1e' guard-pass …, has one), and it
// succeeds doing nothing.
func (ev *evaluator) guardOp(hc interp.HandlerContext, op string, args []string) error {
	if hc.Pos.IsValid() {
		return nil
	}
	k, ok := guardNum(args[0])
	if !ok {
		return nil
	}
	switch op {
	case opGuardAt:
		ev.guardAt(k)
	case opGuardExit:
		_, subst := hc.Stdout.(*strings.Builder)
		if k >= 0 && k < len(ev.guardDescs) {
			ev.guardExit(k, ev.guardDescs[k], args[1:], subst)
		}
	case opGuardPass:
		if args[1] != "0" {
			return interp.ExitStatus(1)
		}
	}
	return nil
}

// guardNum is a guard's number as the marking wrote it.
func guardNum(s string) (int, bool) {
	k, err := strconv.Atoi(s)
	return k, err == nil
}
