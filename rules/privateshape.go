package rules

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// PrivateShape finds a mode that carries its own shape number.
var PrivateShape = &analysis.Analyzer{
	Name: "privateshape",
	Doc: `a mode passes an owned shape flag a value that does not come from its owner key

Law 2 (one owner): no mode carries its own --max-num-seqs or step. Both come
from the env file that owns them. A literal, a mode-local variable holding a
literal, arithmetic on the owner, a re-assignment of the owner inside a mode,
or a second copy of the flag that overrides the shared one (or the mode's
own earlier one) are findings (not a copy read from the owner over a shared
one that is not the owner's value: serve) … "${ARGS[@]}" --max-num-seqs
"$OWNER" after ARGS=(--max-num-seqs 256) boots serve with the owner's); so is a mode's own docker -e KEY=VALUE where
the container otherwise gets KEY from its owner (the run's --env-file owns
KEY, or another docker run hands it on as -e KEY="$KEY"), and a mode's
re-assignment of an owner the engine reads from its environment when the
argv does not pass the flag (bench) export MAX_CONCURRENT_REQUESTS=256 before
text-generation-launcher or docker run -e MAX_CONCURRENT_REQUESTS; not when
the value stays in the shell: unexported, set -a only in a subshell, another
mode's export, a launch through sudo without -E or env -i); the same for a
literal the mode hands the engine's env K="$1" or K="$v" prefix through a
launcher every mode calls (bench) launch 4096) while the proven mode hands
it the owner; and a mode's prefix assignment on the run of a script of the
tree (bench) SEQS=64 exec "$here/launch.sh") whose flag reads it from its
environment (--max-num-seqs "${SEQS:-$MAX_NUM_SEQS}"). A mode's own env
file re-setting an owner key that a file every mode sources owns (bench.env's
OV_MAX_NUM_SEQS=512 read by . "$here/$mode.env", or by bench) . bench.env
after the shared base.env) is the same re-assignment, reported at the file's
line; not where each mode's file owns its own numbers (presets), nor where the
file is read in a subshell, a substitution or under a function's local.
A flag and literal value that a function of a sourced library writes into
an array the argv expands (kl) mode_kl ;; with mode_kl() { EXTRA=(--max-num-seqs
4); } in lib/modes.sh) is the calling mode's own, as with the function in
the script; it is reported at the library's line. So is a flag and literal
value of a library's top-level array (ARGS=(--max-num-seqs 256) or
--max-num-seqs=256, whose fix rewrites only the value; or
declare -a, export, readonly ARGS=(…)) that only modes other than the proven
one expand ("${ARGS[@]}" in bench's branch; or the proven mode passes the
flag again after it), when it differs from the owner's value.
What counts is where the value comes from: step=$OWNER; --flag "$step" is
fine. A calib mode's own knobs (the step, the n-gram placement) may differ
from the proven shape but must still come from the env file. Prefill and
decode roles are other shapes on purpose: their own numbers are theirs.

Fix: the value becomes "$OWNER"; an overriding copy, a dead mode-local
assignment, a mode's re-assignment of an environment-read owner and a
mode's own -e KEY=VALUE are deleted (or the -e hands
"$KEY" when no --env-file gives the container the owner's); so is a mode
file's line re-setting an owner, when only the script reads that file. A calib knob given as a literal has no fix (the fix
would have to invent a key) unless the config names its key. No fix changes
what the proven mode boots with: where the edit reaches the proven mode
(its own literal, a literal it shares with other modes, its own
re-assignment or overriding copy) and the value is not the owner's, the
finding says so and has no fix. Nor does a fix at a use other modes share
rewrite their own values: a disaggregated role's, another model's, calib's
own knob, one under a servelint:ignore (STEP=$BENCH_STEP; prefill)
STEP=16384 … --max-num-batched-tokens "$STEP": the finding names that line
and has no fix). A mode that boots with the very value the proven mode
boots with, not the owner's (both read _common.sh's SEQS=256, or one
top-level SEQS=256), has the proven shape: no finding there (serve's names
the value). One that writes an equal number of its own (serve) … 256 ;;
bench) … 256) is reported with no fix: "$OWNER" in it alone would boot
it apart from the proven mode. A library's copy is deleted only when the argv passes the
flag on every mode's path and the edit reaches no other script (none of the
unit sources the library) nor the proven mode; the finding says why not
otherwise. A library's top-level literal becomes "$OWNER" only under the
same conditions, and when the owner's file is sourced before the library
assigns the array.`,
	Requires: []*analysis.Analyzer{Model},
	Run:      runPrivateShape,
}

func runPrivateShape(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	u := c.Unit
	for _, s := range u.Scripts {
		env := u.EnvKeysOf(s)
		for _, inv := range s.Invocations {
			if u.SidecarModel(s, inv) {
				// serve) vllm serve BAAI/bge-m3 --task embed --max-num-seqs
				// 256 … & exec vllm serve "$MODEL" …: the sidecar serves
				// another model, sized for it, not by the owner.
				continue
			}
			for _, f := range inv.Flags {
				if f.Shape == nil || f.ValStart < 0 {
					continue
				}
				owner, ok := u.Owner(s, inv.Profile, f.Canon)
				if !ok {
					continue
				}
				// calib's own knob (its step) passed after the shared one
				// is its by design: checkOrigin asks only that it come from
				// the env file.
				calibKnob := allCalib(f.Modes) && c.isCalibKnob(f.Canon)
				// A prefill or decode role's own copy is its shape by design.
				if servesOtherModel(u, s, f.Modes) {
					continue // embed) llama-server -m "$EMBED_GGUF" -c 8192: another model's own size
				}
				if len(f.Modes) > 0 && !calibKnob && !allDisagg(f.Modes) {
					if g := overridden(inv, f); g != nil && !ownerOverDead(s, f, g, owner, env) {
						c.reportOverride(pass, s, f, g, owner)
						continue
					}
					if g := overriddenBy(inv, f); g != nil {
						c.reportOverridden(pass, s, f, g, owner)
						continue
					}
				}
				origins := s.Origins(f.Value, f.ValStart, f.Modes, env)
				if o, ok := s.FieldOrigin(f); ok {
					// bench) EXTRA="--max-num-seqs 256" ;; … $EXTRA
					origins = []parser.Origin{o}
				}
				for i, o := range origins {
					c.checkOrigin(pass, s, f, owner, o, origins, i)
				}
				for _, o := range besideOrigins(s, f, env, origins) {
					c.checkOrigin(pass, s, f, owner, o, origins, -1)
				}
			}
			c.checkOffSwitch(pass, s, inv)
			c.checkLibTopLiteral(pass, s, inv)
			c.checkModeless(pass, s, inv)
			c.checkDockerEnv(pass, s, inv)
			c.checkEnvShape(pass, s, inv)
			c.checkChildEnv(pass, s, inv)
		}
		c.checkModeEnvFiles(pass, s)
		c.checkLibModes(pass, s)
	}
	return nil, nil
}

// besideOrigins returns the origins of flag f's value in the modes that
// run the proven mode's code with a flag set beside the mode dispatch
// (serve with FAST=1, parser.Mode.FlagOn), which f's modes do not name:
// `SEQS=$OWNER; [[ ${FAST:-0} != 1 ]] || SEQS=32` at the top level, then
// serve) … --max-num-seqs "$SEQS". Only an origin whose value comes
// through an assignment of the flag's own code (run by that mode, not by
// the proven one): the proven mode's origins are f's own (origins). None
// when the proven mode's own code assigns on the way to f (serve)
// SEQS=$OWNER; exec … "$SEQS"), which the flag's mode runs too, after its
// own.
func besideOrigins(s *parser.Script, f *parser.Flag, env parser.EnvKeys, origins []parser.Origin) []parser.Origin {
	var out []parser.Origin
	for _, m := range s.Modes {
		if m.FlagOn() == "" {
			continue // not a flag beside the dispatch (and no look through every mode for "")
		}
		base := s.ModeNamed(m.FlagOn())
		if base == nil || !containsMode(f.Modes, base) || containsMode(f.Modes, m) {
			continue
		}
		if slices.ContainsFunc(origins, func(o parser.Origin) bool {
			return slices.ContainsFunc(o.Chain, func(a *parser.Assign) bool { return containsMode(a.Modes, base) })
		}) {
			continue
		}
		for _, o := range s.Origins(f.Value, f.ValStart, []*parser.Mode{m}, env) {
			own := slices.ContainsFunc(o.Chain, func(a *parser.Assign) bool {
				return containsMode(a.Modes, m) && !containsMode(a.Modes, base)
			})
			if own && sameModes(o.Modes, []*parser.Mode{m}) {
				out = append(out, o)
			}
		}
	}
	return out
}

// checkOffSwitch reports a mode's own off switch that fixes an owned flag
// the mode does not pass (parser.ShapeFlag.Off): kl) … --sharded false …
// boots TGI with one shard where the owner says TGI_NUM_SHARD=2, as kl) …
// --num-shard 1 … would. Only a literal "false" in the mode's own code,
// in modes none of which passes the flag or is the proven mode, and only
// where nothing could hand the engine the flag's own variable (NUM_SHARD:
// the launcher takes it over the switch): no assignment of it in the
// script, no owning env file's key, no docker -e or --env-file on the run.
// --sharded true fixes no number (every GPU the launcher sees): never
// reported here. No fix: the edit would swap a switch for a flag.
func (c *Context) checkOffSwitch(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) {
	if inv.Profile == nil {
		return
	}
	if d := inv.Engine.Docker; d != nil && (len(d.Env) > 0 || len(dockerEnvFiles(s, inv)) > 0) {
		return
	}
	u := c.Unit
	env := u.EnvKeysOf(s)
	proven := s.Proven()
	for i := range inv.Profile.Flags {
		sf := &inv.Profile.Flags[i]
		if sf.Off == nil {
			continue
		}
		owner, ok := u.Owner(s, inv.Profile, sf.Name)
		if !ok || slices.ContainsFunc(sf.Envs(), func(k string) bool { return len(s.Assigns[k]) > 0 || env(k) }) {
			continue
		}
		sw := inv.Profile.Canon(sf.Off.Flag)
		for _, f := range inv.Flags {
			if f.Canon != sw || f.ValStart < 0 || len(f.Modes) == 0 {
				continue
			}
			if v, lit := parser.LitValue(f.Value); !lit || v != "false" {
				continue
			}
			if slices.Contains(f.Modes, proven) || allDisagg(f.Modes) || servesOtherModel(u, s, f.Modes) {
				continue
			}
			if slices.ContainsFunc(f.Modes, func(m *parser.Mode) bool { return modeFlag(s, m, sf.Name) != nil }) {
				continue
			}
			msg := fmt.Sprintf("%s passes %s false and no %s, which boots as %s %s; %s owns %s as %s=%s",
				parser.ModeNames(f.Modes), f.Name, sf.Name, sf.Name, sf.Off.OffValue,
				c.Where(owner.Def.File.Path, owner.Def.Entry.Start), sf.Name, owner.Key, owner.Def.Entry.Raw)
			c.report(pass, diag{sev: Error, path: s.Path, start: f.NameStart, end: f.ValEnd, msg: msg})
		}
	}
}

