package rules

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/warm"
	"github.com/servelint/servelint/parser"
)

// ArgvDrift compares each mode's dry-run argv with the proven mode's.
var ArgvDrift = &analysis.Analyzer{
	Name: "argvdrift",
	Doc: `a mode's dry-run argv differs from the proven mode's where it must not

Law 3 (proof is the argv) and law 5 (scoring modes share one shape): the
argv each mode hands the engine is obtained by evaluating the script in a
sandbox (nothing is executed) and compared byte for byte:
- every flag the owning env file owns has the same value in every mode as in
  the proven mode, except a calib mode's own knobs (its step and n-gram
  placement);
- a scoring mode (kl*, score*, eval*) equals the proven mode on every shape
  flag of the engine, and scoring modes equal each other;
- with modes.proven named in the config, every mode equals the proven one on
  all flags except per-mode ones (--port, --log-file, --served-model-name…).
An owned flag the engine reads from its environment (TGI's
MAX_BATCH_PREFILL_TOKENS) while neither argv passes it is compared in the
engine's environment, where the proven mode's engine reads the owner's
value and the mode's a value of its own (not one privateshape reports), or
none from an environment the mode cleared (env -i, exec -c, srun
--export=NONE): it boots with the engine's default.
A flag one mode leaves out is compared at the engine's default where the
profile knows it (--kv-cache-dtype auto, -tp 1, radiance's --ngram-placement
ram): writing the default out is the same shape; or at the value that
mode's engine reads from its environment, where it reads one (TGI's
MAX_TOTAL_TOKENS beside another mode's --max-total-tokens).
Modes that are different shapes by design (prefill/decode roles: a mode
whose name holds prefill or decode; presets in a script with no owning env
file; per-model presets, modes that each source their own env file; a
plain mode whose engine serves another model, its model word from another
env value or literal) are not compared. A mode that cannot be evaluated, or a value that is not
statically known (it comes from jq, curl …), is an info finding that says
why, never a silent pass. The proven mode is serve, else the first mode
that is not a calib mode (a plain one before a scoring one); a config can
name it. A calib mode is never the proven one by default: with only calib
modes, the proven shape is the shared path, and nothing is compared.
servelint argv judges the modes it finds with the same comparison (Judge).

No fix: it is the proof. The privateshape and shapealias fixes make it pass.`,
	// PrivateShape runs first: a mode's own value of an environment-read
	// owner it reported is not reported again (envDrift).
	Requires: []*analysis.Analyzer{Model, DryRun, PrivateShape},
	Run:      runArgvDrift,
}

func runArgvDrift(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	argvs := pass.ResultOf[DryRun].(*Argvs)
	scripts := needing(c.Unit.Scripts, func(s *parser.Script) bool { return ComparesScript(c.Unit, c.Config, s) })
	argvs.Prefetch(scripts)
	// Judged c.Jobs scripts at a time, reported in the scripts' order (a
	// runtime trace of 1,600 repos: the judging, one script after another
	// once every mode was evaluated, was the last 40 ms of the run, on one
	// core).
	diags := make([][]analysis.Diagnostic, len(scripts))
	warm.Each(len(scripts), c.Jobs, func(i int) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) { diags[i] = append(diags[i], d) }
		c.driftScript(&p, scripts[i], argvs)
	})
	for _, ds := range diags {
		for _, d := range ds {
			pass.Report(d)
		}
	}
	return nil, nil
}

// ComparesScript reports whether argvdrift compares the modes of s at all:
// per-workload presets with no owner are shapes by design, so only scripts
// with an owning env file (or a proven mode named in the config) are
// compared, and only they are evaluated.
func ComparesScript(u *parser.Unit, cfg *Config, s *parser.Script) bool {
	return len(s.Modes) >= 2 && (len(u.Owning[s.Path]) > 0 || cfg.ProvenNamed)
}

// Drift is one flag on which a mode differs from the mode it must match.
type Drift struct {
	Flag           string
	Value, Against string
	Missing        bool
}

// Verdict is argvdrift's judgment of one mode's evaluated argv.
type Verdict struct {
	Mode *parser.Mode
	// Failed: the mode could not be evaluated; nothing else is set.
	Failed bool
	Result *EvalResult
	// Drift lists the canonical flags on which the mode differs from the
	// proven mode where it must not; Unknown those it cannot tell because
	// a value is not statically known.
	Drift, Unknown []string
	// ScoringDrift lists the flags on which a scoring mode differs from
	// Scoring, the first scoring mode, which kept the proven shape there.
	Scoring      *parser.Mode
	ScoringDrift []string
	// EnvDrift lists the owned flags the mode's engine reads from its
	// environment (neither argv passes them) with another value than the
	// proven mode's engine, which boots with the owner's (envDrifts).
	EnvDrift []EnvDrift
	// Flags is the mode's parsed argv, Proven the proven mode's, each with
	// the flags the other passes that its engine reads from its
	// environment instead (envFilled); ScoringFlags is Scoring's and
	// ScoringOwn the mode's, filled likewise against each other.
	Flags, Proven, ScoringFlags, ScoringOwn map[string]ArgvFlag
	// Apart says why the mode's argv was not compared though evaluated:
	// the runs assumed other hosts (otherHost). Nothing else is set.
	Apart string
}

// Drifted reports whether the verdict is a finding (not an info).
func (v Verdict) Drifted() bool {
	return len(v.Drift) > 0 || len(v.ScoringDrift) > 0 || len(v.EnvDrift) > 0
}

