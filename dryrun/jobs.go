package dryrun

import (
	"bytes"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Jobs that launch an engine, run in order.
//
// interp runs each background job (`cmd &`) in a goroutine, and the
// sandbox records the first engine invocation any of them reaches. A mode
// starting two engines in the background (`all) serve_model llama 8001 …;
// serve_model qwen 8002 …`, with `serve_model() { vllm serve "$1" … & }`)
// recorded one or the other as the scheduler had it: `servelint argv`
// printed a different argv from run to run, and argvdrift reported a
// drift in one lint of twelve. Eval runs a copy (rewrite) in which each
// job that may reach an engine invocation of the model is waited for
// where it starts, `{ cmd & wait $! || :; }`: the jobs launch their
// engines in the order the script starts them, and the first one started
// is the one recorded, in every run. `$!` still names the job and the
// statement's status is still 0. Other jobs (a health poller, a log
// tailer) still run beside the script: one waited for could loop forever.

// engineJobs returns the offsets (in the script's tree) of the background
// statements that may reach one of the model's background engine
// invocations: a statement whose command holds one, or calls a function
// of the script (by its literal name) that holds one or calls such a
// function. nil when no invocation runs in the background.
func engineJobs(s *parser.Script) map[int]bool {
	calls := map[*syntax.CallExpr]bool{}
	// wraps are the offsets of the wrappers' own commands of background
	// invocations (lw() { python3 -m sglang.launch_server … "$@" & }):
	// the job is the wrapper's statement, whichever call reaches it, also
	// one in a command substitution (pid=$(lw …)), whose jobs nothing
	// joins when it ends.
	wraps := map[int]bool{}
	for _, inv := range s.Invocations {
		if inv.Background && inv.Call != nil {
			calls[inv.Call] = true
			if w := inv.WrapperStart(); w >= 0 {
				wraps[w] = true
			}
		}
	}
	if len(calls) == 0 || s.File == nil {
		return nil
	}
	holds := func(n syntax.Node, fns map[string]bool) bool {
		found := false
		shwalk.Walk(n, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.CallExpr); ok && (calls[c] || wraps[s.Off(c.Pos())] || len(c.Args) > 0 && fns[litName(c.Args[0])]) {
				found = true
			}
			return !found
		})
		return found
	}
	// The functions that reach one, to a fixed point (at most one round
	// per function).
	fns := map[string]bool{}
	for range len(s.Funcs) + 1 {
		grew := false
		for name, fd := range s.Funcs {
			if !fns[name] && holds(fd, fns) {
				fns[name], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	var out map[int]bool
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && st.Background && !st.Coprocess && holds(st, fns) {
			if out == nil {
				out = map[int]bool{}
			}
			out[int(st.Pos().Offset())] = true
		}
		return true
	})
	return out
}

// litName is a command word's literal value, "" when it has none.
func litName(w *syntax.Word) string {
	v, _ := parser.LitValue(w)
	return v
}

// waitJobText is the statement that waits for the job just started.
const waitJobText = "wait $! || :"

// rewriteEngineJobs makes each background statement of f at one of the
// offsets jobs holds (engineJobs) a block that starts it and waits for
// it; it reports whether it changed any.
func rewriteEngineJobs(f *syntax.File, jobs map[int]bool) bool {
	if len(jobs) == 0 {
		return false
	}
	var found []*syntax.Stmt
	shwalk.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && st.Background && !st.Coprocess && jobs[int(st.Pos().Offset())] {
			found = append(found, st)
		}
		return true
	})
	for _, st := range found {
		job := *st
		wait := mustStmt(waitJobText)
		*st = syntax.Stmt{Position: st.Position, Semicolon: st.Semicolon,
			Cmd: &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{&job, wait}}}
	}
	return len(found) > 0
}

// libEngineJobs is rewriteEngineJobs for the text of a sourced library:
// its background statements that may reach an engine invocation of its
// own (launch_worker() { nohup python3 -m sglang.launch_server … "$@" &
// echo $!; }) start the job and wait for it, so that a call in a command
// substitution (pid=$(launch_worker 31000 …)), whose jobs nothing joins,
// reaches the engine before the substitution ends. The text is returned
// unchanged when there is none (or it does not parse).
func libEngineJobs(data []byte) []byte {
	if !bytes.Contains(data, []byte("&")) {
		return data
	}
	return editText(data, func(f *syntax.File) []textEdit {
		var edits []textEdit
		shwalk.Walk(f, func(n syntax.Node) bool {
			if st, ok := n.(*syntax.Stmt); ok && st.Background && !st.Coprocess && libEngineCall(st) {
				start, end := int(st.Pos().Offset()), int(st.End().Offset())
				edits = append(edits, textEdit{start, start, "{ "}, textEdit{end, end, " " + waitJobText + "; }"})
			}
			return true
		})
		return edits
	})
}

// libEngineCall reports whether a library's statement is a simple command
// that reaches an engine by its own words (nohup python3 -m
// sglang.launch_server … "$@"): those not literal are not known, so only
// an engine its literal words name counts.
func libEngineCall(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	words := make([]string, len(c.Args))
	for i, w := range c.Args {
		v, ok := parser.LitValue(w)
		if !ok {
			v = parser.Unknown
		}
		words[i] = v
	}
	_, ok = parser.DetectEngine(words)
	return ok
}
