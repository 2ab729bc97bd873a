package parser

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestLibSourcesOwning: the env files a sourced library sources on every
// path are owning env files of the script, resolved for it ($0 is the
// script's path, BASH_SOURCE the library's); one sourced in a function the
// script never calls, in an if, or by a path from the working directory is
// not.
func TestLibSourcesOwning(t *testing.T) {
	for _, c := range []struct {
		dir, script string
		want        []string
	}{
		{"lib-env-beside", "serve.sh", []string{"model.env"}},
		{"lib-env-config", "scripts/serve.sh", []string{"config/model.env"}},
		{"lib-env-arg0", "serve.sh", []string{"config/model.env"}},
		{"lib-env-func-called", "serve.sh", []string{"model.env"}},
		{"lib-env-not-always", "serve.sh", nil},
	} {
		root := filepath.Join("..", "testdata", "src", c.dir)
		u := Load(LoadOptions{Paths: []string{root}})
		s := u.ScriptAt(filepath.Join(root, c.script))
		if s == nil {
			t.Fatalf("%s: %s not loaded", c.dir, c.script)
		}
		var got []string
		for _, e := range u.Owning[s.Path] {
			rel, _ := filepath.Rel(root, e.Path)
			got = append(got, rel)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: owning env files of %s = %q, want %q", c.dir, c.script, got, c.want)
		}
	}
}
