package rules

import (
	"fmt"

	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/suppress"
)

// keptOwn says why a fix must keep the value that the code at start..end
// gives name (a variable, or the flag itself) in the modes ms, none of them
// the proven mode, or "" when the value is a drift a fix may end. flag is
// the flag the value reaches. It is the one judgment shapealias (reading
// the owner at an alias's uses) and privateshape (writing the owner at a
// shared use) make of another mode's value their edit would rewrite too:
//   - modes that are all disaggregated roles (prefill) step=16384) or all
//     serve another model than the proven mode (embed)
//     model=$EMBED_MODEL; step=32768) have shapes of their own, which
//     privateshape does not report either.
//   - a calib mode's own value of its calib knob (calib) step=32768 for
//     --max-num-batched-tokens): law 4 lets it differ from the proven
//     shape; privateshape asks for it to come from the env file, with a
//     fix of its own.
//   - a value under a servelint:ignore of the rule its difference is
//     reported under, privateshape or argvdrift (tiny) seqs=1 ;; #
//     servelint:ignore privateshape -- smoke test): the user kept that
//     difference on purpose; the fix would end it, and then delete their
//     comment as silencing nothing.
func (c *Context) keptOwn(s *parser.Script, ms []*parser.Mode, name, flag string, start, end int) string {
	line := s.Line(start)
	if allDisagg(ms) {
		return fmt.Sprintf("line %d gives %s the own value of %s, a disaggregated role whose numbers may differ from the proven shape; reading the owner would replace it",
			line, name, parser.ModeNames(ms))
	}
	if servesOtherModel(c.Unit, s, ms) {
		return fmt.Sprintf("line %d gives %s the own value of %s, which serves another model than the proven mode; reading the owner would replace it",
			line, name, parser.ModeNames(ms))
	}
	if allCalib(ms) && c.isCalibKnob(flag) {
		return fmt.Sprintf("line %d gives %s %s's own value of %s, a calib knob that may differ from the proven shape; reading the owner would replace it",
			line, name, parser.ModeNames(ms), flag)
	}
	if r := c.suppressedAt(s, start, end, "privateshape", "argvdrift"); r != "" {
		return fmt.Sprintf("line %d gives %s %s's own value under a servelint:ignore of %s, a difference kept on purpose; reading the owner would end it",
			line, name, parser.ModeNames(ms), r)
	}
	return ""
}

// suppressedAt returns the first of rules that a servelint:ignore comment
// of script s silences on a line of the span start..end, or "".
func (c *Context) suppressedAt(s *parser.Script, start, end int, rules ...string) string {
	v, ok := c.suppressions.Load(s)
	if !ok {
		set := suppress.New(nil)
		set.AddScript(s)
		v, _ = c.suppressions.LoadOrStore(s, set.Directives(s.Path))
	}
	dirs := v.([]*suppress.Directive)
	for l := s.Line(start); l <= s.Line(end); l++ {
		for _, r := range rules {
			for _, d := range dirs {
				if d.Covers(l, r) {
					return r
				}
			}
		}
	}
	return ""
}
