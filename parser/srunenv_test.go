package parser

import (
	"maps"
	"testing"
)

// TestSrunExport: srun's --export (the last, =V or a separate word) is
// found among its options, values of other options skipped; an option not
// statically known before it hides it.
func TestSrunExport(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want string
		ok   bool
	}{
		{[]string{"srun", "--export=NONE", "vllm"}, "NONE", true},
		{[]string{"srun", "-w", "--export=x", "--export", "ALL,K=1", "vllm"}, "ALL,K=1", true},
		{[]string{"srun", "-n", "1", "--overlap", "--export=A", "--export=B", "vllm"}, "B", true},
		{[]string{"srun", "-n", "1", "vllm", "--export=NONE"}, "", false},
		{[]string{"srun", "--", "--export=NONE"}, "", false},
		{[]string{"srun", Unknown, "--export=NONE", "vllm"}, "", false},
		{[]string{"srun", "--export"}, "", false},
	} {
		if got, ok := SrunExport(c.argv, 0); got != c.want || ok != c.ok {
			t.Errorf("%q: %q %v, want %q %v", c.argv, got, ok, c.want, c.ok)
		}
	}
}

// TestSrunExportEnv: what the job step gets of the caller's variables.
func TestSrunExportEnv(t *testing.T) {
	base := map[string]string{"A": "1", "B": "2", "SLURM_JOB_ID": "7"}
	for _, c := range []struct {
		v    string
		want map[string]string
		ok   bool
	}{
		{"NONE", map[string]string{"SLURM_JOB_ID": "7"}, true},
		{"none", map[string]string{"SLURM_JOB_ID": "7"}, true},
		{"ALL", base, true},
		{"A,C=3,D", map[string]string{"A": "1", "C": "3", "SLURM_JOB_ID": "7"}, true},
		// ALL,K=V: V for a K the caller does not export; the caller's
		// value takes precedence in the manual where both are: not known.
		{"ALL,C=3,A=9", map[string]string{"B": "2", "C": "3", "SLURM_JOB_ID": "7"}, true},
		{"NONE,A", nil, false},
		{"A,,B", nil, false},
		{"1A=2", nil, false},
	} {
		got, ok := SrunExportEnv(c.v, base)
		if ok != c.ok || ok && !maps.Equal(got, c.want) {
			t.Errorf("%s: %q %v, want %q %v", c.v, got, ok, c.want, c.ok)
		}
	}
	if srunWithholds([]string{"srun", "--export=ALL", "x"}, 0, "A") || !srunWithholds([]string{"srun", "--export=B", "x"}, 0, "A") ||
		srunWithholds([]string{"srun", "--export=A", "x"}, 0, "A") || !srunWithholds([]string{"srun", "--export=A=3", "x"}, 0, "A") {
		t.Errorf("srunWithholds")
	}
}