// EnvDrift is one variable of the engine's environment, read as a shape
// flag, on which a mode's engine differs from the proven mode's.
type EnvDrift struct {
	Key, Flag      string
	Value, Against string
	// Unset: the mode's engine starts with a cleared environment
	// (EvalResult.EnvClosed) that lacks Key, so it boots with the
	// engine's default.
	Unset bool
	Owner parser.Owner
}

// Judge compares the evaluated argv of modes with the proven mode's (pr),
// as argvdrift and servelint argv both do: of returns a mode's result.
// Modes that are other shapes by design get no verdict: subcommands that
// source a library, prefill/decode roles, another engine, a plain mode
// serving another model (parser.Unit.OtherModel), and per-mode presets
// (Presets). prof is nil when the proven argv reaches no known
// engine (nothing is compared then).
func Judge(u *parser.Unit, cfg *Config, s *parser.Script, proven *parser.Mode, pr *EvalResult, modes []*parser.Mode, of func(*parser.Mode) *EvalResult) (prof *parser.Profile, pflags map[string]ArgvFlag, out []Verdict) {
	prof, pflags = ParseArgv(pr)
	if prof == nil {
		return nil, nil, nil
	}
	var firstScoring *parser.Mode
	var fflags map[string]ArgvFlag
	var fr *EvalResult
	for _, m := range modes {
		if m == proven || m.Disagg() || proven.Disagg() {
			continue // prefill and decode roles are other shapes by design
		}
		r := of(m)
		if Subcommand(m, r) {
			continue // `stop) . lib.sh; stop_server ;;`: a subcommand, not a mode
		}
		if r == nil || r.Err != nil || len(r.Argv) == 0 {
			out = append(out, Verdict{Mode: m, Failed: true, Result: r})
			continue
		}
		mprof, mflags := ParseArgv(r)
		if mprof != nil && mprof.Name != prof.Name {
			continue // another engine (vllm beside sglang): another shape by design
		}
		if why := otherHost(pr, r); why != "" {
			// serve) case $GPU in *B200*) … ;; *H100*) … ;; *) exit 1 ;;
			// beside kl) case $GPU in *H100*) … ;; *) exit 1 ;;: each run
			// assumed its own first item, two hosts, no one comparison.
			out = append(out, Verdict{Mode: m, Result: r, Apart: why})
			continue
		}
		if m.Role == parser.RolePlain && (u.OtherModel(s, m) || otherModel(pr, r)) {
			// chat) llama-server -m "$GGUF" … ;; embed) llama-server -m
			// "$EMBED_GGUF" --embedding …: another server, sized for its
			// own model. Scoring modes are compared whatever they load.
			continue
		}
		if !cfg.ProvenNamed && Presets(u, s, proven, m) {
			continue
		}
		// Compared at the value the engine boots with: a flag one argv
		// passes and the other's engine reads from its environment
		// (envFilled). envDrifts takes the argvs alone: a flag neither
		// passes is its, one an argv passes is mustMatch's.
		pe, me := bootFilled(prof, pflags, pr, mflags, r)
		v := Verdict{Mode: m, Result: r, Flags: me, Proven: pe}
		v.Drift, v.Unknown = mustMatch(u, cfg, s, prof, m, pe, me)
		if m.FlagVar() != "" && m.Role == parser.RolePlain {
			// DP_ATTENTION=true adding --dp-size "$DP_SIZE": a toggle that
			// turns a feature on with its owner's number keeps the shape.
			v.Drift = slices.DeleteFunc(v.Drift, func(f string) bool { return ownerTurnedOn(u, s, prof, f, pe, me) })
		}
		v.EnvDrift = envDrifts(u, cfg, s, m, prof, pr, r, pflags, mflags)
		if m.Role == parser.RoleScoring {
			if firstScoring == nil {
				firstScoring, fflags, fr = m, mflags, r
			} else if cfg.ProvenNamed || !Presets(u, s, firstScoring, m) {
				fe, se := bootFilled(prof, fflags, fr, mflags, r)
				pf, fp := bootFilled(prof, pflags, pr, fflags, fr)
				for _, f := range prof.Flags {
					// When the first scoring mode is the one that left the
					// proven shape, it is reported against the proven mode;
					// a later scoring mode that kept the proven shape is not
					// blamed for differing from it.
					if differs(prof, fe, se, f.Name) && !differs(prof, pf, fp, f.Name) {
						v.ScoringDrift = append(v.ScoringDrift, f.Name)
					}
				}
				v.Scoring, v.ScoringFlags, v.ScoringOwn = firstScoring, fe, se
			}
		}
		out = append(out, v)
	}
	return prof, pflags, out
}

// ownerTurnedOn reports whether flag f is one the proven mode does not
// boot with and a mode passes with its owner's own value, as the owning
// env file gives it.
func ownerTurnedOn(u *parser.Unit, s *parser.Script, prof *parser.Profile, f string, pe, me map[string]ArgvFlag) bool {
	if _, ok := pe[f]; ok {
		return false
	}
	mv, ok := me[f]
	if !ok || mv.Unresolved || mv.Env != "" || mv.Via != "" {
		return false
	}
	o, owned := u.Owner(s, prof, f)
	return owned && o.Def.Entry != nil && o.Def.Entry.Bash.Defined && !o.Def.Entry.Bash.Dynamic && o.Def.Entry.Bash.Value == mv.Value
}

