package rules

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
)

// DryRun hands the dry-run argv of each (script, mode) to the rules that
// compare or read it. Evaluation is lazy: a script is evaluated, once, only
// when a rule asks for it (Prefetch evaluates several concurrently), so a
// tree of launchers no rule needs to evaluate costs nothing here.
var DryRun = &analysis.Analyzer{
	Name:       "dryrun",
	Doc:        "evaluates the modes of serve scripts in a sandbox (nothing is executed), once and only when a rule needs them, and records the engine argv each would run",
	Requires:   []*analysis.Analyzer{Model},
	Run:        runDryRun,
	ResultType: reflect.TypeOf((*Argvs)(nil)),
}

// Argvs holds the dry-run argv of every (script, mode), computed on demand.
type Argvs struct {
	c       *Context
	mu      sync.Mutex
	scripts map[*parser.Script]*scriptArgvs
}

type scriptArgvs struct {
	once  sync.Once
	modes map[string]*EvalResult
}

func (a *Argvs) entry(s *parser.Script) *scriptArgvs {
	a.mu.Lock()
	defer a.mu.Unlock()
	e := a.scripts[s]
	if e == nil {
		e = &scriptArgvs{}
		a.scripts[s] = e
	}
	return e
}

// Script returns the results of every mode of s, evaluating it on first use;
// nil for a script with no modes or no engine invocation.
func (a *Argvs) Script(s *parser.Script) map[string]*EvalResult {
	if a == nil || len(s.Modes) == 0 || len(s.Invocations) == 0 {
		return nil
	}
	e := a.entry(s)
	e.once.Do(func() {
		defer func() {
			// A bug met while evaluating one script is that script's
			// failure, said on each of its modes, not a crash of the run
			// (Prefetch runs this on its own goroutine).
			if p := recover(); p != nil {
				e.modes = map[string]*EvalResult{}
				for _, md := range s.Modes {
					e.modes[md.Name] = &EvalResult{Mode: md.Name, Err: fmt.Errorf("internal error: %v", p)}
				}
			}
		}()
		if a.c.Eval == nil {
			e.modes = map[string]*EvalResult{}
			for _, md := range s.Modes {
				e.modes[md.Name] = &EvalResult{Mode: md.Name, Err: ErrNoEvaluator}
			}
			return
		}
		e.modes = a.c.Eval(s)
		for _, md := range s.Modes {
			if err := NoOneArgv(s, md); err != nil {
				e.modes[md.Name] = &EvalResult{Mode: md.Name, Err: err}
			}
		}
	})
	return e.modes
}

// SeveralEnginesError says a mode may start several engines, one of them
// in the background: which the dry run reaches first is a race, so the mode
// has no one argv to compare.
type SeveralEnginesError struct {
	Lines []int
	// Bg are the lines of Lines whose engine runs in the background.
	Bg []int
}

func (e *SeveralEnginesError) Error() string {
	if len(e.Lines) == 1 {
		return fmt.Sprintf("it starts the engine of line %d in the background in a loop that does not wait for it, once per pass: which one a dry run reaches first is a race, so the mode has no one argv to compare (the static rules still read it)", e.Lines[0])
	}
	// Say which run in the background: serve) vllm serve BAAI/bge-m3 … &
	// exec vllm serve "$MODEL" … starts one there, not both.
	bg := "in the background"
	if len(e.Bg) > 0 && len(e.Bg) < len(e.Lines) {
		bg = "line " + lineList(e.Bg) + " in the background"
		if len(e.Bg) > 1 {
			bg = "lines " + lineList(e.Bg) + " in the background"
		}
	}
	return fmt.Sprintf("it starts %d engines (lines %s), %s: which one a dry run reaches first is a race, so the mode has no one argv to compare (the static rules still read each)",
		len(e.Lines), lineList(e.Lines), bg)
}

// lineList joins line numbers for a message, the first eight of a longer
// list and how many more (a launcher of 300 engines named all 300).
func lineList(ls []int) string {
	const shown = 8
	out := make([]string, 0, min(len(ls), shown+1))
	for i, l := range ls {
		if i == shown && len(ls) > shown+1 {
			out = append(out, fmt.Sprintf("… %d more", len(ls)-shown))
			break
		}
		out = append(out, strconv.Itoa(l))
	}
	return strings.Join(out, ", ")
}

