package ledger

import (
	"fmt"
	"strings"
)

// Point is one ledger's measurement of the arena: the step it booted with
// and the activation arena that step cost, in MiB.
type Point struct {
	File     string
	Step     float64
	ArenaMiB float64
}

// Fit is the least-squares line arena = A + B × step through Points: A in
// MiB, B in MiB per token of step. Skipped names the ledgers that gave no
// point, with the reason.
type Fit struct {
	A, B    float64
	Points  []Point
	Skipped []string
}

// At returns the fitted arena at step, in MiB.
func (f Fit) At(step float64) float64 {
	return f.A + f.B*step
}

// FitArena fits arena = a + b × step by least squares through the (step,
// arena) point of every ledger that holds both. With fewer than two distinct
// steps the slope is unknown and FitArena fails, saying so.
func FitArena(ledgers []*Ledger) (Fit, error) {
	var f Fit
	for _, l := range ledgers {
		step := l.Step()
		switch {
		case !l.Arena.OK:
			f.Skipped = append(f.Skipped, l.File+": no activation arena row")
		case !step.OK:
			f.Skipped = append(f.Skipped, l.File+": no step (neither the arena row nor --max-num-batched-tokens names it)")
		default:
			f.Points = append(f.Points, Point{File: l.File, Step: step.V, ArenaMiB: l.Arena.V})
		}
	}
	if len(f.Points) == 0 {
		return f, fmt.Errorf("no ledger gives an activation arena with its step (%s)", strings.Join(f.Skipped, "; "))
	}
	var sx, sy float64
	for _, p := range f.Points {
		sx += p.Step
		sy += p.ArenaMiB
	}
	n := float64(len(f.Points))
	mx, my := sx/n, sy/n
	var sxx, sxy float64
	for _, p := range f.Points {
		dx := p.Step - mx
		sxx += dx * dx
		sxy += dx * (p.ArenaMiB - my)
	}
	if sxx == 0 {
		var at []string
		for _, p := range f.Points {
			at = append(at, p.File)
		}
		return f, fmt.Errorf("the slope of the arena is unknown: the ledgers measure it at one step only (%s tokens: %s); add a --ledger booted with another --max-num-batched-tokens",
			formatCount(f.Points[0].Step), strings.Join(at, ", "))
	}
	f.B = sxy / sxx
	f.A = my - f.B*mx
	return f, nil
}