// Presets reports whether two modes each source their own env files, and
// not the same ones (`llama) . llama.env ;; qwen) . qwen.env ;;`): per-model
// presets, each owned by its own file, not a mode that left a shared
// owner's value (`kl) . kl.env ;;` beside a serve that sources only the
// shared file is one, and is compared).
func Presets(u *parser.Unit, s *parser.Script, a, b *parser.Mode) bool {
	fa, fb := ownEnvFiles(u, s, a), ownEnvFiles(u, s, b)
	// Law 5: a scoring mode shares the proven shape, whatever file it
	// sources, unless that file is a plain mode's preset (kl-qwen) .
	// qwen.env beside qwen) . qwen.env): it scores that model's shape.
	if a.Role == parser.RoleScoring && !presetOfPlain(u, s, a, fa) || b.Role == parser.RoleScoring && !presetOfPlain(u, s, b, fb) {
		return false
	}
	if len(fa) == 0 || len(fb) == 0 {
		return false
	}
	if len(fa) != len(fb) {
		return true
	}
	for p := range fa {
		if !fb[p] {
			return true
		}
	}
	return false
}

// presetOfPlain reports whether a mode's own env files (own) are those of
// a plain mode of the script: the scoring mode of a per-model preset.
func presetOfPlain(u *parser.Unit, s *parser.Script, m *parser.Mode, own map[string]bool) bool {
	if len(own) == 0 {
		return false
	}
	for _, p := range s.Modes {
		if p == m || p.Role == parser.RoleScoring || p.Role == parser.RoleCalib {
			continue
		}
		if maps.Equal(ownEnvFiles(u, s, p), own) {
			return true
		}
	}
	return false
}

// ownEnvFiles returns the owning env files that the mode's own code reads
// and shared code does not.
func ownEnvFiles(u *parser.Unit, s *parser.Script, m *parser.Mode) map[string]bool {
	owning := map[string]bool{}
	for _, e := range u.Owning[s.Path] {
		owning[e.Path] = true
	}
	shared := map[string]bool{}
	for _, ref := range s.Sources {
		if len(ref.Modes) == 0 {
			shared[ref.Path] = true
		}
	}
	out := map[string]bool{}
	for _, ref := range s.Sources {
		if ref.Path != "" && owning[ref.Path] && !shared[ref.Path] && containsMode(ref.Modes, m) && ownsShape(u, s, ref.Path) {
			out[ref.Path] = true
		}
	}
	return out
}

// ownsShape reports whether the env file at path defines a key that owns
// a shape flag of the script's engines: a file of secrets or dataset paths
// a mode sources makes no preset.
func ownsShape(u *parser.Unit, s *parser.Script, path string) bool {
	for _, e := range u.Owning[s.Path] {
		if e.Path != path {
			continue
		}
		for _, en := range e.Entries {
			for _, p := range s.Profiles() {
				if _, ok := p.FlagForKey(en.Key); ok {
					return true
				}
			}
		}
	}
	return false
}

// anyProven reports whether a linted script has the proven mode.
func (c *Context) anyProven() bool {
	for _, s := range c.Unit.Scripts {
		if s.Proven() != nil {
			return true
		}
	}
	return false
}

func (c *Context) driftScript(pass *analysis.Pass, s *parser.Script, argvs *Argvs) {
	proven := s.Proven()
	if proven == nil {
		if !c.Config.ProvenNamed {
			return // only calib modes: the shared path is the proven shape
		}
		// The config names a proven mode this script does not have.
		m := s.Modes[0]
		if !c.anyProven() {
			// Nor does any other linted script: a misspelled modes.proven
			// is said as such (an info still: a pre-commit run given one
			// script of a repo whose others have the mode is no error).
			c.report(pass, diag{sev: Info, path: s.Path, start: m.Start, end: m.End,
				msg: fmt.Sprintf("the proven mode the config names (modes.proven: %s) is a mode of no linted script (this one's: %s): is it misspelled? no mode's argv was compared", c.Config.Proven, parser.ModeNames(s.Modes))})
			return
		}
		c.report(pass, diag{sev: Info, path: s.Path, start: m.Start, end: m.End,
			msg: fmt.Sprintf("the proven mode the config names (modes.proven) is not one of this script's modes (%s): no mode's argv was compared", parser.ModeNames(s.Modes))})
		return
	}
	pr := argvs.Of(s, proven.Name)
	if pr == nil || pr.Err != nil || len(pr.Argv) == 0 {
		c.report(pass, diag{sev: Info, path: s.Path, start: proven.Start, end: proven.End,
			msg: fmt.Sprintf("the proven mode %s could not be evaluated (%s): no mode's argv was compared", proven.Name, evalWhy(pr))})
		return
	}
	prof, _, verdicts := Judge(c.Unit, c.Config, s, proven, pr, s.Modes, func(m *parser.Mode) *EvalResult { return argvs.Of(s, m.Name) })
	reported := map[string]bool{}
	for _, v := range verdicts {
		m := v.Mode
		if v.Failed {
			c.report(pass, diag{sev: Info, path: s.Path, start: m.Start, end: m.End,
				msg: fmt.Sprintf("%s could not be evaluated (%s): its argv was not compared with %s's", m.Label(), evalWhy(v.Result), proven.Name)})
			continue
		}
		if v.Apart != "" {
			c.report(pass, diag{sev: Info, path: s.Path, start: m.Start, end: m.End,
				msg: fmt.Sprintf("%s's argv was not compared with %s's: %s", m.Label(), proven.Name, v.Apart)})
			continue
		}
		for _, flag := range v.Drift {
			c.reportDrift(pass, s, m, proven.Name, flag, v.Flags, v.Proven, reported)
		}
		for _, flag := range v.Unknown {
			c.reportUnknown(pass, s, m, proven.Name, flag, prof, v.Flags, v.Proven)
		}
		for _, flag := range v.ScoringDrift {
			c.reportDrift(pass, s, m, v.Scoring.Name, flag, v.ScoringOwn, v.ScoringFlags, reported)
		}
		for _, d := range v.EnvDrift {
			c.reportEnvDrift(pass, s, m, proven, d)
		}
	}
}