// NoOneArgv returns a *SeveralEnginesError when mode m may start several
// engines, one in the background (parser.Script.SeveralEngines), else nil.
func NoOneArgv(s *parser.Script, m *parser.Mode) error {
	invs := s.SeveralEngines(m)
	if invs == nil {
		return nil
	}
	e := &SeveralEnginesError{}
	for _, inv := range invs {
		e.Lines = append(e.Lines, s.Line(inv.Start))
		if inv.Background {
			e.Bg = append(e.Bg, s.Line(inv.Start))
		}
	}
	return e
}

// Prefetch evaluates the scripts concurrently (the evaluator bounds how
// many modes run at once), so that a rule's later Of calls find them done.
func (a *Argvs) Prefetch(scripts []*parser.Script) {
	var wg sync.WaitGroup
	for _, s := range scripts {
		wg.Add(1)
		warm.Go(func() {
			defer wg.Done()
			a.Script(s)
		})
	}
	wg.Wait()
}

// Of returns a mode's result, nil when the mode was not evaluated.
func (a *Argvs) Of(s *parser.Script, mode string) *EvalResult {
	return a.Script(s)[mode]
}

// ErrNoEvaluator is the error of every mode when no evaluator is wired.
var ErrNoEvaluator = errors.New("dry-run evaluation is not available in this run")

func runDryRun(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	return &Argvs{c: c, scripts: map[*parser.Script]*scriptArgvs{}}, nil
}

// needing lists the scripts for which want is true.
func needing(scripts []*parser.Script, want func(*parser.Script) bool) []*parser.Script {
	var out []*parser.Script
	for _, s := range scripts {
		if len(s.Modes) > 0 && len(s.Invocations) > 0 && want(s) {
			out = append(out, s)
		}
	}
	return out
}

// ArgvFlag is one flag of an evaluated argv.
type ArgvFlag struct {
	Name, Canon, Value string
	// Index is the argv index of the value (of the flag word for --f=V).
	Index int
	// Unresolved is true when the value is not statically known.
	Unresolved bool
	// Env, for a flag the argv does not pass, is the variable of the
	// engine's environment the value comes from (envFilled); "" for a
	// value in the argv.
	Env string
	// Via, for a flag neither the argv passes nor the environment sets,
	// is the switch that fixes its value (parser.ShapeFlag.Off, offFilled)
	// as the script gives it: "--sharded false", "SHARDED=false". ViaFlag
	// is the switch's flag when the argv passes it, "" when the value is
	// the environment's.
	Via, ViaFlag string
}

// argvEngine finds the engine in an evaluated argv: args is the argv, or
// the launcher and the argv when a docker image whose entrypoint is the
// engine stands where the program is (vllm/vllm-openai:TAG --model …: only
// the launcher before it says so), base the argv's first index in args.
func argvEngine(r *EvalResult) (args []string, base int, ec parser.EngineCall, ok bool) {
	args = r.Argv
	ec, ok = parser.DetectEngineAs(args, r.Engine)
	if !ok && len(r.Launcher) > 0 {
		args = append(slices.Clip(r.Launcher), r.Argv...)
		base = len(r.Launcher)
		ec, ok = parser.DetectEngineAs(args, r.Engine)
		ok = ok && ec.Start >= base
	}
	return args, base, ec, ok
}

