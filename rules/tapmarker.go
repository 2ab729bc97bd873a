package rules

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// TapMarker finds pushers that feed a calib tap without checking the rig.
var TapMarker = &analysis.Analyzer{
	Name: "tapmarker",
	Doc: `a pusher feeds a calib tap without checking the rig's marker file and that its container is running

Law 6 (a window script is gated): a pusher refuses unless the rig's marker
file (container=, image=, pid=) exists in the tap dir and names a running
container. A tap dir is a directory and production is an endpoint on the
same port: without that proof a pusher feeds millions of tokens into
whatever answers and records nothing.

A pusher is a script that does not boot an engine itself and that
  - sends requests with a body to the engine: curl -d/--data*/--json/-F/-T
    or -X POST, wget --post-*, httpie POST, python with requests.post/
    httpx/urlopen (in -c or a here-document), also under xargs or parallel;
    a request whose URLs are all literal and on a public host (a name with
    a dot that is not an IP: hooks.slack.com) is a notification, not a push;
  - in a loop (or under xargs/parallel), or at two places or more;
  - and is tied to a tap: it expands RADIANCE_CALIB_DIR or a variable
    named like TAP, TAP_DIR, CALIB_DIR, *_TAP, or a window script (see
    phasegate) runs it as its push phase.

It is gated when, before its first request in execution order (following
the script's functions):
  - it tests or reads the marker in the tap dir: [ -f "$TAP/.rig" ] (also
    -e, -s, -r, [[ ]]), source/. of it, grep, cat, awk, sed, cut, head,
    tail or jq on it, or a < redirect from it. The path must be built on
    the tap ("$TAP/x", a variable assigned one, "$1/x" in a function called
    with the tap, a sourced library's too: preflight "$TAP" with
    preflight() { local tap=$1; [[ -f $tap/.rig ]] …; }) and may name the
    marker: a dot file, a name with marker,
    rig, lock, pid or owner in it, a name without an extension, or a name
    not known statically (progress.log or grams.bin are the tap's output,
    not its marker);
  - and it checks that the container (or process) is running: docker/
    podman inspect, ps or top, kill -0, ps -p, pgrep, pidof, systemctl
    is-active, where the result decides something (an if or while
    condition, && or ||, a command substitution, set -e in force, or a
    helper function's body).
A call of a helper the script does not define whose name says it checks the
rig, the tap or the marker (require_rig, check_tap_marker, …) counts as both.
When no request is reached by the trace (requests only in functions run by
xargs, bash -c or traps), both checks anywhere in the script suffice.

The finding is on the first request. No suggested fix: the gate needs the
rig's own marker format.`,
	Requires: []*analysis.Analyzer{Model, Windows},
	Run:      runTapMarker,
}

const lawMarker = "a pusher refuses unless the tap dir holds the rig's marker file (container=, image=, pid=) and the container it names is running (law 6)"

// gateHelperRE matches helpers that, by name, check the rig before a push.
var gateHelperRE = lazy(`(?i)^(require|check|ensure|assert|verify|guard|gate)_?(rig|tap|marker).*|.*(rig|tap|marker)_?(check|required?|ensure|gate|guard|ok|alive|running)$`)

func runTapMarker(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	// The scripts a window's push phases run, window by window, then as
	// one set.
	ws := c.windowsOf(pass, func(w *window) bool { return w.isWindow })
	pushed := make([][]*parser.Script, len(ws))
	c.eachWindow(pass, ws, func(_ *analysis.Pass, i int, w *window) {
		for _, p := range w.pushes {
			pushed[i] = append(pushed[i], w.pushedScripts(p)...)
		}
	})
	called := map[*parser.Script]bool{}
	for _, l := range pushed {
		for _, s2 := range l {
			called[s2] = true
		}
	}
	all := c.windowsOf(pass, func(*window) bool { return true })
	c.eachWindow(pass, all, func(pass *analysis.Pass, _ int, w *window) {
		if !w.bootsAnywhere() {
			c.checkPusher(pass, w, called[w.s])
		}
	})
	return nil, nil
}

// pushedScripts returns the linted scripts a push phase runs.
func (w *window) pushedScripts(p *phaseEvent) []*parser.Script {
	if p.call == nil {
		return nil
	}
	t := w.t
	var out []*parser.Script
	resolve := func(c *syntax.CallExpr) {
		cm := cmdOf(c)
		base := cm.name
		if cm.script != "" {
			base = cm.script
		}
		if s2 := scriptNamed(w.u, w.s, base); s2 != nil {
			out = append(out, s2)
		}
	}
	if fd := t.funcFor(p.call); fd != nil {
		t.walkRegion([]syntax.Node{fd.Body}, func(n syntax.Node, _ *frame) bool {
			if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 && t.funcFor(c) == nil {
				resolve(c)
			}
			return true
		})
		return out
	}
	resolve(p.call)
	return out
}

