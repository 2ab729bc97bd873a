package rules

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/parser"
)

// CalibStep checks that a calibration tap's step covers one document.
var CalibStep = &analysis.Analyzer{
	Name: "calibstep",
	Doc: `a calib mode whose step is below the document length

Law 4: a calibration tap is dominated by disk reads. With a step
(--max-num-batched-tokens) below the document length each document is cut
into ⌈length/step⌉ steps, and each layer's routed experts are re-streamed
from the container that many times; the KV pool does not change at all. The
document length is calib.document_tokens from the config (a number or an
env key) when given, else the mode's --max-model-len. Scoring modes are not
checked here: their step is inherited, and argvdrift covers it.

No fix: the message gives ⌈length/step⌉.`,
	Requires: []*analysis.Analyzer{Model, DryRun},
	Run:      runCalibStep,
}

func runCalibStep(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	argvs := pass.ResultOf[DryRun].(*Argvs)
	scripts := needing(c.Unit.Scripts, func(s *parser.Script) bool {
		for _, m := range s.Modes {
			if m.Role == parser.RoleCalib {
				return true
			}
		}
		return false
	})
	argvs.Prefetch(scripts)
	for _, s := range scripts {
		for _, m := range s.Modes {
			if m.Role != parser.RoleCalib {
				continue
			}
			r := argvs.Of(s, m.Name)
			prof, flags := ParseArgv(r)
			if prof == nil {
				continue
			}
			step, ok := IntFlag(flags, prof.StepFlag)
			if !ok {
				continue
			}
			doc, from, ok := c.documentLength(s, prof, flags)
			if !ok || step >= doc {
				continue
			}
			n := (doc + step - 1) / step
			path, st, en, found := c.valueSpan(s, m, prof.StepFlag)
			if !found {
				path, st, en = s.Path, m.Start, m.End
			}
			c.report(pass, diag{sev: Warning, path: path, start: st, end: en,
				msg: fmt.Sprintf("%s steps %s tokens at a time (%s %d) but a document is %d tokens (%s): each document is cut into ⌈%d/%d⌉ = %d steps, so each layer's routed experts are re-streamed %d times; calib's step should be at least one document",
					m.Name, strconv.Itoa(step), prof.StepFlag, step, doc, from, doc, step, n, n)})
		}
	}
	return nil, nil
}

// documentLength returns the calibration document length and where it was
// read from.
func (c *Context) documentLength(s *parser.Script, prof *parser.Profile, flags map[string]ArgvFlag) (int, string, bool) {
	if dt := strings.TrimSpace(c.Config.DocumentTokens); dt != "" {
		if n, err := strconv.Atoi(dt); err == nil {
			return n, "calib.document_tokens", true
		}
		if d, ok := c.Unit.EnvLookup(s, dt); ok {
			if n, err := strconv.Atoi(d.Entry.Raw); err == nil {
				return n, fmt.Sprintf("%s=%d at %s", dt, n, c.Where(d.File.Path, d.Entry.Start)), true
			}
		}
		return 0, "", false
	}
	lenFlag := WindowFlag(prof)
	n, ok := IntFlag(flags, lenFlag)
	return n, "its " + lenFlag, ok
}

// WindowFlag is the flag that sets an engine's window (a document's or a
// session's length in tokens).
func WindowFlag(prof *parser.Profile) string {
	switch prof.Name {
	case "sglang":
		return "--context-length"
	case "tgi":
		return "--max-input-tokens"
	case "trtllm":
		return "--max-seq-len"
	}
	return "--max-model-len"
}
