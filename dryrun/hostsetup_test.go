package dryrun

import "testing"

// TestHostSetup: the host's module, conda and spack initialisation scripts
// are no-ops when sourced; any other script outside the tree is not.
func TestHostSetup(t *testing.T) {
	for p, want := range map[string]bool{
		"/etc/profile.d/modules.sh":                 true,
		"/etc/profile.d/lmod.sh":                    true,
		"/home/u/miniconda3/etc/profile.d/conda.sh": true,
		"/opt/conda/etc/profile.d/mamba.sh":         true,
		"/usr/share/Modules/init/bash":              true,
		"/opt/lmod/lmod/init/bash":                  true,
		"/opt/spack/share/spack/setup-env.sh":       true,
		"/etc/profile.d/site-vllm.sh":               false,
		"/opt/site/env.sh":                          false,
		"/home/u/conda.sh":                          false,
		"/usr/share/Modules/init/zsh":               false,
		"/opt/spack/setup-env.sh":                   false,
	} {
		if got := hostSetup(p); got != want {
			t.Errorf("hostSetup(%q) = %v, want %v", p, got, want)
		}
	}
}
