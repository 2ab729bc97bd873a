package rules

import "testing"

func TestLineList(t *testing.T) {
	for _, tc := range []struct {
		lines []int
		want  string
	}{
		{[]int{4}, "4"},
		{[]int{4, 9}, "4, 9"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9}, "1, 2, 3, 4, 5, 6, 7, 8, 9"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, "1, 2, 3, 4, 5, 6, 7, 8, … 2 more"},
	} {
		if got := lineList(tc.lines); got != tc.want {
			t.Errorf("lineList(%v) = %q, want %q", tc.lines, got, tc.want)
		}
	}
}
