package dryrun

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// PIPESTATUS.
//
// interp never sets PIPESTATUS: `nvidia-smi -L | tee gpus.txt; [
// "${PIPESTATUS[0]}" -eq 0 ]` under set -u stopped the mode ("PIPESTATUS:
// unbound variable"), and without set -u read it empty. In a script that
// reads it, Eval runs a copy (rewritePipeStatus) in which each stage of a
// foreground pipeline reports its status to the sandbox, { CMD; pipeCmd
// set ID K "$?"; } (the stage's status kept), and the pipeline is followed
// by pipeCmd get ID "$?", which the call handler answers with eval
// 'PIPESTATUS=(S0 S1 …)' and the pipeline's status kept: what bash sets,
// with the statuses the sandbox gave each command (a skipped program
// succeeds, an emulated grep that matches nothing fails). A stage that
// stopped before reporting (errexit in it) makes the read of PIPESTATUS
// stop the run instead of guessing. A negated simple command, `! CMD`,
// is a pipeline of one stage: it sets PIPESTATUS to CMD's own status, which
// the getopt(1) preamble reads (`! getopt --test >/dev/null; [[
// ${PIPESTATUS[0]} -ne 4 ]]`, `! PARSED=$(getopt …)`); it is rewritten as
// `! { if CMD; then report 0; else ! report $?; fi; get = && :; }`
// (errexit is off in CMD and spares the statement, as under !). Any other simple command does not set it (bash
// does: one read after a command that is not a pipeline reads the last
// pipeline's), nor does code a sourced file or eval runs.

// pipeCmd is the command name of the calls rewritePipeStatus makes; it
// cannot be typed in a script by accident.
const pipeCmd = "\x1eservelint-pipestatus\x1e"

// pipeStatusRead reports whether src may read PIPESTATUS, once per
// Prepared: Eval then runs the rewritten copy, pipeline or not.
func (p *Prepared) pipeStatusRead(src []byte) bool {
	p.statusOnce.Do(func() { p.status = bytes.Contains(src, []byte("PIPESTATUS")) })
	return p.status
}

// readsPipeStatus reports whether f reads PIPESTATUS.
func readsPipeStatus(f *syntax.File) bool { return shwalk.Expands(f, "PIPESTATUS") }

// pipeStages returns the stages of the pipeline b, in order (a | b | c
// parses as (a | b) | c).
func pipeStages(b *syntax.BinaryCmd) []*syntax.Stmt {
	if x, ok := innerPipe(b); ok {
		return append(pipeStages(x), b.Y)
	}
	return []*syntax.Stmt{b.X, b.Y}
}

// innerPipe returns the pipeline b's left side is, a | b of (a | b) | c.
func innerPipe(b *syntax.BinaryCmd) (*syntax.BinaryCmd, bool) {
	x, ok := b.X.Cmd.(*syntax.BinaryCmd)
	if !ok || !isPipe(x) || b.X.Negated || b.X.Background || len(b.X.Redirs) > 0 {
		return nil, false
	}
	return x, true
}