// tiedToTap reports whether a script expands a tap variable.
func (t *shTree) tiedToTap() bool {
	found := false
	shwalk.Walk(t.file, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && tapNameRE.MatchString(pe.Param.Value) {
			found = true
		}
		return !found
	})
	return found
}

// isRequestCall reports whether a call posts a document, itself or through
// xargs/parallel.
func (t *shTree) isRequestCall(c *syntax.CallExpr) (bool, bool) {
	cm := cmdOf(c)
	if cm.isRequest(heredocOf(t, c)) {
		return true, false
	}
	if cm.name == "xargs" || cm.name == "parallel" {
		for i := range cm.args {
			inner := cmdOf(&syntax.CallExpr{Args: cm.args[i:]})
			if inner.isRequest("") {
				return true, true
			}
		}
	}
	return false, false
}

// isMarkerRead reports whether a node tests or reads a file in the tap.
func (t *shTree) isMarkerRead(n syntax.Node) bool {
	fr := t.frameAt(n)
	switch n := n.(type) {
	case *syntax.CallExpr:
		cm := cmdOf(n)
		switch cm.name {
		case "[", "test":
			ls := cm.argLits()
			for i := 0; i+1 < len(ls); i++ {
				switch ls[i] {
				case "-f", "-e", "-s", "-r", "-L":
					if w := cm.args[i+1]; t.isSubpath(w, fr) && t.markerLike(w) {
						return true
					}
				}
			}
		case "source", ".", "grep", "cat", "awk", "sed", "cut", "head", "tail", "jq":
			for _, w := range cm.args {
				if t.isSubpath(w, fr) && t.markerLike(w) {
					return true
				}
			}
		}
	case *syntax.UnaryTest:
		switch n.Op {
		case syntax.TsExists, syntax.TsRegFile, syntax.TsNoEmpty, syntax.TsRead, syntax.TsSmbLink:
			if w, ok := n.X.(*syntax.Word); ok && t.isSubpath(w, fr) && t.markerLike(w) {
				return true
			}
		}
	case *syntax.Redirect:
		return n.Op == syntax.RdrIn && n.Word != nil && t.isSubpath(n.Word, fr) && t.markerLike(n.Word)
	}
	return false
}

// decides reports whether a check's result decides something: it sits in
// a condition, && or ||, a command substitution or a function, or set -e
// is in force.
func (t *shTree) decides(n syntax.Node, chain []*syntax.Stmt) bool {
	if len(chain) > 0 || t.funcOf(n) != nil || t.errexitAt(n, chain) {
		return true
	}
	child := n
	for i := 0; i < maxWalkUp; i++ {
		p := t.parent[child]
		switch p := p.(type) {
		case nil, *syntax.File:
			return false
		case *syntax.CmdSubst:
			return true
		case *syntax.IfClause:
			if st, ok := child.(*syntax.Stmt); ok && inList(p.Cond, st) {
				return true
			}
		case *syntax.WhileClause:
			if st, ok := child.(*syntax.Stmt); ok && inList(p.Cond, st) {
				return true
			}
		case *syntax.BinaryCmd:
			if p.Op == syntax.AndStmt || p.Op == syntax.OrStmt {
				return true
			}
		case *syntax.Stmt:
			if p.Negated {
				return true
			}
		}
		child = p
	}
	return false
}

// request is a request call met by the trace.
type request struct {
	call *syntax.CallExpr
	idx  int
	loop bool
}

