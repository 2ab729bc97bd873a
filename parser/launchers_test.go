package parser

import (
	"strings"
	"testing"
)

// Profilers, session managers and process wrappers run the command of
// their trailing words: the engine behind them is found where it starts,
// by each one's option grammar (values glued or separate, `--`). A form
// that runs another thing (nsys stats, tmux attach, screen -r, prlimit
// --pid, flock FILE -c STRING) or an option not known is no engine.
func TestDetectEngineLaunchers(t *testing.T) {
	for _, tc := range []struct {
		cmd string
		arg string // the engine's first argument; "" for no engine
	}{
		// profilers
		{"nsys profile -o /tmp/prof vllm serve /m --max-num-seqs 8", "/m"},
		{"nsys profile --trace=cuda,nvtx -s none --stats=true vllm serve /m", "/m"},
		{"nsys profile -t cuda,nvtx --output /tmp/p python3 -m vllm.entrypoints.openai.api_server --model /m", "--model"},
		{"nsys launch --session-new=s1 vllm serve /m", "/m"},
		{"nsys stats report.qdrep", ""},
		{"nsys export --type sqlite vllm serve /m", ""},
		{"nsys profile --help vllm serve /m", ""},
		{"py-spy record -o /tmp/p.svg -- vllm serve /m", "/m"},
		{"py-spy record --rate 50 --subprocesses -o p.svg -- python -m sglang.launch_server --model-path /m", "--model-path"},
		{"py-spy record -o p.svg --pid 123 -- vllm serve /m", ""},
		{"py-spy record -o p.svg vllm serve /m", ""}, // its options would be py-spy's
		{"py-spy dump --pid 123", ""},
		{"ncu -f -o prof --set full -c 1 vllm serve /m", "/m"},
		{"ncu --target-processes all --export=prof vllm serve /m", "/m"},
		{"ncu -i prof.ncu-rep", ""},
		{"ncu --mode attach --hostname h vllm serve /m", ""},
		{"ncu --unknown-opt vllm serve /m", ""},
		// session managers
		{"screen -dmS vllm vllm serve /m --max-num-seqs 8", "/m"},
		{"screen -d -m -S vllm -L -Logfile /tmp/l vllm serve /m", "/m"},
		{"screen -dmSvllm vllm serve /m", "/m"},
		{"screen -S x -dm bash", ""},
		{"screen -r vllm", ""},
		{"screen -d vllm serve /m", ""}, // detaches a session: no -m
		{"screen -ls", ""},
		{"screen -S x -X stuff vllm", ""},
		{"tmux new-session -d -s x vllm serve /m --max-num-seqs 8", "/m"},
		{"tmux new -d -sx -n w -- vllm serve /m", "/m"},
		{"tmux -L sock new-window -d -t x llama-server -m /m.gguf", "-m"},
		{"tmux new-session -d -s x", ""},
		{"tmux attach -t x", ""},
		{"tmux send-keys -t x vllm serve /m Enter", ""},
		{"tmux new -d -s x vllm serve /m ; attach", ""},
		{"tmux -c vllm serve /m", ""},
		// process wrappers
		{"systemd-run --user --scope -p MemoryMax=80G --unit=vllm vllm serve /m", "/m"},
		{"systemd-run --unit vllm -E K=V -pCPUWeight=20 --same-dir vllm serve /m", "/m"},
		{"systemd-run --on-calendar=daily vllm serve /m", ""},
		{"systemd-run --shell", ""},
		{"runuser -u vllm -- vllm serve /m", "/m"},
		{"runuser -m -u vllm vllm serve /m", "/m"},
		{"runuser -l vllm -c vllm", ""},
		{"runuser vllm vllm serve /m", ""}, // su's form: USER's shell
		{"flock -n /tmp/l vllm serve /m", "/m"},
		{"flock -w 10 /tmp/l vllm serve /m", "/m"},
		{"flock -w10 -x /tmp/l vllm serve /m", "/m"},
		{"flock --timeout=10 /tmp/l vllm serve /m", "/m"},
		{"flock /tmp/l -c echo", ""},
		{"flock 9", ""},
		{"prlimit --nofile=65536 vllm serve /m", "/m"},
		{"prlimit -n65536 --memlock=unlimited vllm serve /m", "/m"},
		{"prlimit --nofile 65536 vllm serve /m", ""}, // runs 65536
		{"prlimit --pid 123 --nofile=65536", ""},
		{"chpst -u vllm:vllm -o 65536 vllm serve /m", "/m"},
		{"chpst -uvllm -v vllm serve /m", "/m"},
		{"cgexec -g cpu,memory:llm --sticky vllm serve /m", "/m"},
		{"cgexec -gcpu:llm vllm serve /m", "/m"},
		{"taskset -c 0-15 vllm serve /m", "/m"},
		{"numactl --cpunodebind=0 --membind 0 vllm serve /m", "/m"},
		{"numactl -w 0,1 vllm serve /m", "/m"},
		// line-buffering wrappers
		{"unbuffer vllm serve /m", "/m"},
		{"unbuffer -p vllm serve /m", "/m"},
		{"unbuffer -x vllm serve /m", ""}, // no option of unbuffer's
		{"stdbuf -oL -eL vllm serve /m", "/m"},
		{"stdbuf -o L vllm serve /m", "/m"},
		{"stdbuf --output=L vllm serve /m", "/m"},
		// compose run: the command after the service's name
		{"docker compose run --rm llm vllm serve /m", "/m"},
		{"docker-compose run -dT --name x llm vllm serve /m", "/m"},
		{"docker compose -f c.yaml -p proj run -p 8000:8000 -eK=V llm vllm serve /m", "/m"},
		{"docker compose --env-file=.env run -v /a:/b llm nohup vllm serve /m", "/m"},
		{"docker compose run --entrypoint= llm vllm serve /m", "/m"},
		{"docker compose run --entrypoint vllm llm serve /m", "/m"},
		{"docker compose run --entrypoint /start.sh llm vllm serve /m", ""},
		{"docker compose run --env-from-file e llm vllm serve /m", ""},
		{"docker compose run --frobnicate llm vllm serve /m", ""},
		{"docker compose run -dZ llm vllm serve /m", ""},
		{"docker compose run llm", ""},
		{"docker compose run --rm \x00? vllm serve /m", "/m"}, // "$SERVICE"
		{"docker compose run \x00? llm vllm serve /m", ""},    // $EXTRA llm: llm is no engine
		{"docker compose up vllm serve /m", ""},
		{"docker compose run --rm", ""},
		{"docker compose run --name", ""},
		{"docker compose run --entrypoint", ""},
		// compose exec: the command after the service's name, as docker
		// exec's after its container
		{"docker compose exec llm vllm serve /m", "/m"},
		{"docker-compose exec -T -e K=V --index 2 -u root -w /w llm vllm serve /m", "/m"},
		{"docker compose exec -it --privileged --no-TTY llm vllm serve /m", "/m"},
		{"docker compose exec --entrypoint x llm vllm serve /m", ""},
		{"docker compose exec -dZ llm vllm serve /m", ""},
		{"docker compose exec llm", ""},
		{"docker compose exec llm curl -s localhost:8000", ""},
		// podman compose, podman-compose: the options both providers read
		{"podman compose run --rm llm vllm serve /m", "/m"},
		{"podman-compose -f c.yaml run -dT -e K=V llm vllm serve /m", "/m"},
		{"podman-compose exec -T --index 1 llm vllm serve /m", "/m"},
		{"podman compose exec -w /w llm vllm serve /m", "/m"},
		{"podman-compose run --no-TTY llm vllm serve /m", ""},
		{"podman-compose exec -it llm vllm serve /m", ""},
		{"podman-compose --podman-run-args x run llm vllm serve /m", ""},
		{"podman compose --ansi never run llm vllm serve /m", ""},
		// stacked
		{"exec nohup nsys profile -o p screen -dmS x vllm serve /m", "/m"},
	} {
		argv := strings.Fields(tc.cmd)
		ec, ok := DetectEngine(argv)
		arg := ""
		if ok {
			arg = "?"
			if ec.ArgStart < len(argv) {
				arg = argv[ec.ArgStart]
			}
		}
		if arg != tc.arg {
			t.Errorf("%q: engine's first argument %q, want %q", tc.cmd, arg, tc.arg)
		}
	}
}
