package rules

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
)

// PhaseGate finds window scripts whose phases are not gated.
var PhaseGate = &analysis.Analyzer{
	Name: "phasegate",
	Doc: `a health wait with no hard timeout; a window phase whose failure falls through; a tap banked without checking both phases

Law 6 (a window script is gated): boot → health wait with a hard timeout →
push → stop → restore → bank the artifact only when both phases exited 0 and
the tap holds files. A failed phase must stop the script, not fall through
into the health wait.

A window script is recognised from its syntax tree, followed in execution
order through the script's functions (trap handlers are not followed). It
has all three of:
  - a boot: an engine invocation (docker run … IMAGE radiance serve …,
    vllm serve, python -m sglang.launch_server, …, or a function that
    forwards "$@" to one), or a call of another linted script that holds an
    engine invocation, or a call of a script (a path or *.sh) given a calib
    mode (calib*, *tap* unless tap is inside a word: tap, kl-tap) as its first argument, e.g. ./frank-archon.sh calib;
  - a health wait (below);
  - a push: a script function whose body sends requests or runs a pusher;
    an external command or script whose name has push, feed or send as a
    word (tap-push.sh, feed_corpus.py; notifiers such as notify-send or
    send_slack are not); a linted script that sends requests; or a loop
    that posts documents itself (such a loop counts for recognition only);
and it is tied to a calibration tap: it banks the tap (below), expands a tap
variable or RADIANCE_CALIB_*, writes a path through a tap dir (/taps/…), or
hands a calib mode to a script. Launchers that only boot an engine, and
benchmark scripts that boot, wait and send load, are never window scripts.

(a) health wait, warning, in window scripts only: an until or
while loop whose condition probes an endpoint (until curl …, while ! nc -z …,
while [ "$(curl …)" != 200 ], or a function that does), or a while-true loop
whose body breaks out when a probe succeeds, with no hard timeout. A hard
timeout is any of: the loop runs inside timeout N bash -c '…'; its condition
tests a counter the loop changes (n++, n=$((n+1))) or a clock ($SECONDS,
$EPOCHSECONDS, a variable from $(date +%s)); its body (or a function it
calls) leaves the loop (break, exit, return, a die helper) when such a test
says so; it is a for loop over a list or with a C-style bound; its
function is run by timeout N bash -c 'f' (export -f f). Probes are curl,
wget, httpie, nc, socat, grpcurl, python -c with urllib/requests and
/dev/tcp; a curl or wget whose URLs are all literal and on a public host
(a download retried until it succeeds) is not a probe. A plain launcher's
endless health wait is left alone: a person watches it, and public launch
scripts are full of them. It is a warning: the script still works when the
rig comes up.

(b) phase status, error, in window scripts only: a boot (the boots before
the first push; later ones restore the service) or a push whose failure
falls through. The status is followed up the tree and through the calls
that reached the phase. It counts as checked when set -e (set -o errexit,
set -euo pipefail, a -e shebang) is in force at the statement (tracked by
statement order at top level and in functions, set +e undoing it; as in
bash, set -e does not act in code run from an if or while condition, from
the left of && or ||, or under !), when if, while, && or || examines it
(|| true, || :, || echo or || a logging function swallow it), when the next
statement reads $? or PIPESTATUS, when v=$(P) is followed by a test of v,
or when it is the last statement of a function (or block) whose own status
is checked. It is lost when the phase is piped into another command without
pipefail, or when local/declare/export masks it (local v=$(P)). A boot
started in the background (&) or a detached container (docker run -d) must
have its death checked by the health wait that follows: kill -0, wait -n,
ps -p, pgrep, docker inspect/ps, or a /proc test in the loop, or, for a
health wait run in the background too, a wait -n "$boot" "$health" that
awaits both (whichever ends first decides) and whose failure is checked
or stops the script (not wait -n "$boot" "$health" || true). A push
started in the background must be collected with wait "$pid" and checked.
A push inside a loop (one call per shard) and an exec'd phase are not
checked.

(c) banking, error, in window scripts only: a cp, mv, rsync, scp, tar -c,
aws s3 cp/mv/sync, gsutil, gcloud storage, rclone or s3cmd whose source is
the tap, after the first push. The tap is RADIANCE_CALIB_DIR, a variable
named like TAP, TAP_DIR, CALIB_DIR or *_TAP, a literal path through a dir
named taps, tap-* or *-tap, a variable assigned a path built on those, or
$1… in a function called with one. It is guarded when the conditions that
must hold for it to run (the ifs and && lists around it, and the gates
before it: if …; then exit/return; fi, COND || exit, or a bare test under
set -e, also at the top of a helper function called before it) check:
  - both phases, unless set -e is in force at the bank: each boot and push
    either stops the script on failure (|| exit, || die, if ! P; then exit;
    fi, $? tested by a gate right after it), or runs inside a guard (if
    push; then … bank), or its status variable is tested (rc=$? after it,
    || rc=$?, a variable its own function sets, the wait "$pid" of a
    background push). A boot also counts as checked when the health wait
    after it checks its liveness (background boot), or has a hard timeout
    whose expiry ends the script (or fails a call that does): reaching the
    bank then proves the rig answered;
  - that the tap holds files: a listing of the tap in a guard ([ -n
    "$(ls -A "$TAP")" ], compgen -G "$TAP/*", find "$TAP" -type f | grep -q .,
    du -sb), a -s test of the tap or a -s/-f/-e test of a file in it other
    than the marker, a variable holding such a listing or a glob of the
    tap, or a helper called with the tap that does one of those.

No suggested fixes: what the gate should do on failure is the author's.`,
	Requires: []*analysis.Analyzer{Model, Windows},
	Run:      runPhaseGate,
}