// checkModeEnvFiles reports a mode's own env file re-setting an owner key
// that a file every mode sources owns: bench.env's OV_MAX_NUM_SEQS=512,
// read by `. "$here/$mode.env"` (or `bench) . "$here/bench.env" ;;`)
// after the shared base.env's OV_MAX_NUM_SEQS=128. It is the
// re-assignment of the owner inside the mode, written in a file: the
// finding is on the file's line, which is what to change. Not for the
// proven mode's own file, a value equal to the owner's or not fixed (it
// reads the environment), a file read before the shared one (the shared
// value wins), prefill/decode roles, calib's own knobs, a mode serving
// another model, nor per-mode presets (Presets: the proven mode sources a
// file of its own too, each owning its numbers), nor a file read where
// its keys do not reach the engine's shell (parser.Script.SourceSets: a
// subshell, a command substitution, a function's local). argvdrift proves
// what the mode boots with. Fix: the line is deleted,
// where only this script reads the file, with bash, and no other line of
// it reads the key.
func (c *Context) checkModeEnvFiles(pass *analysis.Pass, s *parser.Script) {
	u := c.Unit
	proven := s.Proven()
	if proven == nil || len(s.Invocations) == 0 {
		return
	}
	owners := u.Owners(s)
	if len(owners) == 0 {
		return
	}
	owning := map[string]*parser.EnvFile{}
	for _, e := range u.Owning[s.Path] {
		owning[e.Path] = e
	}
	// Where each owning file is read on the path every mode runs.
	sharedAt := map[*parser.EnvFile]int{}
	for _, ref := range s.Sources {
		if e := owning[ref.Path]; e != nil && len(ref.Modes) == 0 && ref.Kind == parser.SourceBash {
			if at, ok := sharedAt[e]; !ok || ref.Start < at {
				sharedAt[e] = ref.Start
			}
		}
	}
	seen := map[*parser.EnvEntry]bool{}
	for _, ref := range s.Sources {
		e := owning[ref.Path]
		if e == nil || len(ref.Modes) == 0 || ref.Kind != parser.SourceBash {
			continue
		}
		if _, shared := sharedAt[e]; shared {
			continue
		}
		var ms []*parser.Mode
		for _, m := range ref.Modes {
			if m != proven && !m.Disagg() && !proven.Disagg() && !servesOtherModel(u, s, []*parser.Mode{m}) && !Presets(u, s, proven, m) {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			continue
		}
		for _, en := range e.Entries {
			o, ok := owners[en.Key]
			if !ok || seen[en] || o.Def.File == e || o.Def.Entry == nil {
				continue
			}
			at, ok := sharedAt[o.Def.File]
			if !ok || at > ref.Start {
				continue // read after the mode's file: the owner's value wins
			}
			if allCalib(ms) && c.isCalibKnob(o.Flag) {
				continue // calib's own knob, from an env file as it must be
			}
			if !en.Bash.Defined || en.Bash.Dynamic || !o.Def.Entry.Bash.Defined || en.Bash.Value == o.Def.Entry.Bash.Value {
				continue
			}
			if e.Defs(en.Key)[len(e.Defs(en.Key))-1] != en {
				continue // a later line of the file sets it again: reported there
			}
			sets := false
			for _, inv := range s.Invocations {
				for _, m := range ms {
					if (len(inv.Modes) == 0 || slices.Contains(inv.Modes, m)) && s.SourceSets(ref.Start, en.Key, inv, m) {
						sets = true
					}
				}
			}
			if !sets {
				continue
			}
			seen[en] = true
			c.noteEnvReported(s, ms, en.Key)
			d := diag{sev: Error, path: e.Path, start: en.KeyStart, end: en.End,
				msg: fmt.Sprintf("%s's own env file re-sets %s=%s, the owner of %s, after %s sources the shared %s; %s",
					parser.ModeNames(ms), en.Key, en.Raw, o.Flag, c.Where(s.Path, at), c.display(o.Def.File.Path), c.ownerText(o))}
			if c.modeFileLineDeletable(s, e, en) {
				st, end := envLineDelete(e.Src, en.Start, en.End)
				d.fixMsg, d.edits = "delete the mode's own "+en.Key, []edit{{e.Path, st, end, ""}}
			}
			c.report(pass, d)
		}
	}
}

// modeFileLineDeletable reports whether deleting entry en of a mode's own
// env file e leaves the mode the owner's value and changes nothing else:
// s is the file's only reader, with bash alone, the key is defined once
// there, and no other line of the file reads it.
func (c *Context) modeFileLineDeletable(s *parser.Script, e *parser.EnvFile, en *parser.EnvEntry) bool {
	u := c.Unit
	if rs := u.ScriptsReading(e); len(rs) != 1 || rs[0] != s || u.Readers[e.Path] != parser.ReaderBash || len(e.Defs(en.Key)) != 1 {
		return false
	}
	for _, o := range e.Entries {
		if o != en && slices.Contains(o.Refs, en.Key) {
			return false
		}
	}
	return true
}

// checkEnvShape reports a mode's own value of an owner the engine reads
// from its environment (ShapeFlag.Env) while the argv does not pass the
// flag: `bench) export MAX_CONCURRENT_REQUESTS=256 ;;` before
// text-generation-launcher, or before a docker run handing the container
// -e MAX_CONCURRENT_REQUESTS. Only a literal, and only where the engine
// sees it: exported (export, set -a, or the owner's file sourced under set
// -a), or handed by value (-e K="$K"). Fix: the assignment is deleted, so
// the mode boots with the owner's; not where the mode's path does not
// source the owner's file (the engine would get no value), nor where
// another program reads the key too.
func (c *Context) checkEnvShape(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) {
	u := c.Unit
	handed := c.checkEnvSet(pass, s, inv)
	for _, k := range inv.EnvShapeReads() {
		var flag string
		for i := range inv.Profile.Flags {
			if inv.Profile.Flags[i].ReadsEnv(k) {
				flag = inv.Profile.Flags[i].Name
			}
		}
		o, ok := u.Owner(s, inv.Profile, flag)
		if !ok || o.Key != k {
			continue
		}
		// Exported for good: the owner's file sourced under set -a (its
		// keys keep the attribute); or, for one assignment, an export of
		// the key on the shared path or in one of its modes (another
		// mode's export is not run), or set -a in force where it is
		// assigned (not one in a subshell).
		fileExported := u.SourcesAllExported(s, o.Def.File)
		exportedFor := func(a *parser.Assign) bool {
			return fileExported || s.AllExportAt(a.Start) || slices.ContainsFunc(s.Assigns[k], func(e *parser.Assign) bool {
				return e.Exported && (len(e.Modes) == 0 || slices.ContainsFunc(e.Modes, func(m *parser.Mode) bool { return slices.Contains(a.Modes, m) }))
			})
		}
		byValue := inv.Engine.Docker != nil // EnvHanded: -e K alone needs K exported
		if byValue {
			byValue = forwardedEnv(s)[k]
		}
		at := s.ModesAt(inv.Start)
		for _, a := range s.Assigns[k] {
			if len(a.Modes) == 0 || a.Value == nil || a.Append || handed[a] {
				continue // handed[a]: reported with the env word that hands it (checkEnvSetOrigins)
			}
			if a.Prefix != nil && (onEngineCall(s, a.Prefix) || !prefixSetsShell(s, a.Prefix)) {
				// K=256 exec text-generation-launcher: the engine's own
				// command (checkEnvSet); K=256 python3 bench.py: another
				// program's, the shell's K is unchanged.
				continue
			}
			val, lit := parser.LitValue(a.Value)
			// A prefix of a function call is exported for the call.
			exported := a.Prefix != nil || exportedFor(a)
			if !lit || !exported && !byValue || allDisagg(a.Modes) || allCalib(a.Modes) && c.isCalibKnob(flag) || servesOtherModel(u, s, a.Modes) {
				continue
			}
			if len(at) > 0 && !slices.ContainsFunc(a.Modes, func(m *parser.Mode) bool { return slices.Contains(at, m) }) {
				continue // another mode's engine
			}
			if !slices.ContainsFunc(a.Modes, func(m *parser.Mode) bool { return !s.EndsBefore(m, inv) }) {
				continue // sudo) export K=256; exec sudo … ;;: the mode's own engine, never the shared one
			}
			if s.RunsAfter(a.Start, inv) {
				continue // … text-generation-launcher … & sleep 60; K=0: the engine was started before
			}
			d := diag{sev: Error, path: s.Path, start: a.Start, end: a.End,
				msg: fmt.Sprintf("%s re-assigns the owner %s inside the mode, and the engine reads %s from its environment as %s, which the argv does not pass, so it boots with %s; %s",
					parser.ModeNames(a.Modes), strings.TrimSpace(s.Text(a.Start, a.End)), k, flag, val, c.ownerText(o))}
			switch line := s.OtherProgramRead(k); {
			case line > 0:
				d.msg += fmt.Sprintf(" (no fix: line %d hands %s to another program too, which the re-assignment sets as well)", line, k)
			case !u.ShellReadsIn(s, o.Def.File, a.Modes):
				d.msg += fmt.Sprintf(" (no fix: %s's path does not source %s, so the engine would get no %s)",
					parser.ModeNames(a.Modes), c.display(o.Def.File.Path), k)
			case a.StmtStart >= 0:
				d.fixMsg, d.edits = "delete the re-assignment", []edit{stmtDelete(s, a)}
			case a.Prefix != nil:
				// bench) K=256 launch 8081: deleted, the function's engine
				// inherits the shell's K, the owner's where it is exported.
				if cut := prefixCut(s, a); cut > a.End && (fileExported || slices.ContainsFunc(a.Modes, func(m *parser.Mode) bool { return s.ExportedOnPath(k, m) })) {
					d.fixMsg, d.edits = "delete the mode's own "+k, []edit{{s.Path, a.Start, cut, ""}}
				}
			}
			c.noteEnvReported(s, a.Modes, k)
			c.report(pass, d)
		}
	}
}

// prefixCut is the start of the word after prefix assignment a: deleting
// [a.Start, cut) drops it and its blank; -1 when it is not found.
func prefixCut(s *parser.Script, a *parser.Assign) int {
	c := a.Prefix
	for i, as := range c.Assigns {
		if s.Off(as.Pos()) != a.Start {
			continue
		}
		if i+1 < len(c.Assigns) {
			return s.Off(c.Assigns[i+1].Pos())
		}
		if len(c.Args) > 0 {
			return s.Off(c.Args[0].Pos())
		}
	}
	return -1
}

// onEngineCall reports whether command c is an engine invocation's own
// (or the call of a wrapper function that runs one).
func onEngineCall(s *parser.Script, c *syntax.CallExpr) bool {
	return slices.ContainsFunc(s.Invocations, func(inv *parser.Invocation) bool { return inv.Call == c })
}

// prefixSetsShell reports whether a prefix assignment on command c is
// seen by shell code: c calls a function of the script (whose body reads
// K, exported, for the call), or its name is not a literal. On any other
// command it is that program's environment alone.
func prefixSetsShell(s *parser.Script, c *syntax.CallExpr) bool {
	name, ok := parser.LitValue(c.Args[0])
	if !ok {
		return true
	}
	switch name {
	case ".", "source", "eval", "command", "builtin":
		return true
	}
	return s.Funcs[name] != nil
}

// checkEnvSet reports a mode's own value of an owner the engine reads from
// its environment, set on the engine's command line alone: a prefix
// assignment (bench) MAX_CONCURRENT_REQUESTS=256 exec
// text-generation-launcher …) or an env word (env
// MAX_CONCURRENT_REQUESTS=256 text-generation-launcher, env -i …), while
// the argv does not pass the flag and the proven mode's engine boots with
// the owner's value (its file sourced under set -a, or exported, or handed
// by value). Only a literal. Fix: the word is deleted, where the mode's
// engine then gets the owner's value: not after env -i, nor where the
// mode's path does not export the owner.
//
// It returns the mode-local re-assignments of an owner it reported as
// handed on by such a word, which checkEnvShape does not report again.
func (c *Context) checkEnvSet(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) map[*parser.Assign]bool {
	u := c.Unit
	pm := s.Proven()
	handed := map[*parser.Assign]bool{}
	if inv.Profile == nil || pm == nil {
		return handed
	}
	for _, f := range inv.Profile.Flags {
		if f.Env == "" || slices.ContainsFunc(inv.Flags, func(g *parser.Flag) bool { return g.Canon == f.Name }) {
			continue
		}
		o, ok := u.Owner(s, inv.Profile, f.Name)
		if !ok || !f.ReadsEnv(o.Key) {
			continue
		}
		k := o.Key // the variable the engine reads: Env, or an alias of it (TGI's MAX_INPUT_LENGTH)
		set, ok := s.EnvSetFor(inv, k)
		if !ok {
			continue
		}
		val, lit := "", set.Value == nil
		if !lit {
			val, lit = parser.LitValue(set.Value)
		}
		if !lit {
			c.checkEnvSetOrigins(pass, s, inv, f, o, set, pm, handed)
			continue
		}
		modes := s.ModesAt(set.Start)
		if len(modes) == 0 || slices.Contains(modes, pm) || allDisagg(modes) || allCalib(modes) && c.isCalibKnob(f.Name) || servesOtherModel(u, s, modes) {
			continue
		}
		if at := s.ModesAt(inv.Start); len(at) > 0 && !slices.ContainsFunc(modes, func(m *parser.Mode) bool { return slices.Contains(at, m) }) {
			continue // another mode's engine
		}
		if !slices.ContainsFunc(modes, func(m *parser.Mode) bool { return !s.EndsBefore(m, inv) }) {
			continue
		}
		// The owner exported to the engine of a path: its file sourced
		// there under set -a, or sourced and exported by a naked export.
		fileExported := u.SourcesAllExported(s, o.Def.File)
		exportedIn := func(ms []*parser.Mode) bool {
			if !u.ShellReadsIn(s, o.Def.File, ms) {
				return false
			}
			return fileExported || slices.ContainsFunc(ms, func(m *parser.Mode) bool { return s.ExportedOnPath(k, m) })
		}
		if !c.provenGetsOwner(s, pm, f.Name, k, o, exportedIn) {
			continue
		}
		form := "a prefix assignment on the engine's command"
		if set.Env {
			form = "env on the engine's command"
		}
		d := diag{sev: Error, path: s.Path, start: set.Start, end: set.End,
			msg: fmt.Sprintf("%s sets its own %s (%s), and the engine reads %s from its environment as %s, which the argv does not pass, so it boots with %s where %s boots with the owner's; %s",
				parser.ModeNames(modes), strings.TrimSpace(s.Text(set.Start, set.End)), form, k, f.Name, val, pm.Name, c.ownerText(o))}
		switch {
		case set.Cleared:
			d.msg += fmt.Sprintf(" (no fix: the environment is cleared before it, so without it the engine would get no %s)", k)
		case !exportedIn(modes):
			d.msg += fmt.Sprintf(" (no fix: %s's path does not export %s from %s, so without it the engine would get no %s)",
				parser.ModeNames(modes), k, c.display(o.Def.File.Path), k)
		case set.Cut > set.End:
			d.fixMsg, d.edits = "delete the mode's own "+k, []edit{{s.Path, set.Start, set.Cut, ""}}
		}
		c.noteEnvReported(s, modes, k)
		c.report(pass, d)
	}
	return handed
}

// checkEnvSetOrigins reports a mode's own value of an owner the engine
// reads from its environment, handed to the engine's command line by a
// word that is not a literal: a launcher every mode calls (launch() { exec
// env MAX_BATCH_PREFILL_TOKENS="$1" text-generation-launcher …; }, or
// MAX_BATCH_PREFILL_TOKENS="$prefill" exec …) given the mode's literal as
// its argument (bench) launch 4096 ;;) or through a mode-local variable
// (bench) prefill=4096; launch ;;), while serve hands it the owner (serve)
// launch "$MAX_BATCH_PREFILL_TOKENS" ;;). Only a literal the mode writes in
// its own code, and only where the proven mode's engine gets the owner's
// value. Fix: the literal becomes "$OWNER", where the mode's path sources
// the owner's file (the value is handed on by value, exported or not).
// Where the literal is the mode's own re-assignment of the owner (half)
// MAX_BATCH_PREFILL_TOKENS=4096; exec env -i
// MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" …), the finding is
// the re-assignment's, as checkOrigin's for an argv flag, its fix deleting
// it; the assignment goes into handed, so checkEnvShape does not report
// the same mistake a second time.
func (c *Context) checkEnvSetOrigins(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation, f parser.ShapeFlag, o parser.Owner, set parser.EnvSet, pm *parser.Mode, handed map[*parser.Assign]bool) {
	u := c.Unit
	if set.Cleared && set.Value == nil {
		return
	}
	env := u.EnvKeysOf(s)
	at := s.ModesAt(inv.Start)
	provenChecked, provenOK := false, false
	for _, og := range s.Origins(set.Value, set.Start, s.ModesAt(set.Start), env) {
		if og.Kind != parser.OriginLiteral && (og.Kind != parser.OriginDefault || len(og.Chain) == 0) {
			continue
		}
		modes := og.Modes
		if modes == nil {
			modes = s.ModesAt(set.Start)
		}
		if len(modes) == 0 || slices.Contains(modes, pm) || !inModes(modes, og.Start) || og.End <= og.Start {
			continue // shared, the proven mode's own, or not written in the mode's code
		}
		if sharedPreset(s, og) || servesOtherModel(u, s, modes) {
			continue
		}
		modes = rolesOnly(s, modes)
		if allDisagg(modes) || allCalib(modes) && c.isCalibKnob(f.Name) {
			continue
		}
		if len(at) > 0 && !slices.ContainsFunc(modes, func(m *parser.Mode) bool { return slices.Contains(at, m) }) {
			continue // another mode's engine
		}
		if !slices.ContainsFunc(modes, func(m *parser.Mode) bool { return !s.EndsBefore(m, inv) }) {
			continue
		}
		if !provenChecked {
			provenChecked = true
			fileExported := u.SourcesAllExported(s, o.Def.File)
			exportedIn := func(ms []*parser.Mode) bool {
				if !u.ShellReadsIn(s, o.Def.File, ms) {
					return false
				}
				return fileExported || slices.ContainsFunc(ms, func(m *parser.Mode) bool { return s.ExportedOnPath(o.Key, m) })
			}
			provenOK = c.provenGetsOwner(s, pm, f.Name, o.Key, o, exportedIn)
		}
		if !provenOK {
			return
		}
		through := ""
		if len(og.Chain) > 0 {
			local := ""
			if sameModes(og.Chain[len(og.Chain)-1].Modes, modes) {
				local = "the mode-local "
			}
			through = " through " + local + chainText(s, og.Chain)
		}
		form := "a prefix assignment on the engine's command"
		if set.Env {
			form = "env on the engine's command"
		}
		if i := slices.IndexFunc(og.Chain, func(a *parser.Assign) bool { return a.Name == o.Key && len(a.Modes) > 0 }); i >= 0 {
			c.reportEnvReassign(pass, s, og.Chain[i], og.Value, set, form, f, o, pm, modes)
			handed[og.Chain[i]] = true
			continue
		}
		d := diag{sev: Error, path: s.Path, start: og.Start, end: og.End,
			msg: fmt.Sprintf("%s hands its own %s%s to %s (line %d, %s), and the engine reads %s from its environment as %s, which the argv does not pass, so it boots with %s where %s boots with the owner's; %s",
				parser.ModeNames(modes), og.Value, through, strings.TrimSpace(s.Text(set.Start, set.End)), s.Line(set.Start), form, o.Key, f.Name, og.Value, pm.Name, c.ownerText(o))}
		if u.ShellReadsIn(s, o.Def.File, modes) {
			d.fixMsg, d.edits = "take the value from "+o.Key, []edit{{s.Path, og.Start, og.End, `"$` + o.Key + `"`}}
		} else {
			d.msg += fmt.Sprintf(" (no fix: %s's path does not source %s, so $%s is unset there)", parser.ModeNames(modes), c.display(o.Def.File.Path), o.Key)
		}
		c.noteEnvReported(s, modes, o.Key)
		c.report(pass, d)
	}
}

// reportEnvReassign reports mode-local re-assignment a of owner o, which an
// env word or prefix assignment (set) hands to the engine's command line
// by value. Fix: a is deleted, so the word hands on the owner's value:
// only where the modes' path sources the owner's file, and no other
// program reads the key (it would change for that program too).
func (c *Context) reportEnvReassign(pass *analysis.Pass, s *parser.Script, a *parser.Assign, val string, set parser.EnvSet, form string, f parser.ShapeFlag, o parser.Owner, pm *parser.Mode, modes []*parser.Mode) {
	cond := ""
	if a.Guarded {
		cond = " under a condition"
	}
	d := diag{sev: Error, path: s.Path, start: a.Start, end: a.End,
		msg: fmt.Sprintf("%s re-assigns the owner %s inside the mode%s and hands it to %s (line %d, %s), and the engine reads %s from its environment as %s, which the argv does not pass, so it boots with %s where %s boots with the owner's; %s",
			parser.ModeNames(modes), strings.TrimSpace(s.Text(a.Start, a.End)), cond, strings.TrimSpace(s.Text(set.Start, set.End)), s.Line(set.Start), form, o.Key, f.Name, val, pm.Name, c.ownerText(o))}
	switch line := s.OtherProgramRead(o.Key); {
	case line > 0:
		d.msg += fmt.Sprintf(" (no fix: line %d hands %s to another program too, which the re-assignment sets as well)", line, o.Key)
	case !c.Unit.ShellReadsIn(s, o.Def.File, modes):
		d.msg += fmt.Sprintf(" (no fix: %s's path does not source %s, so $%s is unset there)", parser.ModeNames(modes), c.display(o.Def.File.Path), o.Key)
	case a.StmtStart >= 0:
		d.fixMsg, d.edits = "delete the re-assignment", []edit{stmtDelete(s, a)}
	}
	c.noteEnvReported(s, modes, o.Key)
	c.report(pass, d)
}

// ownerIn reports whether the value of env-read key k that set hands the
// engine is the owner's in mode m: every origin of its word there is the
// key itself (launch "$K" into env K="$1", or p=$K before env K="$p").
func (c *Context) ownerIn(s *parser.Script, set parser.EnvSet, m *parser.Mode, k string) bool {
	n := 0
	for _, og := range s.Origins(set.Value, set.Start, []*parser.Mode{m}, c.Unit.EnvKeysOf(s)) {
		if og.Modes != nil && !slices.Contains(og.Modes, m) {
			continue
		}
		if og.Kind != parser.OriginEnvKey || og.Key != k || slices.ContainsFunc(og.Chain, func(a *parser.Assign) bool { return a.Name == k }) {
			return false
		}
		n++
	}
	return n > 0
}

// checkChildEnv reports a mode's own value of a shape flag that a script of
// the tree it runs reads from its environment, given by a prefix assignment
// on the call (bench) SEQS=64 exec "$here/launch.sh" ;;) or exported by
// the mode's code before the call (bench) export SEQS=64; exec
// "$here/launch.sh" ;;), where launch.sh passes --max-num-seqs
// "${SEQS:-$MAX_NUM_SEQS}" and never sets SEQS itself
// (parser.Script.CallerEnvRead), no env file either script sources
// defines it, and the argv has no other copy of the flag. Only a literal
// written in the mode's own code (on the call, or through a launcher's
// argument or a mode-local variable). Fix: with the child's default the
// owner, the prefix assignment (or the export's statement) is deleted (the
// child then takes the owner's); else, where the mode's shell sources the
// owner, the literal becomes "$OWNER".
func (c *Context) checkChildEnv(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) {
	u := c.Unit
	if inv.Child == "" || inv.Call == nil {
		return
	}
	env := u.EnvKeysOf(s)
	for _, f := range inv.Flags {
		ce, ok := childEnvOf(u, s, f)
		if !ok {
			continue
		}
		owner, ok := u.Owner(s, inv.Profile, f.Canon)
		if !ok {
			continue
		}
		base := f.Modes
		if len(base) == 0 {
			base = s.ModesAt(inv.Start)
		}
		if ce.assign != nil {
			c.childEnvValue(pass, s, inv, f, ce, owner, env, base, nil)
			continue
		}
		for _, x := range ce.exports {
			var modes []*parser.Mode
			for _, m := range x.Modes {
				if len(base) == 0 || slices.Contains(base, m) {
					modes = append(modes, m)
				}
			}
			c.childEnvValue(pass, s, inv, f, ce, owner, env, modes, x)
		}
	}
}

// ownerReachesChild reports whether the child script's shell has the
// owner's value when the caller's prefix is gone: the child sources the
// owner's file itself, or the caller hands it on in modes' environment
// (the file sourced under set -a, export K=V in it, or export K). Else the
// child's ${SEQS:-$OWNER} would be empty (SEQS=$MAX_NUM_SEQS exec
// "$here/launch.sh" in serve, with MAX_NUM_SEQS sourced but not exported).
func ownerReachesChild(u *parser.Unit, s, child *parser.Script, o parser.Owner, modes []*parser.Mode) bool {
	for _, ref := range child.Sources {
		if ref.Kind == parser.SourceBash && ref.Path == o.Def.File.Path {
			return true
		}
	}
	if !u.ShellReadsIn(s, o.Def.File, modes) {
		return false
	}
	if u.SourcesAllExported(s, o.Def.File) || o.Def.Entry != nil && o.Def.Entry.Export || s.Exported[o.Key] {
		return true
	}
	return len(modes) > 0 && !slices.ContainsFunc(modes, func(m *parser.Mode) bool { return !s.ExportedOnPath(o.Key, m) })
}

// childEnvValue reports the literals of one value a mode gives the child's
// environment (checkChildEnv): the call's prefix assignment (x nil), or
// the mode's exported assignment x, in modes base.
func (c *Context) childEnvValue(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation, f *parser.Flag, ce childEnv, owner parser.Owner, env parser.EnvKeys, base []*parser.Mode, x *parser.Assign) {
	u := c.Unit
	cf, name := ce.flag, ce.name
	var value *syntax.Word
	if x != nil {
		value = x.Value
	} else {
		value = ce.assign.Value
	}
	valStart := s.Off(value.Pos())
	childName := filepath.Base(inv.Child)
	for _, og := range s.Origins(value, valStart, base, env) {
		if og.Kind != parser.OriginLiteral && (og.Kind != parser.OriginDefault || len(og.Chain) == 0) || ce.colon && og.Value == "" {
			continue
		}
		modes := og.Modes
		if modes == nil {
			modes = base
		}
		if len(modes) == 0 || og.End <= og.Start || !inModes(modes, og.Start) || sharedPreset(s, og) || servesOtherModel(u, s, modes) || childServesOtherModel(u, s, inv, modes) {
			continue
		}
		modes = rolesOnly(s, modes)
		if allDisagg(modes) || allCalib(modes) && c.isCalibKnob(f.Canon) {
			continue
		}
		who := parser.ModeNames(modes)
		read := fmt.Sprintf("%s %s (%s) reads %s from its environment", f.Name, strings.TrimSpace(ce.child.Text(cf.ValStart, cf.ValEnd)), c.Where(ce.child.Path, cf.ValStart), name)
		direct := og.Start == valStart && len(og.Chain) == 0
		st, en := og.Start, og.End
		var msg string
		switch {
		case direct && x != nil:
			st, en = x.Start, x.End
			msg = fmt.Sprintf("%s passes %s %s by exporting %s to its run of %s, whose %s; %s",
				who, f.Name, og.Value, strings.TrimSpace(s.Text(st, en)), childName, read, c.ownerText(owner))
		case direct:
			st, en = s.Off(ce.assign.Pos()), s.Off(ce.assign.End())
			msg = fmt.Sprintf("%s passes %s %s by %s on its run of %s, whose %s; %s",
				who, f.Name, og.Value, strings.TrimSpace(s.Text(st, en)), childName, read, c.ownerText(owner))
		default:
			through := ""
			if len(og.Chain) > 0 {
				through = " through " + chainText(s, og.Chain)
			}
			at := s.Off(ce.assign.Pos())
			if x != nil {
				at = x.Start
			}
			msg = fmt.Sprintf("%s passes %s %s%s to %s=… (line %d) on its run of %s, whose %s; %s",
				who, f.Name, og.Value, through, name, s.Line(at), childName, read, c.ownerText(owner))
		}
		d := diag{sev: Error, path: s.Path, start: st, end: en, msg: msg}
		onlyPrefixes := !s.Exported[name] && !s.Declared[name] && !slices.ContainsFunc(s.Assigns[name], func(a *parser.Assign) bool { return a.Prefix == nil })
		switch {
		case direct && x == nil && defaultsTo(cf.Value, owner.Key) && ownerReachesChild(u, s, ce.child, owner, modes) && onlyPrefixes:
			// No other assignment of the name but other commands'
			// prefixes: deleted, the child's default is the owner.
			call := inv.Call
			cut := -1
			for i, a := range call.Assigns {
				if a == ce.assign {
					cut = s.Off(call.Args[0].Pos())
					if i+1 < len(call.Assigns) {
						cut = s.Off(call.Assigns[i+1].Pos())
					}
				}
			}
			if cut > en {
				d.fixMsg, d.edits = "delete the mode's own "+name+": "+childName+" then takes "+owner.Key, []edit{{s.Path, st, cut, ""}}
			}
		case direct && x != nil && defaultsTo(cf.Value, owner.Key) && ownerReachesChild(u, s, ce.child, owner, modes) && x.StmtStart >= 0:
			// export SEQS=64 deleted: the mode's path exports no other
			// SEQS (ModeExports), so the child takes its default, the
			// owner, where the owner reaches it.
			d.fixMsg, d.edits = "delete the mode's own "+name+": "+childName+" then takes "+owner.Key, []edit{stmtDelete(s, x)}
		case u.ShellReads(s, owner.Def.File) && u.ShellReadsIn(s, owner.Def.File, modes):
			d.fixMsg, d.edits = "take the value from "+owner.Key, []edit{{s.Path, og.Start, og.End, `"$` + owner.Key + `"`}}
		case !direct:
			d.msg += fmt.Sprintf(" (no fix: %s's path does not source %s, so $%s is unset there)", who, c.display(owner.Def.File.Path), owner.Key)
		}
		c.report(pass, d)
	}
}

// childEnv is where a flag of a child script's engine (parser.Invocation.Child)
// takes its value from the caller's environment.
type childEnv struct {
	child *parser.Script
	// flag is the child's own copy of the flag, name the variable its
	// value reads from the environment; colon for ${X:-…} and ${X:=…}.
	flag  *parser.Flag
	name  string
	colon bool
	// assign is the call's prefix assignment of name; nil when the value
	// comes from the modes' exports instead (parser.Script.ModeExports),
	// one assignment per mode at most.
	assign  *syntax.Assign
	exports []*parser.Assign
}

// valueIn returns the value mode m gives the child's environment and
// where it starts: the call's prefix, or m's export; nil when m gives
// none.
func (ce childEnv) valueIn(s *parser.Script, m *parser.Mode) (*syntax.Word, int) {
	if ce.assign != nil {
		return ce.assign.Value, s.Off(ce.assign.Value.Pos())
	}
	for _, x := range ce.exports {
		if slices.Contains(x.Modes, m) {
			return x.Value, s.Off(x.Value.Pos())
		}
	}
	return nil, -1
}

// childEnvOf returns where flag f, one of a child script's own words that
// the call reaches (detached: no span here), takes its value from: the
// call's prefix assignment (bench) SEQS=64 exec "$here/launch.sh" ;;), or
// else the modes' exports before the call (bench) export SEQS=64; exec
// "$here/launch.sh" ;;), of the variable the child's word reads from its
// environment (parser.Script.CallerEnvRead), when every file the child
// sources is an env file of the script's, none of which defines the name,
// the argv has no other copy of the flag, and the child one.
func childEnvOf(u *parser.Unit, s *parser.Script, f *parser.Flag) (childEnv, bool) {
	inv := f.Inv
	if f.Shape == nil || f.ValStart >= 0 || inv == nil || inv.Child == "" || inv.Call == nil || len(inv.Call.Args) == 0 || inv.Profile == nil {
		return childEnv{}, false
	}
	if slices.ContainsFunc(inv.Flags, func(g *parser.Flag) bool { return g != f && g.Canon == f.Canon }) {
		return childEnv{}, false
	}
	child := u.ChildScript(inv.Child)
	if child == nil || len(child.Invocations) != 1 {
		return childEnv{}, false
	}
	// Every file the child sources is one of the script's owning env
	// files (withChildOwners), whose keys EnvKeysOf answers for.
	owning := map[string]bool{}
	for _, e := range u.Owning[s.Path] {
		owning[e.Path] = true
	}
	for _, ref := range child.Sources {
		if ref.Kind == parser.SourceBash && !owning[ref.Path] {
			return childEnv{}, false
		}
	}
	var cf *parser.Flag
	n := 0
	for _, g := range child.Invocations[0].Flags {
		if g.Canon == f.Canon {
			cf, n = g, n+1
		}
	}
	if n != 1 || cf.Value == nil {
		return childEnv{}, false
	}
	name, colon, ok := child.CallerEnvRead(cf.Value)
	if !ok || u.EnvKeysOf(s)(name) {
		return childEnv{}, false
	}
	var a *syntax.Assign
	for _, x := range inv.Call.Assigns {
		if x.Name != nil && x.Name.Value == name {
			a = x
		}
	}
	if a == nil {
		xs, ok := s.ModeExports(inv, name)
		if !ok {
			return childEnv{}, false
		}
		return childEnv{child: child, flag: cf, name: name, colon: colon, exports: xs}, true
	}
	if a.Naked || a.Array != nil || a.Index != nil || a.Append || a.Value == nil {
		return childEnv{}, false
	}
	return childEnv{child: child, flag: cf, name: name, colon: colon, assign: a}, true
}

// defaultsTo reports whether word w is ${X:-$key} or ${X-$key} (or := / =):
// unset, it is the key's value.
func defaultsTo(w *syntax.Word, key string) bool {
	pe := parser.SingleParam(w)
	if pe == nil || pe.Exp == nil || pe.Exp.Word == nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
	default:
		return false
	}
	d := parser.SingleParam(pe.Exp.Word)
	return d != nil && d.Param != nil && d.Param.Value == key && d.Exp == nil && d.Index == nil && d.Repl == nil && d.Slice == nil && !d.Excl && !d.Length
}

