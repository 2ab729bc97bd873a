package dryrun

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Host file tests.
//
// A launch script checks the host before it boots: `[[ -d "$MODEL_PATH" ]]
// || { echo "no model" >&2; exit 1; }`, `[ -f "$CONFIG" ] || die`. The
// sandbox sees no host file (a path outside the tree does not exist), so
// such a guard ended every mode before the engine, and no argv was
// compared. On the machine the script boots on, the guard passes.
//
// Eval runs the script as it always did first. Only when that run ends
// before an engine invocation, having asked about a path outside the tree,
// does it run a copy in which the operand of every file test (-e -a -f -d
// -s -r -w -x, and -S -c -b -p for a socket, a device or a pipe, such as
// [ -S /var/run/docker.sock ] or [[ -c /dev/nvidiactl ]]; in [[ ]], [ ] and
// test) carries a mark naming the operator;
// the stat handler then knows which test asks about which host path. The
// last host path such a test found missing before the run ended is assumed
// to exist, as the operator wants it (a directory for -d, a file
// otherwise), and the copy runs again; up to maxAssumed paths, one guard
// after another. A run that then reaches the engine is the mode's argv,
// with a note per assumed path. One that does not leaves the first run's
// answer. A test the boot path needs false (`[[ -e $PIDFILE ]] && exit 1`)
// is answered as before: a missing path never stopped the run.

// maxAssumed bounds the host paths assumed for one mode (each is a run).
const maxAssumed = 4

// hostMark opens the mark put in front of a file test's operand: the
// operator's letter follows, then hostMarkEnd. No '/' is in the mark, so
// interp's absPath keeps it as one element of the joined path. (Not a NUL
// byte, which interp's expansion drops.)
const (
	hostMark    = "\x01servelint-test:"
	hostMarkEnd = "\x01"
)

// hostOps are the file test operators whose operand is marked, by their
// letter in the mark.
var hostOps = map[syntax.UnTestOperator]byte{
	syntax.TsExists: 'e', syntax.TsRegFile: 'f', syntax.TsDirect: 'd', syntax.TsNoEmpty: 's',
	syntax.TsRead: 'r', syntax.TsWrite: 'w', syntax.TsExec: 'x',
	syntax.TsSocket: 'S', syntax.TsCharSp: 'c', syntax.TsBlckSp: 'b', syntax.TsNmPipe: 'p',
}

// classicOps are the same operators as words of [ and test.
var classicOps = map[string]byte{
	"-e": 'e', "-a": 'e', "-f": 'f', "-d": 'd', "-s": 's', "-r": 'r', "-w": 'w', "-x": 'x',
	"-S": 'S', "-c": 'c', "-b": 'b', "-p": 'p',
}

// markHostTests puts the mark in front of the operand of every file test
// of f (eachHostOperand) and returns how many it marked.
func markHostTests(f *syntax.File) int {
	n := 0
	eachHostOperand(f, func(w *syntax.Word, op byte) {
		mark := &syntax.Lit{ValuePos: w.Pos(), ValueEnd: w.Pos(), Value: hostMark + string(op) + hostMarkEnd}
		if home := homeTilde(w); home > 0 {
			// ~/models: a mark in front would keep the tilde from
			// expanding; it is "$HOME" after the mark, as bash expands it.
			lit := w.Parts[0].(*syntax.Lit)
			rest := *lit
			rest.Value = lit.Value[home:]
			w.Parts = append([]syntax.WordPart{mark, homeParam(w.Pos()), &rest}, w.Parts[1:]...)
		} else {
			w.Parts = append([]syntax.WordPart{mark}, w.Parts...)
		}
		n++
	})
	return n
}

// homeTilde returns the length of the tilde prefix of an operand that
// starts with the user's home, ~ or ~/…; 0 for any other (~user is not
// marked as one).
func homeTilde(w *syntax.Word) int {
	if len(w.Parts) == 0 {
		return 0
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") || len(lit.Value) > 1 && lit.Value[1] != '/' {
		return 0
	}
	return 1
}

// homeParam is "$HOME" at pos.
func homeParam(pos syntax.Pos) syntax.WordPart {
	return &syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{&syntax.ParamExp{Dollar: pos, Short: true, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "HOME"}}}}
}

// markHostText is markHostTests for the text of a file the script sources
// (a library's require_dir() { [[ -d $1 ]] || die; }): an ANSI-C quoted
// mark, $'\x01servelint-test:d\x01', is put in front of each operand, and
// every other byte stays. data itself when it holds no file test or does
// not parse (interp says so).
func markHostText(data []byte) []byte {
	return editText(data, func(f *syntax.File) []textEdit {
		var edits []textEdit
		eachHostOperand(f, func(w *syntax.Word, op byte) {
			at := int(w.Pos().Offset())
			e := textEdit{at, at, `$'\x01servelint-test:` + string(op) + `\x01'`}
			if homeTilde(w) > 0 && at < len(data) && data[at] == '~' {
				e.end, e.text = at+1, e.text+`"$HOME"` // ~ or ~/…: "$HOME" after the mark
			}
			edits = append(edits, e)
		})
		return edits
	})
}