// checkPusher reports a pusher whose first request is not gated on the
// rig's marker and its running container.
func (c *Context) checkPusher(pass *analysis.Pass, w *window, calledByWindow bool) {
	t := w.t
	var reqs []request
	marker, running := -1, -1
	idx := 0
	visit := func(n syntax.Node, chain []*syntax.Stmt) {
		idx++
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			if is, viaX := t.isRequestCall(ce); is {
				reqs = append(reqs, request{ce, idx, viaX || t.inLoop(ce, chain)})
			}
			cm := cmdOf(ce)
			if cm.isRunningCheck() && t.decides(ce, chain) && running < 0 {
				running = idx
			}
			if t.funcFor(ce) == nil && libRunningCheck(w.s.LibFuncs[cm.name]) && t.decides(ce, chain) && running < 0 {
				running = idx // running "$name" || fail …, running() from lib/common.sh
			}
			if marker < 0 && t.funcFor(ce) == nil && t.libMarkerRead(w.s.LibFuncs[cm.name], ce) {
				marker = idx // preflight "$TAP", preflight() from lib/rig.sh reading "$1/.rig"
			}
			if t.funcFor(ce) == nil && gateHelperRE.MatchString(cm.name) {
				if marker < 0 {
					marker = idx
				}
				if running < 0 {
					running = idx
				}
			}
		}
		if marker < 0 && t.isMarkerRead(n) {
			marker = idx
		}
	}
	t.trace(func(n syntax.Node, chain []*syntax.Stmt) bool {
		visit(n, chain)
		return true
	})
	ordered := true
	if len(reqs) == 0 {
		// Requests only in code the trace does not reach: order unknown.
		ordered = false
		marker, running, idx = -1, -1, 0
		shwalk.Walk(t.file, func(n syntax.Node) bool {
			if n != nil {
				visit(n, nil)
			}
			return true
		})
	}
	if len(reqs) == 0 {
		return
	}
	many := len(reqs) > 1
	for _, r := range reqs {
		if r.loop {
			many = true
		}
	}
	if !many || !calledByWindow && !t.tiedToTap() {
		return
	}
	first := reqs[0]
	before := func(at int) bool { return at >= 0 && (!ordered || at < first.idx) }
	if before(marker) && before(running) {
		return
	}
	var what string
	switch {
	case !before(marker) && !before(running):
		what = "without checking the rig's marker file in the tap dir or that the container it names is running"
	case !before(marker):
		what = "without checking the rig's marker file in the tap dir"
	default:
		what = "checking the tap's marker but not that the container it names is running"
	}
	if marker > first.idx || running > first.idx {
		what += " before its first request"
	}
	start, end := t.off(first.call.Pos()), t.off(first.call.End())
	c.report(pass, diag{sev: Error, path: w.s.Path, start: start, end: end,
		msg: fmt.Sprintf("pushes into the calib tap with `%s` %s: %s", t.summary(first.call), what, lawMarker)})
}

// libRunningCheck reports whether a function of a sourced library answers
// with a liveness check of the rig: its last statement makes one
// (running() { [[ "$(docker inspect -f '{{.State.Running}}' "$1")" == true ]]; }),
// so its status is the check's. The library's body is not traced as the
// script's own functions are; only what decides its status counts.
func libRunningCheck(fd *syntax.FuncDecl) bool {
	if fd == nil || fd.Body == nil {
		return false
	}
	body := []*syntax.Stmt{fd.Body}
	for {
		b, ok := body[len(body)-1].Cmd.(*syntax.Block)
		if !ok || len(b.Stmts) == 0 {
			break
		}
		body = b.Stmts
	}
	last := body[len(body)-1]
	if last.Background || last.Negated {
		return false
	}
	found := false
	shwalk.Walk(last, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.CallExpr:
			if len(n.Args) > 0 && cmdOf(n).isRunningCheck() {
				found = true
			}
		}
		return !found
	})
	return found
}

// libMarkerRead reports whether a function of a sourced library, called
// by c with the tap dir among its arguments, reads the rig's marker
// through them (preflight() { local tap=$1; [[ -f $tap/.rig ]] || return
// 1; …; } in lib/rig.sh, called as preflight "$TAP"). The script's own
// functions are traced with $1… naming the tap when a call passes it; a
// library's body is not traced, so its marker read was not seen and the
// pusher was reported ungated. Its body is read here in a tree of its own
// in which the function is one called with the tap, the script's tap
// variables visible (the function runs in the script's shell).
func (t *shTree) libMarkerRead(fd *syntax.FuncDecl, c *syntax.CallExpr) bool {
	if fd == nil || fd.Body == nil || c == nil || len(c.Args) < 2 {
		return false
	}
	fr := t.frameAt(c)
	passes := false
	for _, w := range c.Args[1:] {
		passes = passes || t.refsTap(w, fr)
	}
	if !passes {
		return false
	}
	// maxInnerTree: no bash -c string of the library is parsed, its
	// positions being the library's, not the script's.
	lt := buildTree(t.s, &syntax.File{Stmts: []*syntax.Stmt{{Cmd: fd}}}, t.base, maxInnerTree, false, t)
	lt.tapFuncs[fd] = true
	lt.varKinds() // with $1… naming the tap
	found := false
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		if n == nil || found {
			return !found
		}
		if _, ok := n.(*syntax.FuncDecl); ok {
			return false
		}
		found = lt.isMarkerRead(n)
		return !found
	})
	return found
}