// provenGetsOwner reports whether the proven mode pm boots with the owner's
// value of env-read key k: an engine it reaches reads k from its
// environment (the argv does not pass flag), gets no value of its own
// command line but the owner's handed on by value (K="$K"), and the owner
// reaches it: exported on pm's path (exportedIn), or handed by value
// where pm's shell sources the owner.
func (c *Context) provenGetsOwner(s *parser.Script, pm *parser.Mode, flag, k string, o parser.Owner, exportedIn func([]*parser.Mode) bool) bool {
	got := false
	for _, inv := range s.Invocations {
		if inv.Profile == nil || slices.ContainsFunc(inv.Flags, func(g *parser.Flag) bool { return g.Canon == flag }) {
			continue
		}
		if ms := s.ModesAt(inv.Start); len(ms) > 0 && !slices.Contains(ms, pm) || s.EndsBefore(pm, inv) {
			continue
		}
		if !slices.ContainsFunc(inv.Profile.Flags, func(f parser.ShapeFlag) bool { return f.ReadsEnv(k) }) {
			continue
		}
		if set, ok := s.EnvSetFor(inv, k); ok {
			if set.Value == nil || !c.Unit.ShellReadsIn(s, o.Def.File, []*parser.Mode{pm}) {
				return false // the proven mode's own value
			}
			if !selfRef(set.Value, k) && !c.ownerIn(s, set, pm, k) {
				return false
			}
			got = true
			continue
		}
		d := inv.Engine.Docker
		if d == nil {
			if inv.EnvHanded(k) && exportedIn([]*parser.Mode{pm}) {
				got = true
			}
			continue
		}
		// A docker run: -e K (the shell's exported K), -e K="$K" (the
		// shell's), or the owner's file as its --env-file.
		handed := false
		for _, i := range d.Env {
			e, ok := parser.DockerEnvAt(inv.Args, i)
			if !ok || e.Key != k {
				continue
			}
			name, self := "", false
			if w := inv.Args[i].Word; w != nil {
				name, self = parser.SelfForward(w)
			}
			switch {
			case self && name == k:
				handed = c.Unit.ShellReadsIn(s, o.Def.File, []*parser.Mode{pm})
			case !e.Set:
				handed = exportedIn([]*parser.Mode{pm})
			default:
				return false // the proven mode's own -e K=…
			}
		}
		if !handed && !slices.ContainsFunc(d.Env, func(i int) bool { e, ok := parser.DockerEnvAt(inv.Args, i); return ok && e.Key == k }) {
			handed = dockerEnvFiles(s, inv)[o.Def.File.Path]
		}
		got = got || handed
	}
	return got
}