// eachHostOperand calls fn with the operand of every file test under n and
// its operator's letter. [ and test count in their common forms only:
// `[ OP W ]`, `[ ! OP W ]`, `test OP W`, `test ! OP W`.
func eachHostOperand(n syntax.Node, fn func(w *syntax.Word, op byte)) {
	shwalk.Walk(n, func(node syntax.Node) bool {
		switch x := node.(type) {
		case *syntax.UnaryTest:
			if op, ok := hostOps[x.Op]; ok {
				if w, ok := x.X.(*syntax.Word); ok {
					fn(w, op)
				}
			}
		case *syntax.CallExpr:
			args, ok := parser.ClassicTestArgs(x)
			if !ok {
				return true
			}
			if len(args) == 3 && args[0].Lit() == "!" {
				args = args[1:]
			}
			if len(args) == 2 {
				if op, ok := classicOps[args[0].Lit()]; ok {
					fn(args[1], op)
				}
			}
		}
		return true
	})
}

// hostTest is one file test of a marked run that asked about a path
// outside the tree.
type hostTest struct {
	// path is the tested path, absolute and clean; shown is the same
	// for a message (an unresolved part as "<unresolved: …>").
	path  string
	shown string
	op    byte
	found bool
}

// unmarkHost splits a path interp built from a marked operand into the
// path the script tested and the operator; ok is false for an unmarked
// path. An empty operand gives an empty path.
func unmarkHost(name string) (path string, op byte, ok bool) {
	i := strings.Index(name, hostMark)
	if i < 0 {
		return name, 0, false
	}
	rest := name[i+len(hostMark):]
	if len(rest) < len(hostMarkEnd)+1 || !strings.HasPrefix(rest[1:], hostMarkEnd) {
		return name, 0, false
	}
	op, rest = rest[0], rest[1+len(hostMarkEnd):]
	switch {
	case rest == "":
		return "", op, true
	case filepath.IsAbs(rest):
		return filepath.Clean(rest), op, true
	default:
		return filepath.Clean(name[:i] + rest), op, true
	}
}

// hostInfo is what a test of an assumed path finds: a directory for -d;
// a socket, a character or block device or a named pipe for -S, -c, -b
// and -p; a non-empty file otherwise; everyone may read, write and run it.
func hostInfo(path string, op byte) fakeInfo {
	fi := fakeInfo{name: filepath.Base(path), size: 1, dir: op == 'd', perm: 0o777}
	switch op {
	case 'S':
		fi.perm |= fs.ModeSocket
	case 'c':
		fi.perm |= fs.ModeDevice | fs.ModeCharDevice
	case 'b':
		fi.perm |= fs.ModeDevice
	case 'p':
		fi.perm |= fs.ModeNamedPipe
	}
	return fi
}

// opWord names what the operator asks for, for a note.
func opWord(op byte) string {
	switch op {
	case 'd':
		return "a directory"
	case 'f':
		return "a file"
	case 's':
		return "a non-empty file"
	case 'r':
		return "readable"
	case 'w':
		return "writable"
	case 'x':
		return "executable"
	case 'S':
		return "a socket"
	case 'c':
		return "a character device"
	case 'b':
		return "a block device"
	case 'p':
		return "a named pipe"
	}
	return "there"
}

// stoppedEarly reports whether a run ended before reaching an engine
// invocation, by the script's own exit or end (not a bound or a refusal).
func stoppedEarly(res *Result) bool {
	var ee *ExitError
	return len(res.Argv) == 0 && errors.As(res.Err, &ee)
}

// commandBudgetError is ErrBudget for a run that ran more commands than
// its budget: a loop that never ends in the sandbox.
type commandBudgetError struct{ max int64 }

func (e commandBudgetError) Error() string {
	return fmt.Sprintf("%v: more than %d commands", ErrBudget, e.max)
}
func (e commandBudgetError) Unwrap() error { return ErrBudget }

// maxHostMisses is how many times a run may find one host path missing
// before it is taken for a wait that never ends in the sandbox.
const maxHostMisses = 256

// hostWaitError stops a run that keeps asking about a missing host path:
// a loop waiting for a file another process makes.
type hostWaitError struct{ path string }

func (e hostWaitError) Error() string {
	return fmt.Sprintf("%v: it waits in a loop for the host path %s (found missing %d times; the dry run sees no host file)", ErrBudget, e.path, maxHostMisses)
}
func (e hostWaitError) Unwrap() error { return ErrBudget }

// maxSkipRepeats is how many times in a row a run may skip the same
// command, at the same place with the same words, before it is taken for a
// wait that never ends in the sandbox.
const maxSkipRepeats = 256

// skipWaitError stops a run that skips the same command over and over: a
// loop waiting on a program the sandbox does not run (`while pgrep -f
// "vllm serve"; do sleep 2; done`, `until [ -z "$(nvidia-smi …)" ]`),
// whose skipped answer never changes. It ran to the command budget before
// (20,000 commands, 40 ms a mode); like that budget's error it lets Eval
// go on to its other answers (host paths, guards, wait loops assumed to
// end: waitloops.go).
type skipWaitError struct {
	args string
	line uint
}

