package rules

import (
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
)

// checkModeless reports, in a script with no modes (one script per mode:
// serve.sh, bench.sh, each sourcing serve.env), an owned flag passed a
// literal that differs from its owner's value: the script is its own one
// mode, and by law 2 it carries a private shape (bench.sh passes
// --max-num-seqs 512 where serve.env owns MAX_NUM_SEQS=128). Only where
// the owner is proven to be read: the script's shell sources the owner's
// file and another script reading that file passes the flag from the owner
// key (what serve.sh boots with, which the fix never changes). Not for a
// script serving another model than the owner file names (a literal model
// word, or one not known), nor a calib-named script's own knobs.
func (c *Context) checkModeless(pass *analysis.Pass, s *parser.Script, inv *parser.Invocation) {
	u := c.Unit
	if len(s.Modes) > 0 || inv.Profile == nil || len(inv.Modes) > 0 || inv.Child != "" {
		return
	}
	if !soleTopLaunch(s, inv) {
		return // presets under a case or if on the machine or workload differ by design
	}
	env := u.EnvKeysOf(s)
	name := scriptModeName(s.Path)
	calibNamed := matchAny(parser.DefaultCalibGlobs, name)
	for _, f := range inv.Flags {
		if f.Shape == nil || f.ValStart < 0 || calibNamed && c.isCalibKnob(f.Canon) {
			continue
		}
		owner, ok := u.Owner(s, inv.Profile, f.Canon)
		if !ok || owner.Def.File == nil || owner.Def.Entry == nil || !u.ShellReads(s, owner.Def.File) {
			continue
		}
		ov, ok := plainEnvValue(owner.Def.Entry)
		if !ok {
			if b := owner.Def.Entry.Bash; b.Defined && b.Err == "" && !b.Dynamic {
				ov, ok = b.Value, true
			}
		}
		if !ok {
			continue
		}
		origins := s.Origins(f.Value, f.ValStart, nil, env)
		if len(origins) != 1 || origins[0].Kind != parser.OriginLiteral || len(origins[0].Chain) > 0 || origins[0].Value == ov {
			continue
		}
		if !sameModelAsOwner(u, s, inv, owner) {
			continue
		}
		if g := ownerCopyBefore(s, inv, f, owner, env); g != nil && onLaunchLine(inv, f) {
			c.reportModelessOverride(pass, s, f, g, owner, name, inheritedElsewhere(u, s, inv, f.Canon, owner))
			continue
		}
		if !inheritedElsewhere(u, s, inv, f.Canon, owner) {
			continue
		}
		if g := ownerCopyAfter(s, inv, f, owner, env); g != nil {
			// --max-num-seqs 512 --max-num-seqs "$OWNER": the engine takes
			// the owner's; writing "$OWNER" into the dead copy would leave
			// the flag twice.
			c.reportDeadCopy(pass, s, f, fmt.Sprintf("%s passes its own %s %s, which the owner's copy%s overrides; %s",
				filepath.Base(s.Path), f.Name, f.ValueText(s), lineOf(s, g), c.ownerText(owner)), "delete the overridden copy")
			continue
		}
		c.report(pass, diag{sev: Error, path: s.Path, start: f.ValStart, end: f.ValEnd,
			msg:    fmt.Sprintf("%s passes %s %s; %s", filepath.Base(s.Path), f.Name, f.ValueText(s), c.ownerText(owner)),
			fixMsg: "take the value from " + owner.Key,
			edits:  []edit{{s.Path, f.ValStart, f.ValEnd, refText(s, f, owner.Key)}}})
	}
}

// ownerCopyBefore returns the copy of f's flag that the launch passes
// before f from the owner key (exec vllm serve "$MODEL" --max-num-seqs
// "$MAX_NUM_SEQS" --max-num-seqs 512): f, later, overrides it. nil when
// there is none.
func ownerCopyBefore(s *parser.Script, inv *parser.Invocation, f *parser.Flag, owner parser.Owner, env parser.EnvKeys) *parser.Flag {
	for _, g := range inv.Flags {
		if g == f {
			return nil
		}
		if g.Canon == f.Canon && ownerOrLibCopy(s, g, owner, env) {
			return g
		}
	}
	return nil
}

// ownerCopyAfter returns the copy of f's flag from the owner key that the
// launch's own command writes after f, on every path: the engine takes it,
// f is dead. nil when there is none.
func ownerCopyAfter(s *parser.Script, inv *parser.Invocation, f *parser.Flag, owner parser.Owner, env parser.EnvKeys) *parser.Flag {
	after := false
	for _, g := range inv.Flags {
		if g == f {
			after = true
			continue
		}
		if after && g.Canon == f.Canon && onLaunchLine(inv, g) && fromOwner(s, g, owner, env) {
			return g
		}
	}
	return nil
}