// dockerEnvFiles lists the files a docker run hands its container with
// --env-file.
func dockerEnvFiles(s *parser.Script, inv *parser.Invocation) map[string]bool {
	files := map[string]bool{}
	d := inv.Engine.Docker
	if d == nil {
		return files
	}
	for _, i := range d.EnvFiles {
		if i >= len(inv.Args) || inv.Args[i].Start < 0 {
			continue
		}
		for _, ref := range s.Sources {
			if ref.Kind == parser.SourceDockerEnvFile && ref.Path != "" && ref.Start >= inv.Args[i].Start && ref.End <= inv.Args[i].End {
				files[ref.Path] = true
			}
		}
	}
	return files
}

// selfRef reports whether w is "$K" (or $K, ${K}) alone.
func selfRef(w *syntax.Word, k string) bool {
	parts := w.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == k && pe.Exp == nil && pe.Index == nil && pe.Repl == nil && pe.Slice == nil && !pe.Length && !pe.Excl
}

// forwardedEnv lists the keys some docker run of the script hands its
// container under their own name from the shell (-e K="$K", --env=K=$K).
func forwardedEnv(s *parser.Script) map[string]bool {
	var out map[string]bool
	for _, inv := range s.Invocations {
		d := inv.Engine.Docker
		if d == nil {
			continue
		}
		for _, i := range d.Env {
			if i >= len(inv.Args) || inv.Args[i].Word == nil {
				continue
			}
			if name, ok := parser.SelfForward(inv.Args[i].Word); ok {
				if out == nil {
					out = map[string]bool{}
				}
				out[name] = true
			}
		}
	}
	return out
}