// The law as the messages cite it.
const (
	lawTimeout = "a window script waits for health with a hard timeout (law 6)"
	lawPhase   = "a failed phase must stop the script, not fall through into the next (law 6)"
	lawBank    = "a window script banks the artifact only when both phases exited 0 and the tap holds files (law 6)"
)

type evKind int

const (
	evBoot evKind = iota
	evHealth
	evPush
	evBank
	evWait
)

// phaseEvent is one step of a window met by the trace.
type phaseEvent struct {
	kind evKind
	// stmt is the statement in the script's tree (for a health wait in a
	// bash -c string, the statement running it).
	stmt  *syntax.Stmt
	call  *syntax.CallExpr
	chain []*syntax.Stmt
	loop  *healthLoop
	// detached is docker run -d; inline a push inside a loop.
	detached, inline bool
	idx              int
}

// window is what the trace of one script found.
type window struct {
	u      *parser.Unit
	s      *parser.Script
	t      *shTree
	events []*phaseEvent
	// boots are the rig boots (before the first push), pushes the push
	// phases, banks the copies of the tap after the first push.
	boots, pushes, banks, health, waits []*phaseEvent
	firstPush                           int
	isWindow                            bool
	fates                               map[*phaseEvent]fate
	// sends caches whether a linted script sends requests; pushFn whether
	// a function pushes.
	sends  map[*parser.Script]bool
	pushFn map[*syntax.FuncDecl]bool
	// mu is held by a rule while it reads the window: the answers above
	// and the tree's are memoised on first use, and phasegate and
	// tapmarker run at once.
	mu sync.Mutex
}

// probePrograms are the commands a health wait or a pusher needs at least
// one of.
var probePrograms = []string{"curl", "curlie", "wget", "http", "https", "xh", "nc", "ncat", "netcat", "socat", "grpcurl", "python", "python3", "xargs", "parallel", "timeout"}

// mayProbe reports whether a script runs any probe program (or talks to
// /dev/tcp), without which it can be neither a window script nor a pusher.
func mayProbe(s *parser.Script) bool {
	names := s.CommandNames()
	for _, p := range probePrograms {
		if names[p] {
			return true
		}
	}
	for n := range names {
		if strings.HasPrefix(n, "python") {
			return true
		}
	}
	return bytes.Contains(s.Src, []byte("/dev/tcp/"))
}

// chainKey identifies a chain of call statements by their positions.
func chainKey(chain []*syntax.Stmt) string {
	var sb strings.Builder
	for _, st := range chain {
		fmt.Fprintf(&sb, "%d,", st.Pos().Offset())
	}
	return sb.String()
}