// ownerOrLibCopy reports whether flag g takes the owner key (fromOwner),
// or is a copy a sourced library's top-level array gives from it
// (_common.sh's ARGS=(--max-num-seqs "$MAX_NUM_SEQS"), "${ARGS[@]}").
func ownerOrLibCopy(s *parser.Script, g *parser.Flag, owner parser.Owner, env parser.EnvKeys) bool {
	if o, ok := g.LibOrigin(env); ok {
		return o.Kind == parser.OriginEnvKey && o.Key == owner.Key
	}
	return fromOwner(s, g, owner, env)
}

// onLaunchLine reports whether flag f is written in the launch's own
// command, its value with it: the script's own words, on every path, not
// a word an array, a set -- or a wrapper gives (args+=(--max-num-seqs 16)
// under a test, which the launch does not always expand).
func onLaunchLine(inv *parser.Invocation, f *parser.Flag) bool {
	if inv.Via != "" || inv.Child != "" || f.Arg < 0 || f.Arg >= len(inv.Args) {
		return false
	}
	a := inv.Args[f.Arg]
	return a.Array == "" && a.Assign == nil && a.Set == nil && a.Start >= inv.Start && a.End <= inv.End &&
		f.ValStart >= inv.Start && f.ValEnd <= inv.End
}

// reportModelessOverride reports a modeless script's second copy f of a
// flag that overrides the owner's copy g in the same launch: by law 2 a
// private shape, deleted by the fix (the launch keeps the owner's copy).
// Not deleted in the script named for the proven mode (serve.sh): it boots
// with f's value, its proven shape; nor where no other script reading the
// owner's file boots with the owner's value (inherited): the script alone
// may be the shape that was measured, and deleting would change its boot.
func (c *Context) reportModelessOverride(pass *analysis.Pass, s *parser.Script, f, g *parser.Flag, owner parser.Owner, name string, inherited bool) {
	where := lineOf(s, g)
	if lib := g.LibPath(); lib != "" && where == "" {
		where = fmt.Sprintf(" (%s's, sourced)", filepath.Base(lib))
	}
	msg := fmt.Sprintf("%s passes a second %s %s that overrides the owner's copy%s; %s",
		filepath.Base(s.Path), f.Name, f.ValueText(s), where, c.ownerText(owner))
	if proven := c.provenName(); name == proven {
		c.report(pass, diag{sev: Error, path: s.Path, start: f.NameStart, end: f.ValEnd,
			msg: msg + fmt.Sprintf(" (no fix: %s, the proven mode, boots with it; deleting it would change what %s boots with)", proven, proven)})
		return
	}
	if !inherited {
		c.report(pass, diag{sev: Error, path: s.Path, start: f.NameStart, end: f.ValEnd,
			msg: msg + fmt.Sprintf(" (no fix: no other script boots with the owner's %s, so %s may be the shape that was measured; deleting it would change what it boots with)", f.Name, filepath.Base(s.Path))})
		return
	}
	c.reportDeadCopy(pass, s, f, msg, "delete the overriding copy")
}

// provenName is the proven mode's name: the config's, else serve.
func (c *Context) provenName() string {
	if c.Config.ProvenNamed {
		return c.Config.Proven
	}
	return "serve"
}

// soleTopLaunch reports whether inv is the script's only engine
// invocation and a plain command of the top level (exec vllm serve …), run
// on every path: not under an if, a case, a loop, a list or a function.
func soleTopLaunch(s *parser.Script, inv *parser.Invocation) bool {
	if s.File == nil {
		return false
	}
	for _, x := range s.Invocations {
		if x != inv && x.Profile != nil {
			return false
		}
	}
	for _, st := range s.File.Stmts {
		if s.Off(st.Pos()) <= inv.Start && inv.Start < s.Off(st.End()) {
			_, plain := st.Cmd.(*syntax.CallExpr)
			return plain && !st.Background && !st.Coprocess && !st.Negated
		}
	}
	return false
}

// scriptModeName is the name a script run as its own mode goes by: its
// base name without the extension (bench for scripts/bench.sh).
func scriptModeName(path string) string {
	b := filepath.Base(path)
	return strings.ToLower(strings.TrimSuffix(b, filepath.Ext(b)))
}

func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := filepath.Match(g, name); ok {
			return true
		}
	}
	return false
}

// sameModelAsOwner reports whether the invocation's model word reads a key
// of the owner's env file (vllm serve "$MODEL"), or is a literal that file
// gives a key: the script serves the model the owner sizes. A literal the
// file does not hold (a tiny test model), or a word not statically known,
// may be another model, sized for itself.
func sameModelAsOwner(u *parser.Unit, s *parser.Script, inv *parser.Invocation, owner parser.Owner) bool {
	model, kind, ok := u.InvModel(s, inv)
	if !ok {
		return false
	}
	for _, en := range owner.Def.File.Entries {
		if en.Bash.Defined && en.Bash.Err == "" && !en.Bash.Dynamic && en.Bash.Value == model {
			return kind == parser.OriginEnvKey || kind == parser.OriginLiteral
		}
	}
	return false
}

