package parser

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestComposeInterpolated(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"--max-num-seqs ${SEQS}", []string{"SEQS"}},
		{"$A/$B_2:x", []string{"A", "B_2"}},
		{"${A:-${B}}", []string{"A", "B"}},
		{"${A?need A} ${C-}", []string{"A", "C"}},
		{"$$LITERAL and $$$REAL", []string{"REAL"}},
		{"cost: 5$ or $1 or ${}", nil},
		{"$", nil},
	} {
		if got := composeInterpolated(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("composeInterpolated(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestReadComposeUse(t *testing.T) {
	const dir, env = "/p", "/p/.env"
	for _, tc := range []struct {
		name, yaml string
		all        bool
		refs       []string
	}{
		{"values, not comments or keys", `
services:
  vllm:
    # ${IN_COMMENT}
    command: --max-num-seqs ${SEQS} --port $PORT
    labels:
      ${KEY_NOT_VALUE}: x
`, false, []string{"PORT", "SEQS"}},
		{"env_file string", "services:\n  a:\n    env_file: .env\n", true, nil},
		{"env_file other", "services:\n  a:\n    env_file: [other.env, ./sub/.env]\n", false, nil},
		{"env_file absolute", "services:\n  a:\n    env_file: /p/.env\n", true, nil},
		{"env_file long form", "services:\n  a:\n    env_file:\n      - path: ./.env\n        required: false\n", true, nil},
		{"env_file long form other", "services:\n  a:\n    env_file:\n      - path: x.env\n", false, nil},
		{"env_file interpolated", "services:\n  a:\n    env_file: ${ENV_FILE}\n", true, []string{"ENV_FILE"}},
		{"env_file through a merge", "x: &c\n  env_file: .env\nservices:\n  a:\n    <<: *c\n    image: i\n", true, nil},
		{"environment bare", "services:\n  a:\n    environment:\n      - SEQS\n      - HF_HOME=/c\n      - STEP=${STEP}\n", false, []string{"SEQS", "STEP"}},
		{"environment map", "services:\n  a:\n    environment:\n      SEQS:\n      HOME: /c\n", false, []string{"SEQS"}},
		{"include", "include:\n  - other.yaml\nservices: {}\n", true, nil},
		{"extends file", "services:\n  a:\n    extends:\n      file: base.yaml\n      service: b\n", true, nil},
		{"extends by name", "services:\n  a:\n    extends: b\n  b:\n    image: i\n", false, nil},
		{"extends same file", "services:\n  a:\n    extends:\n      service: b\n  b:\n    image: i\n", false, nil},
		{"not YAML", "services: [\n", true, nil},
		{"two documents", "a: $X\n---\nb: $Y\n", false, []string{"X", "Y"}},
		{"empty", "", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			use := readComposeUse([]byte(tc.yaml), dir, env)
			if use.all != tc.all {
				t.Errorf("all = %v, want %v", use.all, tc.all)
			}
			if got := slices.Sorted(maps.Keys(use.refs)); !slices.Equal(got, tc.refs) {
				t.Errorf("refs = %q, want %q", got, tc.refs)
			}
		})
	}
}

// TestReadComposeUseMergeBomb: anchors merged into one another ten at a
// time, twenty deep, are each looked in once (a crafted compose file in a
// pull request hung the linter before).
func TestReadComposeUseMergeBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("x0: &a0 {env_file: none.env}\n")
	for i := 1; i < 20; i++ {
		fmt.Fprintf(&b, "x%d: &a%d\n  <<: [%s]\n  k%d: v\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 10), ", "), i)
	}
	b.WriteString("services:\n  s:\n    <<: *a19\n    image: i\n")
	done := make(chan composeUse, 1)
	go func() { done <- readComposeUse([]byte(b.String()), "/p", "/p/.env") }()
	select {
	case use := <-done:
		if use.all {
			t.Errorf("all = true: the merged env_file names none.env, not .env")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("readComposeUse did not return in 10 s")
	}
}

// A compose file beside a .env comes from the pull request: whatever its
// bytes, readComposeUse answers (no panic) and names only variable names.
func FuzzReadComposeUse(f *testing.F) {
	for _, s := range []string{
		"services:\n  a:\n    env_file: .env\n    command: --x ${A:-${B}} $$C\n",
		"x: &a {env_file: [.env]}\nservices: {s: {<<: *a, environment: [K, L=1]}}\n",
		"include: [other.yaml]\n",
		"services: [\n",
		"a: *undefined\n",
		"services: {a: {environment: {\"a b\": , \"1X\": , OK: }}}\n",
		"---\n---\nservices:\n  a:\n    extends: {file: b.yaml}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		use := readComposeUse(src, "/p", "/p/.env")
		for k := range use.refs {
			if !isName(k) {
				t.Fatalf("%q: not a variable name", k)
			}
		}
	})
}
