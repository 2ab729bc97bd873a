package parser

import (
	"strings"
	"testing"
)

// Package runners in front of the engine: uv run (also -m MOD), uv tool
// run, uvx, pixi run, conda run, poetry run. An option not known, or a
// module that is no engine's, hides the engine.
func TestDetectEngineRunners(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		profile string // "" for none
		arg     string // the engine's first argument
	}{
		{"uv run vllm serve /m --max-num-seqs 4", "vllm", "/m"},
		{"uv run --with flashinfer -p 3.12 vllm serve /m", "vllm", "/m"},
		{"uv run -m vllm.entrypoints.openai.api_server --model /m", "vllm", "--model"},
		{"uv run --frozen --module sglang.launch_server --model-path /m", "sglang", "--model-path"},
		{"uv run -m mytool --model /m", "", ""},
		{"uv run --unknown-opt vllm serve /m", "", ""},
		{"uv pip install vllm", "", ""},
		{"uv tool run vllm serve /m", "vllm", "/m"},
		{"uvx --from vllm==0.9.1 vllm serve /m", "vllm", "/m"},
		{"uvx vllm@0.9.1 serve /m --max-num-seqs 4", "vllm", "/m"},
		{"uv tool run --python 3.12 vllm@latest serve /m", "vllm", "/m"},
		{"uv run vllm@0.9.1 serve /m", "", ""}, // uv run takes no pin
		{"pixi run -e cuda vllm serve /m", "vllm", "/m"},
		{"pixi install", "", ""},
		{"conda run -n serve --no-capture-output vllm serve /m", "vllm", "/m"},
		{"poetry run python -m vllm.entrypoints.openai.api_server --model /m", "vllm", "--model"},
		// The vllm CLI as a module: serve boots, bench is a client.
		{"python3 -m vllm.entrypoints.cli.main serve /m --max-num-seqs 4", "vllm", "/m"},
		{"python3 -m vllm.entrypoints.cli.main bench latency --model /m", "", ""},
	} {
		argv := strings.Fields(tc.cmd)
		ec, ok := DetectEngine(argv)
		got, arg := "", ""
		if ok {
			got = ec.Profile.Name
			if ec.ArgStart < len(argv) {
				arg = argv[ec.ArgStart]
			}
		}
		if got != tc.profile || arg != tc.arg {
			t.Errorf("%q: engine %q, first argument %q; want %q, %q", tc.cmd, got, arg, tc.profile, tc.arg)
		}
	}
}
