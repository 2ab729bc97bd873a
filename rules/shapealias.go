package rules

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// ShapeAlias finds shims and per-mode aliases of owned keys.
var ShapeAlias = &analysis.Analyzer{
	Name: "shapealias",
	Doc: `a shim or per-mode alias of an owned key

Law 2 (one owner): no shim, no per-mode alias such as FRANK_CALIB_MAX_SEQS.
An env key or script variable whose value is a reference to the owner key
(X=${OWNER}, X=${X:-$OWNER}), or a key named for a mode that owns the same
flag, lets one mode drift from the proven shape without anyone noticing.

Fix: every use of the alias (in the scripts, their arithmetic, and later
lines of its env file) reads the owner instead, and the alias is deleted
(with the comment lines right above it when it ends its paragraph: "#
shim kept for the old calib runner" spoke of it alone; in a script when a
blank line or the end of the file follows it); it
stays when a use cannot be rewritten knowing it keeps its value. A use
that only copies the alias back into its owner (eval)
MAX_NUM_SEQS="$BENCH_MAX_NUM_SEQS") is deleted: reading the owner, it
would assign the owner its own value. No fix either when another
assignment of the variable holds a value the fix must keep: the proven
mode's (serve) seqs=4), a calib mode's own value of its calib knob
(calib) step=32768), a disaggregated role's (prefill) step=8192), a
mode's that serves another model (embed) model=$EMBED_MODEL;
step=32768), or one under a servelint:ignore of privateshape or
argvdrift (tiny) seqs=1 # servelint:ignore privateshape -- smoke test):
reading the owner at the shared use would replace it. Nor is a read of
the alias on a line under such a servelint:ignore rewritten; the alias
stays for it.`,
	Requires: []*analysis.Analyzer{Model},
	Run:      runShapeAlias,
}

// alias is one alias definition found for a script.
type alias struct {
	name  string
	owner parser.Owner
	// env is set for an env-file alias; assign for a script one.
	env    *parser.EnvFile
	entry  *parser.EnvEntry
	assign *parser.Assign
	script *parser.Script
	why    string
}

func runShapeAlias(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	u := c.Unit
	reported := map[string]bool{}
	for _, s := range u.Scripts {
		owners := u.Owners(s)
		if len(owners) == 0 {
			continue
		}
		aliases := c.findAliases(s, owners)
		for _, a := range aliases {
			c.reportAlias(pass, a, reported)
		}
		c.reportShimValues(pass, s, owners)
	}
	return nil, nil
}

func (c *Context) findAliases(s *parser.Script, owners map[string]parser.Owner) []alias {
	u := c.Unit
	var out []alias
	ownerFlag := func(key string) (parser.Owner, bool) {
		for _, p := range s.Profiles() {
			f, ok := p.FlagForKey(key)
			if !ok {
				continue
			}
			if o, ok := u.Owner(s, p, f.Name); ok && o.Key != key {
				return o, true
			}
		}
		return parser.Owner{}, false
	}
	var keys map[string]bool // engineKeys, when first needed
	for _, e := range u.Owning[s.Path] {
		for _, en := range e.Entries {
			if _, isOwner := owners[en.Key]; isOwner {
				continue
			}
			if en.Word != nil {
				if ref, _, ok := parser.PureRef(en.Word); ok {
					if o, ok := owners[ref]; ok && !namesOtherFlag(s, en.Key, o) && !c.feedsOtherThan(s, en.Key, o) {
						out = append(out, alias{name: en.Key, owner: o, env: e, entry: en, script: s, why: "a shim of"})
						continue
					}
				}
			}
			if m := s.ModeTokens(en.Key); m != nil {
				if keys == nil {
					keys = c.engineKeysOf(s)
				}
				if len(s.ParamUses(en.Key)) > 0 && !keys[en.Key] {
					// Read, but never into an engine's flag: a client's
					// own number (BENCH_MAX_SEQS for --max-concurrency).
					continue
				}
				if o, ok := ownerFlag(en.Key); ok {
					if m.Role == parser.RoleCalib && c.isCalibKnob(o.Flag) {
						continue // calib's own knob (RIG_CALIB_NGRAM_PLACEMENT): its key by design
					}
					if servesOtherModel(u, s, []*parser.Mode{m}) {
						continue // EMBED_CTX_SIZE for embed) -m "$EMBED_GGUF": that model's own size
					}
					out = append(out, alias{name: en.Key, owner: o, env: e, entry: en, script: s, why: "a per-mode (" + m.Name + ") alias of"})
				}
			}
		}
	}
	for name, as := range s.Assigns {
		if _, isOwner := owners[name]; isOwner {
			continue
		}
		for _, a := range as {
			if a.Value == nil || a.Local {
				continue
			}
			ref, self, ok := parser.PureRef(a.Value)
			if !ok {
				continue
			}
			o, isOwner := owners[ref]
			if !isOwner {
				continue
			}
			if c.feedsOtherThan(s, name, o) {
				continue
			}
			if readFromCommand(s, as, a) {
				// TP=$(jq -r .tp cfg.json) … TP=${TP:-$OWNER}: the config's
				// value, the owner its fallback; no alias, and reading the
				// owner in its stead would drop the config's.
				continue
			}
			if c.handsEngineEnv(s, a, o) {
				continue
			}
			_, named := ownerFlag(name)
			switch {
			case self != "" && !optionSet(s, name):
				out = append(out, alias{name: name, owner: o, assign: a, script: s, why: "a shim (${" + self + ":-$" + ref + "}) of"})
			case parser.IsUpperName(name) && (named || s.ModeTokens(name) != nil) && !assignedOtherwise(s, as, a, ref):
				out = append(out, alias{name: name, owner: o, assign: a, script: s, why: "an alias of"})
			}
		}
	}
	return out
}