// rewritePipeStatus makes the copy described above when f reads
// PIPESTATUS; it reports whether it changed f.
func rewritePipeStatus(f *syntax.File) bool {
	if !readsPipeStatus(f) {
		return false
	}
	funcs := funcNames(f)
	var sts []*syntax.Stmt
	inner := map[*syntax.Stmt]bool{} // the rest of a | b | c, b | c
	var singles []*syntax.Stmt       // ! CMD
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && !inner[st] {
			if _, ok := st.Cmd.(*syntax.CallExpr); ok && st.Negated && !st.Background && !st.Coprocess {
				singles = append(singles, st)
			}
			if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && isPipe(b) && !st.Background && !st.Coprocess {
				sts = append(sts, st)
				for x := b; ; {
					xb, ok := innerPipe(x)
					if !ok {
						break
					}
					inner[x.X] = true
					x = xb
				}
			}
		}
		return true
	})
	for _, st := range sts {
		b := st.Cmd.(*syntax.BinaryCmd)
		id := fmt.Sprintf("%d:%d", st.Pos().Line(), st.Pos().Offset())
		stages := pipeStages(b)
		for k, s := range stages {
			inner := *s
			report := func(status *syntax.Word) *syntax.Stmt { return pipeCall("set", id, strconv.Itoa(k), status) }
			var cmd syntax.Command = &syntax.Block{Lbrace: inner.Pos(), Rbrace: inner.End(), Stmts: []*syntax.Stmt{&inner, report(paramWord("?"))}}
			plain := &inner
			if sub, ok := inner.Cmd.(*syntax.Subshell); ok && len(sub.Stmts) == 1 {
				plain = sub.Stmts[0] // ( CMD ), the last stage (rewriteLastPipes)
			}
			if st.Negated || simpleCommand(plain, funcs) {
				// A plain command (simpleCommand: not a function of the
				// script, nor eval or source, whose code errexit would
				// end on its own first failure, as bash does): under set
				// -e a failure would end the stage before it reports, so
				// it is the if's condition, which changes nothing else. In a
				// negated pipeline every stage is: bash exempts all it
				// runs from errexit (! f | true, f's body going on past a
				// failure), and interp does not carry the exemption of the
				// if rewriteNegations makes into the stage's subshell.
				cmd = &syntax.IfClause{Position: inner.Pos(), Cond: []*syntax.Stmt{&inner}, Then: []*syntax.Stmt{report(litWord("0"))},
					Else: &syntax.IfClause{Then: []*syntax.Stmt{report(paramWord("?"))}}}
			}
			*s = syntax.Stmt{Position: inner.Position, Cmd: cmd}
		}
		// ! A | B: PIPESTATUS is the stages' own statuses, $? the
		// pipeline's negated. The negation stays on the statement,
		// ! { A | B; get … $?; }, whose get returns the pipeline's own
		// status: were it inside, the get would return the negated one,
		// which errexit no longer spares (set -e; ! false | true went on
		// in bash and ended the run). rewriteNegations then makes the
		// block the condition of an if, so no command in it ends the run
		// under set -e, as bash exempts every command of a negated
		// pipeline.
		inner := &syntax.Stmt{Position: st.Position, Cmd: st.Cmd, Redirs: st.Redirs}
		get := pipeCall("get", id, strconv.Itoa(len(stages)), paramWord("?"))
		st.Cmd = &syntax.Block{Lbrace: b.Pos(), Rbrace: b.End(), Stmts: []*syntax.Stmt{inner, get}}
		st.Redirs = nil
	}
	for _, st := range singles {
		// ! { if CMD; then report 0; else ! report $?; fi; get = && :; }:
		// no statement in it fails but the last, an && list, which
		// returns CMD's status (errexit spares it, as ! CMD), negated.
		id := fmt.Sprintf("%d:%d", st.Pos().Line(), st.Pos().Offset())
		report := func(status *syntax.Word) *syntax.Stmt { return pipeCall("set", id, "0", status) }
		failed := report(paramWord("?"))
		failed.Negated = true
		stage := &syntax.Stmt{Position: st.Position, Cmd: st.Cmd, Redirs: st.Redirs}
		cond := &syntax.Stmt{Position: st.Position, Cmd: &syntax.IfClause{Position: st.Pos(), Cond: []*syntax.Stmt{stage},
			Then: []*syntax.Stmt{report(litWord("0"))}, Else: &syntax.IfClause{Then: []*syntax.Stmt{failed}}}}
		get := pipeCall("get", id, "1", litWord("="))
		last := &syntax.Stmt{Cmd: &syntax.BinaryCmd{Op: syntax.AndStmt, X: get, Y: &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(":")}}}}}
		st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{cond, last}}
		st.Redirs = nil // st stays negated
	}
	staleReads(f, append(sts, singles...))
	return len(sts)+len(singles) > 0
}