// analyzeWindow traces a script and classifies its steps; nil when the
// script did not parse.
func analyzeWindow(u *parser.Unit, s *parser.Script) *window {
	if !mayProbe(s) {
		// No health wait and no request can be written without a probe
		// program: skip the trace (most launchers).
		return nil
	}
	t := newTree(s)
	if t == nil {
		return nil
	}
	w := &window{u: u, s: s, t: t, firstPush: -1, fates: map[*phaseEvent]fate{}, sends: map[*parser.Script]bool{}}
	seen := map[[3]any]bool{}
	add := func(e *phaseEvent) {
		key := [3]any{e.kind, syntax.Node(e.stmt), ""}
		if e.loop != nil {
			key[1] = e.loop.node
			// A health wait reached again through other calls is the wait
			// that follows the boot before those calls too (wait_healthy
			// after the calib boot, then after the restore's): kept once,
			// healthAfter found none after the second boot.
			key[2] = chainKey(e.chain)
		}
		if seen[key] {
			return // the same step reached again through another call
		}
		seen[key] = true
		e.idx = len(w.events)
		w.events = append(w.events, e)
	}
	t.trace(func(n syntax.Node, chain []*syntax.Stmt) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			st := t.stmtOf(n)
			if st == nil || len(n.Args) == 0 {
				return true
			}
			cm := cmdOf(n)
			if w.isPush(cm, n) {
				add(&phaseEvent{kind: evPush, stmt: st, call: n, chain: chain, inline: t.inLoop(n, chain)})
				return false
			}
			if inv := t.invs[n]; inv != nil && !versionOnly(inv) {
				add(&phaseEvent{kind: evBoot, stmt: st, call: n, chain: chain, detached: detachedRun(inv)})
			} else if w.isBootScript(cm) {
				add(&phaseEvent{kind: evBoot, stmt: st, call: n, chain: chain})
			}
			if t.isBank(cm, t.frameAt(n)) {
				add(&phaseEvent{kind: evBank, stmt: st, call: n, chain: chain})
			}
			if cm.name == "wait" {
				add(&phaseEvent{kind: evWait, stmt: st, call: n, chain: chain})
			}
			if it := t.inner[n]; it != nil {
				for _, h := range it.healthLoops() {
					add(&phaseEvent{kind: evHealth, stmt: st, call: n, chain: chain, loop: h})
				}
			}
		case *syntax.WhileClause, *syntax.ForClause:
			st := t.stmtOf(n)
			if st == nil {
				return true
			}
			if h := t.healthLoopOf(n); h != nil {
				add(&phaseEvent{kind: evHealth, stmt: st, chain: chain, loop: h})
			} else if t.postsInBody(n) {
				add(&phaseEvent{kind: evPush, stmt: st, chain: chain, inline: true})
			}
		}
		return true
	})
	for _, e := range w.events {
		if e.kind == evPush && w.firstPush < 0 {
			w.firstPush = e.idx
		}
	}
	for _, e := range w.events {
		switch e.kind {
		case evBoot:
			if w.firstPush >= 0 && e.idx < w.firstPush {
				w.boots = append(w.boots, e)
			}
		case evPush:
			w.pushes = append(w.pushes, e)
		case evBank:
			if w.firstPush >= 0 && e.idx > w.firstPush {
				w.banks = append(w.banks, e)
			}
		case evHealth:
			w.health = append(w.health, e)
		case evWait:
			w.waits = append(w.waits, e)
		}
	}
	w.isWindow = len(w.boots) > 0 && len(w.health) > 0 && len(w.pushes) > 0 && (len(w.banks) > 0 || t.mentionsTap())
	return w
}

// mentionsTap reports whether a script is tied to a calibration tap: it
// expands a tap variable, writes a path through a tap dir (/taps/…) or
// RADIANCE_CALIB_*, or hands a calib mode (calibArgRE) to a script.
func (t *shTree) mentionsTap() bool {
	found := false
	shwalk.Walk(t.file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param != nil && (tapNameRE.MatchString(n.Param.Value) || strings.HasPrefix(n.Param.Value, "RADIANCE_CALIB")) {
				found = true
			}
		case *syntax.Word:
			if litTapPath(n) || strings.Contains(wordSource(n), "RADIANCE_CALIB") {
				found = true
			}
		case *syntax.Assign:
			if n.Name != nil && strings.HasPrefix(n.Name.Value, "RADIANCE_CALIB") {
				found = true
			}
		case *syntax.CallExpr:
			cm := cmdOf(n)
			if cm.call != nil && len(n.Args) > 0 && (cm.script != "" || isScriptWord(cm.word())) {
				for _, a := range cm.argLits() {
					if !strings.HasPrefix(a, "-") {
						if calibArgRE.MatchString(a) {
							found = true
						}
						break
					}
				}
			}
		}
		return !found
	})
	return found
}

// versionOnly reports whether an engine invocation only asks for its
// version or help (radiance --version): not a boot.
func versionOnly(inv *parser.Invocation) bool {
	for i := inv.Engine.ArgStart; i >= 0 && i < len(inv.Args); i++ {
		switch inv.Args[i].Sketch {
		case "--version", "-V", "--help", "-h", "version", "help":
			return true
		}
	}
	return false
}

// detachedRun reports whether an engine invocation is docker run -d.
func detachedRun(inv *parser.Invocation) bool {
	d := inv.Engine.Docker
	if d == nil {
		return false
	}
	for i := 0; i < d.Image && i < len(inv.Args); i++ {
		if detachRE.MatchString(inv.Args[i].Sketch) {
			return true
		}
	}
	return false
}

var detachRE = lazy(`^(--detach(=true)?|-[itP]*d[itP]*)$`)

// pushRE matches program names that push: push, feed or send as a word.
var pushRE = lazy(`(?i)(^|[^a-z])(push|feed|send)(er|ers|ing|s)?([^a-z]|$)`)