// checkDockerEnv reports a mode's own `-e KEY=VALUE` on a docker run whose
// container otherwise gets KEY from its owner: through the run's
// --env-file, the file owning KEY (bench) docker run --env-file serve.env
// -e MAX_CONCURRENT_REQUESTS=256 … TGI's image, which reads its shape from
// the environment), or as the owner's value handed on by another docker
// run of the script (`-e MAX_CONCURRENT_REQUESTS="$MAX_CONCURRENT_REQUESTS"`
// in serve's). Only a key the engine reads as the flag (ShapeFlag.Env: a
// vLLM image reads no MAX_NUM_SEQS) and the argv does not pass, and only a
// literal value; "$KEY" hands the owner's own. Fix: the -e and its value
// are deleted (with --env-file: the container reads the file's), or the
// value becomes "$KEY".
func (c *Context) checkDockerEnv(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) {
	d := inv.Engine.Docker
	if d == nil || inv.Profile == nil || len(d.Env) == 0 {
		return
	}
	forwarded := forwardedEnv(s)
	files := dockerEnvFiles(s, inv)
	if len(files) == 0 && len(forwarded) == 0 {
		return
	}
	// Only a key the engine itself reads as the flag (TGI's
	// MAX_CONCURRENT_REQUESTS; vLLM reads none) and only while the argv
	// passes no copy of it: the command line wins over the environment.
	owners := map[string]parser.Owner{}
	for _, f := range inv.Profile.Flags {
		o, ok := c.Unit.Owner(s, inv.Profile, f.Name)
		passed := slices.ContainsFunc(inv.Flags, func(g *parser.Flag) bool { return g.Canon == f.Name })
		if ok && f.ReadsEnv(o.Key) && !passed {
			owners[o.Key] = o
		}
	}
	for _, i := range d.Env {
		aw := inv.Args[i]
		e, known := parser.DockerEnvAt(inv.Args, i)
		if !known || aw.Word == nil || aw.Start < 0 || inv.Args[e.Opt].Start < 0 {
			continue
		}
		key, val := e.Key, e.Value
		o, owned := owners[key]
		// A forward hands the owner's value only where the shell has it:
		// with the file handed to docker alone, "$KEY" is the caller's.
		fwd := forwarded[key] && c.Unit.ShellReads(s, o.Def.File)
		if !e.Set || !owned || !files[o.Def.File.Path] && !fwd || strings.ContainsAny(val, "$`") {
			continue
		}
		modes := s.ModesAt(aw.Start)
		if len(modes) == 0 || allDisagg(modes) || allCalib(modes) && c.isCalibKnob(o.Flag) || servesOtherModel(c.Unit, s, modes) {
			continue
		}
		start := inv.Args[e.Opt].Start
		// how the value is set: docker's -e, or an env K=V word of the
		// command run in the container (docker exec CTR env K=V ENGINE).
		how, what, fwdOpt := "for the container (docker -e)", "-e "+key, "-e "
		if e.Wrapper {
			how, what, fwdOpt = "in the container (env on the engine's command)", key+"=…", ""
		}
		if j, later := laterEnv(s, inv, d.Env, i, key, modes); later {
			// docker hands the container the last -e of a key: bench)
			// docker run -e K=256 … -e K="$K" boots with the owner's. The
			// mode's own copy is dead: deleted when the later one is the
			// owner's own; another literal after it is reported itself.
			if name, self := parser.SelfForward(inv.Args[j].Word); self && name == key && (fwd || files[o.Def.File.Path] && c.Unit.ShellReads(s, o.Def.File)) {
				c.noteEnvReported(s, modes, key)
				pseudo := &parser.Flag{Inv: inv, Name: inv.Args[e.Opt].Sketch, NameStart: start, ValStart: aw.Start, ValEnd: aw.End, Arg: e.Opt}
				c.report(pass, diag{
					sev: Error, path: s.Path, start: start, end: aw.End,
					msg: fmt.Sprintf("%s sets its own %s=%s %s, which the later %s%s=\"$%s\" overrides (%s): the copy is dead; %s",
						parser.ModeNames(modes), key, val, how, laterWord(inv, j), key, key, lastWins(inv, j), c.ownerText(o)),
					fixMsg: "delete the mode's overridden " + what, edits: []edit{flagDelete(s, pseudo)},
				})
			}
			continue
		}
		c.noteEnvReported(s, modes, key)
		if files[o.Def.File.Path] {
			pseudo := &parser.Flag{Inv: inv, Name: inv.Args[e.Opt].Sketch, NameStart: start, ValStart: aw.Start, ValEnd: aw.End, Arg: e.Opt}
			c.report(pass, diag{
				sev: Error, path: s.Path, start: start, end: aw.End,
				msg: fmt.Sprintf("%s sets %s=%s %s, over the --env-file's own: the engine's %s gets %s; %s",
					parser.ModeNames(modes), key, val, how, o.Flag, val, c.ownerText(o)),
				fixMsg: "delete the mode's " + what, edits: []edit{flagDelete(s, pseudo)},
			})
			continue
		}
		// The word is written anew, whatever its quoting: K="$K" (after
		// --env= or -e when the option is attached).
		c.report(pass, diag{
			sev: Error, path: s.Path, start: aw.Start, end: aw.End,
			msg: fmt.Sprintf("%s sets %s=%s %s where the script hands the owner's own (%s%s=\"$%s\"): the engine's %s gets %s; %s",
				parser.ModeNames(modes), key, val, how, fwdOpt, key, key, o.Flag, val, c.ownerText(o)),
			fixMsg: "hand the owner's value", edits: []edit{{s.Path, aw.Start, aw.End, e.Prefix + key + `="$` + key + `"`}},
		})
	}
}

// laterWord is what sets K=… in the later setting of a key at
// inv.Args[j] (laterEnv): "-e " for docker's option, "env " for an env
// word in the container.
func laterWord(inv *parser.Invocation, j int) string {
	if parser.DockerEnvWrapper(inv.Args, j) {
		return "env "
	}
	return "-e "
}

// lastWins says why the later setting at inv.Args[j] is the one the
// engine gets.
func lastWins(inv *parser.Invocation, j int) string {
	if parser.DockerEnvWrapper(inv.Args, j) {
		return "env sets it over what the container hands the engine"
	}
	return "docker hands it the last"
}

// laterEnv returns the index of a docker -e (or --env) after the one at
// argv index i that sets key again in the same run (its value any), from
// the run's -e arguments env, in every one of the modes: a shared word or
// one of theirs (another mode's opts+=(-e K=V) is in the argv's words but
// not in their run).
func laterEnv(s *parser.Script, inv *parser.Invocation, env []int, i int, key string, modes []*parser.Mode) (int, bool) {
	for _, j := range env {
		if j <= i || j >= len(inv.Args) {
			continue
		}
		aw := inv.Args[j]
		if aw.Start >= 0 {
			if m := s.ModesAt(aw.Start); len(m) > 0 && !sameModes(m, modes) && !sharedBy(m, modes) {
				continue
			}
		}
		if aw.Word != nil {
			if name, ok := parser.SelfForward(aw.Word); ok && name == key {
				return j, true
			}
		}
		if k, ok := parser.DockerEnvKey(inv.Args, j); ok && k == key {
			return j, true // also -e KEY alone (the caller's KEY), or -e KEY="$prefill"
		}
	}
	return 0, false
}

// overridden returns the flag a mode's flag f repeats in the same
// invocation, nil when there is none: one shared code already passes
// (code of no mode, or a launcher function that more modes call,
// `launch() { vllm serve --max-num-seqs "$OWNER" "$@"; }` called as
// `launch --max-num-seqs 256` from bench), or one the mode's own command
// passes before it (`bench) exec vllm serve … --max-num-seqs "$OWNER" …
// --max-num-seqs 256`, a whole command line per mode): either way the
// copy is deleted, where writing the owner into it would leave the flag
// twice in the argv.
func overridden(inv *parser.Invocation, f *parser.Flag) *parser.Flag {
	// Earlier in the argv, not in the file: a mode's `EXTRA="--max-num-seqs
	// 256"` is written above the command that expands it last.
	for _, g := range inv.Flags {
		if g == f {
			return nil
		}
		if g.Canon == f.Canon && (len(g.Modes) == 0 || sharedBy(g.Modes, f.Modes) || sameModes(g.Modes, f.Modes)) && !replaces(f, g) && !apartArrays(f, g) {
			return g
		}
	}
	return nil
}

// overriddenBy returns the shared copy of a mode's flag f that comes
// after it in the argv, nil when there is none: `bench) args+=(--max-num-seqs
// 64) ;;` before `exec vllm serve "${args[@]}" --max-num-seqs "$OWNER"`.
// The engine takes the later copy; the mode's own is dead, and writing the
// owner into it would leave the flag twice in the mode's argv (not the
// proven mode's): it is deleted.
func overriddenBy(inv *parser.Invocation, f *parser.Flag) *parser.Flag {
	after := false
	for _, g := range inv.Flags {
		if g == f {
			after = true
			continue
		}
		if after && g.Canon == f.Canon && (len(g.Modes) == 0 || sharedBy(g.Modes, f.Modes)) && !apartArrays(f, g) {
			return g
		}
	}
	return nil
}

// ownerOverDead reports whether f, read from the owner, follows the mode's
// own earlier copy g that is not (kl) exec vllm serve --max-num-seqs 16 …
// --max-num-seqs "$OWNER"): the engine takes f, the owner's value; g is
// the mode's own number, reported (and rewritten) where it is. Deleting f
// would boot the mode with g's.
//
// So too over a shared copy g whose value is not the owner's (top-level
// ARGS=(--max-num-seqs 256), in the script or a library it sources, then
// serve) … "${ARGS[@]}" --max-num-seqs "$OWNER"): f is what law 2 asks
// for, the mode boots with the owner's value; deleting f would boot it
// with g's. Where another mode boots with g's value, that is reported on
// its own (argvdrift, checkLibTopLiteral). A shared copy from the owner,
// or a literal equal to its value, leaves f a redundant second copy: the
// mode's, deleted.
func ownerOverDead(s *parser.Script, f, g *parser.Flag, owner parser.Owner, env parser.EnvKeys) bool {
	if !fromOwner(s, f, owner, env) {
		return false
	}
	if len(g.Modes) == 0 || !sameModes(g.Modes, f.Modes) {
		return !ownersValue(s, g, owner, env)
	}
	return !fromOwner(s, g, owner, env)
}

// ownersValue reports whether flag g passes the owner's value: every origin
// is the owner key, or a literal equal to the owner's known value; for a
// word of a sourced library's top-level array (LibOrigin), the key the
// word reads or its literal.
func ownersValue(s *parser.Script, g *parser.Flag, owner parser.Owner, env parser.EnvKeys) bool {
	want, known := plainEnvValue(owner.Def.Entry)
	same := func(o parser.Origin) bool {
		switch o.Kind {
		case parser.OriginEnvKey:
			return o.Key == owner.Key
		case parser.OriginLiteral:
			return known && o.Value == want
		}
		return false
	}
	if o, ok := g.LibOrigin(env); ok {
		return same(o)
	}
	if fromOwner(s, g, owner, env) {
		return true
	}
	if g.ValStart < 0 || !known {
		return false
	}
	origins := s.Origins(g.Value, g.ValStart, g.Modes, env)
	for _, o := range origins {
		if o.Kind != parser.OriginLiteral || o.Value != want {
			return false
		}
	}
	return len(origins) > 0
}

// fromOwner reports whether every origin of flag f's value is the owner
// key, through no re-assignment inside a mode.
func fromOwner(s *parser.Script, f *parser.Flag, owner parser.Owner, env parser.EnvKeys) bool {
	if f.ValStart < 0 {
		return false
	}
	origins := s.Origins(f.Value, f.ValStart, f.Modes, env)
	for _, o := range origins {
		if o.Kind != parser.OriginEnvKey || o.Key != owner.Key {
			return false
		}
		for _, a := range o.Chain {
			if len(a.Modes) > 0 && a.Name == owner.Key {
				return false
			}
		}
	}
	return len(origins) > 0
}

// replaces reports whether f sits in a mode's plain assignment of an array
// that replaces the one holding g: bench's `args=(--max-num-seqs "$OWNER"
// … --disable-log-requests)` after the shared `args=(--max-num-seqs
// "$OWNER" …)` (or `args+=(…)`). The array the engine expands holds one
// copy, the mode's: no second copy overrides the shared one (deleting it
// would boot the mode without the flag).
func replaces(f, g *parser.Flag) bool {
	a, b, _, ok := twoAssignsOfArray(f, g)
	if !ok || a.Append || a.Array == nil || len(a.Modes) == 0 {
		return false
	}
	// It runs after the shared one: later at the same level, or in a
	// function (a mode's) over a top-level assignment.
	return b.Start < a.Start && a.InFunc == b.InFunc || a.InFunc != "" && b.InFunc == ""
}

// apartArrays reports whether f and g sit in two plain assignments of
// one array, neither of which splices the array into itself: `if [[ $MODE
// == serve ]]; then cmd=(… --max-num-seqs "$OWNER"); else cmd=(…
// --max-num-seqs "$OWNER" --enforce-eager); fi; exec "${cmd[@]}"`. Each
// assignment replaces the whole array, so the argv holds the words of one
// of them, never both: neither copy is a second one that overrides the
// other.
func apartArrays(f, g *parser.Flag) bool {
	if apartSets(f, g) {
		return true
	}
	a, b, name, ok := twoAssignsOfArray(f, g)
	return ok && plainArray(a, name) && plainArray(b, name)
}

// apartSets reports whether f and g come from two `set --` commands that
// each set the positional parameters afresh: `if [ "$MODE" = bench ];
// then set -- --max-num-batched-tokens 16384; else set -- …
// "$OWNER"; fi; exec vllm serve /m "$@"`. The later one run replaces
// every word the other gave, so the argv never holds both copies.
func apartSets(f, g *parser.Flag) bool {
	if f.Arg >= len(f.Inv.Args) || g.Arg >= len(g.Inv.Args) {
		return false
	}
	a, b := f.Inv.Args[f.Arg].Set, g.Inv.Args[g.Arg].Set
	return a != nil && b != nil && a != b
}

// twoAssignsOfArray returns the assignments that put the words of flags f
// and g in the argv when they are two assignments of one array, name.
func twoAssignsOfArray(f, g *parser.Flag) (a, b *parser.Assign, name string, ok bool) {
	if f.Arg >= len(f.Inv.Args) || g.Arg >= len(g.Inv.Args) {
		return nil, nil, "", false
	}
	fw, gw := f.Inv.Args[f.Arg], g.Inv.Args[g.Arg]
	a, b = fw.Assign, gw.Assign
	if a == nil || b == nil || a == b || fw.Array == "" || fw.Array != gw.Array {
		return nil, nil, "", false
	}
	return a, b, fw.Array, true
}

// plainArray reports whether a assigns array name anew: not args+=(…),
// nor args=("${args[@]}" …), which keep the words it held.
func plainArray(a *parser.Assign, name string) bool {
	if a.Append || a.Array == nil {
		return false
	}
	return !shwalk.Expands(a.Array, name)
}