// ParseArgv reads the engine flags of an evaluated argv (which starts at
// the engine program): the last occurrence of a flag wins, as argparse does.
func ParseArgv(r *EvalResult) (*parser.Profile, map[string]ArgvFlag) {
	if r == nil || len(r.Argv) == 0 {
		return nil, nil
	}
	args, base, ec, ok := argvEngine(r)
	if !ok {
		return nil, nil
	}
	unres := map[int]bool{}
	for _, i := range r.Unresolved {
		unres[i+base] = true
	}
	p := ec.Profile
	out := map[string]ArgvFlag{}
	for i := ec.ArgStart; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			continue
		}
		if name, val, ok := strings.Cut(a, "="); ok {
			out[p.Canon(name)] = ArgvFlag{Name: name, Canon: p.Canon(name), Value: val, Index: i - base, Unresolved: unres[i]}
			continue
		}
		f := ArgvFlag{Name: a, Canon: p.Canon(a), Index: -1}
		_, shape := p.Lookup(a)
		if i+1 < len(args) && (shape || !strings.HasPrefix(args[i+1], "-")) {
			f.Value, f.Index, f.Unresolved = args[i+1], i+1-base, unres[i+1]
			i++
		}
		out[f.Canon] = f
	}
	return p, out
}

// modeFlag finds the static flag that gives a mode its value: a flag in the
// mode's own code first, else one in shared code.
func modeFlag(s *parser.Script, m *parser.Mode, canon string) *parser.Flag {
	return modeFlagOf(s, m, canon, "")
}

// modeFlagOf is modeFlag for a mode known to boot with value (the dry
// run's; "" when unknown): of the mode's copies, the ones whose literal
// value is that one come first. A copy in the mode's code that its run
// did not take (bench's `[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs
// 16)` after its own 32) is not where the 32 bench boots with is written.
func modeFlagOf(s *parser.Script, m *parser.Mode, canon, value string) *parser.Flag {
	if value != "" {
		var hit *parser.Flag
		for _, f := range ownCopies(s, m, canon) {
			if f.Value == nil {
				continue
			}
			if v, ok := parser.LitValue(f.Value); ok && v == value {
				hit = better(hit, f)
			}
		}
		if hit != nil {
			return hit
		}
	}
	var shared, own *parser.Flag
	for _, inv := range s.Invocations {
		if len(inv.Modes) > 0 && !containsMode(inv.Modes, m) {
			continue
		}
		for _, f := range inv.Flags {
			if f.Canon != canon {
				continue
			}
			if containsMode(f.Modes, m) {
				own = better(own, f)
				continue
			}
			if len(f.Modes) == 0 && len(inv.Modes) == 0 || len(f.Modes) == 0 && containsMode(inv.Modes, m) {
				shared = f
			}
		}
	}
	if own != nil {
		return own
	}
	return shared
}

// ownCopies returns the copies of flag canon the mode's own code passes
// (those whose modes include m) in the invocations it runs: for a flag set
// beside the dispatch (serve with FAST=1), the proven mode's too, whose
// branch it runs.
func ownCopies(s *parser.Script, m *parser.Mode, canon string) []*parser.Flag {
	var base *parser.Mode
	if m.FlagOn() != "" {
		base = s.ModeNamed(m.FlagOn())
	}
	var out []*parser.Flag
	for _, inv := range s.Invocations {
		if len(inv.Modes) > 0 && !containsMode(inv.Modes, m) && (m.FlagOn() == "" || base == nil || !containsMode(inv.Modes, base)) {
			continue
		}
		for _, f := range inv.Flags {
			if f.Canon == canon && containsMode(f.Modes, m) {
				out = append(out, f)
			}
		}
	}
	return out
}

// better returns the mode's most particular copy of f and cur:
// `launch --max-num-seqs 256` in bench's function over launch's own
// "$F_MAX_NUM_SEQS" that every mode runs; of equals, the later (it wins).
func better(cur, f *parser.Flag) *parser.Flag {
	if cur == nil || len(f.Modes) < len(cur.Modes) || len(f.Modes) == len(cur.Modes) && f.NameStart > cur.NameStart {
		return f
	}
	return cur
}

func containsMode(ms []*parser.Mode, m *parser.Mode) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// valueSpan returns where a mode's value of a flag is written: the flag's
// value word in the mode's own code, else (a shared flag) the literal the
// mode's code assigned to the variable it reads; ok is false when no static
// flag is found.
func (c *Context) valueSpan(s *parser.Script, m *parser.Mode, canon string) (string, int, int, bool) {
	return c.valueSpanOf(s, m, canon, "")
}

