package fixes

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// Reason says why [Loop] did not apply a fix.
type Reason int

// The reasons a fix is skipped.
const (
	// Conflict: the fix overlaps a fix applied in the same pass. It is
	// normally applied by a later pass; it is reported only when the pass
	// limit was reached first.
	Conflict Reason = iota + 1
	// SelfOverlap: edits of the fix overlap each other, in one file.
	SelfOverlap
	// BadEdit: an edit is out of range, has a bad span, touches a byte order
	// mark, or is for a file not among the inputs of Loop.
	BadEdit
	// Invalid: the content with the fix applied does not validate, or the
	// file did not validate before the fix, so the fix could not be checked.
	Invalid
)

// String returns a short description of the reason.
func (r Reason) String() string {
	switch r {
	case Conflict:
		return "overlaps another fix"
	case SelfOverlap:
		return "edits overlap each other"
	case BadEdit:
		return "invalid edit"
	case Invalid:
		return "result does not validate"
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

// Skipped is a fix that [Loop] did not apply.
type Skipped struct {
	// Pass is the 1-based pass whose analysis returned the fix.
	Pass int
	// Index is the index of the fix in the slice returned by that analysis.
	Index int
	// Fix is the fix. Its offsets refer to the contents analyzed by Pass,
	// which are the final contents unless Report.Converged is false.
	Fix    Fix
	Reason Reason
	// Err gives the details. It wraps ErrOverlap for Conflict and
	// SelfOverlap, ErrBadEdit for BadEdit and the error of validate for
	// Invalid.
	Err error
}

// Report summarizes a run of [Loop].
type Report struct {
	// Passes is the number of passes run, that is of calls to analyze.
	Passes int
	// Converged is true when the last pass changed nothing: the result is a
	// fixed point. It is false when maxPasses was reached first.
	Converged bool
	// Applied counts, per file path, the fixes written into that file over
	// all passes; a fix editing several files counts once in each. Files
	// without applied fixes are absent.
	Applied map[string]int
	// Skipped lists the fixes of the last pass that were not applied, in the
	// order analyze returned them. Fixes skipped by earlier passes are not
	// listed: the last pass finds again those that still apply.
	Skipped []Skipped
}

// Loop runs analyze → apply until a pass changes nothing or maxPasses passes
// have run. analyze is called with the current contents of all files (a map
// it may keep; it must not modify the byte slices) and returns the fixes it
// found, with offsets into those contents. Each pass applies as many fixes as
// can be applied together, in order, as [Apply] does per file; a fix editing
// several files is applied to all of them or to none, and a fix with edits
// for a path not in files is skipped. A fix whose edits are all no-ops is
// ignored.
//
// validate, if not nil, is called with each file content a pass would
// produce. When it returns an error, that result is discarded: Loop finds
// the offending fixes by applying the file's fixes one at a time, in order,
// and keeping those after which the file still validates; it skips the
// others (a multi-file fix in every file) and plans the pass again. If the
// file did not validate before the pass, every fix editing it is skipped.
//
// Loop returns the final contents of the files that differ from files, and a
// [Report]. files and its byte slices are not modified. An error is returned
// when maxPasses < 1 or analyze fails; the contents are then nil.
func Loop(files map[string][]byte, analyze func(map[string][]byte) ([]Fix, error), validate func(path string, b []byte) error, maxPasses int) (map[string][]byte, Report, error) {
	rep := Report{Applied: map[string]int{}}
	if maxPasses < 1 {
		return nil, rep, fmt.Errorf("fixes.Loop: maxPasses is %d, want at least 1", maxPasses)
	}
	cur := maps.Clone(files)
	if cur == nil {
		cur = map[string][]byte{}
	}
	for pass := 1; pass <= maxPasses; pass++ {
		rep.Passes = pass
		fixes, err := analyze(maps.Clone(cur))
		if err != nil {
			return nil, rep, fmt.Errorf("pass %d: %w", pass, err)
		}
		r := runPass(cur, fixes, validate)
		rep.Skipped = r.skipped
		for i := range rep.Skipped {
			rep.Skipped[i].Pass = pass
		}
		if len(r.changed) == 0 {
			rep.Converged = true
			break
		}
		for path, b := range r.changed {
			cur[path] = b
		}
		for path, n := range r.applied {
			rep.Applied[path] += n
		}
	}
	out := map[string][]byte{}
	for path, b := range cur {
		if !bytes.Equal(b, files[path]) {
			out[path] = b
		}
	}
	return out, rep, nil
}

// passFix is a fix of one pass, prepared for planning.
type passFix struct {
	index int
	fix   Fix
	paths []string          // sorted paths with spans
	spans map[string][]span // effective spans per path
}

// passResult is the outcome of one pass.
type passResult struct {
	changed map[string][]byte // new contents of the files the pass changed
	applied map[string]int    // fixes applied per changed file
	skipped []Skipped         // fixes not applied, by index
}

// runPass applies fixes to the contents cur, as described for Loop.
func runPass(cur map[string][]byte, fixes []Fix, validate func(string, []byte) error) passResult {
	templates := map[string]*planner{}
	template := func(path string) *planner {
		p, ok := templates[path]
		if !ok {
			p = newPlanner(cur[path])
			templates[path] = p
		}
		return p
	}

	skipped := map[int]Skipped{}
	skip := func(pf *passFix, r Reason, err error) {
		skipped[pf.index] = Skipped{Index: pf.index, Fix: pf.fix, Reason: r, Err: err}
	}
	var live []*passFix
	for i, f := range fixes {
		pf := &passFix{index: i, fix: f, spans: map[string][]span{}}
		ok := true
		for _, path := range f.Paths() {
			if _, known := cur[path]; !known {
				skip(pf, BadEdit, fmt.Errorf("%s: no such file among the inputs: %w", path, ErrBadEdit))
				ok = false
				break
			}
			p := template(path)
			if err := p.check(f.Edits[path]); err != nil {
				skip(pf, BadEdit, fmt.Errorf("%s: %w", path, err))
				ok = false
				break
			}
			spans, c := p.prepare(f.Edits[path])
			if c != nil {
				skip(pf, SelfOverlap, fmt.Errorf("%s: edit %v overlaps edit %v of the same fix: %w", path, c.mine, c.theirs, ErrOverlap))
				ok = false
				break
			}
			if len(spans) > 0 {
				pf.paths = append(pf.paths, path)
				pf.spans[path] = spans
			}
		}
		if ok && len(pf.paths) > 0 {
			live = append(live, pf)
		}
	}

	for {
		planners := map[string]*planner{}
		var accepted []*passFix
		deferred := map[int]Skipped{}
	fixLoop:
		for _, pf := range live {
			if _, ok := skipped[pf.index]; ok {
				continue
			}
			fresh := map[string][]span{}
			for _, path := range pf.paths {
				p, ok := planners[path]
				if !ok {
					p = template(path).clone()
					planners[path] = p
				}
				f, c := p.fresh(pf.spans[path])
				if c != nil {
					deferred[pf.index] = Skipped{Index: pf.index, Fix: pf.fix, Reason: Conflict,
						Err: fmt.Errorf("%s: edit %v overlaps edit %v of fix %d (%q): %w",
							path, c.mine, c.theirs, c.theirs.owner, fixes[c.theirs.owner].Message, ErrOverlap)}
					continue fixLoop
				}
				fresh[path] = f
			}
			for path, f := range fresh {
				planners[path].commit(f, pf.index)
			}
			accepted = append(accepted, pf)
		}

		changed := map[string][]byte{}
		for path, p := range planners {
			if out := p.output(); !bytes.Equal(out, cur[path]) {
				changed[path] = out
			}
		}

		refused := false
		if validate != nil {
			for _, path := range slices.Sorted(maps.Keys(changed)) {
				err := validate(path, changed[path])
				if err == nil {
					continue
				}
				refused = true
				for _, o := range offenders(path, cur[path], template(path), accepted, validate, err) {
					skip(o.fix, Invalid, o.err)
				}
			}
		}
		if refused {
			continue // plan the pass again without the refused fixes
		}

		res := passResult{changed: changed, applied: map[string]int{}}
		for _, pf := range accepted {
			for _, path := range pf.paths {
				if _, ok := changed[path]; ok {
					res.applied[path]++
				}
			}
		}
		maps.Copy(skipped, deferred)
		for _, i := range slices.Sorted(maps.Keys(skipped)) {
			res.skipped = append(res.skipped, skipped[i])
		}
		return res
	}
}

// offender is a fix refused by validation, and why.
type offender struct {
	fix *passFix
	err error
}

// offenders returns the fixes of accepted that break the file path, whose
// content before the pass is base and with all of accepted applied does not
// validate, failing with combinedErr. It applies the fixes editing path one
// at a time, in order, keeping those after which the file still validates.
// The result is never empty when some fix of accepted edits path.
func offenders(path string, base []byte, tmpl *planner, accepted []*passFix, validate func(string, []byte) error, combinedErr error) []offender {
	var touching []*passFix
	for _, pf := range accepted {
		if len(pf.spans[path]) > 0 {
			touching = append(touching, pf)
		}
	}
	all := func(err error) []offender {
		var out []offender
		for _, pf := range touching {
			out = append(out, offender{pf, err})
		}
		return out
	}
	if err := validate(path, base); err != nil {
		return all(fmt.Errorf("%s does not validate before fixing, so no fix can be checked: %w", path, err))
	}
	var out []offender
	p := tmpl.clone()
	for _, pf := range touching {
		trial := p.clone()
		f, c := trial.fresh(pf.spans[path])
		if c != nil {
			// Cannot happen: the fixes were accepted together.
			out = append(out, offender{pf, fmt.Errorf("%s: %w", path, ErrOverlap)})
			continue
		}
		trial.commit(f, pf.index)
		if err := validate(path, trial.output()); err != nil {
			out = append(out, offender{pf, fmt.Errorf("%s: %w", path, err)})
			continue
		}
		p = trial
	}
	if len(out) == 0 {
		// Only with a validate that is not deterministic: refuse all the
		// fixes rather than loop forever.
		return all(fmt.Errorf("%s: %w", path, errors.Join(combinedErr, errors.New("no single fix found at fault"))))
	}
	return out
}