// sharedBy reports whether code of the modes shared runs in every one of
// the modes own and in others too.
func sharedBy(shared, own []*parser.Mode) bool {
	if len(shared) <= len(own) {
		return false
	}
	for _, m := range own {
		if !containsMode(shared, m) {
			return false
		}
	}
	return true
}

func (c *Context) ownerText(o parser.Owner) string {
	return fmt.Sprintf("%s owns it as %s=%s", c.Where(o.Def.File.Path, o.Def.Entry.Start), o.Key, o.Def.Entry.Raw)
}

// flagDelete returns the span that deletes flag f: the flag and its value,
// or the whole `args+=(…)` statement when they are all it appends (an
// empty `args+=()` left behind says nothing; stmtDelete).
func flagDelete(s *parser.Script, f *parser.Flag) edit {
	start, end := flagWords(s, f)
	if f.Arg < len(f.Inv.Args) {
		if a := f.Inv.Args[f.Arg].Assign; a != nil && a.Append && a.Array != nil && a.StmtStart >= 0 && len(a.Array.Elems) > 0 &&
			s.Off(a.Array.Elems[0].Pos()) == start && s.Off(a.Array.Elems[len(a.Array.Elems)-1].End()) == end &&
			!commentIn(s, s.Off(a.Array.Lparen), s.Off(a.Array.Rparen)) {
			return stmtDelete(s, a)
		}
	}
	if sp, ok := s.ForwardOnlyRest(start, end); ok && !commentIn(s, start, end) {
		// bench) set -- "$@" --max-num-seqs 16 ;;: what is left, set --
		// "$@", sets the words already held; the statement goes whole.
		if sp.Sole {
			return edit{s.Path, sp.Start, sp.End, ":"}
		}
		return lineDelete(s, sp.Start, sp.End)
	}
	return lineDelete(s, start, end)
}

// flagWords returns the span of flag f's words: its name and value, with
// the quotes of a word they are all of ("--max-num-seqs=16", whose name
// and value sit inside the word's quotes). Deleting only the name and
// value would leave "", an empty word the engine is handed.
func flagWords(s *parser.Script, f *parser.Flag) (int, int) {
	start, end := f.NameStart, f.ValEnd
	if !f.Inline || f.Arg >= len(f.Inv.Args) {
		return start, end
	}
	a := f.Inv.Args[f.Arg]
	if a.Word == nil || a.Start < 0 || a.Start > start || end > a.End || a.End > len(s.Src) {
		return start, end
	}
	quotes := func(b []byte) bool {
		return strings.Trim(string(b), `"'`) == ""
	}
	if quotes(s.Src[a.Start:start]) && quotes(s.Src[end:a.End]) {
		return a.Start, a.End
	}
	return start, end
}

// commentIn reports whether a comment starts in [start, end).
func commentIn(s *parser.Script, start, end int) bool {
	for _, cm := range s.Comments {
		if start <= cm.Start && cm.Start < end {
			return true
		}
	}
	return false
}

func (c *Context) reportOverride(pass *analysis.Pass, s *parser.Script, f, g *parser.Flag, owner parser.Owner) {
	which := "the shared one"
	if sameModes(g.Modes, f.Modes) {
		which = "its own earlier one" + lineOf(s, g)
	}
	who := parser.ModeNames(f.Modes)
	if cond, ok := s.FlagCondAt(f.NameStart); ok {
		// bench) … [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16):
		// plain bench never passes it, only bench run with FAST=1.
		who += ", " + cond + ","
	}
	msg := fmt.Sprintf("%s passes a second %s %s that overrides %s; %s",
		who, f.Name, f.ValueText(s), which, c.ownerText(owner))
	if pm := s.Proven(); pm != nil && slices.Contains(f.Modes, pm) && f.ValueText(s) != g.ValueText(s) {
		// serve|bench) args+=(--max-num-seqs 64) after the shared
		// --max-num-seqs "$OWNER": serve boots with 64, its proven shape;
		// deleting the copy would boot it with the owner's.
		c.report(pass, diag{sev: Error, path: s.Path, start: f.NameStart, end: f.ValEnd,
			msg: msg + fmt.Sprintf(" (no fix: %s, the proven mode, boots with it; deleting it would change what %s boots with)", pm.Name, pm.Name)})
		return
	}
	c.reportDeadCopy(pass, s, f, msg, "delete the overriding copy")
}

// fixMovesProven reports whether a fix writing "$OWNER" in place of the
// value that origin o gives would change what the script's proven mode
// boots with: the proven mode is among the modes o reaches (modes), or
// runs the assignment holding o's literal, and o's value is not known to
// equal the owner's.
func fixMovesProven(u *parser.Unit, s *parser.Script, modes []*parser.Mode, o parser.Origin, owner parser.Owner) bool {
	pm := s.Proven()
	if pm == nil {
		return false
	}
	// The edit may be at the literal's assignment, which other modes run
	// too: [[ $MODE == kl ]] && STEP=$OWNER || STEP=8192 is bench's and
	// serve's, each reported apart; bench's fix rewrites serve's 8192 too.
	reaches := slices.Contains(modes, pm)
	for _, a := range o.Chain {
		if a.Start <= o.Start && o.End <= a.End {
			reaches = reaches || slices.Contains(a.Modes, pm)
		}
	}
	if !reaches {
		return false
	}
	want, ok := plainEnvValue(owner.Def.Entry)
	if !ok {
		return true
	}
	switch o.Kind {
	case parser.OriginLiteral, parser.OriginDefault:
		return o.Value != want
	case parser.OriginEnvKey:
		d, found := u.EnvLookup(s, o.Key)
		v, ok := plainEnvValue(d.Entry)
		return !found || !ok || v != want
	}
	return true
}

// reassignMovesProven is fixMovesProven for the deletion of a mode's
// re-assignment a of the owner: the proven mode runs it and its value is
// not known to equal the owner's.
func reassignMovesProven(s *parser.Script, a *parser.Assign, o parser.Origin, owner parser.Owner) bool {
	pm := s.Proven()
	if pm == nil || !slices.Contains(a.Modes, pm) {
		return false
	}
	want, ok := plainEnvValue(owner.Def.Entry)
	return !ok || (o.Kind != parser.OriginLiteral && o.Kind != parser.OriginDefault) || o.Value != want
}

// plainEnvValue is the value bash reads from an env entry, when static.
func plainEnvValue(e *parser.EnvEntry) (string, bool) {
	if e == nil || !e.Bash.Defined || e.Bash.Dynamic || e.Bash.Err != "" {
		return "", false
	}
	return strings.TrimSuffix(e.Bash.Value, "\r"), true
}

func (c *Context) reportOverridden(pass *analysis.Pass, s *parser.Script, f, g *parser.Flag, owner parser.Owner) {
	c.reportDeadCopy(pass, s, f, fmt.Sprintf("%s passes its own %s %s, which the shared one%s overrides; %s",
		parser.ModeNames(f.Modes), f.Name, f.ValueText(s), lineOf(s, g), c.ownerText(owner)), "delete the mode's overridden copy")
}

// lineOf is " (line N)" for flag g's line, "" when it has none.
func lineOf(s *parser.Script, g *parser.Flag) string {
	if g.NameStart < 0 {
		return ""
	}
	return fmt.Sprintf(" (line %d)", s.Line(g.NameStart))
}

// flagPlace says where flag f is written: "line N", or, for a flag a
// sourced library's launcher writes (serve_model() { exec vllm serve "$1"
// --max-num-seqs "$2"; }: no span in the script), "the library's
// serve_model"; for one a script of the tree the script runs writes, that
// script's name (launch.sh).
func flagPlace(s *parser.Script, f *parser.Flag) string {
	if f.NameStart >= 0 {
		return fmt.Sprintf("line %d", s.Line(f.NameStart))
	}
	if f.Inv != nil && f.Inv.Via != "" && f.Inv.Child == "" {
		return "the library's " + f.Inv.Via
	}
	if f.Inv != nil && f.Inv.Child != "" {
		// "$here/launch.sh" --port 8001, where launch.sh writes the flag.
		return filepath.Base(f.Inv.Child)
	}
	return "a sourced library"
}

// reportDeadCopy reports a copy f of a flag that the engine never reads,
// with a fix deleting it.
func (c *Context) reportDeadCopy(pass *analysis.Pass, s *parser.Script, f *parser.Flag, msg, fixMsg string) {
	c.report(pass, diag{
		sev: Error, path: s.Path, start: f.NameStart, end: f.ValEnd,
		msg: msg, fixMsg: fixMsg, edits: []edit{flagDelete(s, f)},
	})
}

func (c *Context) isCalibKnob(canon string) bool {
	_, ok := c.Config.CalibKnobs[canon]
	return ok
}

// servesOtherModel reports whether every one of the modes ms is a plain mode
// serving another model than the proven mode's (parser.Unit.OtherModel):
// another server, whose numbers are its own; or the proven mode itself
// when the script did not name it and it is one of per-model presets
// (parser.Unit.PresetProven). A scoring mode is held to the proven shape
// whatever model it loads (law 5).
func servesOtherModel(u *parser.Unit, s *parser.Script, ms []*parser.Mode) bool {
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if u.PresetProven(s, m) {
			continue // the first of per-model presets, proven by default
		}
		if m.Role != parser.RolePlain || !u.OtherModel(s, m) {
			return false
		}
	}
	return true
}

// allDisagg reports whether every mode is a prefill or decode role
// (parser.Mode.Disagg).
func allDisagg(ms []*parser.Mode) bool {
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if !m.Disagg() {
			return false
		}
	}
	return true
}

// sharedPreset reports whether origin o's literal is set by top-level code
// (or the body of main "$@", parser.Script.TopLevel) outside every mode under a test of something else than the mode (a
// hardware or model preset): the assignment that holds it is shared and
// runs only on some paths (parser.Script.Branched); the mode may copy it
// (seqs=$OWNER), as a copy of the owner is fine.
func sharedPreset(s *parser.Script, o parser.Origin) bool {
	if o.Kind != parser.OriginLiteral && o.Kind != parser.OriginDefault || len(o.Chain) == 0 {
		return false
	}
	a := o.Chain[len(o.Chain)-1]
	return len(a.Modes) == 0 && s.TopLevel(a.InFunc) && s.Branched(a)
}

// rolesOnly drops from ms the modes that start several engines together
// (all) prefill & decode & ;;) when a prefill or decode role among ms
// runs the same engine alone: that engine is the role's, whichever mode
// starts it. ms itself otherwise.
func rolesOnly(s *parser.Script, ms []*parser.Mode) []*parser.Mode {
	var roles, rest []*parser.Mode
	for _, m := range ms {
		switch {
		case m.Disagg():
			roles = append(roles, m)
		case len(s.SeveralEngines(m)) > 0:
		default:
			rest = append(rest, m)
		}
	}
	if len(roles) == 0 || len(rest) > 0 {
		return ms
	}
	return roles
}

func allCalib(ms []*parser.Mode) bool {
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if m.Role != parser.RoleCalib {
			return false
		}
	}
	return true
}