// pipeCall is a call of the PIPESTATUS handler (pipeStatus): op "set"
// records stage k's status of pipeline id, "get" with k the count of
// stages sets PIPESTATUS and returns status ("=": the recorded status of
// a negated command's one stage), "stale" stops the run at a read of
// PIPESTATUS that no pipeline just set (staleReads; id is its line).
func pipeCall(op, id, k string, status *syntax.Word) *syntax.Stmt {
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(pipeCmd), litWord(op), litWord(id), litWord(k), status}}}
}

// staleReads stops the run at each read of PIPESTATUS that is not in the
// first command run after a rewritten pipeline (pipes): bash sets
// PIPESTATUS after every command, the copy after pipelines only, so a
// read elsewhere (`cmd; echo "${PIPESTATUS[0]}"`) would read a stale
// pipeline's statuses. What follows a pipeline: the next statement of its
// list, the right side of `P && S` or `P || S`, the branches of `if P`
// and the body of `while P`; in it, the first command (an if's or while's
// condition, a block's first statement, a list's left side).
func staleReads(f *syntax.File, pipes []*syntax.Stmt) {
	isPipe := map[*syntax.Stmt]bool{}
	for _, p := range pipes {
		isPipe[p] = true
	}
	fresh := map[*syntax.Stmt]bool{}
	var first func(st *syntax.Stmt)
	first = func(st *syntax.Stmt) {
		if st == nil {
			return
		}
		fresh[st] = true
		switch c := st.Cmd.(type) {
		case *syntax.IfClause:
			if len(c.Cond) > 0 {
				first(c.Cond[0])
			}
		case *syntax.WhileClause:
			if len(c.Cond) > 0 {
				first(c.Cond[0])
			}
		case *syntax.Block:
			if len(c.Stmts) > 0 {
				first(c.Stmts[0])
			}
		case *syntax.BinaryCmd:
			if c.Op == syntax.AndStmt || c.Op == syntax.OrStmt {
				first(c.X)
			}
		}
	}
	after := func(list []*syntax.Stmt) {
		for i := 1; i < len(list); i++ {
			if isPipe[list[i-1]] {
				first(list[i])
			}
		}
	}
	lastPipe := func(list []*syntax.Stmt) bool { return len(list) > 0 && isPipe[list[len(list)-1]] }
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.File:
			after(x.Stmts)
		case *syntax.Block:
			after(x.Stmts)
		case *syntax.Subshell:
			after(x.Stmts)
		case *syntax.CmdSubst:
			after(x.Stmts)
		case *syntax.CaseItem:
			after(x.Stmts)
		case *syntax.ForClause:
			after(x.Do)
		case *syntax.WhileClause:
			after(x.Cond)
			after(x.Do)
			if lastPipe(x.Cond) && len(x.Do) > 0 {
				first(x.Do[0])
			}
		case *syntax.IfClause:
			after(x.Cond)
			after(x.Then)
			if lastPipe(x.Cond) {
				if len(x.Then) > 0 {
					first(x.Then[0])
				}
				if x.Else != nil && len(x.Else.Cond) > 0 {
					first(x.Else.Cond[0])
				} else if x.Else != nil && len(x.Else.Then) > 0 {
					first(x.Else.Then[0])
				}
			}
		case *syntax.BinaryCmd:
			if (x.Op == syntax.AndStmt || x.Op == syntax.OrStmt) && isPipe[x.X] {
				first(x.Y)
			}
		}
		return true
	})
	var stack []*syntax.Stmt
	stale := map[*syntax.Stmt]bool{}
	var order []*syntax.Stmt
	var visit func(n syntax.Node) bool
	visit = func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Stmt:
			stack = append(stack, x)
			if x.Cmd != nil {
				shwalk.Walk(x.Cmd, visit)
			}
			for _, r := range x.Redirs {
				shwalk.Walk(r, visit)
			}
			stack = stack[:len(stack)-1]
			return false
		case *syntax.ParamExp:
			if x.Param != nil && x.Param.Value == "PIPESTATUS" && len(stack) > 0 {
				if e := stack[len(stack)-1]; !fresh[e] && !stale[e] {
					stale[e] = true
					order = append(order, e)
				}
			}
		}
		return true
	}
	for _, st := range f.Stmts {
		visit(st)
	}
	for _, e := range order {
		guard := pipeCall("stale", strconv.Itoa(int(e.Pos().Line())), "0", litWord("0"))
		inner := *e
		*e = syntax.Stmt{Position: inner.Position, Cmd: &syntax.Block{Lbrace: inner.Pos(), Rbrace: inner.End(), Stmts: []*syntax.Stmt{guard, &inner}}}
	}
}