// notPushRE matches names that send something other than documents.
var notPushRE = lazy(`(?i)slack|mail|notif|alert|msg|message|telegram|discord|webhook|metric|stats|log|event|pager|heartbeat|image|git|docker|signal`)

func pushName(n string) bool { return n != "" && pushNames.is(n) }

// pushNames remembers pushName's answer per command name: two regexps per
// command the trace meets were 2% of the CPU on 1,600 repos.
var pushNames = newNamePred(func(n string) bool { return pushRE.MatchString(n) && !notPushRE.MatchString(n) })

// isPush reports whether a call runs a push phase.
func (w *window) isPush(cm cmd, c *syntax.CallExpr) bool {
	t := w.t
	if fd := t.funcFor(c); fd != nil {
		if w.pushFn == nil {
			w.pushFns()
		}
		return w.pushFn[fd]
	}
	return w.isExternalPush(cm)
}

// pushFns finds the script functions that are a push phase: those that
// send a request or run an external pusher, themselves or through the
// functions they call, and that neither boot, wait for health nor bank (an
// orchestrating main() is traced into, not taken for a push). The flags
// are propagated from callees to callers to a fixed point, so the cost
// stays linear in the script.
func (w *window) pushFns() {
	t := w.t
	w.pushFn = map[*syntax.FuncDecl]bool{}
	callers := map[*syntax.FuncDecl][]*syntax.FuncDecl{}
	pushes, others := map[*syntax.FuncDecl]bool{}, map[*syntax.FuncDecl]bool{}
	var pushWork, otherWork []*syntax.FuncDecl
	for _, fd := range t.funcs {
		push, other := false, false
		shwalk.Walk(fd.Body, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.WhileClause, *syntax.ForClause:
				if t.healthLoopOf(n) != nil {
					other = true
				}
			case *syntax.CallExpr:
				if len(n.Args) == 0 {
					return true
				}
				if g := t.funcFor(n); g != nil {
					callers[g] = append(callers[g], fd)
					return true
				}
				km := cmdOf(n)
				switch {
				case t.invs[n] != nil || w.isBootScript(km) || t.isBank(km, t.frameAt(n)) || t.inner[n] != nil:
					other = true
				case km.isRequest(heredocOf(t, n)) || w.isExternalPush(km):
					push = true
				}
			}
			return true
		})
		if push {
			pushes[fd] = true
			pushWork = append(pushWork, fd)
		}
		if other {
			others[fd] = true
			otherWork = append(otherWork, fd)
		}
	}
	spread := func(set map[*syntax.FuncDecl]bool, work []*syntax.FuncDecl) {
		for len(work) > 0 {
			fd := work[len(work)-1]
			work = work[:len(work)-1]
			for _, c := range callers[fd] {
				if !set[c] {
					set[c] = true
					work = append(work, c)
				}
			}
		}
	}
	spread(pushes, pushWork)
	spread(others, otherWork)
	for fd := range pushes {
		if !others[fd] {
			w.pushFn[fd] = true
		}
	}
}

// isExternalPush reports whether a program or script pushes, by name or
// because it is a linted script that sends requests.
func (w *window) isExternalPush(cm cmd) bool {
	if pushName(cm.name) || pushName(cm.script) {
		return true
	}
	base := cm.name
	if cm.script != "" {
		base = cm.script
	}
	s2 := scriptNamed(w.u, w.s, base)
	if s2 == nil || len(s2.Invocations) > 0 {
		return false
	}
	sends, ok := w.sends[s2]
	if !ok {
		t2 := newTree(s2)
		sends = t2 != nil && t2.sendsRequests()
		w.sends[s2] = sends
	}
	return sends
}

// isBootScript reports whether a call runs another script that boots.
func (w *window) isBootScript(cm cmd) bool {
	if cm.call == nil {
		return false
	}
	base, word := cm.name, cm.word()
	if cm.script != "" {
		base = cm.script
	} else if word == nil || !isScriptWord(word) {
		return false
	}
	if base == "" {
		return false
	}
	if s2 := scriptNamed(w.u, w.s, base); s2 != nil {
		return len(s2.Invocations) > 0
	}
	args := cm.argLits()
	if cm.script != "" {
		for i, a := range cm.args {
			if wordName(a) == cm.script {
				args = args[i+1:]
				break
			}
		}
	}
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		return calibArgRE.MatchString(a)
	}
	return false
}

// word returns the program's word.
func (c cmd) word() *syntax.Word {
	if c.call == nil {
		return nil
	}
	i := len(c.call.Args) - len(c.args) - 1
	if i < 0 || i >= len(c.call.Args) {
		return nil
	}
	return c.call.Args[i]
}