// checkOrigin reports the value origin o gives the owned flag f where it
// does not come from the owner. The flag's other origins (other modes'
// values), which a fix at a shared use rewrites too, are origins but the
// one at index self (none when self < 0): not copied per origin, since a
// script of 1,000 modes has 1,000 of them (144 MB of copies).
func (c *Context) checkOrigin(pass *analysis.Pass, s *parser.Script, f *parser.Flag, owner parser.Owner, o parser.Origin, origins []parser.Origin, self int) {
	modes := o.Modes
	if modes == nil {
		modes = f.Modes
	}
	if len(modes) == 0 {
		return // shared by every mode: nothing private
	}
	if servesOtherModel(c.Unit, s, modes) {
		return // another server, sized for the model it serves
	}
	if sharedPreset(s, o) {
		// case $GPU in *A100*) MAX_NUM_SEQS=64 ;; esac at the top level:
		// a preset of the host or the model, the same in every mode, as
		// a launch line every mode shares reads it. No mode carries it.
		return
	}
	modes = rolesOnly(s, modes)
	if allDisagg(modes) && o.Kind != parser.OriginEnvKey {
		// Prefill and decode are other shapes on purpose (a wide step and
		// few seats against many seats and a narrow step): a role's own
		// number is not a private shape. Read from a key, it must be the
		// owner or the role's own key (below).
		return
	}
	u := c.Unit
	// The fixes write "$OWNER" (or delete a mode's own assignment of it):
	// only where the shell has the owner's keys. An env file handed only to
	// docker --env-file or to env $(cat F | xargs) cmd reaches the engine,
	// not the script: "$OWNER" would expand to nothing there.
	shell := u.ShellReads(s, owner.Def.File)
	// Nor where the mode's own path does not source the owner's file
	// (serve) . serve.env; … ;; bench) vllm serve … --max-num-seqs 64):
	// "$OWNER" is unset there.
	inMode := !shell || u.ShellReadsIn(s, owner.Def.File, modes)
	rep := func(d diag) {
		switch {
		case len(d.edits) == 0:
		case fixMovesProven(u, s, modes, o, owner):
			// serve|kl|calib share mode_serve's --max-num-seqs 4 where the
			// owner says 8: "$OWNER" would boot serve with 8. The proven
			// mode's shape is what was measured; a fix never changes it.
			d.edits, d.fixMsg = nil, ""
			d.msg += fmt.Sprintf(" (no fix: %s, the proven mode, boots with it; writing $%s would change what %s boots with)",
				s.Proven().Name, owner.Key, s.Proven().Name)
		default:
			switch why := sharedFixKept(c, s, f, owner, d.edits, origins, self); {
			case why != "":
				// STEP=$BENCH_STEP; case $MODE in prefill) STEP=16384 ;; esac
				// … "$STEP": "$OWNER" at the shared use would boot prefill
				// with the owner's number instead of its own.
				d.edits, d.fixMsg = nil, ""
				d.msg += " (no fix: " + why + ")"
			case !shell:
				d.edits, d.fixMsg = nil, ""
				d.msg += fmt.Sprintf(" (no fix: the script's shell has no $%s, %s reaches only the commands it runs)",
					owner.Key, c.display(owner.Def.File.Path))
			case !inMode:
				d.edits, d.fixMsg = nil, ""
				d.msg += fmt.Sprintf(" (no fix: %s's path does not source %s, so $%s is unset there)",
					parser.ModeNames(modes), c.display(owner.Def.File.Path), owner.Key)
			}
		}
		c.report(pass, d)
	}
	calibKnob := allCalib(modes) && c.isCalibKnob(f.Canon)
	who := parser.ModeNames(modes)
	same, alike := c.provenAlike(s, f, owner, o, modes)
	if same && !calibKnob {
		// serve) … --max-num-seqs "$SEQS" ;; bench) … --max-num-seqs
		// "$SEQS" ;; with _common.sh's SEQS=256: bench boots exactly as
		// serve does, the proven shape, not a number of its own (serve's
		// finding names the library's value). As the library's array
		// both modes expand (provenBootsLib).
		return
	}
	if alike != "" && !calibKnob {
		rep0 := rep
		rep = func(d diag) {
			if len(d.edits) > 0 {
				// serve) … 256 ;; bench) … 256 ;: "$OWNER" in bench alone
				// would boot it apart from serve, a new drift.
				d.edits, d.fixMsg = nil, ""
				d.msg += " (no fix: " + alike + ")"
			}
			rep0(d)
		}
	}
	valFix := func() []edit {
		return []edit{{s.Path, f.ValStart, f.ValEnd, refText(s, f, owner.Key)}}
	}
	for i, a := range o.Chain {
		// The owner's file sourced again between the mode's own value of
		// the owner and where it is read (bench) MAX_NUM_SEQS=32; .
		// serve.env; … "$MAX_NUM_SEQS"): the file's value is the one read.
		read := f.ValStart
		if i > 0 {
			read = o.Chain[i-1].Start
		}
		if a.Name == owner.Key && u.ResourcedBetween(s, owner.Def.File, owner.Key, a.End, read, modes) {
			return
		}
	}
	// A re-assignment of the owner inside a mode.
	for _, a := range o.Chain {
		if a.Name == owner.Key && len(a.Modes) > 0 {
			format := "%s re-assigns the owner %s inside the mode, so %s gets %s; %s"
			if a.Guarded {
				format = "%s re-assigns the owner %s inside the mode under a condition, so %s may get %s; %s"
			}
			d := diag{sev: Error, path: s.Path, start: a.Start, end: a.End,
				msg: fmt.Sprintf(format,
					parser.ModeNames(a.Modes), strings.TrimSpace(s.Text(a.Start, a.End)), f.Name, valueOf(s, o), c.ownerText(owner))}
			if line := s.OtherProgramRead(owner.Key); line > 0 {
				// bench) MAX_NUM_SEQS=64 ;; … --max-concurrency "$MAX_NUM_SEQS":
				// deleting it would change what the other reader gets too.
				d.msg += fmt.Sprintf(" (no fix: line %d hands %s to another program too, which the re-assignment sets as well)", line, owner.Key)
			} else if a.StmtStart >= 0 {
				d.fixMsg, d.edits = "delete the re-assignment", []edit{stmtDelete(s, a)}
			}
			if len(d.edits) > 0 && reassignMovesProven(s, a, o, owner) {
				d.edits, d.fixMsg = nil, ""
				d.msg += fmt.Sprintf(" (no fix: %s, the proven mode, boots with it; deleting it would change what %s boots with)",
					s.Proven().Name, s.Proven().Name)
			}
			rep(d)
			return
		}
	}
	switch o.Kind {
	case parser.OriginEnvKey:
		if o.Key == owner.Key || calibKnob || parser.OwnRoleKey(modes, o.Key) {
			return
		}
		if isAliasOf(u, s, o.Key, owner.Key) {
			return // shapealias reports it
		}
		d, _ := u.EnvLookup(s, o.Key)
		if writtenInMode(f, modes, o) {
			// The mode reads the other key into a variable a shared flag
			// reads: fix it there, leaving other modes' values alone.
			rep(diag{sev: Error, path: s.Path, start: o.Start, end: o.End,
				msg: fmt.Sprintf("%s passes %s (%s) %s from %s=%s (%s), not from its owner; %s",
					who, f.Name, flagPlace(s, f), s.Text(o.Start, o.End), o.Key, d.Entry.Raw, c.Where(d.File.Path, d.Entry.Start), c.ownerText(owner)),
				fixMsg: "take the value from " + owner.Key, edits: []edit{{s.Path, o.Start, o.End, quoteRef(s, f, owner.Key, true)}}})
			return
		}
		rep(diag{sev: Error, path: s.Path, start: f.ValStart, end: f.ValEnd,
			msg: fmt.Sprintf("%s passes %s %s from %s=%s (%s), not from its owner; %s",
				who, f.Name, f.ValueText(s), o.Key, d.Entry.Raw, c.Where(d.File.Path, d.Entry.Start), c.ownerText(owner)),
			fixMsg: "take the value from " + owner.Key, edits: valFix()})
	case parser.OriginLiteral, parser.OriginDefault:
		ownDefault := o.Kind == parser.OriginDefault && len(o.Chain) == 0 && !calibKnob &&
			sameModes(f.Modes, modes) && inModes(modes, f.ValStart) && !positionalParam(o.Key)
		if o.Kind == parser.OriginDefault && len(o.Chain) == 0 && !ownDefault {
			// ${X:-8192} in shared code (or calib's knob): the value is
			// the caller's to set. So is a mode's "${2:-256}": the
			// argument the mode takes on its command line (serve.sh
			// sweep 128), a number the mode is run with by design.
			return
		}
		msg := fmt.Sprintf("%s passes %s %s", who, f.Name, o.Value)
		if ownDefault {
			// bench) … --max-num-seqs "${BENCH_SEQS:-256}": the mode's own
			// launch line boots with 256 unless the caller's environment
			// says otherwise; the env file owns the number.
			msg += fmt.Sprintf(", the default of %s, which nothing in sight sets", s.Text(f.ValStart, f.ValEnd))
		}
		if len(o.Chain) > 0 {
			local := ""
			if sameModes(o.Chain[len(o.Chain)-1].Modes, modes) {
				local = "the mode-local "
			}
			msg += " through " + local + chainText(s, o.Chain)
		}
		// A literal written in the mode's own code and carried into a shared
		// flag (a function argument, a variable): report and fix it there.
		atLiteral := writtenInMode(f, modes, o)
		st, en := f.ValStart, f.ValEnd
		if atLiteral {
			st, en = o.Start, o.End
			msg += fmt.Sprintf(" to %s (%s)", f.Name, flagPlace(s, f))
		}
		msg += "; " + c.ownerText(owner)
		if calibKnob {
			if key := c.Config.CalibKnobs[f.Canon]; key != "" {
				rep(diag{sev: Error, path: s.Path, start: st, end: en,
					msg:    msg + "; calib's own knob belongs in " + key,
					fixMsg: "take the value from " + key,
					edits:  []edit{{s.Path, st, en, quoteRef(s, f, key, atLiteral)}}})
				return
			}
			rep(diag{sev: Error, path: s.Path, start: st, end: en,
				msg: fmt.Sprintf("%s passes its own knob %s %s as a literal; calib may differ from the proven shape here, but the value must come from the env file (%s)",
					who, f.Name, o.Value, c.Where(owner.Def.File.Path, owner.Def.Entry.Start))})
			return
		}
		if atLiteral {
			rep(diag{sev: Error, path: s.Path, start: st, end: en, msg: msg,
				fixMsg: "take the value from " + owner.Key,
				edits:  []edit{{s.Path, st, en, originRef(s, f, o, owner.Key)}}})
			return
		}
		edits := append(valFix(), c.deadChain(s, o.Chain, f)...)
		rep(diag{sev: Error, path: s.Path, start: f.ValStart, end: f.ValEnd, msg: msg,
			fixMsg: "take the value from " + owner.Key, edits: edits})
	case parser.OriginArith, parser.OriginExpr:
		uses := false
		for _, r := range o.Refs {
			if r == owner.Key {
				uses = true
			}
		}
		if !uses || calibKnob || sharedIdentity(s, f, owner, o, modes) {
			return
		}
		// Arithmetic written in the mode's own code and carried into a
		// shared flag: report and replace it there, so other modes' values
		// (a calib knob) are left alone.
		what := "arithmetic on its owner"
		if o.Kind == parser.OriginExpr {
			what = "computed from its owner"
		}
		if writtenInMode(f, modes, o) {
			rep(diag{sev: Error, path: s.Path, start: o.Start, end: o.End,
				msg: fmt.Sprintf("%s passes %s %s (%s), %s; %s",
					who, f.Name, s.Text(o.Start, o.End), flagPlace(s, f), what, c.ownerText(owner)),
				fixMsg: "take the value from " + owner.Key, edits: []edit{{s.Path, o.Start, o.End, originRef(s, f, o, owner.Key)}}})
			return
		}
		// Through mode-local variables (local reqs=$((OWNER / 2)); --flag
		// "$reqs"): say so, and delete the assignments the fix leaves dead.
		through := ""
		edits := valFix()
		if len(o.Chain) > 0 {
			local := ""
			if sameModes(o.Chain[len(o.Chain)-1].Modes, modes) {
				local = "the mode-local "
			}
			through = " through " + local + chainText(s, o.Chain)
			edits = append(edits, c.deadChain(s, o.Chain, f)...)
		}
		rep(diag{sev: Error, path: s.Path, start: f.ValStart, end: f.ValEnd,
			msg: fmt.Sprintf("%s passes %s %s%s, %s; %s",
				who, f.Name, originText(s, f, o), through, what, c.ownerText(owner)),
			fixMsg: "take the value from " + owner.Key, edits: edits})
	}
}

// provenAlike compares origin o of mode-owned flag f (modes, which the
// proven mode is not among) with the value of the copy the proven mode
// boots with, when that one is not the owner's: same reports the very
// same origin (one key of one sourced file both modes' paths read, one
// literal written once); alike, for a value that is only equal (a
// literal of each mode's own), says why the fix writing "$OWNER" in the
// mode alone would make it boot apart from the proven mode.
func (c *Context) provenAlike(s *parser.Script, f *parser.Flag, owner parser.Owner, o parser.Origin, modes []*parser.Mode) (same bool, alike string) {
	pm := s.Proven()
	if pm == nil || slices.Contains(modes, pm) || (o.Kind != parser.OriginLiteral && o.Kind != parser.OriginEnvKey) {
		return false, ""
	}
	g := provenCopy(s, pm, f.Canon)
	if g == nil || g == f || g.ValStart < 0 {
		return false, ""
	}
	u := c.Unit
	pos := s.Origins(g.Value, g.ValStart, g.Modes, u.EnvKeysOf(s))
	if fo, ok := s.FieldOrigin(g); ok {
		pos = []parser.Origin{fo}
	}
	if len(pos) != 1 {
		return false, ""
	}
	po := pos[0]
	if po.Kind != parser.OriginLiteral && po.Kind != parser.OriginEnvKey ||
		slices.ContainsFunc(po.Chain, func(a *parser.Assign) bool { return a.Name == owner.Key }) {
		return false, ""
	}
	valueOfKey := func(k string) (string, bool) {
		if k == owner.Key || len(s.Assigns[k]) > 0 {
			return "", false
		}
		n := 0
		for _, e := range u.Owning[s.Path] {
			if e.Lookup(k) != nil {
				n++
			}
		}
		d, ok := u.EnvLookup(s, k)
		if !ok || n != 1 || !u.ShellReadsIn(s, d.File, modes) || !u.ShellReadsIn(s, d.File, []*parser.Mode{pm}) {
			return "", false
		}
		return plainEnvValue(d.Entry)
	}
	valueOf := func(o parser.Origin) (string, bool) {
		if o.Kind == parser.OriginLiteral {
			return o.Value, true
		}
		return valueOfKey(o.Key)
	}
	v, ok := valueOf(o)
	pv, pok := valueOf(po)
	if !ok || !pok {
		return false, ""
	}
	if po.Kind == o.Kind && v == pv {
		switch {
		case o.Kind == parser.OriginLiteral && o.Start == po.Start && o.End == po.End && o.Start >= 0,
			o.Kind == parser.OriginEnvKey && o.Key == po.Key:
			return true, ""
		}
	}
	if v == "" || v != pv {
		return false, ""
	}
	return false, fmt.Sprintf("%s, the proven mode, boots with %s too (line %d); $%s here would boot %s apart from it",
		pm.Name, v, s.Line(g.ValStart), owner.Key, parser.ModeNames(modes))
}