// handsEngineEnv reports whether the assignment a, K=$OWNER, is how the
// script hands the owner's value to an engine that reads K from its
// environment as the flag the owner owns (TGI's launcher reads
// MAX_BATCH_PREFILL_TOKENS as --max-batch-prefill-tokens): a prefix on the
// engine's command or on a call of the script's own launcher
// (MAX_BATCH_PREFILL_TOKENS=$TGI_MAX_BATCH_PREFILL_TOKENS
// text-generation-launcher …), or an export, while the script itself never
// reads K. K is then the engine's own name for the flag, as
// --max-batch-prefill-tokens "$OWNER" is in the argv, not a second name a
// mode could drift through: a mode's own value in it is privateshape's and
// argvdrift's. Reading the owner "instead" is no rewrite, and deleting K
// would boot the engine at its default.
func (c *Context) handsEngineEnv(s *parser.Script, a *parser.Assign, o parser.Owner) bool {
	if s.File == nil || a.Prefix == nil && !a.Exported && !s.AllExportAt(a.Start) {
		return false
	}
	if refs := scanName(s.File, a.Name, false); refs.unsure || len(refs.params) > 0 || len(refs.arith) > 0 || len(refs.texts) > 0 {
		return false // the script reads K itself: a second name of the owner
	}
	for _, inv := range s.Invocations {
		if inv.Profile == nil || a.Prefix != nil && inv.Call != a.Prefix && !prefixSetsShell(s, a.Prefix) {
			continue // K=$OWNER python3 client.py: another program's environment
		}
		for i := range inv.Profile.Flags {
			f := &inv.Profile.Flags[i]
			if f.ReadsEnv(a.Name) && c.ownsIn(s, inv.Profile, f.Name, o.Key) {
				return true
			}
		}
	}
	return false
}

// optionSet reports whether an option of the script sets name (`--seqs)
// SEQS=$2 ;;`, `s) seqs=$OPTARG ;;`): then `${SEQS:-$OWNER}` is the
// option's default, the caller's choice for one run, no shim of the owner
// (reading the owner in its stead would drop the option).
// funcPositional reports whether name is a positional parameter ($1, $2,
// …) read at offset off inside one of the script's functions: a word its
// callers hand it.
func funcPositional(s *parser.Script, name string, off int) bool {
	if name == "" || name[0] < '1' || name[0] > '9' || strings.TrimLeft(name, "0123456789") != "" || off < 0 {
		return false
	}
	for _, fd := range s.Funcs {
		if s.Off(fd.Pos()) <= off && off < s.Off(fd.End()) {
			return true
		}
	}
	return false
}