// heredocOf returns the text of the here-documents fed to a call.
func heredocOf(t *shTree, c *syntax.CallExpr) string {
	st := t.stmtOf(c)
	if st == nil {
		return ""
	}
	var sb strings.Builder
	for _, r := range st.Redirs {
		if r != nil && r.Hdoc != nil {
			sb.WriteString(t.text(r.Hdoc))
		}
	}
	return sb.String()
}

// sendsRequests reports whether a script posts documents anywhere.
func (t *shTree) sendsRequests() bool {
	found := false
	shwalk.Walk(t.file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 && cmdOf(c).isRequest(heredocOf(t, c)) {
			found = true
		}
		return !found
	})
	return found
}

// postsInBody reports whether a loop's body posts documents itself.
func (t *shTree) postsInBody(loop syntax.Node) bool {
	return t.regionHas(stmtNodes(parser.LoopBody(loop)), func(n syntax.Node, _ *frame) bool {
		c, ok := n.(*syntax.CallExpr)
		return ok && len(c.Args) > 0 && cmdOf(c).isRequest(heredocOf(t, c))
	})
}

// isBank reports whether a command copies the tap somewhere: cp, mv,
// rsync, scp, tar -c, aws s3, gsutil, gcloud storage, rclone, s3cmd.
func (t *shTree) isBank(c cmd, fr *frame) bool {
	ls := c.argLits()
	var srcs []*syntax.Word
	positional := func(from int, skipValued string) []int {
		var out []int
		for i := from; i < len(ls); i++ {
			a := ls[i]
			if a == "--" {
				continue
			}
			if strings.HasPrefix(a, "-") && a != parser.Unknown {
				if strings.Contains(" "+skipValued+" ", " "+a+" ") {
					i++
				}
				continue
			}
			out = append(out, i)
		}
		return out
	}
	allButLast := func(idx []int) {
		for k, i := range idx {
			if k < len(idx)-1 {
				srcs = append(srcs, c.args[i])
			}
		}
	}
	subAt := func(names ...string) int {
		for i, a := range ls {
			if strings.HasPrefix(a, "-") {
				continue
			}
			for _, n := range names {
				if a == n {
					return i
				}
			}
			return -1
		}
		return -1
	}
	switch c.name {
	case "cp", "mv", "rsync", "scp":
		idx := positional(0, "-t --target-directory -e --rsh -P --exclude --include --filter -f")
		if c.has("-t") {
			for _, i := range idx {
				srcs = append(srcs, c.args[i])
			}
		} else {
			allButLast(idx)
		}
	case "tar":
		create := false
		for i, a := range ls {
			if a == "--create" || (strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") || i == 0 && !strings.HasPrefix(a, "-")) && strings.Contains(a, "c") && a != parser.Unknown {
				create = true
			}
		}
		if !create {
			return false
		}
		for i := 0; i < len(ls); i++ {
			a := ls[i]
			if a == "-f" || a == "--file" || (!strings.HasPrefix(a, "--") && strings.HasSuffix(a, "f") && a != parser.Unknown && i+1 < len(ls) && (strings.HasPrefix(a, "-") || i == 0)) {
				i++
				continue
			}
			if strings.HasPrefix(a, "--file=") {
				continue
			}
			srcs = append(srcs, c.args[i])
		}
	case "aws":
		if len(ls) > 1 && ls[0] == "s3" && (ls[1] == "cp" || ls[1] == "mv" || ls[1] == "sync") {
			if idx := positional(2, "--exclude --include --storage-class --profile --region"); len(idx) > 0 {
				srcs = append(srcs, c.args[idx[0]])
			}
		}
	case "gsutil", "s3cmd":
		if i := subAt("cp", "mv", "rsync", "put", "sync"); i >= 0 {
			allButLast(positional(i+1, "-x -z -h"))
		}
	case "gcloud":
		if len(ls) > 1 && ls[0] == "storage" && (ls[1] == "cp" || ls[1] == "mv" || ls[1] == "rsync") {
			allButLast(positional(2, ""))
		}
	case "rclone":
		if i := subAt("copy", "sync", "move", "copyto", "moveto"); i >= 0 {
			if idx := positional(i+1, "--exclude --include --filter"); len(idx) > 0 {
				srcs = append(srcs, c.args[idx[0]])
			}
		}
	}
	for _, w := range srcs {
		if t.refsTap(w, fr) {
			return true
		}
	}
	return false
}

func runPhaseGate(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	ws := c.windowsOf(pass, func(w *window) bool { return w.isWindow })
	c.eachWindow(pass, ws, func(pass *analysis.Pass, _ int, w *window) {
		c.reportTimeouts(pass, w)
		c.reportPhases(pass, w)
		c.reportBanks(pass, w)
	})
	return nil, nil
}