// reportEnvDrift reports a mode's engine environment drift (EnvDrift),
// where privateshape has not reported the mode's own value of the key
// already: the same line twice.
func (c *Context) reportEnvDrift(pass *analysis.Pass, s *parser.Script, m, proven *parser.Mode, d EnvDrift) {
	if c.envWasReported(s, m, d.Key) {
		return
	}
	e := d.Owner.Def.Entry
	msg := fmt.Sprintf("%s's engine reads %s=%s from its environment (as %s, which the argv does not pass) where %s's reads %s; the argv is the proven mode's, the boot is not (%s owns it as %s=%s)",
		m.Label(), d.Key, argText(d.Value), d.Flag, proven.Name, argText(d.Against), c.Where(d.Owner.Def.File.Path, e.Start), d.Owner.Key, e.Raw)
	if d.Unset {
		msg = fmt.Sprintf("%s's engine starts with a cleared environment that lacks %s (read as %s, which the argv does not pass) where %s's reads %s: it boots with the engine's default; the argv is the proven mode's, the boot is not (%s owns it as %s=%s)",
			m.Label(), d.Key, d.Flag, proven.Name, argText(d.Against), c.Where(d.Owner.Def.File.Path, e.Start), d.Owner.Key, e.Raw)
	}
	st, en := envSpan(c.Unit, s, m, d.Key)
	c.report(pass, diag{sev: Error, path: s.Path, start: st, end: en, msg: msg})
}

