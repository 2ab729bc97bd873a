package parser

import (
	"strings"
	"testing"
)

// TestChildLauncherSkip: the launchers a child script is followed behind,
// and those that change its environment or host, or run no command.
func TestChildLauncherSkip(t *testing.T) {
	for _, tc := range []struct {
		argv string
		want int
	}{
		{"nohup ./launch.sh", 1},
		{"screen -dmS llm ./launch.sh", 3},
		{"tmux new -d -s llm ./launch.sh", 5},
		{"systemd-run --scope -p MemoryMax=64G ./launch.sh", 4},
		{"nice -n 5 ./launch.sh", 3},
		{"nsys profile -o /tmp/p ./launch.sh", 4},
		{"flock /tmp/l ./launch.sh", 2},
		{"systemd-run --unit llm ./launch.sh", 0},
		{"env SEQS=8 ./launch.sh", 0},
		{"sudo ./launch.sh", 0},
		{"srun -N 2 ./launch.sh", 0},
		{"command -v ./launch.sh", 0},
		{"screen -r llm", 0},
		{"./launch.sh", 0},
	} {
		if got := ChildLauncherSkip(strings.Fields(tc.argv), 0); got != tc.want {
			t.Errorf("ChildLauncherSkip(%q) = %d, want %d", tc.argv, got, tc.want)
		}
	}
}
