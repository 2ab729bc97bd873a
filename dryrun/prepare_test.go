package dryrun

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/servelint/servelint/parser"
)

// TestPrepareScriptAgrees: the fast path of PrepareScript learns what the
// walk of Prepare learns, on every script of the test cases and the
// example, and on scripts that hold each construct.
func TestPrepareScriptAgrees(t *testing.T) {
	var paths []string
	for _, root := range []string{"../testdata", "../examples"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && parser.Classify(p) == parser.KindScript {
				paths = append(paths, p)
			}
			return nil
		})
	}
	extra := map[string]string{
		"procsubst.sh": "#!/bin/bash\nf() { :; }\nexec > >(tee log)\ndiff <(a) <(b)\n",
		"owner.sh":     "#!/bin/bash\n[ -O x ] && g() { :; }\n",
		"tilde.sh":     "#!/bin/bash\ncat ~root/x\n",
		"plain.sh":     "#!/bin/sh\nh() { i() { :; }; }\nif true; then j() { :; }; fi\n",
		"job.sh":       "#!/bin/bash\nf() { a 2>&1 & }\n",
		"jobsubst.sh":  "#!/bin/bash\nx=$(a&)\n",
		"coproc.sh":    "#!/bin/bash\ncoproc a\n",
		"nojob.sh":     "#!/bin/bash\na && b 2>&1 |& c &> d <&3 >&2\n",
		"escjob.sh":    "#!/bin/bash\nradiance serve --tag \\>&\nb \\&& c\n",
		"contowner.sh": "#!/bin/bash\n[[ -\\\nO x ]]\n",
		"nulowner.sh":  "#!/bin/bash\n" + strings.Repeat("# padding past the binary sniff\n", 300) + "[[ -\x00O x ]]\ndiff <\x00(a) b\n",
		"conttilde.sh": "#!/bin/bash\ncat ~\\\nroot/x\n",
	}
	dir := t.TempDir()
	for name, src := range extra {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if len(paths) < 40 {
		t.Fatalf("only %d scripts found", len(paths))
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := parser.ParseScript(p, src)
		s.Analyze(parser.RoleMatcher{})
		if s.File == nil {
			continue
		}
		fast, walk := PrepareScript(s), Prepare(s.File)
		a, b := slices.Clone(fast.funcs), slices.Clone(walk.funcs)
		slices.Sort(a)
		b = slices.Compact(slices.Sorted(slices.Values(b)))
		if walk.background != fast.background {
			t.Errorf("%s: PrepareScript background=%v, Prepare %v", p, fast.background, walk.background)
		}
		if fast.risky != walk.risky || fast.outSubst != walk.outSubst || strings.Join(a, ",") != strings.Join(b, ",") {
			t.Errorf("%s: PrepareScript risky=%v outSubst=%v funcs=%v; Prepare risky=%v outSubst=%v funcs=%v",
				p, fast.risky, fast.outSubst, a, walk.risky, walk.outSubst, b)
		}
	}
}
