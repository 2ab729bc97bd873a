package dryrun

import (
	"context"
	"fmt"
	"slices"
	"time"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// Wait loops on values the sandbox does not know.
//
// A restart script waits for the old server to go before it boots again:
//
//	while pgrep -f "vllm serve" >/dev/null; do sleep 2; done
//	while nvidia-smi --query-compute-apps=pid --format=csv,noheader | grep -q .; do sleep 2; done
//
// pgrep and nvidia-smi are skipped: their status is 0 and their output a
// sentinel, so such a loop never ended and the run spent its command
// budget before the engine ("could not be evaluated"). On the host the
// loop ends when the old process is gone.
//
// When every other answer (host paths, callers' values, guards) still
// ends before an engine, and the script has a while or until loop whose
// condition runs a command, Eval runs a re-parsed copy in which every
// while and until loop is marked: its condition starts with an internal operation that
// notes how many commands were skipped so far (opLoopAt), its body with
// one (opLoopTick) that fails, and so ends the loop by `|| break`, once the
// condition has run a skipped command in maxLoopSpins iterations in a row.
// A loop whose condition is known (a counter, `true`, a file in the tree)
// is never ended. A run that then reaches the engine is the mode's argv,
// with a note per loop ended; one that stops early on a preflight guard
// goes on to the guards (guards.go) with the loops still marked; any other
// keeps the first run's answer. Nothing more is run than before: the
// condition's commands are skipped as always.

// maxLoopSpins is how many iterations in a row a loop's condition must
// run a skipped command before a marked run ends the loop.
const maxLoopSpins = 8

const (
	// opLoopAt: args[0] is a loop's number; its condition starts.
	opLoopAt = "loop-at"
	// opLoopTick: args[0] is a loop's number; its body starts. It fails
	// when the loop is to end.
	opLoopTick = "loop-tick"
)

// loopState is an evaluator's record of the wait loops of a marked run.
type loopState struct {
	// at is the count of skipped commands when each loop's condition
	// last started; spins how many iterations in a row ran one.
	at, spins map[int]int
	// ended are the loops the run ended, in order.
	ended []int
}

// markLoops marks the while and until loops of f (see above) and returns
// each one's description, by number, in the order of a walk of the tree
// (the same for every copy of one script).
func markLoops(f *syntax.File) []string {
	var descs []string
	shwalk.Walk(f, func(n syntax.Node) bool {
		x, ok := n.(*syntax.WhileClause)
		if !ok || len(x.Cond) == 0 {
			return true
		}
		k := fmt.Sprint(len(descs))
		word := "while"
		if x.Until {
			word = "until"
		}
		descs = append(descs, fmt.Sprintf("line %d: %s %s", x.Pos().Line(), word, nodeText(x.Cond[len(x.Cond)-1])))
		x.Cond = append([]*syntax.Stmt{call(opLoopAt, []string{k}, nil)}, x.Cond...)
		tick := &syntax.Stmt{Cmd: &syntax.BinaryCmd{Op: syntax.OrStmt,
			X: call(opLoopTick, []string{k}, nil),
			Y: &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord("break")}}}}}
		x.Do = append([]*syntax.Stmt{tick}, x.Do...)
		return true
	})
	return descs
}

// loopOp carries out a loop's internal operation; like guardOp, only the
// calls the marking made (no position) count.
func (ev *evaluator) loopOp(hc interp.HandlerContext, op string, args []string) error {
	if hc.Pos.IsValid() {
		return nil
	}
	k, ok := guardNum(args[0])
	if !ok || k < 0 || k >= len(ev.loopDescs) {
		return nil
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.loops.at == nil {
		ev.loops.at, ev.loops.spins = map[int]int{}, map[int]int{}
	}
	switch op {
	case opLoopAt:
		ev.loops.at[k] = len(ev.skipped)
	case opLoopTick:
		at, ok := ev.loops.at[k]
		if !ok || len(ev.skipped) == at {
			ev.loops.spins[k] = 0 // a known condition: it decides
			return nil
		}
		ev.loops.spins[k]++
		if ev.loops.spins[k] < maxLoopSpins {
			return nil
		}
		ev.loops.spins[k] = 0
		if !slices.Contains(ev.loops.ended, k) {
			ev.loops.ended = append(ev.loops.ended, k)
		}
		return interp.ExitStatus(1)
	}
	return nil
}

// loopNotes are the notes of the loops a marked run ended.
func (ev *evaluator) loopNotes() []string {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	var notes []string
	for _, k := range ev.loops.ended {
		notes = append(notes, fmt.Sprintf("assumed the wait at %s ends (its condition runs a command the dry run skips, which never changes its answer here)", ev.loopDescs[k]))
	}
	return notes
}

// hasWaitLoop reports whether f has a while or until loop whose condition
// runs a command (not only a test or a builtin such as true).
func hasWaitLoop(f *syntax.File) bool {
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if found {
			return false
		}
		x, ok := n.(*syntax.WhileClause)
		if !ok {
			return true
		}
		for _, st := range x.Cond {
			shwalk.Walk(st, func(m syntax.Node) bool {
				switch m := m.(type) {
				case *syntax.CmdSubst:
					found = true
				case *syntax.CallExpr:
					// A word that is no plain literal (Lit "") is no builtin.
					if len(m.Args) > 0 && !loopBuiltins[m.Args[0].Lit()] {
						found = true
					}
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// loopBuiltins are the commands a loop's condition may run that the
// sandbox answers itself: a loop on them alone is no wait on the host.
var loopBuiltins = map[string]bool{
	"true": true, ":": true, "false": true, "[": true, "test": true, "read": true, "shift": true, "let": true,
}

// evalLoops is Eval's last resort: the runs of the copy whose wait loops
// are marked, with the host paths assumed (evalHosts), then its guards when
// it stopped on one; nil when none reaches the engine. Only an answer that
// reaches the engine is taken, so a mode that boots without it is never
// changed: the marks end nothing else.
func evalLoops(ctx context.Context, path string, src []byte, file *syntax.File, mode string, opts Options, deadline time.Time) *Result {
	if time.Until(deadline) <= 0 {
		return nil
	}
	o := opts
	o.loops = true
	o.Timeout = time.Until(deadline)
	r := evalHosts(ctx, path, src, file, mode, o, deadline)
	if len(r.Argv) > 0 && r.Err == nil {
		return r
	}
	if !stoppedEarly(r) {
		return nil
	}
	if g := evalGuards(ctx, path, src, file, mode, o, deadline, r); len(g.Argv) > 0 && g.Err == nil {
		return g
	}
	return nil
}

// inWaitCond reports whether offset off of f lies in the condition of a
// while or until loop, between its keyword and its do (skipWaitError).
func inWaitCond(f *syntax.File, off uint) bool {
	found := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if x, ok := n.(*syntax.WhileClause); ok && x.WhilePos.Offset() < off && off < x.DoPos.Offset() {
			found = true
		}
		return !found
	})
	return found
}
