package parser

import (
	"cmp"
	"slices"
	"sort"
)

// modeIndex answers which modes' ranges hold an offset without asking
// every mode: a launcher of thousands of case arms asked each mode for each
// invocation, flag and assignment (a review measured 105 s for 40,000
// arms). The offsets are cut at every range's ends; each piece lists the
// modes holding it, in the order of Script.Modes.
type modeIndex struct {
	bounds []int
	sets   [][]*Mode // sets[i]: the modes holding [bounds[i], bounds[i+1])
}

// maxIndexed bounds the pieces' lists in all: ranges nested so deep that
// the index would outgrow the modes themselves leave ModesAt to its scan.
const maxIndexed = 1 << 22

// newModeIndex indexes the modes' ranges; nil when they are too entangled
// (maxIndexed).
func newModeIndex(modes []*Mode) *modeIndex {
	type event struct {
		off   int
		mode  int
		delta int
	}
	n := 0
	for _, m := range modes {
		n += len(m.Ranges)
	}
	evs := make([]event, 0, 2*n)
	for i, m := range modes {
		for _, r := range m.Ranges {
			if r.Start < r.End {
				evs = append(evs, event{r.Start, i, 1}, event{r.End, i, -1})
			}
		}
	}
	// The order of the events at one offset does not matter: all of them
	// are applied before that offset's piece is listed, and a mode is
	// active exactly when its count is positive.
	slices.SortFunc(evs, func(a, b event) int { return cmp.Compare(a.off, b.off) })
	x := &modeIndex{bounds: make([]int, 0, len(evs)), sets: make([][]*Mode, 0, len(evs))}
	count := make([]int, len(modes))
	var active []int // the modes with a positive count, by index
	total := 0
	for i := 0; i < len(evs); {
		off := evs[i].off
		for ; i < len(evs) && evs[i].off == off; i++ {
			e := evs[i]
			before := count[e.mode]
			count[e.mode] += e.delta
			switch {
			case before == 0 && count[e.mode] > 0:
				j, _ := slices.BinarySearch(active, e.mode)
				active = slices.Insert(active, j, e.mode)
			case before > 0 && count[e.mode] == 0:
				if j, ok := slices.BinarySearch(active, e.mode); ok {
					active = slices.Delete(active, j, j+1)
				}
			}
		}
		var set []*Mode
		if len(active) > 0 {
			set = make([]*Mode, len(active))
			for j, mi := range active {
				set[j] = modes[mi]
			}
		}
		total += len(set) + 1
		if total > maxIndexed {
			return nil
		}
		x.bounds = append(x.bounds, off)
		x.sets = append(x.sets, set)
	}
	return x
}

// at returns the modes whose ranges hold off, in Script.Modes order (a
// slice of its own: callers may filter it in place).
func (x *modeIndex) at(off int) []*Mode {
	i := sort.Search(len(x.bounds), func(i int) bool { return x.bounds[i] > off }) - 1
	if i < 0 || len(x.sets[i]) == 0 {
		return nil
	}
	return slices.Clone(x.sets[i])
}

// anyIn reports whether one of the sorted offsets lies in one of ranges.
func anyIn(sorted []int, ranges []Range) bool {
	for _, r := range ranges {
		i := sort.SearchInts(sorted, r.Start)
		if i < len(sorted) && sorted[i] < r.End {
			return true
		}
	}
	return false
}