// valueSpanOf is valueSpan for a mode known to boot with value (modeFlagOf).
func (c *Context) valueSpanOf(s *parser.Script, m *parser.Mode, canon, value string) (string, int, int, bool) {
	f := modeFlagOf(s, m, canon, value)
	viaBase := false
	if base := s.ModeNamed(m.FlagOn()); f == nil && m.FlagOn() != "" && base != nil {
		// serve with FAST=1 runs serve's launch line, whose value its own
		// code may set (SEQS=$OWNER; [[ ${FAST:-0} != 1 ]] || SEQS=32):
		// the literal there, or no span (the mode's test) when none is.
		f = modeFlagOf(s, base, canon, "")
		viaBase = f != nil
	}
	if f == nil || f.ValStart < 0 {
		return "", 0, 0, false
	}
	if sameModes(f.Modes, []*parser.Mode{m}) {
		return s.Path, f.ValStart, f.ValEnd, true
	}
	var origins []parser.Origin
	if viaBase {
		origins = s.Origins(f.Value, f.ValStart, []*parser.Mode{m}, c.Unit.EnvKeysOf(s))
	} else {
		origins = c.sharedFlagOrigins(s, f)
	}
	// A flag shared with other modes whose value this mode sets through a
	// variable or a function argument: point at the mode's own literal.
	for _, o := range origins {
		if o.Modes != nil && !containsMode(o.Modes, m) {
			continue
		}
		// The literal or arithmetic the mode writes (`run 256`, `run
		// "$((OWNER * 2))"` into a shared launcher's positional parameter),
		// before the assignments it goes through in shared code.
		written := o.Kind == parser.OriginLiteral || o.Kind == parser.OriginDefault || o.Kind == parser.OriginArith || o.Kind == parser.OriginExpr
		if written && o.End > o.Start && m.Contains(o.Start) {
			return s.Path, o.Start, o.End, true
		}
		// The mode assigns the variable the shared flag reads.
		for _, a := range o.Chain {
			if m.Contains(a.Start) {
				return s.Path, a.Start, a.End, true
			}
		}
	}
	if viaBase {
		return "", 0, 0, false // the proven mode's flag, not this mode's value
	}
	return s.Path, f.ValStart, f.ValEnd, true
}

// sharedFlagOrigins returns the origins of f's value under the modes that
// run f, computed once per flag: valueSpanOf asks for the same flag's
// for every mode that drifts from the proven one (a script of 1,000
// modes asked 1,000 times, each resolving the value in 1,000 modes: 860
// MB and most of a 5 s lint). The slice is shared: callers only read it.
func (c *Context) sharedFlagOrigins(s *parser.Script, f *parser.Flag) []parser.Origin {
	if v, ok := c.flagOrigins.Load(f); ok {
		return v.([]parser.Origin)
	}
	o := s.Origins(f.Value, f.ValStart, f.Modes, c.Unit.EnvKeysOf(s))
	v, _ := c.flagOrigins.LoadOrStore(f, o)
	return v.([]parser.Origin)
}

// IntFlag returns a flag's integer value from a parsed argv; false when the
// flag is absent, unresolved or not a positive integer.
func IntFlag(flags map[string]ArgvFlag, name string) (int, bool) {
	f, ok := flags[name]
	if !ok || f.Unresolved {
		return 0, false
	}
	n, err := strconv.Atoi(f.Value)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

// otherModel reports whether two evaluated argvs boot their engines with
// different models (argvModel), both known.
func otherModel(a, b *EvalResult) bool {
	ma, mb := argvModel(a), argvModel(b)
	return ma != "" && mb != "" && ma != mb
}

// argvModel returns the model an evaluated argv's engine serves
// (parser.ModelAt: radiance serve MODEL, vllm serve MODEL, --model-path,
// -m …), "" when it names none or the sandbox left its word unresolved.
func argvModel(r *EvalResult) string {
	if r == nil || len(r.Argv) == 0 {
		return ""
	}
	args, base, ec, ok := argvEngine(r)
	if !ok {
		return ""
	}
	i, _ := parser.ModelAt(args, ec)
	if i < 0 || slices.Contains(r.Unresolved, i-base) {
		return ""
	}
	v, _ := parser.ModelOf(args, ec)
	return v
}