// envDrifts lists the flags a mode's engine reads from its environment
// (parser.ShapeFlag.Env: TGI's MAX_BATCH_PREFILL_TOKENS, which neither argv
// passes) with another value than the proven mode's engine (pr), where the
// proven mode's is the owner's own: the argv is byte for byte the proven
// one, the boot is not. Not a calib mode's own knob, a value not
// statically known, an engine that gets none or an empty one (the
// caller's, or an image's ENV: not the sandbox's to tell; but an engine
// whose environment was cleared and lacks it boots with its default: a
// drift, Unset), a proven mode
// that boots with a value of its own (or none), nor a mode that sweeps the
// value in a loop.
func envDrifts(u *parser.Unit, cfg *Config, s *parser.Script, m *parser.Mode, prof *parser.Profile, pr, r *EvalResult, pflags, mflags map[string]ArgvFlag) []EnvDrift {
	if pr == nil || r == nil || len(pr.Env) == 0 || len(r.Env) == 0 && !r.EnvClosed {
		return nil
	}
	var out []EnvDrift
	for i := range prof.Flags {
		f := &prof.Flags[i]
		if f.Env == "" {
			continue
		}
		if _, ok := pflags[f.Name]; ok {
			continue
		}
		if _, ok := mflags[f.Name]; ok {
			continue
		}
		o, owned := u.Owner(s, prof, f.Name)
		if !owned || o.Def.Entry == nil {
			continue
		}
		if _, knob := cfg.CalibKnobs[f.Name]; knob && m.Role == parser.RoleCalib {
			continue
		}
		// The variables the engine reads: the owner itself when it is one
		// (Env, or an alias of it: TGI's MAX_INPUT_LENGTH); else each of
		// them, which the script hands the owner's value by a prefix or an
		// export (MAX_BATCH_PREFILL_TOKENS=$TGI_MAX_BATCH_PREFILL_TOKENS
		// text-generation-launcher): a mode's own value there is as much a
		// drift.
		keys := []string{o.Key}
		if !f.ReadsEnv(o.Key) {
			keys = f.Envs()
		}
		for _, k := range keys {
			if d, ok := envDrift(u, s, m, prof, f, o, k, pr, r); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// envDrift compares the value of k, a variable the engine reads flag f
// from, in mode m's engine environment (r) and the proven mode's (pr),
// where the proven mode's is the owner o's own value.
func envDrift(u *parser.Unit, s *parser.Script, m *parser.Mode, prof *parser.Profile, f *parser.ShapeFlag, o parser.Owner, k string, pr, r *EvalResult) (EnvDrift, bool) {
	pv, pok := pr.Env[k]
	e := o.Def.Entry
	bash := e.Bash.Defined && !e.Bash.Dynamic && pv == e.Bash.Value
	docker := e.Docker.Defined && !e.Docker.Dynamic && pv == e.Docker.Value
	if !pok || !bash && !docker {
		return EnvDrift{}, false // the proven mode boots with a value of its own, or none
	}
	// A cleared environment (exec -c, env -i, srun --export=NONE)
	// lacking the key is all the engine gets: it boots with its default,
	// not the owner's value.
	mv, has := r.Env[k]
	if !has && r.EnvClosed {
		// Unless the owner's value is the engine's default (TGI's
		// MAX_CONCURRENT_REQUESTS=128): the same shape.
		if def, ok := prof.DefaultOf(f.Name); ok && (def == pv || sameNumber(def, pv)) {
			return EnvDrift{}, false
		}
		return EnvDrift{Key: k, Flag: f.Name, Against: pv, Unset: true, Owner: o}, true
	}
	// Else only a value of the mode's own: unset, or empty (a variable of
	// the caller's, which the dry run does not have), the key may come
	// from where the sandbox cannot see (an image's ENV, the caller).
	if mv == "" || mv == pv || strings.Contains(mv, "<unresolved") || envSweeps(u, s, m, k) {
		return EnvDrift{}, false
	}
	return EnvDrift{Key: k, Flag: f.Name, Value: mv, Against: pv, Owner: o}, true
}

// envSweeps reports whether mode m gives environment-read key k a value
// that comes from a loop over several values (parser.Origin.Sweep): an
// assignment of k on its path, or a prefix or env word on an engine's
// command it reaches (for p in 2048 4096; do MAX_BATCH_PREFILL_TOKENS=$p
// text-generation-launcher … & done): one boot per pass, by design.
func envSweeps(u *parser.Unit, s *parser.Script, m *parser.Mode, k string) bool {
	env := u.EnvKeysOf(s)
	sweeps := func(w *syntax.Word, at int) bool {
		for _, o := range s.Origins(w, at, []*parser.Mode{m}, env) {
			if o.Sweep != nil && (o.Modes == nil || containsMode(o.Modes, m)) {
				return true
			}
		}
		return false
	}
	for _, a := range s.Assigns[k] {
		if a.Value != nil && (len(a.Modes) == 0 || containsMode(a.Modes, m)) && sweeps(a.Value, a.Start) {
			return true
		}
	}
	for _, inv := range s.Invocations {
		if len(inv.Modes) > 0 && !containsMode(inv.Modes, m) {
			continue
		}
		if set, ok := s.EnvSetFor(inv, k); ok && set.Value != nil && sweeps(set.Value, set.Start) {
			return true
		}
	}
	return false
}

// otherPrefix reports whether assignment a is a prefix of a command that
// is neither an engine's nor a function's (K=0 python3 report.py after the
// boot): bash hands it to that program alone, no engine sees it.
func otherPrefix(s *parser.Script, a *parser.Assign) bool {
	if a.Prefix == nil {
		return false
	}
	if slices.ContainsFunc(s.Invocations, func(inv *parser.Invocation) bool { return inv.Call == a.Prefix }) {
		return false
	}
	for _, w := range a.Prefix.Args {
		if v, ok := parser.LitValue(w); ok && (v == "exec" || v == "command") {
			continue
		}
		name, ok := parser.LitValue(w)
		return !ok || s.Funcs[name] == nil
	}
	return true
}

// afterBoots reports whether code at off runs after every engine command
// mode m reaches has started (parser.Script.RunsAfter): an assignment there
// is not what any of them read (half) K=2048 text-generation-launcher … &
// sleep 60; K=0; …).
func afterBoots(s *parser.Script, m *parser.Mode, off int) bool {
	n := 0
	for _, inv := range s.Invocations {
		if len(inv.Modes) > 0 && !containsMode(inv.Modes, m) {
			continue
		}
		if !s.RunsAfter(off, inv) {
			return false
		}
		n++
	}
	return n > 0
}

// envSpan is where mode m gives environment-read key k its value in its
// own code: its last assignment of k there, not one after every engine
// it reaches has started (afterBoots); else, on an engine's command
// it reaches, the literal or the variable its prefix or env word takes
// from the mode (launch 4096 into env K="$1"), that word itself, or a
// docker run's -e K=V; the mode's label when it writes none.
func envSpan(u *parser.Unit, s *parser.Script, m *parser.Mode, k string) (int, int) {
	var a *parser.Assign
	for _, x := range s.Assigns[k] {
		if x.Modes != nil && containsMode(x.Modes, m) && m.Contains(x.Start) && !otherPrefix(s, x) && !afterBoots(s, m, x.Start) {
			a = x
		}
	}
	if a != nil {
		return a.Start, a.End
	}
	for _, inv := range s.Invocations {
		if len(inv.Modes) > 0 && !containsMode(inv.Modes, m) {
			continue
		}
		if set, ok := s.EnvSetFor(inv, k); ok {
			if set.Value != nil {
				for _, o := range s.Origins(set.Value, set.Start, []*parser.Mode{m}, u.EnvKeysOf(s)) {
					if o.Modes != nil && !containsMode(o.Modes, m) {
						continue
					}
					if o.End > o.Start && m.Contains(o.Start) && len(s.ModesAt(o.Start)) > 0 {
						return o.Start, o.End
					}
					for _, c := range o.Chain {
						if m.Contains(c.Start) && len(c.Modes) > 0 {
							return c.Start, c.End
						}
					}
				}
			}
			if len(s.ModesAt(set.Start)) > 0 && m.Contains(set.Start) {
				return set.Start, set.End
			}
		}
		if d := inv.Engine.Docker; d != nil && m.Contains(inv.Start) {
			for _, i := range d.Env {
				if e, ok := parser.DockerEnvAt(inv.Args, i); ok && e.Key == k && e.Set && inv.Args[i].Start >= 0 {
					return inv.Args[i].Start, inv.Args[i].End
				}
			}
		}
	}
	return m.Start, m.End
}

func evalWhy(r *EvalResult) string {
	switch {
	case r == nil:
		return "not evaluated"
	case r.Err != nil:
		return r.Err.Error()
	}
	return "no engine invocation was reached"
}

// mustMatch lists the flags on which mode m must equal the proven mode and
// does not, and those it cannot tell because a value is not statically
// known.
func mustMatch(u *parser.Unit, cfg *Config, s *parser.Script, prof *parser.Profile, m *parser.Mode, pflags, mflags map[string]ArgvFlag) (drift, unknown []string) {
	set := map[string]bool{}
	calib := m.Role == parser.RoleCalib
	isKnob := func(canon string) bool {
		_, ok := cfg.CalibKnobs[canon]
		return ok
	}
	for _, f := range prof.Flags {
		if _, owned := u.Owner(s, prof, f.Name); owned && (!calib || !isKnob(f.Name)) {
			set[f.Name] = true
		}
		if m.Role == parser.RoleScoring {
			set[f.Name] = true
		}
	}
	if cfg.ProvenNamed {
		perMode := map[string]bool{}
		for _, f := range cfg.PerModeFlags {
			perMode[prof.Canon(f)] = true
		}
		for k := range pflags {
			if !perMode[k] && (!calib || !isKnob(k)) {
				set[k] = true
			}
		}
		for k := range mflags {
			if !perMode[k] && (!calib || !isKnob(k)) {
				set[k] = true
			}
		}
	}
	for k := range set {
		switch {
		case m.Role == parser.RolePlain && sweeps(u, s, m, k):
			// bench's --max-num-seqs "$s" in `for s in 32 64 128`: each
			// pass is its own workload, the first no more the mode's shape
			// than the last.
		case differs(prof, pflags, mflags, k):
			drift = append(drift, k)
		case unresolved(prof, pflags, mflags, k):
			unknown = append(unknown, k)
		}
	}
	sort.Strings(drift)
	sort.Strings(unknown)
	return drift, unknown
}

// unresolved reports whether a flag both argvs pass has a value on either
// side that is not statically known (so differs cannot tell).
// A flag one side leaves out is its engine default there: kl's -tp "$(jq
// …)" beside a serve that leaves -tp out may or may not be vLLM's 1.
func unresolved(prof *parser.Profile, a, b map[string]ArgvFlag, flag string) bool {
	x, okx, y, oky := withDefault(prof, a, b, flag)
	return okx && oky && (x.Unresolved || y.Unresolved) && x.Value != y.Value
}

// reportUnknown says that a flag the mode must share with the proven mode
// could not be compared: its value comes from a command the sandbox does
// not run (jq, curl …). Never a guess, never a silent pass.
func (c *Context) reportUnknown(pass *analysis.Pass, s *parser.Script, m *parser.Mode, against, flag string, prof *parser.Profile, mflags, oflags map[string]ArgvFlag) {
	path, st, en, ok := c.valueSpan(s, m, flag)
	if !ok {
		path, st, en = s.Path, m.Start, m.End
	}
	// A flag one side leaves out is compared at the engine's default.
	mv, mok, ov, ook := withDefault(prof, mflags, oflags, flag)
	other := func(name string, f ArgvFlag, ok bool) string {
		if ok && f.Name == "" {
			return fmt.Sprintf("%s's %s (the default; %s does not pass it)", name, f.Value, name)
		}
		return name + "'s " + f.Value
	}
	msg := fmt.Sprintf("%s's %s is not statically known (%s): it was not compared with %s", m.Label(), mv.Name, mv.Value, other(against, ov, ook))
	if !mv.Unresolved {
		msg = fmt.Sprintf("%s's %s is not statically known (%s): %s was not compared with it", against, ov.Name, ov.Value, other(m.Label(), mv, mok))
	}
	c.report(pass, diag{sev: Info, path: path, start: st, end: en, msg: msg})
}

// differs reports whether two argvs disagree on a flag; an unresolved value
// is not compared (never guessed).
func differs(prof *parser.Profile, a, b map[string]ArgvFlag, flag string) bool {
	x, okx, y, oky := withDefault(prof, a, b, flag)
	if !okx && !oky {
		return false
	}
	if okx && oky && (x.Unresolved || y.Unresolved) {
		return false
	}
	return okx != oky || x.Value != y.Value
}

// withDefault returns a flag's values in two argvs; a flag one side leaves
// out takes the engine's default there (kl's explicit --ngram-placement ram
// is serve's default placement), with no Name, as it is not written. A
// default is the number the other side writes when they are equal numbers
// (--gpu-memory-utilization 0.90 is vLLM's 0.9).
func withDefault(prof *parser.Profile, a, b map[string]ArgvFlag, flag string) (x ArgvFlag, okx bool, y ArgvFlag, oky bool) {
	x, okx = a[flag]
	y, oky = b[flag]
	if okx == oky {
		return x, okx, y, oky
	}
	def, ok := prof.DefaultOf(flag)
	if !ok {
		return x, okx, y, oky
	}
	written := x
	if !okx {
		written = y
	}
	if !written.Unresolved && sameNumber(def, written.Value) {
		def = written.Value
	}
	if !okx {
		return ArgvFlag{Canon: flag, Value: def}, true, y, oky
	}
	return x, okx, ArgvFlag{Canon: flag, Value: def}, true
}

// sameNumber reports whether a word is the same decimal number as an
// engine default: 0.90 is 0.9; an integer default takes integers only (-tp
// 1.0 is no int to argparse).
func sameNumber(def, word string) bool {
	if !strings.Contains(def, ".") {
		x, errx := strconv.Atoi(def)
		y, erry := strconv.Atoi(word)
		return errx == nil && erry == nil && x == y
	}
	x, errx := strconv.ParseFloat(def, 64)
	y, erry := strconv.ParseFloat(word, 64)
	return errx == nil && erry == nil && x == y
}

func (c *Context) reportDrift(pass *analysis.Pass, s *parser.Script, m *parser.Mode, against, flag string, mflags, oflags map[string]ArgvFlag, reported map[string]bool) {
	key := m.Name + "\x00" + flag
	if reported[key] {
		return
	}
	reported[key] = true
	mv, mok := mflags[flag]
	ov, ook := oflags[flag]
	written := flag // as the script writes it (--max_num_tokens), not canonical
	if mok && mv.Name != "" {
		written = mv.Name
	} else if ook && ov.Name != "" {
		written = ov.Name
	}
	var msg string
	switch {
	case mok && mv.Via != "":
		ow := written // the other's value as its argv writes it, or as the flag it fixes
		if ov.Via != "" || ov.Env != "" {
			ow = flag
		}
		msg = fmt.Sprintf("%s boots with %s (%s %s) where %s boots with %s %s", m.Label(), mv.Via, flag, argText(mv.Value), against, ow, argText(ov.Value))
	case mok && ook && ov.Via != "":
		msg = fmt.Sprintf("%s boots with %s %s where %s boots with %s (%s %s)", m.Label(), written, argText(mv.Value), against, ov.Via, flag, argText(ov.Value))
	case mok && mv.Env != "":
		msg = fmt.Sprintf("%s's engine reads %s=%s from its environment (as %s, which its argv does not pass) where %s boots with %s %s", m.Label(), mv.Env, argText(mv.Value), flag, against, written, argText(ov.Value))
	case mok && ook && ov.Env != "":
		msg = fmt.Sprintf("%s boots with %s %s where %s's engine reads %s=%s from its environment (as %s, which its argv does not pass)", m.Label(), written, argText(mv.Value), against, ov.Env, argText(ov.Value), flag)
	case mok && ook:
		msg = fmt.Sprintf("%s boots with %s %s where %s boots with %s", m.Label(), written, argText(mv.Value), against, argText(ov.Value))
	case mok:
		msg = fmt.Sprintf("%s boots with %s %s where %s does not pass it", m.Label(), written, argText(mv.Value), against)
	default:
		msg = fmt.Sprintf("%s boots without %s where %s passes %s", m.Label(), written, against, argText(ov.Value))
	}
	switch m.Role {
	case parser.RoleScoring:
		msg += "; scoring numbers are only comparable at one shape"
	default:
		msg += "; the dry-run argv must match the proven mode byte for byte"
	}
	if prof, ok := firstProfile(s); ok {
		if o, owned := c.Unit.Owner(s, prof, flag); owned {
			msg += fmt.Sprintf(" (%s owns it as %s=%s)", c.Where(o.Def.File.Path, o.Def.Entry.Start), o.Key, o.Def.Entry.Raw)
		}
	}
	// The value's own span: the switch's flag that fixes it, or the
	// environment's variable it is read from (an off switch's, the flag's).
	env := mv.Env
	if mv.Via != "" && mv.ViaFlag == "" {
		env, _, _ = strings.Cut(mv.Via, "=") // SHARDED=false
	}
	var path string
	var st, en int
	var ok bool
	switch {
	case mok && mv.ViaFlag != "":
		path, st, en, ok = c.valueSpan(s, m, mv.ViaFlag)
	case mok && env != "":
		path = s.Path
		st, en = envSpan(c.Unit, s, m, env)
		ok = en > st
	default:
		value := ""
		if mok && !mv.Unresolved {
			value = mv.Value
		}
		path, st, en, ok = c.valueSpanOf(s, m, flag, value)
	}
	if !ok {
		path, st, en = s.Path, m.Start, m.End
	}
	c.report(pass, diag{sev: Error, path: path, start: st, end: en, msg: msg})
}

// envFilled returns a's flags and, for each flag of the profile that the
// engine reads from its environment (parser.ShapeFlag.Env), that a does
// not pass and b does, the value a's engine reads there (r.Env), marked
// with the variable: TGI's launcher takes --max-total-tokens from
// MAX_TOTAL_TOKENS when the argv does not pass it (the argv wins), so
// serve) MAX_TOTAL_TOKENS=$TGI_MAX_TOTAL_TOKENS exec text-generation-launcher
// … boots as bench) … --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" does. Only
// a value statically known and not empty; else the flag stays out, and
// withDefault compares the engine's default as before.
func envFilled(prof *parser.Profile, a map[string]ArgvFlag, r *EvalResult, b map[string]ArgvFlag) map[string]ArgvFlag {
	if r == nil || len(r.Env) == 0 {
		return a
	}
	return fillFlags(prof, a, b, func(f *parser.ShapeFlag) (ArgvFlag, bool) {
		if f.Env == "" {
			return ArgvFlag{}, false
		}
		for _, k := range f.Envs() {
			if v, set := r.Env[k]; set && v != "" && !strings.Contains(v, "<unresolved") {
				return ArgvFlag{Canon: f.Name, Value: v, Index: -1, Env: k}, true
			}
		}
		return ArgvFlag{}, false
	})
}

// fillFlags returns a's flags and, for each flag of the profile that a
// does not pass and b does, the value fill gives it when fill has one; a
// itself when none is added.
func fillFlags(prof *parser.Profile, a, b map[string]ArgvFlag, fill func(*parser.ShapeFlag) (ArgvFlag, bool)) map[string]ArgvFlag {
	var out map[string]ArgvFlag
	for i := range prof.Flags {
		f := &prof.Flags[i]
		if _, ok := a[f.Name]; ok {
			continue
		}
		if _, ok := b[f.Name]; !ok {
			continue
		}
		v, ok := fill(f)
		if !ok {
			continue
		}
		if out == nil {
			out = maps.Clone(a)
		}
		out[f.Name] = v
	}
	if out == nil {
		return a
	}
	return out
}

// bootFilled returns the flags a and b boot with (the argvs ra and rb
// evaluated to): each side's with those its engine takes from its
// environment (envFilled) and then from an off switch (offFilled), each
// only for a flag the other side's argv sets.
func bootFilled(prof *parser.Profile, a map[string]ArgvFlag, ra *EvalResult, b map[string]ArgvFlag, rb *EvalResult) (fa, fb map[string]ArgvFlag) {
	ea, eb := envFilled(prof, a, ra, b), envFilled(prof, b, rb, a)
	return offFilled(prof, ea, ra, eb), offFilled(prof, eb, rb, ea)
}

// offFilled returns a's flags and, for each flag of the profile with an
// off switch (parser.ShapeFlag.Off) that a neither passes nor reads from
// its environment (envFilled ran first) and b has, the value the switch
// fixes when it is statically "false" in a's argv, else in its engine's
// environment: TGI's launcher boots kl) … --sharded false … with one
// shard, as --num-shard 1. A switch on, unknown or absent fixes no number
// (--sharded true alone takes every GPU the launcher sees): the flag stays
// out, compared as before.
func offFilled(prof *parser.Profile, a map[string]ArgvFlag, r *EvalResult, b map[string]ArgvFlag) map[string]ArgvFlag {
	return fillFlags(prof, a, b, func(f *parser.ShapeFlag) (ArgvFlag, bool) {
		if f.Off == nil {
			return ArgvFlag{}, false
		}
		v := ArgvFlag{Canon: f.Name, Value: f.Off.OffValue, Index: -1}
		if sw, ok := a[prof.Canon(f.Off.Flag)]; ok {
			// The argv's switch wins over the environment's.
			if sw.Unresolved || sw.Value != "false" {
				return ArgvFlag{}, false
			}
			v.Via, v.ViaFlag, v.Index = sw.Name+" false", sw.Canon, sw.Index
		} else if r != nil && f.Off.Env != "" && r.Env[f.Off.Env] == "false" {
			v.Via = f.Off.Env + "=false"
		} else {
			return ArgvFlag{}, false
		}
		return v, true
	})
}

func firstProfile(s *parser.Script) (*parser.Profile, bool) {
	ps := s.Profiles()
	if len(ps) == 0 {
		return nil, false
	}
	return ps[0], true
}

// Subcommand reports whether a mode found only because its branch sources a
// file (Mode.ViaSource) ran to its end without reaching an engine: `stop)
// . lib.sh; stop_server` is a subcommand, not a mode to compare or report.
func Subcommand(m *parser.Mode, r *EvalResult) bool {
	return m != nil && m.ViaSource && r != nil && len(r.Argv) == 0 && (r.Finished || r.Err == nil)
}

// argText writes an argv value for a message as servelint argv prints it:
// shell-quoted when it needs quotes, so an empty value (a key bash never
// set) reads as two single quotes, not as a missing word.
func argText(v string) string {
	q, err := syntax.Quote(v, syntax.LangBash)
	if err != nil {
		return strconv.Quote(v)
	}
	return q
}

// sweeps reports whether mode m passes flag canon a value that comes from
// the variable of a loop over several values (parser.Origin.Sweep: a for
// loop, or a while loop reading lines),
// directly or through a function's positional parameter: the mode boots
// once per pass, each its own workload by design, and has no one value of
// the flag to compare.
func sweeps(u *parser.Unit, s *parser.Script, m *parser.Mode, canon string) bool {
	f := modeFlag(s, m, canon)
	if f == nil {
		return false
	}
	w, at := f.Value, f.ValStart
	if ce, ok := childEnvOf(u, s, f); ok {
		// for s in 32 64; do SEQS=$s "$here/launch.sh"; done, where
		// launch.sh passes --max-num-seqs "${SEQS:-…}".
		w, at = ce.valueIn(s, m)
	}
	if w == nil || at < 0 {
		return false
	}
	for _, o := range s.Origins(w, at, []*parser.Mode{m}, u.EnvKeysOf(s)) {
		if o.Sweep != nil && (o.Modes == nil || containsMode(o.Modes, m)) {
			return true
		}
	}
	return false
}

// otherHost says how two evaluated argvs assumed different hosts: a
// preflight case on a value the dry run does not know (case "$GPU" in …
// *) exit 1) took one item in the proven mode's run and another in the
// mode's (dryrun.Result.Picks); "" when they agree on every case both
// assumed.
func otherHost(proven, mode *EvalResult) string {
	if proven == nil || mode == nil || len(proven.Picks) == 0 || len(mode.Picks) == 0 {
		return ""
	}
	took := map[string]string{}
	for _, p := range proven.Picks {
		w, item, _ := strings.Cut(p, "\x00")
		took[w] = item
	}
	for _, p := range mode.Picks {
		w, item, _ := strings.Cut(p, "\x00")
		if other, ok := took[w]; ok && other != item {
			return fmt.Sprintf("the dry run assumed case %s took %s) there and %s) in %s's, two hosts", w, item, other, proven.Mode)
		}
	}
	return ""
}
