package dryrun

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// rewriteSelects makes each select clause of f at one of the offsets menus
// holds (parser.Script.SelectMenus) a for loop over the word the dry run
// picks: `select mode in serve bench kl` is `for mode in ${V+"$V"}` with V
// its parser.SelectVar. The dry run sets V to a select mode's name
// (Options.Menu), so the body runs once with mode that word, as when
// the user types its number; with V unset it runs never, as select does at
// the end of its input. No stdin is fed: an earlier read would take it.
// The shared rewrite holds no mode's word, only the variable's name.
func rewriteSelects(f *syntax.File, menus map[int]string) {
	if len(menus) == 0 {
		return
	}
	shwalk.Walk(f, func(n syntax.Node) bool {
		fc, ok := n.(*syntax.ForClause)
		if !ok || !fc.Select {
			return true
		}
		wi, ok := fc.Loop.(*syntax.WordIter)
		name, picked := menus[int(fc.Pos().Offset())]
		if !ok || !picked || wi.Name == nil || wi.Name.Value != name || len(wi.Items) == 0 {
			return true
		}
		v := parser.SelectVar(name)
		loop := mustStmt("for x in ${" + v + `+"$` + v + `"}; do :; done`).Cmd.(*syntax.ForClause).Loop.(*syntax.WordIter)
		fc.Select = false
		wi.Items = loop.Items
		return true
	})
}

// MenuPick is the item of a select menu a mode is (Options.Menu): the
// dry run sets Var (parser.SelectVar, which the rewritten menu loops over)
// to Word, the mode's name, and REPLY to Reply, its number, as bash does
// when the user types it. Neither is exported: the engine never sees them.
type MenuPick struct {
	Var, Word, Reply string
}

// menuEnv is an environment with a select menu's pick set (MenuPick).
type menuEnv struct {
	expand.Environ
	pick MenuPick
}

// value returns the pick's variable name holds, false for any other.
func (e *menuEnv) value(name string) (string, bool) {
	switch name {
	case e.pick.Var:
		return e.pick.Word, true
	case "REPLY":
		return e.pick.Reply, true
	}
	return "", false
}

// Get implements expand.Environ.
func (e *menuEnv) Get(name string) expand.Variable {
	if v, ok := e.value(name); ok {
		return strVar(v, false)
	}
	return e.Environ.Get(name)
}

// Each implements expand.Environ: the pick's variables first, then the
// rest.
func (e *menuEnv) Each(f func(name string, vr expand.Variable) bool) {
	if !f(e.pick.Var, strVar(e.pick.Word, false)) || !f("REPLY", strVar(e.pick.Reply, false)) {
		return
	}
	e.Environ.Each(func(name string, vr expand.Variable) bool {
		_, ok := e.value(name)
		return ok || f(name, vr)
	})
}

// noMenuInput is the command rewriteOtherSelects puts before a select
// menu that picks no mode: the sandbox's call handler notes, when the
// menu's input is the dry run's (none), that the menu got nothing typed,
// and runs it as `:`.
const noMenuInput = "__servelint_no_menu_input"

// rewriteOtherSelects runs each select clause of f that rewriteSelects
// left a menu (`select m in llama qwen; do case $m in … esac; done`, a
// preset picked by the user, not a mode) as `{ noMenuInput FILE LINE;
// select …; }`. The dry run types nothing, so the menu ends at once and
// whatever its pick sets stays unset: the argv then shows a value the
// script never means (vllm serve ”), and the note says why instead of
// passing it off as the script's.
func rewriteOtherSelects(f *syntax.File, name string) {
	seen := map[*syntax.ForClause]bool{}
	shwalk.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		fc, ok := st.Cmd.(*syntax.ForClause)
		if !ok || !fc.Select || seen[fc] {
			return true
		}
		seen[fc] = true
		file, _ := syntax.Quote(name, syntax.LangBash)
		if file == "" {
			file = "''"
		}
		mark := mustStmt(fmt.Sprintf("%s %s %d", noMenuInput, file, fc.Pos().Line()))
		st.Cmd = &syntax.Block{Lbrace: fc.Pos(), Rbrace: fc.End(), Stmts: []*syntax.Stmt{mark, {Position: fc.Pos(), Cmd: fc}}}
		return true
	})
}