// windowsOf returns the windows (pass.ResultOf[Windows]) that keep says to,
// in the order of the unit's scripts.
func (c *Context) windowsOf(pass *analysis.Pass, keep func(w *window) bool) []*window {
	windows := pass.ResultOf[Windows].(map[*parser.Script]*window)
	var out []*window
	for _, s := range c.Unit.Scripts {
		if w := windows[s]; w != nil && keep(w) {
			out = append(out, w)
		}
	}
	return out
}

// eachWindow calls f for each window, holding its lock, c.Jobs windows at
// a time; what f reports reaches pass in the windows' order, as if they had
// been gone through one by one (the trace of a run on 1,600 repos: phasegate
// and tapmarker, one window after another, were the last 40 ms of the run
// on one core).
func (c *Context) eachWindow(pass *analysis.Pass, ws []*window, f func(pass *analysis.Pass, i int, w *window)) {
	diags := make([][]analysis.Diagnostic, len(ws))
	warm.Each(len(ws), c.Jobs, func(i int) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) { diags[i] = append(diags[i], d) }
		ws[i].locked(func() { f(&p, i, ws[i]) })
	})
	for _, ds := range diags {
		for _, d := range ds {
			pass.Report(d)
		}
	}
}

// locked runs f holding the window's mutex, released even when f panics
// (the driver turns a rule's panic into its error; the other rule must not
// then wait forever).
func (w *window) locked(f func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f()
}

// bootsAnywhere reports whether the script boots an engine anywhere: an engine
// invocation, or a call of a script that boots (also in functions the
// trace did not reach).
func (w *window) bootsAnywhere() bool {
	if len(w.s.Invocations) > 0 {
		return true
	}
	for _, e := range w.events {
		if e.kind == evBoot {
			return true
		}
	}
	found := false
	shwalk.Walk(w.t.file, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 && w.isBootScript(cmdOf(c)) {
			found = true
		}
		return !found
	})
	return found
}

// loopHeader returns the span and text of a loop's head (`until …; do`).
func loopHeader(h *healthLoop) (int, int, string) {
	t := h.t
	var start, end syntax.Pos
	switch l := h.node.(type) {
	case *syntax.WhileClause:
		start, end = l.WhilePos, l.DoPos
	case *syntax.ForClause:
		start, end = l.ForPos, l.DoPos
	default:
		return 0, 0, ""
	}
	s, e := t.off(start), t.off(end)
	if e <= s {
		e = t.off(h.node.End())
	}
	text := strings.TrimSpace(t.s.Text(s, e))
	text = strings.TrimSpace(strings.TrimSuffix(text, ";"))
	text = strings.Join(strings.Fields(strings.ReplaceAll(text, "\\\n", " ")), " ")
	if r := []rune(text); len(r) > 60 {
		text = string(r[:59]) + "…"
	}
	return s, e, text
}

// reportTimeouts reports (a): health waits with no hard timeout.
func (c *Context) reportTimeouts(pass *analysis.Pass, w *window) {
	for _, h := range w.t.healthLoops() {
		if h.bounded {
			continue
		}
		s, e, text := loopHeader(h)
		c.report(pass, diag{sev: Warning, path: w.s.Path, start: s, end: e,
			msg: fmt.Sprintf("health wait `%s` has no hard timeout: no deadline or counter is checked in the loop and no `timeout` wraps it, so a rig that never answers hangs the script; %s", text, lawTimeout)})
	}
}

// fateOf returns (and remembers) where a phase's status goes.
func (w *window) fateOf(e *phaseEvent) fate {
	if f, ok := w.fates[e]; ok {
		return f
	}
	f := w.t.fateOf(e.stmt, e.chain)
	w.fates[e] = f
	return f
}

// healthAfter returns the first health wait after an event.
func (w *window) healthAfter(e *phaseEvent) *phaseEvent {
	for _, h := range w.health {
		if h.idx > e.idx {
			return h
		}
	}
	return nil
}

// waitFate returns the fate of the `wait "$pid"` that collects a
// background phase, false when none does.
func (w *window) waitFate(e *phaseEvent, f fate) (fate, bool) {
	t := w.t
	next := t.nextStmt(f.at)
	if next == nil {
		return fate{}, false
	}
	pids := map[string]bool{}
	shwalk.Walk(next, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.Assign); ok && a.Name != nil && a.Value != nil && refsName(a.Value, "!") {
			pids[a.Name.Value] = true
		}
		return true
	})
	if len(pids) == 0 {
		return fate{}, false
	}
	for _, wt := range w.waits {
		if wt.idx <= e.idx {
			continue
		}
		refs := false
		for _, a := range wt.call.Args[1:] {
			for p := range pids {
				if refsName(a, p) {
					refs = true
				}
			}
		}
		if refs {
			return w.fateOf(wt), true
		}
	}
	return fate{}, false
}

