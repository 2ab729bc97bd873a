package parser

import (
	"strings"
	"testing"
)

// TestShellCommandEntrypoint: a shell set as a docker/podman run's
// entrypoint with -c after the image runs the string as `--entrypoint ""
// IMAGE sh -c STRING` does. ShellCommand met the entrypoint's value first,
// saw the image where -c should be, and found no shell; DetectEngine then
// took the shell entrypoint for a program that is not an engine, and the
// string's engine went unseen.
func TestShellCommandEntrypoint(t *testing.T) {
	launches := func(argv []string) func(int) bool {
		return func(k int) bool { return LaunchesAt(argv, k, nil) }
	}
	for _, tc := range []struct {
		cmd      string
		found    bool
		shell    int
		launcher string // the words that launch the string's engine
	}{
		{`docker run --rm --entrypoint /bin/sh img -c S`, true, 4, `docker run --rm --entrypoint  img`},
		{`docker run --rm --entrypoint=/bin/bash img -lc S`, true, 3, `docker run --rm --entrypoint= img`},
		{`podman container run --entrypoint bash img -euc S`, true, 4, `podman container run --entrypoint  img`},
		{`sudo docker run --entrypoint dash img --login -c S`, true, 4, `sudo docker run --entrypoint  img`},
		{`docker run --entrypoint /bin/sh img --norc -- -c S`, false, 0, ``}, // -- ends the options before -c
		// -o NAME takes the next word, in a cluster too; a word that
		// cannot be a name (an option, not known) reads no string.
		{`docker run --entrypoint /bin/sh img -o pipefail -c S`, true, 3, `docker run --entrypoint  img`},
		{`docker run --entrypoint bash img -euo pipefail -c S`, true, 3, `docker run --entrypoint  img`},
		{`docker run --entrypoint /bin/sh img -o -c S`, false, 0, ``},
		{"docker run --entrypoint /bin/sh img -o " + Unknown + " -c S", false, 0, ``},
		{`docker run --entrypoint /bin/sh img script.sh`, false, 0, ``},
		{`docker run --entrypoint /bin/sh img -c`, false, 0, ``},
		{`docker run --entrypoint python3 img -c S`, false, 0, ``},
		{`docker run --entrypoint /bin/sh`, false, 0, ``},
		{`echo docker run --entrypoint /bin/sh img -c S`, false, 0, ``},
		// A compose run's shell entrypoint, the service where the image is.
		{`docker compose run --rm --entrypoint bash llm -c S`, true, 5, `docker compose run --rm --entrypoint  llm`},
		{`docker-compose run -T --entrypoint=/bin/sh llm -c S`, true, 3, `docker-compose run -T --entrypoint= llm`},
		{`podman-compose run --entrypoint /bin/bash llm -lc S`, true, 3, `podman-compose run --entrypoint  llm`},
		{`docker compose run --entrypoint /start.sh llm -c S`, false, 0, ``},
		{`docker compose run --entrypoint bash llm script.sh`, false, 0, ``},
		{`docker compose run --frob --entrypoint bash llm -c S`, false, 0, ``},
		{`docker compose exec llm --entrypoint bash -c S`, false, 0, ``},
		// The image's own shell after a cleared entrypoint, as before.
		{`docker run --entrypoint "" img /bin/sh -c S`, true, 5, `docker run --entrypoint  img`},
	} {
		argv := strings.Fields(tc.cmd)
		for i, a := range argv {
			if a == `""` {
				argv[i] = ""
			}
		}
		r, ok := ShellCommand(argv, launches(argv))
		if ok != tc.found {
			t.Errorf("%s: found %v, want %v", tc.cmd, ok, tc.found)
			continue
		}
		if !ok {
			continue
		}
		if argv[r.Str] != "S" || r.Shell != tc.shell || strings.Join(r.Launcher(argv), " ") != tc.launcher {
			t.Errorf("%s: shell %d, string %q, launcher %q; want shell %d, S, %q", tc.cmd, r.Shell, argv[r.Str], strings.Join(r.Launcher(argv), " "), tc.shell, tc.launcher)
		}
	}
}

// TestClearedEntrypointWrappers: after --entrypoint "" the words after the
// image are a command read as any, through its wrappers. Only a program
// that is an engine was looked for there, so `exec vllm serve …` in a
// shell string the image's shell runs (its words put after the image)
// went unseen, as did `env A=1 vllm serve …`.
func TestClearedEntrypointWrappers(t *testing.T) {
	for _, tc := range []struct {
		argv  []string
		start int // -1: no engine
		image int
	}{
		{[]string{"docker", "run", "--entrypoint", "", "vllm/vllm-openai:v0.8.5", "exec", "vllm", "serve", "/m"}, 6, 4},
		{[]string{"docker", "run", "--entrypoint=", "img", "env", "A=1", "vllm", "serve", "/m"}, 6, 3},
		{[]string{"docker", "run", "--entrypoint", "", "img", "vllm", "serve", "/m"}, 5, 4},
		{[]string{"docker", "run", "--entrypoint", "", "vllm/vllm-openai:v0.8.5", "echo", "vllm", "serve"}, -1, 0},
		{[]string{"docker", "run", "--entrypoint", "", "vllm/vllm-openai:v0.8.5"}, -1, 0},
	} {
		ec, ok := DetectEngine(tc.argv)
		if !ok && tc.start >= 0 || ok && (ec.Start != tc.start || ec.Docker == nil || ec.Docker.Image != tc.image) {
			t.Errorf("%q: engine %v at %d, want at %d", tc.argv, ok, ec.Start, tc.start)
		}
	}
}
