package rules

import (
	"path/filepath"
	"testing"

	"github.com/servelint/servelint/parser"
)

// TestCalibArgAgreesWithGlobs: the window rule's calib argument is the
// calib role's default globs, written as one regexp.
func TestCalibArgAgreesWithGlobs(t *testing.T) {
	for _, name := range []string{"calib", "calibrate", "tap", "win-tap", "kl_tap", "tap2", "mytap", "tapout",
		"dataparallel", "metaprompt", "serve", "xtapx", "a-tapx", "xtap-a", "tapa"} {
		glob := false
		for _, g := range parser.DefaultCalibGlobs {
			if ok, _ := filepath.Match(g, name); ok {
				glob = true
			}
		}
		if re := calibArgRE.MatchString(name); re != glob {
			t.Errorf("%s: calibArgRE %v, DefaultCalibGlobs %v", name, re, glob)
		}
	}
}