// inheritedElsewhere reports whether another script reading the owner's
// env file in its shell passes flag canon from the owner key: the owner's
// value is one a script boots with. Only a launch of the same model on the
// same layout (samePreset) counts: 8b.sh booting MODEL_8B with the owner's
// seat count says nothing of 70b.sh's MODEL_70B on four GPUs, both keys of
// one common env file; nor of tp2.sh's other tensor-parallel size.
func inheritedElsewhere(u *parser.Unit, s *parser.Script, inv *parser.Invocation, canon string, owner parser.Owner) bool {
	for _, t := range u.ScriptsReading(owner.Def.File) {
		if t == s || !u.ShellReads(t, owner.Def.File) {
			continue
		}
		tenv := u.EnvKeysOf(t)
		for _, ti := range t.Invocations {
			if !samePreset(u, s, inv, t, ti) {
				continue
			}
			for _, g := range ti.Flags {
				if g.Canon != canon {
					continue
				}
				if o, ok := g.LibOrigin(tenv); ok {
					// serve.sh's "${ARGS[@]}" of _common.sh's
					// ARGS=(--max-num-seqs "$MAX_NUM_SEQS").
					if o.Kind == parser.OriginEnvKey && o.Key == owner.Key {
						return true
					}
					continue
				}
				if g.ValStart < 0 || g.Value == nil {
					continue
				}
				for _, o := range t.Origins(g.Value, g.ValStart, g.Modes, tenv) {
					if o.Kind == parser.OriginEnvKey && o.Key == owner.Key {
						return true
					}
				}
			}
		}
	}
	return false
}

// samePreset reports whether two invocations serve the same model (by its
// value, InvModel) with the same parallel layout: each tensor, pipeline,
// data or expert parallel size flag (layoutFlag) the same literal or read
// from the same env key in both, an absent one its profile's default. A
// value not statically known is never the same.
func samePreset(u *parser.Unit, s *parser.Script, inv *parser.Invocation, t *parser.Script, ti *parser.Invocation) bool {
	if ti.Profile == nil || inv.Profile == nil || ti.Profile.Name != inv.Profile.Name {
		return false
	}
	m1, _, ok1 := u.InvModel(s, inv)
	m2, _, ok2 := u.InvModel(t, ti)
	if !ok1 || !ok2 || m1 != m2 {
		return false
	}
	a, b := layoutOf(u, s, inv), layoutOf(u, t, ti)
	for k := range a {
		if _, ok := b[k]; !ok {
			b[k] = defaultLayout(inv.Profile, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			a[k] = defaultLayout(inv.Profile, k)
		}
		if a[k] == "" || a[k] != b[k] {
			return false
		}
	}
	return true
}

// layoutFlag reports whether a canonical flag sets how many GPUs or
// replicas a boot spreads over (--tensor-parallel-size, --tp-size,
// trtllm-serve's --tp_size …).
func layoutFlag(canon string) bool {
	n := strings.ReplaceAll(strings.TrimLeft(canon, "-"), "_", "-")
	switch n {
	case "tensor-parallel-size", "pipeline-parallel-size", "data-parallel-size", "expert-parallel-size",
		"tp-size", "pp-size", "dp-size", "ep-size", "tp", "pp", "dp", "ep":
		return true
	}
	return false
}

// layoutOf maps each layout flag of an invocation to where its value
// comes from: "lit:4", "key:TP"; "" when not statically known.
func layoutOf(u *parser.Unit, s *parser.Script, inv *parser.Invocation) map[string]string {
	out := map[string]string{}
	env := u.EnvKeysOf(s)
	for _, f := range inv.Flags {
		if !layoutFlag(f.Canon) {
			continue
		}
		v := ""
		if f.ValStart >= 0 && f.Value != nil {
			if os := s.Origins(f.Value, f.ValStart, f.Modes, env); len(os) == 1 {
				switch os[0].Kind {
				case parser.OriginLiteral:
					v = "lit:" + os[0].Value
				case parser.OriginEnvKey:
					v = "key:" + os[0].Key
				}
			}
		}
		out[f.Canon] = v
	}
	return out
}

// defaultLayout is the value an absent layout flag has: its profile's
// default.
func defaultLayout(p *parser.Profile, canon string) string {
	for _, f := range p.Flags {
		if f.Name == canon && f.Default != "" {
			return "lit:" + f.Default
		}
	}
	return ""
}