// provenCopy returns the copy of flag canon the proven mode pm boots
// with: the last one of the only launch reaching pm that passes it; nil
// when there is none or more than one such launch.
func provenCopy(s *parser.Script, pm *parser.Mode, canon string) *parser.Flag {
	var got *parser.Flag
	n := 0
	for _, inv := range s.Invocations {
		if inv.Profile == nil || len(inv.Modes) > 0 && !slices.Contains(inv.Modes, pm) || s.EndsBefore(pm, inv) {
			continue
		}
		var last *parser.Flag
		for _, g := range inv.Flags {
			if g.Canon == canon && (len(g.Modes) == 0 || slices.Contains(g.Modes, pm)) {
				last = g
			}
		}
		if last != nil {
			got = last
			n++
		}
	}
	if n != 1 {
		return nil
	}
	return got
}

// originText is the text of a value's origin; written at the flag itself,
// the flag's value (not the whole word of "--flag=$((X * 2))", whose
// quote opens before the name).
func originText(s *parser.Script, f *parser.Flag, o parser.Origin) string {
	if len(o.Chain) == 0 && o.Start <= f.ValStart && f.ValEnd <= o.End {
		return f.ValueText(s)
	}
	return s.Text(o.Start, o.End)
}

func valueOf(s *parser.Script, o parser.Origin) string {
	if o.Kind == parser.OriginLiteral || o.Kind == parser.OriginDefault {
		return o.Value
	}
	return s.Text(o.Start, o.End)
}

func chainText(s *parser.Script, chain []*parser.Assign) string {
	var parts []string
	for _, a := range chain {
		if a.Array != nil {
			// declare -A SEQS=([serve]=$OWNER [bench]=64): the mode's entry
			// (the finding's place), not every entry.
			parts = append(parts, fmt.Sprintf("the mode table %s (line %d)", a.Name, s.Line(a.Start)))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (line %d)", strings.TrimSpace(s.Text(a.Start, a.End)), s.Line(a.Start)))
	}
	return strings.Join(parts, " ← ")
}

// deadChain deletes the assignments of a value's chain (nearest first)
// that the fix leaves unread: read only by the flag's value or by an
// assignment of the chain deleted before it (y=$x after x=$((OWNER*2))).
func (c *Context) deadChain(s *parser.Script, chain []*parser.Assign, f *parser.Flag) []edit {
	var edits []edit
	var gone []*parser.Assign
	for _, a := range chain {
		if a.StmtStart >= 0 && !c.usedElsewhere(s, a, f, gone) {
			edits = append(edits, stmtDelete(s, a))
			gone = append(gone, a)
		}
	}
	return edits
}

// usedElsewhere reports whether the variable a assigns is read anywhere but
// at the flag's value and in the assignments gone: by an expansion, in
// arithmetic, or where no read shows (hiddenReads).
func (c *Context) usedElsewhere(s *parser.Script, a *parser.Assign, f *parser.Flag, gone []*parser.Assign) bool {
	elsewhere := func(rs []parser.Range) bool {
		for _, r := range rs {
			if r.Start >= f.ValStart && r.End <= f.ValEnd {
				continue
			}
			if slices.ContainsFunc(gone, func(g *parser.Assign) bool { return r.Start >= g.Start && r.End <= g.End }) {
				continue // read by an assignment the fix deletes
			}
			return true
		}
		return false
	}
	// A plain $name read elsewhere answers without the tree walks of
	// hiddenReads.
	if elsewhere(s.ParamUses(a.Name)) {
		return true
	}
	arith, sure := c.hiddenReads(s, a.Name)
	return !sure || elsewhere(arith)
}

// isAliasOf reports whether env key k is an alias of owner: its value is a
// reference to owner, or its name is a per-mode copy of the owner's.
func isAliasOf(u *parser.Unit, s *parser.Script, k, owner string) bool {
	d, ok := u.EnvLookup(s, k)
	if !ok {
		return false
	}
	if d.Entry.Word != nil {
		if ref, _, ok := parser.PureRef(d.Entry.Word); ok && ref == owner {
			return true
		}
	}
	for _, p := range s.Profiles() {
		fk, ok1 := p.FlagForKey(k)
		fo, ok2 := p.FlagForKey(owner)
		if ok1 && ok2 && fk == fo && s.ModeTokens(k) != nil {
			return true
		}
	}
	return false
}

// sharedFixKept says why the edits of a fix must not be made (a "no fix"
// reason), or "": they rewrite code that another origin of the flag f (one
// of origins but the one at index self) runs
// through too (the flag's value, which every mode running it reads, or an
// assignment on that origin's way), and that origin gives a value a fix
// keeps: the proven mode's own where it is not the owner's (fixMovesProven),
// or what keptOwn keeps (a disaggregated role's, another model's, calib's
// own knob, one under a servelint:ignore). A read of the owner, or of an
// alias of it, is no other value; nor is a role's read of a key neither the
// owner nor its own, which privateshape reports at the role with a fix of
// its own.
func sharedFixKept(c *Context, s *parser.Script, f *parser.Flag, owner parser.Owner, edits []edit, origins []parser.Origin, self int) string {
	u := c.Unit
	for i, p := range origins {
		if i == self || !editsReach(s, edits, f, p) {
			continue
		}
		if p.Kind == parser.OriginEnvKey && (p.Key == owner.Key || isAliasOf(u, s, p.Key, owner.Key)) {
			continue
		}
		modes := p.Modes
		if modes == nil {
			modes = f.Modes
		}
		if len(modes) == 0 {
			continue
		}
		// Where the value is given: the assignment holding it, or the
		// flag's value itself.
		name, start, end := f.Name, f.ValStart, f.ValEnd
		if p.End > p.Start {
			start, end = p.Start, p.End
		}
		for _, a := range p.Chain {
			if a.Start <= p.Start && p.End <= a.End {
				name, start, end = a.Name, a.Start, a.End
			}
		}
		if fixMovesProven(u, s, modes, p, owner) {
			pm := s.Proven()
			return fmt.Sprintf("line %d gives %s the own value of %s, the proven mode, which writing $%s would replace",
				s.Line(start), name, pm.Name, owner.Key)
		}
		if p.Kind == parser.OriginEnvKey && allDisagg(modes) && !parser.OwnRoleKey(modes, p.Key) {
			continue // prefill) STEP=$WIDE_STEP: reported at prefill, fixed there
		}
		if why := c.keptOwn(s, modes, name, f.Canon, start, end); why != "" {
			return why
		}
	}
	return ""
}

// editsReach reports whether one of edits rewrites code that origin p of
// flag f runs through: the flag's value, p's own text or an assignment of
// its chain.
func editsReach(s *parser.Script, edits []edit, f *parser.Flag, p parser.Origin) bool {
	overlaps := func(e edit, start, end int) bool {
		return e.path == s.Path && e.start < end && start < e.end
	}
	for _, e := range edits {
		if overlaps(e, f.ValStart, f.ValEnd) || p.End > p.Start && overlaps(e, p.Start, p.End) {
			return true
		}
		for _, a := range p.Chain {
			if overlaps(e, a.Start, a.End) {
				return true
			}
		}
	}
	return false
}

// writtenInMode reports whether a shared flag's value (its flag runs in more
// modes than the origin's) is written in the origin's modes' own code: a
// literal, arithmetic or another key assigned in that branch. Reports and
// fixes then go there, so the other modes' values are left alone.
func writtenInMode(f *parser.Flag, modes []*parser.Mode, o parser.Origin) bool {
	return !sameModes(f.Modes, modes) && o.End > o.Start && inModes(modes, o.Start)
}

func sameModes(a, b []*parser.Mode) bool {
	if len(a) != len(b) {
		return false
	}
	for _, m := range a {
		if !containsMode(b, m) {
			return false
		}
	}
	return true
}

func inModes(ms []*parser.Mode, off int) bool {
	for _, m := range ms {
		if m.Contains(off) {
			return true
		}
	}
	return false
}

// originRef is the text a fix writes at a value's origin o to read key
// instead: the bare name in arithmetic ((( seqs = MAX_NUM_SEQS ))), which
// reads the variable there, $KEY where no quotes are needed (NoQuotes),
// else "$KEY".
func originRef(s *parser.Script, f *parser.Flag, o parser.Origin, key string) string {
	switch {
	case o.Arith:
		return key
	case o.NoQuotes:
		return "$" + key
	}
	return quoteRef(s, f, key, true)
}

// quoteRef writes a reference to key replacing a value; at a literal away
// from the flag it is always double-quoted unless already inside quotes.
func quoteRef(s *parser.Script, f *parser.Flag, key string, atLiteral bool) string {
	if !atLiteral {
		return refText(s, f, key)
	}
	return `"$` + key + `"`
}

// childServesOtherModel reports whether every one of the plain modes ms
// hands the child script inv runs another model than the proven mode
// does, through the variable the child's model word reads from its
// environment (launch.sh: vllm serve "${MODEL_PATH:-$MODEL}" …; llama)
// export MODEL_PATH=meta-llama/… ;; qwen) export MODEL_PATH=Qwen/…
// SEQS=32 ;;): qwen is another server, as servesOtherModel says of a model
// the script's own argv names. False where a model is not statically
// known.
func childServesOtherModel(u *parser.Unit, s *parser.Script, inv *parser.Invocation, ms []*parser.Mode) bool {
	if len(ms) == 0 || inv.Child == "" || inv.Call == nil {
		return false
	}
	child := u.ChildScript(inv.Child)
	if child == nil || len(child.Invocations) != 1 {
		return false
	}
	ci := child.Invocations[0]
	sk := make([]string, len(ci.Args))
	for i, a := range ci.Args {
		sk[i] = a.Sketch
	}
	i, n := parser.ModelAt(sk, ci.Engine)
	if i < 0 || n > 0 || ci.Args[i].Word == nil {
		return false
	}
	name, colon, ok := child.CallerEnvRead(ci.Args[i].Word)
	if !ok || u.EnvKeysOf(s)(name) {
		return false
	}
	pm := s.Proven()
	if pm == nil {
		return false
	}
	env := u.EnvKeysOf(s)
	// modelOf is the model mode m hands the child: its run's prefix
	// assignment of name, else its export, else the child's default.
	modelOf := func(m *parser.Mode) (string, bool) {
		for _, x := range s.Invocations {
			if x.Child != inv.Child || x.Call == nil {
				continue
			}
			if at := s.ModesAt(x.Start); len(at) > 0 && !slices.Contains(at, m) {
				continue
			}
			var w *syntax.Word
			use := -1
			for _, a := range x.Call.Assigns {
				if a.Name != nil && a.Name.Value == name {
					if a.Naked || a.Array != nil || a.Index != nil || a.Append || a.Value == nil {
						return "", false
					}
					w, use = a.Value, s.Off(a.Value.Pos())
				}
			}
			if w == nil {
				if xs, ok := s.ModeExports(x, name); ok {
					w, use = childEnv{exports: xs}.valueIn(s, m)
				} else if s.LoadsExported() || slices.ContainsFunc(s.Assigns[name], func(a *parser.Assign) bool { return a.Prefix == nil }) {
					return "", false // written where ModeExports cannot say
				}
			}
			if w != nil {
				og := s.Origins(w, use, []*parser.Mode{m}, env)
				if len(og) != 1 || og[0].Kind != parser.OriginLiteral || colon && og[0].Value == "" {
					return "", false
				}
				return og[0].Value, true
			}
			// None given: the child's default, a literal or an env key.
			pe := parser.SingleParam(ci.Args[i].Word)
			if pe.Exp == nil || pe.Exp.Word == nil {
				return "", false
			}
			if d := parser.SingleParam(pe.Exp.Word); d != nil && d.Param != nil && d.Exp == nil {
				def, ok := u.EnvLookup(s, d.Param.Value)
				if e := def.Entry; !ok || e == nil || !e.Bash.Defined || e.Bash.Err != "" || e.Bash.Dynamic || len(e.Refs) > 0 {
					return "", false
				}
				return def.Entry.Bash.Value, true
			}
			if lit := pe.Exp.Word.Lit(); lit != "" {
				return lit, true
			}
			return "", false
		}
		return "", false
	}
	pv, ok := modelOf(pm)
	if !ok {
		return false
	}
	for _, m := range ms {
		if m == pm || m.Role != parser.RolePlain {
			return false
		}
		if v, ok := modelOf(m); !ok || v == pv {
			return false
		}
	}
	return true
}

// positionalParam reports whether name is a positional parameter ($2,
// ${10}) or a special one ($@, $*): the caller's command line sets it.
func positionalParam(name string) bool {
	if name == "@" || name == "*" {
		return true
	}
	_, err := strconv.Atoi(name)
	return name != "" && err == nil
}