// pipeStatus answers pipeCmd: `set ID K STATUS` records stage K's status
// and returns it; `get ID N STATUS` assigns PIPESTATUS the N statuses of
// pipeline ID and returns STATUS. A stage that did not report stops the
// run (the script reads PIPESTATUS somewhere).
func (ev *evaluator) pipeStatus(hc interp.HandlerContext, args []string) ([]string, error) {
	if len(args) != 5 || hc.Pos.IsValid() {
		return nil, ev.fail(fmt.Errorf("%w: a malformed PIPESTATUS call", ErrInternal))
	}
	op, id, status := args[1], args[2], args[4]
	if op == "get" && status == "=" {
		// The get of `! CMD`: its one stage's status, which the statement
		// negates.
		ev.mu.Lock()
		v, ok := ev.pipeStatuses[id]["0"]
		ev.mu.Unlock()
		if !ok {
			line, _, _ := strings.Cut(id, ":")
			return nil, ev.fail(fmt.Errorf("%w: PIPESTATUS: the command at line %s ended before its status was known", ErrUnsupported, line))
		}
		status = v
	}
	code, err := strconv.Atoi(status)
	if err != nil || code < 0 || code > 255 {
		return nil, ev.fail(fmt.Errorf("%w: a malformed PIPESTATUS call", ErrInternal))
	}
	exit := "(exit " + strconv.Itoa(code) + ")"
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.pipeStatuses == nil {
		ev.pipeStatuses = map[string]map[string]string{}
	}
	switch op {
	case "stale":
		return nil, ev.fail(fmt.Errorf("%w: PIPESTATUS read at line %s, not right after a pipeline: the dry run sets it after pipelines only", ErrUnsupported, id))
	case "set":
		if ev.pipeStatuses[id] == nil {
			ev.pipeStatuses[id] = map[string]string{}
		}
		ev.pipeStatuses[id][args[3]] = status
		return []string{"eval", exit}, nil
	case "get":
		n, err := strconv.Atoi(args[3])
		if err != nil || n <= 0 || n > maxPipeStages+1 {
			return nil, ev.fail(fmt.Errorf("%w: a malformed PIPESTATUS call", ErrInternal))
		}
		got := ev.pipeStatuses[id]
		delete(ev.pipeStatuses, id)
		vals := make([]string, n)
		for k := range vals {
			v, ok := got[strconv.Itoa(k)]
			if !ok {
				// The stage stopped before it reported (set -e in a
				// function, exit): its status is not known.
				line, _, _ := strings.Cut(id, ":")
				return nil, ev.fail(fmt.Errorf("%w: PIPESTATUS: a command of the pipeline at line %s ended its stage, whose status is not known", ErrUnsupported, line))
			}
			vals[k] = v
		}
		return []string{"eval", "PIPESTATUS=(" + strings.Join(vals, " ") + "); " + exit}, nil
	}
	return nil, ev.fail(fmt.Errorf("%w: a malformed PIPESTATUS call", ErrInternal))
}