func (e skipWaitError) Error() string {
	return fmt.Sprintf("%v: it waits in a loop on %q at line %d (skipped %d times in a row; the dry run runs no program, so its answer never changes)", ErrBudget, e.args, e.line, maxSkipRepeats)
}
func (e skipWaitError) Unwrap() error { return ErrBudget }

// waitedEarly reports whether a run spent its budget before reaching an
// engine invocation, in a wait for a host path another process makes
// (`until [[ -f $READY ]]; do sleep 5; done`, `while [ ! -d $W ]`: it never
// ends in the sandbox, which sees no host file) or any other loop. Like a
// guard's exit, it is asked again with the path assumed, which ends the
// wait as the file's appearance ends it on the host.
func waitedEarly(res *Result) bool {
	var be commandBudgetError
	var we hostWaitError
	var se skipWaitError
	return len(res.Argv) == 0 && (errors.As(res.Err, &be) || errors.As(res.Err, &we) || errors.As(res.Err, &se))
}

// blockedEarly is stoppedEarly or waitedEarly: a run an assumed host
// path may take further.
func blockedEarly(res *Result) bool { return stoppedEarly(res) || waitedEarly(res) }

// nextAssumption is the path to assume next after a marked run that
// stopped early: the last one a test found missing, when not assumed yet.
func nextAssumption(tests []hostTest, assumed map[string]byte) (hostTest, bool) {
	for i := len(tests) - 1; i >= 0; i-- {
		t := tests[i]
		if t.found || t.path == "" {
			continue
		}
		if _, done := assumed[t.path]; done {
			return hostTest{}, false
		}
		return t, true
	}
	return hostTest{}, false
}

// evalAssuming runs the marked copy of the script (Prepared.hostTree)
// after a first run that stopped early, assuming one host path more each
// time, from the paths in seed (the other modes' assumptions, Options.Assume);
// ok is nil when no run reaches the engine. stuck is then the last run that
// a guard on a value the sandbox does not know ended (Result.guard, set in
// a run whose guards are marked, guards.go), or nil: past the host tests,
// that guard is the next one to take the other way.
func evalAssuming(run func(hf *syntax.File, assumed map[string]byte) (*Result, []hostTest), hf *syntax.File, seed map[string]byte) (ok, stuck *Result) {
	assumed := maps.Clone(seed)
	if assumed == nil {
		assumed = map[string]byte{}
	}
	for n := 0; n <= maxAssumed; n++ {
		res, tests := run(hf, assumed)
		if len(res.Argv) > 0 && res.Err == nil {
			// The notes and Result.Assumed name the assumed paths this
			// run asked about, in the order it asked.
			for _, t := range tests {
				if !t.found {
					continue
				}
				if res.Assumed == nil {
					res.Assumed = map[string]byte{}
				}
				if _, dup := res.Assumed[t.path]; dup {
					continue
				}
				res.Assumed[t.path] = assumed[t.path]
				res.Notes = append(res.Notes, fmt.Sprintf("assumed the host path %s is %s (a file test the boot needs; the dry run sees no host file)", t.shown, opWord(assumed[t.path])))
			}
			return res, nil
		}
		if !blockedEarly(res) {
			return nil, nil
		}
		if res.guard != nil {
			stuck = res
		}
		t, more := nextAssumption(tests, assumed)
		if !more {
			return nil, stuck
		}
		assumed[t.path] = t.op
	}
	return nil, stuck
}

// AssumedUnion is every host path the given results of one script's modes
// assumed (Result.Assumed), for Options.Assume: the first operator given
// for a path wins, so the order of results decides, not timing.
func AssumedUnion(results []*Result) map[string]byte {
	var union map[string]byte
	for _, r := range results {
		if r == nil {
			continue
		}
		for _, p := range slices.Sorted(maps.Keys(r.Assumed)) {
			if _, ok := union[p]; !ok {
				if union == nil {
					union = map[string]byte{}
				}
				union[p] = r.Assumed[p]
			}
		}
	}
	// A caller's variable the modes assumed different values of
	// ($POD_ROLE=prefill for one, =decode for another) is no one node's
	// value: none is carried (and Options.Assume holds one per name).
	values := map[string]int{}
	for k := range union {
		if name, _, ok := strings.Cut(k, "="); ok && strings.HasPrefix(k, "$") {
			values[name]++
		}
	}
	for k := range union {
		if name, _, ok := strings.Cut(k, "="); ok && strings.HasPrefix(k, "$") && values[name] > 1 {
			delete(union, k)
		}
	}
	if len(union) == 0 {
		return nil
	}
	return union
}

// NeedsAssume reports whether a mode's result should be evaluated again
// with Options.Assume set to union: it did not assume all of union, and it
// was evaluated to an argv or stopped on its own (not a bound or a refusal,
// which another run would meet again).
func NeedsAssume(r *Result, union map[string]byte) bool {
	if r == nil {
		return false
	}
	all := true
	for p := range union {
		_, ok := r.Assumed[p]
		all = all && ok
	}
	return !all && (len(r.Argv) > 0 && r.Err == nil || blockedEarly(r))
}