// noteNoInput notes a read or select menu that gets the dry run's empty
// input (stdin nil: no redirection or pipe feeds it): what it would read
// is typed by a user, not statically known. Each place is noted once.
func (ev *evaluator) noteNoInput(hc interp.HandlerContext, what, file string, line uint) {
	if hc.Stdin != nil {
		return
	}
	where := fmt.Sprintf("line %d", line)
	if file != "" && file != ev.script {
		// A library's menu: named, as the script's own lines are not.
		if filepath.IsAbs(file) {
			file = ev.display(file)
		}
		where = file + ":" + strconv.FormatUint(uint64(line), 10)
	}
	ev.noteOnce("%s: %s got no input (the dry run types nothing): what it sets is not statically known", where, what)
}

// noteTyped notes a read from the terminal the dry run typed a line to
// (typedRead): what a user would type is not statically known. Each place
// is noted once.
func (ev *evaluator) noteTyped(hc interp.HandlerContext) {
	typed := "Enter (an empty line)"
	if ev.typeUnknown {
		typed = "a value it does not know"
	}
	ev.noteOnce("line %d: read waits for a line typed at the terminal: the dry run types %s, what a user would type is not statically known", hc.Pos.Line(), typed)
}

// maxTypedReads bounds the lines typed to one read (by position): a read
// a loop runs again and again (a menu re-asked until the answer is valid)
// gets the end of its input after them, as before.
const maxTypedReads = 4

// typedRead runs a read that takes its line from the terminal (stdin nil:
// no redirection or pipe feeds it, noteNoInput) as `eval 'read …' <<<
// LINE`: the user typed LINE and pressed Enter, and read succeeds. interp's
// read fails with no stdin, which under set -e ended the script at a
// "Press Enter to continue" or a confirmation prompt before any engine,
// though bash waits for the answer there and goes on. LINE is empty (Enter
// alone: a `${m:-default}` takes its default, a `case $choice` its default
// arm) in a plain run and in the guard runs (guards.go); when those do not
// reach the engine, the guard runs are made again with LINE a sentinel, a
// value the dry run does not know, so that a guard on the answer (`[[ $ok
// == y ]] || exit 1`) is one on an unknown value and is assumed to pass. A read in a while or until loop's
// condition (while read -r line; do …; done reading the terminal until
// its end) keeps the end of input, and ok is false. call is the command's
// words up to and including read, rest its arguments.
func (ev *evaluator) typedRead(hc interp.HandlerContext, call, rest []string) ([]string, bool) {
	if hc.Stdin != nil {
		return nil, false
	}
	if o := readOpt(rest); o == 'd' || o == 'u' {
		return nil, false
	}
	off := hc.Pos.Offset()
	ev.mu.Lock()
	main, spent := ev.main, ev.typedReads[off] >= maxTypedReads
	ev.mu.Unlock()
	if spent {
		return nil, false // before inWaitCond's walk of the tree, per read run
	}
	if main != nil && inWaitCond(main, off) {
		return nil, false
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if ev.closed {
		return nil, false
	}
	if ev.typedReads == nil {
		ev.typedReads = map[uint]int{}
	}
	if ev.typedReads[off] >= maxTypedReads {
		return nil, false
	}
	ev.typedReads[off]++
	line := ""
	if ev.typeUnknown {
		line = sentinel(len(ev.skipped))
		ev.skipped = append(ev.skipped, []string{"what is typed to read at line " + strconv.FormatUint(uint64(hc.Pos.Line()), 10)})
	}
	words := make([]string, 0, len(call)+len(rest))
	for _, w := range append(slices.Clone(call), rest...) {
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			return nil, false
		}
		words = append(words, q)
	}
	q, err := syntax.Quote(line, syntax.LangBash)
	if err != nil {
		return nil, false
	}
	return []string{"eval", strings.Join(words, " ") + " <<< " + q}, true
}