func optionSet(s *parser.Script, name string) bool {
	for _, a := range s.Assigns[name] {
		if !a.Local && s.OptionAssign(a) {
			return true
		}
	}
	return false
}

// readFromCommand reports whether the variable a assigns from the owner is
// also assigned, by another assignment of as outside every mode and
// function's local, a value that holds a command substitution: a value
// read from a config (`TP=$(jq -r .tp "$CFG")`, `SEQS=$(yq …)`), which the
// owner only backs up. A mode's own such value is privateshape's.
func readFromCommand(s *parser.Script, as []*parser.Assign, a *parser.Assign) bool {
	for _, b := range as {
		if b == a || b.Local || b.Value == nil || len(s.ModesAt(b.Start)) > 0 {
			continue
		}
		found := false
		shwalk.Walk(b.Value, func(n syntax.Node) bool {
			if _, ok := n.(*syntax.CmdSubst); ok {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// keptAssign returns another assignment of the variable name, which the
// script alias except (nil for a flag's shim "${name:-$OWNER}") or the
// shim's uses read, that reading the owner at those uses would replace
// although a fix must keep its value, and why (a "no fix" reason). fn is
// the function the alias or the shim is in: an assignment in another
// function is another variable's only when local there. Kept are:
//   - a value the proven mode (or, with no modes, the script) runs: on the
//     shared path or in the proven mode's branch (serve) seqs=4). The
//     proven mode's shape is what was measured; a fix never changes it.
//   - another mode's own value that keptOwn says a fix keeps: a
//     disaggregated role's, another model's, calib's own knob, or one
//     under a servelint:ignore.
//
// A read of the owner is no other value. Any other mode's value (bench)
// seqs=16) is a drift the fix ends.
func (c *Context) keptAssign(s *parser.Script, name string, except *parser.Assign, fn string, o parser.Owner) (*parser.Assign, string) {
	pm := s.Proven()
	for _, b := range s.Assigns[name] {
		if b == except || b.Value == nil || b.InFunc != fn && (b.Local || except != nil) {
			continue
		}
		if r, _, ok := parser.PureRef(b.Value); ok && r == o.Key {
			continue
		}
		ms := s.ModesAt(b.Start)
		if len(ms) == 0 || pm == nil || slices.Contains(ms, pm) {
			who := "the proven mode"
			if pm != nil {
				who = pm.Name + ", the proven mode,"
			}
			return b, fmt.Sprintf("line %d assigns %s where %s boots too, which reading the owner would replace", s.Line(b.Start), name, who)
		}
		if why := c.keptOwn(s, ms, name, o.Flag, b.Start, b.End); why != "" {
			return b, why
		}
	}
	return nil, ""
}

// assignedOtherwise reports whether the variable a assigns from the owner
// ref is also given another source by one of its assignments as: an
// option's value (`--mnbt) MNBT=$2`, `--mnbt=*) MNBT=${1#*=}`) or another
// variable (a role's own key, `decode) MNBT=$DECODE_MAX_NUM_BATCHED_TOKENS`).
// Then the variable picks between sources, the owner being one of them: no
// alias of the owner, and reading the owner in its stead would drop the
// others. A literal a mode assigns (`bench) MNBT=65536`) is privateshape's,
// and leaves the alias reported.
func assignedOtherwise(s *parser.Script, as []*parser.Assign, a *parser.Assign, ref string) bool {
	for _, b := range as {
		if b == a || b.Local || b.Value == nil {
			continue
		}
		if s.OptionAssign(b) {
			return true
		}
		if r, _, ok := parser.PureRef(b.Value); ok && r != ref && r != b.Name {
			return true
		}
	}
	return false
}

func (c *Context) reportAlias(pass *analysis.Pass, a alias, reported map[string]bool) {
	u := c.Unit
	ownerAt := fmt.Sprintf("%s=%s (%s)", a.owner.Key, a.owner.Def.Entry.Raw, c.Where(a.owner.Def.File.Path, a.owner.Def.Entry.Start))
	// Uses in every script that reads the alias.
	var useEdits []edit
	readers := []*parser.Script{a.script}
	// sure is cleared when a reader may read the alias where its uses do not
	// show it: then the alias is not deleted. So is an env-file alias whose
	// readers were not all linted (a changed script given alone, an
	// editor's file): a script not read may still read the alias, and
	// would boot with an empty value once it is deleted.
	sure := true
	if a.env != nil {
		readers = u.ScriptsReading(a.env)
		sure = u.Covered(a.env.Path)
		// An alias the file exports (export BENCH_SEQS="${OWNER}", or
		// sourced under set -a) to a script that boots no engine (a
		// client: python3 bench.py) is in its programs' environment, which
		// may read it: deleting it would take it from them.
		if sure && slices.ContainsFunc(readers, func(s *parser.Script) bool {
			return s.File != nil && len(s.Invocations) == 0 && (a.entry.Export || u.SourcesAllExported(s, a.env))
		}) {
			sure = false
		}
	}
	// written: a script variable that gets a value from a command too
	// (read -r SEQS < f, a sourced library's SEQS=256): every use reading
	// the owner instead would change what the modes boot. A mode's own
	// arithmetic, `bench) (( seqs = 64 ))`, is a drift the fix ends.
	written := a.assign != nil && a.script.WrittenByCommand(a.name)
	noFix := ""
	if written {
		sure = false
		noFix = fmt.Sprintf(" (no fix: %s gets a value outside the script's own assignments too, which the owner's would replace)", a.name)
	} else if a.assign != nil {
		// bench) seqs=${BENCH_SEQS:-$OWNER} ;; with serve) seqs=4: reading
		// the owner at $seqs would boot serve with the owner's number
		// instead of its own 4; so with calib's own knob, or a mode's value
		// the user suppressed the finding of.
		if b, why := c.keptAssign(a.script, a.name, a.assign, a.assign.InFunc, a.owner); b != nil {
			written, sure = true, false
			noFix = " (no fix: " + why + ")"
		}
	}
	// first reports whether a use is met for the first time (an alias and
	// its env file's shim can both lead to it).
	first := func(path string, start int) bool {
		key := fmt.Sprintf("use:%s:%d", path, start)
		if reported[key] {
			return false
		}
		reported[key] = true
		return true
	}
	for _, s := range readers {
		uses := s.ParamUses(a.name)
		var texts []*syntax.Word
		if s.File == nil {
			sure = false
		} else {
			refs := scanName(s.File, a.name, false)
			if refs.unsure {
				sure = false
			}
			if len(refs.arith) > 0 {
				// $((ALIAS * 2)): a read ParamUses does not hold.
				uses = slices.Clone(uses)
				for _, l := range refs.arith {
					uses = append(uses, parser.Range{Start: s.Off(l.Pos()), End: s.Off(l.End())})
				}
			}
			texts = refs.texts
		}
		for _, w := range texts {
			// let "k = ALIAS + 2": said, not rewritten (the text is bash's
			// to evaluate), and the alias stays.
			start, end := s.Off(w.Pos()), s.Off(w.End())
			if !first(s.Path, start) {
				continue
			}
			c.report(pass, diag{sev: Error, path: s.Path, start: start, end: end,
				msg: fmt.Sprintf("the script reads %s in arithmetic text, %s %s; read the owner %s", a.name, a.why, a.owner.Key, ownerAt)})
		}
		for _, r := range uses {
			if a.assign != nil && s == a.script && r.Start >= a.assign.Start && r.End <= a.assign.End {
				continue // the alias's own ${X:-…}
			}
			use, fixMsg := edit{s.Path, r.Start, r.End, a.owner.Key}, "read "+a.owner.Key
			x := ownerCopy(s, r, a.name, a.owner.Key)
			if x != nil && plainStmt(x) {
				// eval) MAX_NUM_SEQS="$BENCH_MAX_NUM_SEQS": reading the owner
				// would leave MAX_NUM_SEQS="$MAX_NUM_SEQS", which does what
				// no statement does.
				use, fixMsg = stmtDelete(s, x), "delete the copy: it would assign "+a.owner.Key+" its own value"
			}
			useEdits = append(useEdits, use)
			if !first(s.Path, r.Start) {
				continue
			}
			ms := s.ModesAt(r.Start)
			who := "the script"
			if len(ms) > 0 {
				who = parser.ModeNames(ms)
			}
			ud := diag{sev: Error, path: s.Path, start: r.Start, end: r.End,
				msg:    fmt.Sprintf("%s reads %s, %s %s; read the owner %s", who, a.name, a.why, a.owner.Key, ownerAt),
				fixMsg: fixMsg, edits: []edit{use}}
			if written {
				ud.msg, ud.fixMsg, ud.edits = ud.msg+noFix, "", nil
			} else if rule := c.suppressedAt(s, r.Start, r.End, "privateshape", "argvdrift"); rule != "" {
				// tiny) … --max-num-seqs "$TINY_MAX_NUM_SEQS" ;; #
				// servelint:ignore argvdrift -- smoke test: the user kept
				// tiny's own number; reading the owner would end it. The
				// alias stays for this read (sure: no fix deletes it).
				sure = false
				ud.msg += fmt.Sprintf(" (no fix: this line is under a servelint:ignore of %s, a difference kept on purpose, which reading the owner would end)", rule)
				ud.fixMsg, ud.edits = "", nil
			} else if moved := ownerMoved(s, a, r, x); moved != nil {
				// SC=$((SC * 2)); warm …; SC="$SAVED_SC": the read is of
				// the value the owner had, which line 4 changed since.
				sure = false
				ud.msg += fmt.Sprintf(" (no fix: line %d assigns %s again before this read, which %s does not follow)", s.Line(moved.Start), a.owner.Key, a.name)
				ud.fixMsg, ud.edits = "", nil
			}
			c.report(pass, ud)
		}
	}
	var d diag
	if a.env != nil {
		key := fmt.Sprintf("def:%s:%d", a.env.Path, a.entry.Start)
		if reported[key] {
			return
		}
		reported[key] = true
		d = diag{sev: Error, path: a.env.Path, start: a.entry.Start, end: a.entry.End,
			msg: fmt.Sprintf("%s is %s %s; every mode inherits %s", a.name, a.why, a.owner.Key, ownerAt) + noFix}
		if envEdits, ok := c.envAliasUses(a, readers); ok && sure {
			st, en := envLineDelete(a.env.Src, a.entry.Start, a.entry.End)
			st = envCommentAbove(a.env.Src, st, en)
			d.edits = append(append([]edit{{a.env.Path, st, en, ""}}, useEdits...), envEdits...)
		} else if r := u.OutsideReader(a.env.Path); r != "" {
			d.msg += fmt.Sprintf(" (no fix: %s, outside the linted paths, sources this file; lint the repository's root to fix both)", r)
		}
	} else {
		s := a.script
		key := fmt.Sprintf("def:%s:%d", s.Path, a.assign.Start)
		if reported[key] {
			return
		}
		reported[key] = true
		d = diag{sev: Error, path: s.Path, start: a.assign.Start, end: a.assign.End,
			msg: fmt.Sprintf("%s is %s %s; every mode inherits %s", a.name, a.why, a.owner.Key, ownerAt) + noFix}
		if a.assign.StmtStart >= 0 && sure {
			del := stmtDelete(s, a.assign)
			if del.text == "" {
				del.start, del.end = scriptCommentAbove(s, del.start, del.end)
			}
			d.edits = append([]edit{del}, useEdits...)
		}
	}
	if len(d.edits) > 0 {
		d.fixMsg = "delete " + a.name + " and read " + a.owner.Key
	}
	c.report(pass, d)
}

// envAliasUses returns the edits that make the env files' own reads of an
// env-file alias ($((ALIAS * 2)), "--concurrency ${ALIAS}" on a later line)
// read its owner, reading each file as the shell program bash sources. ok
// is false when a read cannot be rewritten knowing it keeps its value, and
// the alias must then stay: a read before the alias (the host's value) or
// in another env file (sourced in an order not known), a file another
// reader (docker, godotenv) reads verbatim, the alias or the owner assigned
// again after it, or the name written where it is not a plain read.
func (c *Context) envAliasUses(a alias, readers []*parser.Script) ([]edit, bool) {
	files := []*parser.EnvFile{a.env}
	for _, s := range readers {
		for _, e := range c.Unit.Owning[s.Path] {
			if !slices.Contains(files, e) {
				files = append(files, e)
			}
		}
	}
	var out []edit
	for _, e := range files {
		f := parseEnvShell(e.Src)
		if f == nil {
			return nil, false
		}
		refs := scanName(f, a.name, true)
		if refs.unsure {
			return nil, false
		}
		for _, as := range refs.assigns {
			if e != a.env || int(as.Name.Pos().Offset()) != a.entry.KeyStart {
				return nil, false
			}
		}
		var later []*syntax.Lit
		for _, l := range slices.Concat(refs.params, refs.arith) {
			if e == a.env && int(l.Pos().Offset()) >= a.entry.Start && int(l.End().Offset()) <= a.entry.End {
				continue // the alias's own ${X:-$OWNER}: deleted with it
			}
			later = append(later, l)
		}
		if len(later) == 0 {
			continue
		}
		if e != a.env || c.Unit.Readers[e.Path]&^parser.ReaderBash != 0 {
			return nil, false
		}
		owner := scanName(f, a.owner.Key, false)
		if owner.unsure {
			return nil, false
		}
		for _, as := range owner.assigns {
			if int(as.Pos().Offset()) >= a.entry.Start {
				return nil, false
			}
		}
		for _, l := range later {
			st, en := int(l.Pos().Offset()), int(l.End().Offset())
			if st < a.entry.End || en > len(e.Src) || string(e.Src[st:en]) != a.name {
				return nil, false
			}
			out = append(out, edit{e.Path, st, en, a.owner.Key})
		}
	}
	return out, true
}

// callerHands reports whether a linted script runs s as a child script and
// hands it name, by a prefix on the run or an export of one of its modes
// (run.sh's llama72) export MODEL_PATH=… SEQS=32; exec "$here/launch.sh"):
// then s's "${SEQS:-$OWNER}" is the callers' channel, the owner its
// default, as an option's is. Reading the owner in its stead dropped a
// preset that serves another model (found by R54); a caller's mode that
// carries its own shape through it is privateshape's, at the caller.
func callerHands(u *parser.Unit, s *parser.Script, name string) bool {
	for _, p := range u.Scripts {
		for _, inv := range p.Invocations {
			if inv.Child == "" || inv.Call == nil || u.ChildScript(inv.Child) != s {
				continue
			}
			for _, a := range inv.Call.Assigns {
				if a.Name != nil && a.Name.Value == name {
					return true
				}
			}
			for _, x := range p.Assigns[name] {
				if x.Exported && x.Prefix == nil && x.Start < inv.Start {
					return true
				}
			}
		}
	}
	return false
}

// reportShimValues finds a flag value that is itself a shim:
// --max-num-seqs "${CALIB_SEQS:-$OWNER}".
func (c *Context) reportShimValues(pass *analysis.Pass, s *parser.Script, owners map[string]parser.Owner) {
	for _, inv := range s.Invocations {
		for _, f := range inv.Flags {
			if f.Value == nil || f.Shape == nil {
				continue
			}
			ref, self, ok := parser.PureRef(f.Value)
			if !ok || self == "" {
				continue
			}
			o, isOwner := owners[ref]
			if !isOwner || strings.EqualFold(self, ref) || !c.ownsIn(s, inv.Profile, f.Shape.Name, o.Key) {
				continue
			}
			if optionSet(s, self) {
				continue // --seqs) SEQS=$2: the caller's option, the owner its default
			}
			if callerHands(c.Unit, s, self) {
				continue // run.sh's llama72) export SEQS=32; exec "$here/launch.sh": the callers' channel
			}
			if funcPositional(s, self, f.ValStart) {
				// boot() { … --max-num-seqs "${2:-$OWNER}"; }: the call's word,
				// whose values privateshape follows to each call (bench)
				// boot 8002 64 ;;), the owner its default: no alias.
				continue
			}
			d := diag{sev: Error, path: s.Path, start: f.ValStart, end: f.ValEnd,
				msg: fmt.Sprintf("%s lets %s override its owner %s (%s)", f.Name, self, o.Key,
					c.Where(o.Def.File.Path, o.Def.Entry.Start)),
				fixMsg: "read " + o.Key, edits: []edit{{s.Path, f.ValStart, f.ValEnd, refText(s, f, o.Key)}}}
			if s.WrittenOutside(self, o.Key) {
				// lib/common.sh's SEQS=256, read -r SEQS: reading the owner
				// would change what every mode boots.
				d.fixMsg, d.edits = "", nil
				d.msg += fmt.Sprintf(" (no fix: %s gets a value outside the script's own assignments too, which the owner's would replace)", self)
			} else if b, why := c.keptAssign(s, self, nil, s.FuncAt(f.ValStart), o); b != nil {
				// serve) step=2048, or calib) step=32768 for its own knob:
				// reading the owner at "${step:-$OWNER}" drops that value.
				d.fixMsg, d.edits = "", nil
				d.msg += " (no fix: " + why + ")"
			}
			c.report(pass, d)
		}
	}
}

// engineKeys returns the env keys whose values reach a shape flag of one of
// the script's engine invocations (directly, through variables, defaults or
// arithmetic).
func engineKeys(s *parser.Script) map[string]bool {
	out := map[string]bool{}
	for _, inv := range s.Invocations {
		for _, f := range inv.Flags {
			if f.Shape == nil {
				continue
			}
			for _, o := range s.Origins(f.Value, f.ValStart, f.Modes, func(string) bool { return true }) {
				if o.Key != "" {
					out[o.Key] = true
				}
				for _, r := range o.Refs {
					out[r] = true
				}
			}
		}
	}
	return out
}

// feedsOtherThan reports whether a name set from the owner key o is no
// second name for o's flag by where its value goes: it reaches the engine's
// shape flags only through flags other than o's (RIG_CALIB_BATCHED_TOKENS=
// ${RIG_MAX_MODEL_LEN}, calib's own step sized to one document), or it is
// read but never reaches a shape flag at all (LOADGEN_CONCURRENCY=
// ${RIG_MAX_SEQS} for a load generator's --concurrency): a number of its
// own flag or of another program, not a shim. A read that merely assigns
// the name back to the owner (eval) MAX_NUM_SEQS="$BENCH_MAX_NUM_SEQS")
// is no other program's number: when the flows do not show where that
// write goes (the argv was built before it, or the launcher reading the
// owner is a library's function), the name is still a second name of the
// owner.
func (c *Context) feedsOtherThan(s *parser.Script, name string, o parser.Owner) bool {
	flows := c.shapeFlowsOf(s)[name]
	if len(flows) > 0 {
		return !flows[o.Key]
	}
	for _, r := range s.ParamUses(name) {
		if ownerCopy(s, r, name, o.Key) == nil {
			return !c.engineKeysOf(s)[name]
		}
	}
	return false
}

// ownerMoved returns an assignment of the owner in reader s that may run
// after the alias took the owner's value and before the read r of the
// alias (copy, the read's own OWNER="$ALIAS", aside): there the alias
// keeps the value the owner had, which reading the owner would not.
// SC=$((SC * 2)); python3 warm.py …; SC="$BENCH_SC" restores the shared
// number: reading SC there would boot with twice it. A default of the
// owner (SC=${SC:-64}, [[ -z $SC ]] && SC=64) leaves a set owner as it
// is; an assignment in a function may run at any time.
func ownerMoved(s *parser.Script, a alias, r parser.Range, copy *parser.Assign) *parser.Assign {
	useFn := s.FuncAt(r.Start)
	for _, as := range s.Assigns[a.owner.Key] {
		if as == copy || as.Conditional || as.Value == nil && as.Array == nil {
			continue
		}
		if as.Value != nil {
			if ref, self, ok := parser.PureRef(as.Value); ok && ref == a.name && self == "" {
				continue // another copy of the alias
			}
			if pe := parser.SingleParam(as.Value); pe != nil && pe.Param != nil && pe.Param.Value == a.owner.Key && pe.Exp != nil &&
				(pe.Exp.Op == syntax.DefaultUnsetOrNull || pe.Exp.Op == syntax.DefaultUnset || pe.Exp.Op == syntax.AssignUnsetOrNull || pe.Exp.Op == syntax.AssignUnset) {
				continue // SC=${SC:-64}, SC=${SC:-$X}
			}
		}
		if a.assign != nil && s == a.script && as.Start < a.assign.Start && as.InFunc == "" {
			continue // before the alias took its value
		}
		if as.InFunc != "" && as.InFunc != useFn || as.Start < r.Start {
			return as
		}
	}
	return nil
}

// plainStmt reports whether the assignment a is a statement of its own
// (with the test of a mode it may hang on: [[ $MODE == eval ]] && X=…) that
// only sets the shell's variable: no export, local, declare -g, readonly or
// other attribute, no command it is the prefix of. Deleting a plain
// X="$X" changes nothing.
func plainStmt(a *parser.Assign) bool {
	return a.StmtStart >= 0 && a.Prefix == nil && !a.Decl && !a.Exported && !a.Local && !a.Global
}

// ownerCopy returns the assignment of the owner key owner whose whole
// value is the read r of name ($NAME, "${NAME}"): MAX_NUM_SEQS=
// "$BENCH_MAX_NUM_SEQS", the owner handed its own value back through a
// second name. nil when r is read otherwise.
func ownerCopy(s *parser.Script, r parser.Range, name, owner string) *parser.Assign {
	for _, a := range s.Assigns[owner] {
		if a.Value == nil || a.Append || r.Start < s.Off(a.Value.Pos()) || r.End > s.Off(a.Value.End()) {
			continue
		}
		if ref, self, ok := parser.PureRef(a.Value); ok && ref == name && self == "" {
			return a
		}
	}
	return nil
}

// ownsIn reports whether key owns the canonical flag in profile p. An
// owner's Flag is its flag's name in one profile only: in a script that
// boots vLLM and SGLang, RIG_MAX_MODEL_LEN owns --max-model-len and
// --context-length both.
func (c *Context) ownsIn(s *parser.Script, p *parser.Profile, canon, key string) bool {
	o, ok := c.Unit.Owner(s, p, canon)
	return ok && o.Key == key
}

// shapeFlowsOf returns, for each env key or script variable whose value
// reaches a shape flag of one of the script's engine invocations, the
// owner keys of the flags it reaches (in each invocation's own profile),
// or "-" and the flag's name for a flag no key owns.
func (c *Context) shapeFlowsOf(s *parser.Script) map[string]map[string]bool {
	if v, ok := c.shapeFlows.Load(s); ok {
		return v.(map[string]map[string]bool)
	}
	out := map[string]map[string]bool{}
	add := func(name, flag string) {
		if name == "" {
			return
		}
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		out[name][flag] = true
	}
	for _, inv := range s.Invocations {
		for _, f := range inv.Flags {
			if f.Shape == nil {
				continue
			}
			owner := "-" + f.Shape.Name
			if o, ok := c.Unit.Owner(s, inv.Profile, f.Shape.Name); ok {
				owner = o.Key
			}
			for _, o := range s.Origins(f.Value, f.ValStart, f.Modes, func(string) bool { return true }) {
				add(o.Key, owner)
				for _, r := range o.Refs {
					add(r, owner)
				}
				for _, a := range o.Chain {
					if a != nil {
						add(a.Name, owner)
					}
				}
			}
		}
	}
	c.shapeFlows.Store(s, out)
	return out
}

// namesOtherFlag reports whether key is named for a shape flag of the
// script's engines other than the owner's: VLLM_MAX_NUM_BATCHED_TOKENS=
// ${VLLM_MAX_MODEL_LEN} sizes the step from the window (a step that holds a
// whole prompt, chunked prefill off), a number of its own flag, not a second
// name for --max-model-len. Both names are read in the same engine's
// profile: in a script that boots vLLM and SGLang, CALIB_MAX_MODEL_LEN
// names SGLang's --context-length as BENCH_MAX_MODEL_LEN does, and is
// still a shim of it there.
func namesOtherFlag(s *parser.Script, key string, o parser.Owner) bool {
	for _, p := range s.Profiles() {
		f, ok := p.FlagForKey(key)
		if !ok {
			continue
		}
		own, ok := p.FlagForKey(o.Key)
		if !ok {
			// The owner is named for the flag by the config, not by name.
			if own, ok = p.Lookup(o.Flag); !ok {
				continue // a flag of another engine: not comparable here
			}
		}
		if f.Name != own.Name {
			return true
		}
	}
	return false
}