// pidsAfter returns the variables the statement after st assigns $! to
// (boot … & then pid=$!).
func (w *window) pidsAfter(st *syntax.Stmt) map[string]bool {
	next := w.t.nextStmt(st)
	if next == nil {
		return nil
	}
	pids := map[string]bool{}
	shwalk.Walk(next, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.Assign); ok && a.Name != nil && a.Value != nil && refsName(a.Value, "!") {
			pids[a.Name.Value] = true
		}
		return true
	})
	return pids
}

// waitsEither reports whether a boot run in the background at bootAt and
// the health wait h, run in the background too, are awaited together by
// a `wait -n "$boot" "$health"` after both whose failure is not lost
// (checked, or stopping the script): whichever ends first decides, so a
// boot that dies ends the wait with its status (a liveness check of the
// boot); `wait -n "$boot" "$health" || true` checks nothing.
func (w *window) waitsEither(bootAt *syntax.Stmt, h *phaseEvent) bool {
	if bootAt == nil || h.stmt == nil || !h.stmt.Background {
		return false
	}
	boots, healths := w.pidsAfter(bootAt), w.pidsAfter(h.stmt)
	if len(boots) == 0 || len(healths) == 0 {
		return false
	}
	refs := func(args []*syntax.Word, pids map[string]bool) bool {
		for _, a := range args {
			for p := range pids {
				if refsName(a, p) {
					return true
				}
			}
		}
		return false
	}
	for _, wt := range w.waits {
		if wt.idx <= h.idx || !cmdOf(wt.call).has("-n") {
			continue
		}
		// A boot that dies ends the wait with its status: a wait -n whose
		// failure falls through (|| true) checks nothing.
		if args := wt.call.Args[1:]; refs(args, boots) && refs(args, healths) && w.fateOf(wt).kind != fateLost {
			return true
		}
	}
	return false
}

// phaseText names a phase for messages: the statement where its status is
// lost, and what it runs when that is a call of a function.
func (w *window) phaseText(e *phaseEvent, at *syntax.Stmt) string {
	t := w.t
	if at == nil || at == e.stmt {
		return fmt.Sprintf("`%s`", t.summary(e.stmt))
	}
	return fmt.Sprintf("`%s` (it runs `%s`, line %d)", t.summary(at), t.summary(e.stmt), t.line(e.stmt))
}

// reportPhases reports (b): boots and pushes whose failure falls through.
func (c *Context) reportPhases(pass *analysis.Pass, w *window) {
	t := w.t
	done := map[int]bool{}
	report := func(at *syntax.Stmt, msg string) {
		off := t.off(at.Pos())
		if done[off] {
			return
		}
		done[off] = true
		c.report(pass, diag{sev: Error, path: w.s.Path, start: off, end: t.off(at.End()), msg: msg})
	}
	lost := func(what, next string, e *phaseEvent, f fate) {
		text := w.phaseText(e, f.at)
		if strings.HasPrefix(f.why, "`||") {
			report(f.at, fmt.Sprintf("%s %s: %s, so a failed %s falls through into %s; %s", what, text, f.why, what, next, lawPhase))
			return
		}
		if strings.HasPrefix(f.why, "it is piped") || strings.HasPrefix(f.why, "`local`") {
			report(f.at, fmt.Sprintf("%s %s is not checked: %s, so a failed %s falls through into %s; %s", what, text, f.why, what, next, lawPhase))
			return
		}
		report(f.at, fmt.Sprintf("%s %s is not checked: no set -e is in force, no ||, && or if examines it and $? is not kept, so a failed %s falls through into %s; %s", what, text, what, next, lawPhase))
	}
	for _, e := range w.boots {
		if cm := cmdOf(e.call); cm.exec {
			continue
		}
		f := w.fateOf(e)
		if f.kind == fateLost {
			lost("boot", "the health wait", e, f)
			continue
		}
		if f.kind != fateBackground && !e.detached {
			continue
		}
		h := w.healthAfter(e)
		if h != nil && (h.loop.liveness || f.kind == fateBackground && w.waitsEither(f.at, h)) {
			continue
		}
		how := "runs in the background"
		at := f.at
		if f.kind != fateBackground {
			how, at = "detaches its container (docker run -d)", e.stmt
		}
		where := "no health wait after it checks that it is still alive"
		if h != nil {
			where = fmt.Sprintf("the health wait at line %d never checks that it is still alive (kill -0, wait -n, docker inspect)", h.loop.t.line(h.loop.node))
		}
		report(at, fmt.Sprintf("boot %s %s and %s, so a boot that dies falls through into the wait; %s", w.phaseText(e, at), how, where, lawPhase))
	}
	for _, e := range w.pushes {
		if e.inline || e.call == nil {
			continue
		}
		f := w.fateOf(e)
		switch f.kind {
		case fateLost:
			lost("push", "stop, restore and banking", e, f)
		case fateBackground:
			if wf, ok := w.waitFate(e, f); ok && wf.kind != fateLost {
				continue
			}
			report(f.at, fmt.Sprintf("push %s runs in the background and its status is never collected (wait \"$pid\" with a check), so a failed push falls through into banking; %s", w.phaseText(e, f.at), lawPhase))
		}
	}
}

