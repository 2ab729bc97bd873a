package parser

import "testing"

func TestClassifyText(t *testing.T) {
	for _, tc := range []struct {
		path, text string
		want       FileKind
	}{
		{"/nonexistent/run", "#!/bin/bash\nif then fi\n", KindScript},
		{"/nonexistent/run", "#!/usr/bin/env sh\n", KindScript},
		{"/nonexistent/run", "if then fi\n", KindNone},
		{"/nonexistent/run", "#!/usr/bin/env python3\n", KindNone},
		{"/nonexistent/run.in", "#!/bin/sh\n", KindScript},
		{"/nonexistent/notes.md", "#!/bin/bash\n", KindNone},
		{"/nonexistent/serve.sbatch", "#!/bin/bash\n#SBATCH -N 2\n", KindScript},
		{"/nonexistent/job.slurm", "#!/usr/bin/env bash\n", KindScript},
		{"/nonexistent/job.slurm", "#!/usr/bin/env python3\n", KindNone},
		{"/nonexistent/tool.py", "import os\n", KindNone},
		{"/nonexistent/up.sh", "", KindScript},
		{"/nonexistent/up.env", "A=1\n", KindEnv},
		{"/nonexistent/.env.prod", "", KindEnv},
	} {
		if got := ClassifyText(tc.path, []byte(tc.text)); got != tc.want {
			t.Errorf("ClassifyText(%s, %q) = %v, want %v", tc.path, tc.text, got, tc.want)
		}
	}
}