// assignedVars returns the variables a function (and what it calls)
// assigns.
func (t *shTree) assignedVars(fd *syntax.FuncDecl) map[string]bool {
	out := map[string]bool{}
	if fd == nil {
		return out
	}
	t.walkRegion([]syntax.Node{fd.Body}, func(n syntax.Node, _ *frame) bool {
		if a, ok := n.(*syntax.Assign); ok && a.Name != nil {
			out[a.Name.Value] = true
		}
		return true
	})
	return out
}

// phaseChecked reports whether a phase's success is established where the
// bank runs.
func (w *window) phaseChecked(p, bank *phaseEvent, guards []syntax.Node) bool {
	t := w.t
	f := w.fateOf(p)
	if f.kind == fateStops {
		return true
	}
	bankOff := t.off(bank.stmt.Pos())
	for _, ex := range f.examiners {
		if t.spanHas(ex, bankOff) {
			return true
		}
	}
	phaseStmts := append([]*syntax.Stmt{p.stmt}, p.chain...)
	for _, g := range guards {
		for _, st := range phaseStmts {
			if t.spanHas(g, t.off(st.Pos())) {
				return true
			}
		}
	}
	vars := map[string]bool{}
	for k := range f.vars {
		vars[k] = true
	}
	// Variables set inside the phase's own functions (not those that also
	// hold the bank).
	inBank := map[*syntax.Stmt]bool{}
	for _, st := range bank.chain {
		inBank[st] = true
	}
	for _, st := range phaseStmts {
		if inBank[st] {
			continue
		}
		if ce, ok := st.Cmd.(*syntax.CallExpr); ok {
			for k := range t.assignedVars(t.funcFor(ce)) {
				vars[k] = true
			}
		}
	}
	if f.kind == fateBackground {
		if wf, ok := w.waitFate(p, f); ok {
			if wf.kind == fateStops {
				return true
			}
			for k := range wf.vars {
				vars[k] = true
			}
			for _, ex := range wf.examiners {
				if t.spanHas(ex, bankOff) {
					return true
				}
			}
		}
	}
	if t.refsAny(guards, vars) {
		return true
	}
	if p.kind == evBoot {
		if h := w.healthAfter(p); h != nil && ((f.kind == fateBackground || p.detached) && h.loop.liveness || w.healthStops(h)) {
			return true
		}
	}
	return false
}

// healthStops reports whether a health wait ends the script when its
// deadline passes: then reaching the bank proves the boot answered.
func (w *window) healthStops(h *phaseEvent) bool {
	hl := h.loop
	switch {
	case hl == nil || !hl.bounded:
		return false
	case hl.onTimeout == outStop:
		return true
	}
	st, chain := h.stmt, h.chain
	if hl.onTimeout == outReturn && hl.t == w.t && len(chain) > 0 {
		st, chain = chain[len(chain)-1], chain[:len(chain)-1]
	}
	return w.t.fateOf(st, chain).kind == fateStops
}

// reportBanks reports (c): the tap banked without both phases' success and
// a check that it holds files.
func (c *Context) reportBanks(pass *analysis.Pass, w *window) {
	t := w.t
	done := map[int]bool{}
	for _, b := range w.banks {
		off := t.off(b.stmt.Pos())
		if done[off] {
			continue
		}
		done[off] = true
		guards := t.guardsOf(b.stmt, b.chain)
		setE := t.errexitAt(b.stmt, b.chain)
		var missing []string
		if !setE {
			for _, kind := range []evKind{evBoot, evPush} {
				phases, name := w.boots, "the boot's exit status"
				if kind == evPush {
					phases, name = w.pushes, "the push's exit status"
				}
				for _, p := range phases {
					if p.inline || p.call == nil {
						continue
					}
					if !w.phaseChecked(p, b, guards) {
						missing = append(missing, name)
						break
					}
				}
			}
		}
		if !t.checksTapFiles(guards) {
			missing = append(missing, "that the tap holds files")
		}
		if len(missing) == 0 {
			continue
		}
		c.report(pass, diag{sev: Error, path: w.s.Path, start: off, end: t.off(b.stmt.End()),
			msg: fmt.Sprintf("banks the tap with `%s` without checking %s; %s", t.summary(b.call), joinAnd(missing), lawBank)})
	}
}

// joinAnd joins phrases with commas and a final "or".
func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
