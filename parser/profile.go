package parser

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ShapeFlag is an engine flag that sizes a boot, with the env-key name
// suffixes that own it.
type ShapeFlag struct {
	// Name is the canonical spelling, e.g. "--max-num-seqs".
	Name string
	// Aliases are other spellings the engine accepts for the same flag.
	Aliases []string
	// KeySuffixes are env-key name suffixes (after an underscore or as the
	// whole name) that own this flag, e.g. "MAX_SEQS".
	KeySuffixes []string
	// Env is the environment variable the engine itself reads the flag
	// from when the flag is not passed (TGI's launcher: MAX_CONCURRENT_REQUESTS;
	// llama.cpp's server: LLAMA_ARG_CTX_SIZE), "" when it reads none: a
	// container's -e KEY=V sizes the boot only through it.
	Env string
	// EnvAliases are other variables the engine reads the same flag from:
	// TGI's launcher reads --max-input-length, the legacy spelling of
	// --max-input-tokens, from MAX_INPUT_LENGTH.
	EnvAliases []string
	// Default is the value the engine takes when the flag is not passed,
	// "" when it is not one known value: a mode that passes the default
	// boots at the same shape as one that leaves the flag out.
	Default string
	// Off is the engine's switch that, set false while the flag is
	// neither passed nor read from the environment, fixes the flag at
	// OffValue: TGI's launcher boots one shard on --sharded false (or
	// SHARDED=false) with no --num-shard, as --num-shard 1 does. With
	// --num-shard N it boots N shards whatever --sharded says, and with
	// --sharded true alone as many as the GPUs it sees (no one number).
	// nil when the engine has no such switch.
	Off *Switch
}

// Switch is a boolean flag of the engine that fixes a shape flag's value
// when off (ShapeFlag.Off).
type Switch struct {
	// Flag is the switch's spelling, Env the variable the engine reads it
	// from when the argv does not pass it ("" for none).
	Flag, Env string
	// OffValue is the shape flag's value when the switch is "false".
	OffValue string
}

// Profile describes one engine: the flags that size its boot.
type Profile struct {
	// Name is the profile id: radiance, vllm, sglang, tgi, trtllm,
	// llamacpp.
	Name  string
	Flags []ShapeFlag
	// StepFlag is the flag that sizes the activation arena (the step).
	StepFlag string
	// SeatsFlag is the flag that sets the number of concurrent sequences.
	SeatsFlag string
}

// Profiles lists every engine servelint knows, by name.
var Profiles = map[string]*Profile{
	"radiance": {
		Name: "radiance", StepFlag: "--max-num-batched-tokens", SeatsFlag: "--max-num-seqs",
		Flags: []ShapeFlag{
			{Name: "--max-num-seqs", KeySuffixes: []string{"MAX_SEQS", "MAX_NUM_SEQS"}},
			{Name: "--max-num-batched-tokens", KeySuffixes: []string{"MAX_BATCHED_TOKENS", "MAX_NUM_BATCHED_TOKENS", "MNBT"}},
			{Name: "--max-model-len", KeySuffixes: []string{"MAX_MODEL_LEN"}},
			{Name: "--host-pool-mib", KeySuffixes: []string{"HOST_POOL_MIB"}},
			{Name: "--gpu-headroom-mib", KeySuffixes: []string{"GPU_HEADROOM_MIB"}},
			{Name: "--tp", KeySuffixes: []string{"TP", "TP_SIZE", "TENSOR_PARALLEL_SIZE"}},
			{Name: "--kv-cache-dtype", KeySuffixes: []string{"KV_CACHE_DTYPE"}},
			{Name: "--placement", KeySuffixes: []string{"PLACEMENT"}},
			{Name: "--ngram-placement", KeySuffixes: []string{"NGRAM_PLACEMENT"}, Default: "ram"},
		},
	},
	"vllm": {
		Name: "vllm", StepFlag: "--max-num-batched-tokens", SeatsFlag: "--max-num-seqs",
		Flags: []ShapeFlag{
			{Name: "--max-num-seqs", KeySuffixes: []string{"MAX_SEQS", "MAX_NUM_SEQS"}},
			{Name: "--max-num-batched-tokens", KeySuffixes: []string{"MAX_BATCHED_TOKENS", "MAX_NUM_BATCHED_TOKENS", "MNBT"}},
			{Name: "--max-model-len", KeySuffixes: []string{"MAX_MODEL_LEN"}},
			{Name: "--gpu-memory-utilization", KeySuffixes: []string{"GPU_MEMORY_UTILIZATION", "GPU_MEM_UTIL"}, Default: "0.9"},
			{Name: "--tensor-parallel-size", Aliases: []string{"-tp"}, KeySuffixes: []string{"TP", "TP_SIZE", "TENSOR_PARALLEL_SIZE"}, Default: "1"},
			// Data parallelism (SGLang's --dp-size): the replicas a boot
			// runs. No bare DP suffix: ENABLE_DP, USE_DP are switches.
			{Name: "--data-parallel-size", Aliases: []string{"-dp"}, KeySuffixes: []string{"DP_SIZE", "DATA_PARALLEL_SIZE"}, Default: "1"},
			// Pipeline parallelism (trtllm-serve's --pp_size): the stages a
			// boot spreads the layers over. No bare PP suffix.
			{Name: "--pipeline-parallel-size", Aliases: []string{"-pp"}, KeySuffixes: []string{"PP_SIZE", "PIPELINE_PARALLEL_SIZE"}, Default: "1"},
			{Name: "--kv-cache-dtype", KeySuffixes: []string{"KV_CACHE_DTYPE"}, Default: "auto"},
		},
	},
	"sglang": {
		Name: "sglang", StepFlag: "--chunked-prefill-size", SeatsFlag: "--max-running-requests",
		Flags: []ShapeFlag{
			{Name: "--max-running-requests", KeySuffixes: []string{"MAX_RUNNING_REQUESTS"}},
			{Name: "--chunked-prefill-size", KeySuffixes: []string{"CHUNKED_PREFILL_SIZE"}},
			{Name: "--max-prefill-tokens", KeySuffixes: []string{"MAX_PREFILL_TOKENS"}},
			{Name: "--context-length", KeySuffixes: []string{"CONTEXT_LENGTH", "MAX_MODEL_LEN"}},
			{Name: "--mem-fraction-static", KeySuffixes: []string{"MEM_FRACTION_STATIC"}},
			{Name: "--max-total-tokens", KeySuffixes: []string{"MAX_TOTAL_TOKENS"}},
			{Name: "--tp-size", Aliases: []string{"--tp", "--tensor-parallel-size"}, KeySuffixes: []string{"TP", "TP_SIZE", "TENSOR_PARALLEL_SIZE"}, Default: "1"},
			// Data parallelism, as tensor parallelism: the replicas a boot
			// runs. No bare DP suffix: ENABLE_DP, USE_DP are switches.
			{Name: "--dp-size", Aliases: []string{"--dp", "--data-parallel-size"}, KeySuffixes: []string{"DP_SIZE", "DATA_PARALLEL_SIZE"}, Default: "1"},
			// Pipeline and expert parallelism (SGLang's server arguments,
			// both defaulting to 1): the stages a boot spreads the layers
			// over, the GPUs the MoE experts are split across. No bare
			// PP/EP suffix: ENABLE_PP, ENABLE_EP are switches.
			{Name: "--pp-size", Aliases: []string{"--pipeline-parallel-size"}, KeySuffixes: []string{"PP_SIZE", "PIPELINE_PARALLEL_SIZE"}, Default: "1"},
			{Name: "--ep-size", Aliases: []string{"--ep", "--expert-parallel-size"}, KeySuffixes: []string{"EP_SIZE", "EXPERT_PARALLEL_SIZE"}, Default: "1"},
		},
	},
	"tgi": {
		Name: "tgi", StepFlag: "--max-batch-prefill-tokens", SeatsFlag: "--max-concurrent-requests",
		Flags: []ShapeFlag{
			{Name: "--max-batch-prefill-tokens", KeySuffixes: []string{"MAX_BATCH_PREFILL_TOKENS"}, Env: "MAX_BATCH_PREFILL_TOKENS"},
			{Name: "--max-batch-total-tokens", KeySuffixes: []string{"MAX_BATCH_TOTAL_TOKENS"}, Env: "MAX_BATCH_TOTAL_TOKENS"},
			{Name: "--max-concurrent-requests", KeySuffixes: []string{"MAX_CONCURRENT_REQUESTS"}, Env: "MAX_CONCURRENT_REQUESTS", Default: "128"},
			{Name: "--max-total-tokens", KeySuffixes: []string{"MAX_TOTAL_TOKENS"}, Env: "MAX_TOTAL_TOKENS"},
			{Name: "--max-input-tokens", Aliases: []string{"--max-input-length"}, KeySuffixes: []string{"MAX_INPUT_TOKENS", "MAX_INPUT_LENGTH"}, Env: "MAX_INPUT_TOKENS", EnvAliases: []string{"MAX_INPUT_LENGTH"}},
			{Name: "--max-batch-size", KeySuffixes: []string{"MAX_BATCH_SIZE"}, Env: "MAX_BATCH_SIZE"},
			{Name: "--cuda-memory-fraction", KeySuffixes: []string{"CUDA_MEMORY_FRACTION", "CUDA_MEM_FRACTION"}, Env: "CUDA_MEMORY_FRACTION", Default: "1.0"},
			// The launcher's tensor parallelism (vLLM's
			// --tensor-parallel-size); by default every visible GPU.
			// --sharded false without --num-shard is one shard (the
			// launcher's find_num_shards).
			{Name: "--num-shard", KeySuffixes: []string{"NUM_SHARD", "TP", "TP_SIZE", "TENSOR_PARALLEL_SIZE"}, Env: "NUM_SHARD",
				Off: &Switch{Flag: "--sharded", Env: "SHARDED", OffValue: "1"}},
		},
	},
	"llamacpp": {
		Name: "llamacpp", StepFlag: "--batch-size", SeatsFlag: "--parallel",
		Flags: []ShapeFlag{
			{Name: "--parallel", Aliases: []string{"-np"}, KeySuffixes: []string{"PARALLEL", "N_PARALLEL", "NP"}, Env: "LLAMA_ARG_N_PARALLEL"},
			{Name: "--batch-size", Aliases: []string{"-b"}, KeySuffixes: []string{"BATCH_SIZE", "N_BATCH"}, Env: "LLAMA_ARG_BATCH"},
			{Name: "--ubatch-size", Aliases: []string{"-ub"}, KeySuffixes: []string{"UBATCH_SIZE", "N_UBATCH"}, Env: "LLAMA_ARG_UBATCH"},
			{Name: "--ctx-size", Aliases: []string{"-c"}, KeySuffixes: []string{"CTX_SIZE", "CONTEXT_SIZE", "N_CTX"}, Env: "LLAMA_ARG_CTX_SIZE"},
			{Name: "--n-gpu-layers", Aliases: []string{"-ngl", "--gpu-layers"}, KeySuffixes: []string{"N_GPU_LAYERS", "NGL", "GPU_LAYERS"}, Env: "LLAMA_ARG_N_GPU_LAYERS"},
			{Name: "--tensor-split", Aliases: []string{"-ts"}, KeySuffixes: []string{"TENSOR_SPLIT"}, Env: "LLAMA_ARG_TENSOR_SPLIT"},
		},
	},
	"trtllm": {
		Name: "trtllm", StepFlag: "--max-num-tokens", SeatsFlag: "--max-batch-size",
		Flags: []ShapeFlag{
			{Name: "--max-batch-size", KeySuffixes: []string{"MAX_BATCH_SIZE"}},
			{Name: "--max-num-tokens", KeySuffixes: []string{"MAX_NUM_TOKENS"}},
			{Name: "--max-seq-len", KeySuffixes: []string{"MAX_SEQ_LEN"}},
			{Name: "--tp-size", KeySuffixes: []string{"TP", "TP_SIZE", "TENSOR_PARALLEL_SIZE"}, Default: "1"},
			// trtllm-serve's pipeline and expert parallelism, as its
			// tensor parallelism. --ep_size defaults to None (the engine
			// picks), no one known value. No bare PP/EP suffix.
			{Name: "--pp-size", KeySuffixes: []string{"PP_SIZE", "PIPELINE_PARALLEL_SIZE"}, Default: "1"},
			{Name: "--ep-size", KeySuffixes: []string{"EP_SIZE", "EXPERT_PARALLEL_SIZE"}},
			{Name: "--kv-cache-free-gpu-memory-fraction", KeySuffixes: []string{"KV_CACHE_FREE_GPU_MEMORY_FRACTION", "FREE_GPU_MEMORY_FRACTION", "KV_FREE_FRACTION", "KV_FRACTION"}, Default: "0.9"},
		},
	},
}

// Envs lists the environment variables the engine reads the flag from
// (Env, then EnvAliases); none when it reads none.
func (f *ShapeFlag) Envs() []string {
	if f.Env == "" {
		return nil
	}
	return append([]string{f.Env}, f.EnvAliases...)
}

// ReadsEnv reports whether the engine reads the flag from environment
// variable k (Env or one of EnvAliases).
func (f *ShapeFlag) ReadsEnv(k string) bool {
	return k != "" && (k == f.Env || f.Env != "" && slices.Contains(f.EnvAliases, k))
}

// ShapeEnvVar reports whether name is an environment variable an engine
// itself reads a shape flag from (ShapeFlag.Env: TGI's
// MAX_CONCURRENT_REQUESTS, llama.cpp's LLAMA_ARG_CTX_SIZE).
func ShapeEnvVar(name string) bool {
	for _, p := range Profiles {
		for i := range p.Flags {
			if p.Flags[i].ReadsEnv(name) {
				return true
			}
		}
	}
	return false
}

// DefaultOf returns the engine's value of the flag canon (canonical
// spelling) when it is not passed, and whether one is known.
func (p *Profile) DefaultOf(canon string) (string, bool) {
	if f, ok := p.Lookup(canon); ok && f.Default != "" {
		return f.Default, true
	}
	return "", false
}

// NormFlag returns the canonical comparison form of a flag name: underscores
// become dashes ("--max_num_seqs" → "--max-num-seqs").
func NormFlag(name string) string {
	if !strings.HasPrefix(name, "-") {
		return name
	}
	return strings.ReplaceAll(name, "_", "-")
}

// Lookup returns the shape flag that name spells in this profile.
func (p *Profile) Lookup(name string) (*ShapeFlag, bool) {
	if p == nil {
		return nil, false
	}
	n := NormFlag(name)
	for i := range p.Flags {
		f := &p.Flags[i]
		if f.Name == n {
			return f, true
		}
		for _, a := range f.Aliases {
			if a == n {
				return f, true
			}
		}
	}
	return nil, false
}

// Canon returns the canonical name of flag in this profile, or its
// normalised spelling when the profile does not know it.
func (p *Profile) Canon(name string) string {
	if f, ok := p.Lookup(name); ok {
		return f.Name
	}
	return NormFlag(name)
}

// EngineEnvVar reports whether name is in an engine's own environment
// namespace (VLLM_HOST_IP, VLLM_ATTENTION_BACKEND, SGLANG_…), which the
// cluster or the user sets and the engine reads, and owns no shape flag:
// an env file whose keys share the prefix (VLLM_MAX_NUM_SEQS) does not
// make it a key that file must define (envowner). A shape key of that
// prefix (a renamed VLLM_MAX_NUM_SEQS) is not one.
func EngineEnvVar(name string) bool {
	if !strings.HasPrefix(name, "VLLM_") && !strings.HasPrefix(name, "SGLANG_") {
		return false
	}
	for _, p := range Profiles {
		if _, ok := p.FlagForKey(name); ok {
			return false
		}
	}
	return true
}

// knownEngineEnv are vLLM's environment variables a launch script hands
// the engine as flag values or forwards (the node's address and ports,
// data-parallel placement, the attention backend, logging): set per node
// by the cluster or by the caller, not keys of the env file. Any other
// VLLM_ name the engine's argv reads (VLLM_MODEL_PATH for --model) is a key.
var knownEngineEnv = setOf(`VLLM_HOST_IP VLLM_PORT VLLM_LOOPBACK_IP VLLM_DP_RANK VLLM_DP_RANK_LOCAL
	VLLM_DP_SIZE VLLM_DP_MASTER_IP VLLM_DP_MASTER_PORT VLLM_NIXL_SIDE_CHANNEL_HOST
	VLLM_NIXL_SIDE_CHANNEL_PORT VLLM_ATTENTION_BACKEND VLLM_LOGGING_LEVEL VLLM_USE_V1
	VLLM_CACHE_ROOT VLLM_CONFIG_ROOT VLLM_RPC_BASE_PATH VLLM_TARGET_DEVICE VLLM_WORKER_MULTIPROC_METHOD
	VLLM_ALL2ALL_BACKEND VLLM_USE_DEEP_GEMM VLLM_TORCH_PROFILER_DIR VLLM_PLUGINS VLLM_USE_MODELSCOPE`)

// KnownEngineEnv reports whether name is one of vLLM's environment
// variables a launch script commonly hands on (knownEngineEnv).
func KnownEngineEnv(name string) bool { return knownEngineEnv[name] }

// callerEnv are variables the user's shell profile, the GPU scheduler or
// the Hugging Face tooling sets for every program (HF_HOME, the cache
// paths, CUDA_VISIBLE_DEVICES): read with no env file defining them, they
// are the caller's, like HOME, not keys the file is missing, however many
// of the file's keys share their HF_ or CUDA_ prefix. One the file does
// define is its key as usual.
var callerEnv = setOf(`HF_HOME HF_HUB_CACHE HF_ASSETS_CACHE HF_DATASETS_CACHE HF_ENDPOINT
	HF_HUB_OFFLINE HF_DATASETS_OFFLINE HF_HUB_ENABLE_HF_TRANSFER HF_HUB_DISABLE_TELEMETRY
	HUGGINGFACE_HUB_CACHE TRANSFORMERS_CACHE TRANSFORMERS_OFFLINE XDG_CACHE_HOME
	CUDA_VISIBLE_DEVICES NVIDIA_VISIBLE_DEVICES HIP_VISIBLE_DEVICES ROCR_VISIBLE_DEVICES
	CUDA_HOME LD_LIBRARY_PATH`)

// CallerEnvVar reports whether name is set by the caller's environment
// (callerEnv) or by the Slurm job it runs in (SLURM_JOB_ID,
// SLURM_GPUS_ON_NODE).
func CallerEnvVar(name string) bool {
	return callerEnv[name] || strings.HasPrefix(name, "SLURM_")
}

// FlagForKey returns the shape flag an env key owns by its name: the flag
// whose longest suffix matches the key at an underscore boundary.
func (p *Profile) FlagForKey(key string) (*ShapeFlag, bool) {
	if p == nil {
		return nil, false
	}
	var best *ShapeFlag
	bestLen := 0
	for i := range p.Flags {
		for _, s := range p.Flags[i].KeySuffixes {
			if (key == s || strings.HasSuffix(key, "_"+s)) && len(s) > bestLen {
				best, bestLen = &p.Flags[i], len(s)
			}
		}
	}
	return best, best != nil
}

// Unknown marks an argv element whose value is not statically known.
const Unknown = "\x00?"

// EngineCall says where, in a command's argv, an engine invocation starts.
type EngineCall struct {
	Profile *Profile
	// Start is the index of the engine program in argv; argv[:Start] is the
	// launcher (wrappers, docker run and its options and image).
	Start int
	// ArgStart is the index of the engine's first argument after its program
	// and fixed sub-command words ("vllm serve", "python -m x").
	ArgStart int
	// Docker holds what a docker run launcher hands the container.
	Docker *DockerRun
}

// shifted returns ec with its argv indexes moved n words on: the engine
// read in words that n launcher words precede.
func (ec EngineCall) shifted(n int) EngineCall {
	ec.Start += n
	ec.ArgStart += n
	if d := ec.Docker; d != nil {
		ec.Docker = &DockerRun{Image: d.Image + n, Env: make([]int, len(d.Env)), EnvFiles: make([]int, len(d.EnvFiles))}
		for i, v := range d.Env {
			ec.Docker.Env[i] = v + n
		}
		for i, v := range d.EnvFiles {
			ec.Docker.EnvFiles[i] = v + n
		}
	}
	return ec
}

// DockerRun is what `docker run` options in a launcher say.
type DockerRun struct {
	// EnvFiles are the --env-file arguments, by argv index (the word is the
	// value, or --env-file=VALUE itself).
	EnvFiles []int
	// Env are the -e/--env arguments, by argv index (the value, or the
	// option word with the value attached: --env=K=V, -eK=V).
	Env []int
	// Image is the argv index of the image.
	Image int
}

// DockerEnvArg is one -e/--env of a docker run, read from its words.
type DockerEnvArg struct {
	// Opt is the argv index of the option's first word (-e, or the word
	// that holds both, --env=K=V or -eK=V), Arg that of the word holding
	// K=V (or K alone).
	Opt, Arg int
	// Prefix is what precedes K in that word: "--env=", "-e" or "".
	Prefix string
	Key    string
	Value  string
	// Set is false for -e K alone: the container gets the caller's K.
	Set bool
	// Wrapper is set for a K=V word of an env run in the container
	// (docker exec CTR env K=V ENGINE …), no option of the launcher's.
	Wrapper bool
}

// SelfForward reports whether a word hands a variable on under its own
// name (K=$K, "K=${K}", -eK=$K, --env=K=$K), and which.
func SelfForward(w *syntax.Word) (string, bool) {
	name, litRest, rest, ok := envWordHead(w)
	if !ok || litRest != "" || len(rest) == 0 {
		return "", false
	}
	if len(rest) == 1 {
		if dq, ok := rest[0].(*syntax.DblQuoted); ok {
			rest = dq.Parts
		}
	}
	if len(rest) != 1 {
		return "", false
	}
	pe, ok := rest[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Param.Value != name || pe.Exp != nil || pe.Index != nil || pe.Repl != nil || pe.Slice != nil || pe.Length || pe.Excl {
		return "", false
	}
	return name, true
}

// envWordHead splits the literal start of a docker -e word (K=V, -eK=V,
// --env=K=V; quoted or not) into its key, the literal text after its '='
// and the parts after that literal.
func envWordHead(w *syntax.Word) (key, litRest string, rest []syntax.WordPart, ok bool) {
	if w == nil {
		return "", "", nil, false
	}
	parts := unquoted(w.Parts)
	if len(parts) == 0 {
		return "", "", nil, false
	}
	lit, ok := parts[0].(*syntax.Lit)
	if !ok {
		return "", "", nil, false
	}
	v := lit.Value
	if n, ok := strings.CutPrefix(v, "--env="); ok {
		v = n
	} else {
		v = strings.TrimPrefix(v, "-e")
	}
	key, litRest, found := strings.Cut(v, "=")
	if !found || key == "" {
		return "", "", nil, false
	}
	return key, litRest, parts[1:], true
}

// DockerEnvKey returns the key docker's -e value at args[i] (an index of
// DockerRun.Env) sets: also when its value is not known statically
// (-e K="$prefill"), read from the word's literal start.
func DockerEnvKey(args []ArgWord, i int) (string, bool) {
	if e, ok := DockerEnvAt(args, i); ok {
		return e.Key, true
	}
	if i < 0 || i >= len(args) {
		return "", false
	}
	key, _, _, ok := envWordHead(args[i].Word)
	return key, ok
}

// DockerEnvWrapper reports whether args[i], an index of DockerRun.Env, is
// an env K=V word of the command run in the container (withEnvWords), not
// a value of docker's -e: K=V alone (its value known or not), after no -e
// or --env.
func DockerEnvWrapper(args []ArgWord, i int) bool {
	if i <= 0 || i >= len(args) || args[i-1].Sketch == "-e" || args[i-1].Sketch == "--env" {
		return false
	}
	key, _, ok := strings.Cut(args[i].Sketch, "=")
	if args[i].Sketch == Unknown {
		key, ok = "", false
		if w := args[i].Word; w != nil && len(w.Parts) > 0 {
			if lit, isLit := w.Parts[0].(*syntax.Lit); isLit {
				key, _, ok = strings.Cut(lit.Value, "=")
			}
		}
	}
	return ok && isName(key)
}

// DockerEnvAt reads the -e of a docker run whose value word is args[i]
// (an index of DockerRun.Env: an env K=V in the container too); ok is
// false when the word is not known statically.
func DockerEnvAt(args []ArgWord, i int) (DockerEnvArg, bool) {
	if i < 0 || i >= len(args) || args[i].Sketch == Unknown {
		return DockerEnvArg{}, false
	}
	w := args[i].Sketch
	e := DockerEnvArg{Opt: i, Arg: i}
	switch {
	case strings.HasPrefix(w, "--env="):
		e.Prefix = "--env="
	case strings.HasPrefix(w, "-e") && len(w) > 2:
		e.Prefix = "-e"
	case i > 0 && (args[i-1].Sketch == "-e" || args[i-1].Sketch == "--env"):
		e.Opt = i - 1
	case DockerEnvWrapper(args, i):
		e.Wrapper = true
	default:
		return DockerEnvArg{}, false
	}
	e.Key, e.Value, e.Set = strings.Cut(w[len(e.Prefix):], "=")
	return e, true
}

// dockerGlobalOpts and podmanGlobalOpts are the options docker (and
// nvidia-docker, which hands its words to docker) and podman take before
// their command, by whether they take a value (docker's cli/flags,
// podman(1)'s GLOBAL OPTIONS): `podman --remote run …`, `docker --context
// gpu run …`. An option of neither is not read: what follows is not known
// to be the command.
var (
	dockerGlobalOpts = map[string]bool{"--config": true, "-c": true, "--context": true, "-D": false,
		"--debug": false, "-H": true, "--host": true, "-l": true, "--log-level": true, "--tls": false,
		"--tlscacert": true, "--tlscert": true, "--tlskey": true, "--tlsverify": false}
	podmanGlobalOpts = map[string]bool{"--cdi-spec-dir": true, "--cgroup-manager": true, "--cni-config-dir": true,
		"--conmon": true, "-c": true, "--connection": true, "--db-backend": true, "--events-backend": true,
		"--hooks-dir": true, "--identity": true, "--imagestore": true, "--log-level": true, "--module": true,
		"--network-cmd-path": true, "--network-config-dir": true, "--out": true, "--noout": false, "-r": false,
		"--remote": false, "--root": true, "--runroot": true, "--runtime": true, "--runtime-flag": true,
		"--ssh": true, "--storage-driver": true, "--storage-opt": true, "--syslog": false, "--tmpdir": true,
		"--transient-store": false, "--url": true, "--volumepath": true}
	// nerdctl's global options (nerdctl.toml's CLI flags: docs/config.md).
	nerdctlGlobalOpts = map[string]bool{"--debug": false, "--debug-full": false, "-a": true, "--address": true,
		"-H": true, "--host": true, "-n": true, "--namespace": true, "--snapshotter": true,
		"--storage-driver": true, "--cni-path": true, "--cni-netconfpath": true, "--data-root": true,
		"--cgroup-manager": true, "--insecure-registry": false, "--hosts-dir": true, "--experimental": false,
		"--host-gateway-ip": true}
)

// dockerSub returns the index of the command word (run, exec, compose,
// container …) of the docker, podman, nerdctl or nvidia-docker at argv[i], past
// its global options (--opt=V or --opt V by the tables above). ok is
// false for any other program, an option not known, a value not known
// to be one word, and no command.
func dockerSub(argv []string, i int) (int, bool) {
	spec := dockerGlobalOpts
	switch path.Base(argv[i]) {
	case "docker", "nvidia-docker":
	case "podman":
		spec = podmanGlobalOpts
	case "nerdctl":
		// containerd's docker-compatible CLI: run and exec read as
		// docker's (its compose exec as docker compose's: composeCommand).
		spec = nerdctlGlobalOpts
	default:
		return 0, false
	}
	j := i + 1
	for j < len(argv) && strings.HasPrefix(argv[j], "-") {
		opt, _, hasEq := strings.Cut(argv[j], "=")
		valued, known := spec[opt]
		if !known {
			return 0, false
		}
		if valued && !hasEq {
			j++
		}
		j++
	}
	if j >= len(argv) || argv[j] == Unknown || argv[j] == forwardAll {
		return 0, false
	}
	return j, true
}

// dockerSubIs reports whether the docker at argv[i] runs the command
// name (`container name` too), and the index past it.
func dockerSubIs(argv []string, i int, name string) (int, bool) {
	j, ok := dockerSub(argv, i)
	switch {
	case !ok:
		return 0, false
	case argv[j] == name:
		return j + 1, true
	case argv[j] == "container" && j+1 < len(argv) && argv[j+1] == name:
		return j + 2, true
	}
	return 0, false
}

// dockerExec reads `docker exec [OPTIONS] CONTAINER COMMAND…` from argv[i]
// (docker): the engine is the command, run in a container already up (a
// Ray cluster's head, started by another docker run); its -e and
// --env-file hand the command its environment as a run's do. Image is the
// container's index, and the command starts past it (read through its
// wrappers as any command: docker exec CTR nohup vllm serve …). ok is
// false when argv[i] is no docker exec or names no container.
func dockerExec(argv []string, i int) (*DockerRun, bool) {
	if b := path.Base(argv[i]); b != "docker" && b != "podman" && b != "nerdctl" {
		return nil, false
	}
	j, ok := dockerSubIs(argv, i, "exec")
	if !ok {
		return nil, false
	}
	dr := &DockerRun{Image: -1}
	j = dockerOptions(argv, j, execValueOpts, dr, nil)
	if j >= len(argv) {
		return nil, false
	}
	dr.Image = j
	return dr, true
}

// kubectlValued are kubectl's global options (kubectl options) and its
// exec's (-c/--container, -f/--filename, --pod-running-timeout) that take
// a value; kubectlBare those that take none (exec's -i, -t, -q).
var (
	kubectlValued = setOf(`--as --as-group --as-uid --cache-dir --certificate-authority --client-certificate
		--client-key --cluster --context --kubeconfig -n --namespace --password --profile --profile-output
		--request-timeout -s --server --tls-server-name --token --user --username -v --v --vmodule
		-c --container -f --filename --pod-running-timeout`)
	kubectlBare = setOf(`--insecure-skip-tls-verify --match-server-version --warnings-as-errors
		--disable-compression -i --stdin -t --tty -q --quiet -it -ti`)
)

// kubectlExec reads `kubectl [options] exec [options] POD -- COMMAND…`
// from argv[i]: the command runs in the pod's container, with the pod's
// environment (none of the caller's: Image, the pod's index, stands for
// a container no option hands variables). ok is false for any other
// command, an option not known, more or fewer than one word naming the
// pod, and no `--` (the form without it is deprecated, and its options
// would be kubectl's).
func kubectlExec(argv []string, i int) (*DockerRun, int, bool) {
	if path.Base(argv[i]) != "kubectl" {
		return nil, 0, false
	}
	sub, pod := -1, -1
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		switch {
		case a == "--":
			if sub < 0 || pod < 0 {
				return nil, 0, false
			}
			return &DockerRun{Image: pod}, j + 1, true
		case a == Unknown && sub >= 0 && pod < 0:
			// kubectl exec "$POD" -- …, POD=$(kubectl get pods …): where
			// the pod's name stands, any word is the pod.
			pod = j
		case a == Unknown || a == forwardAll:
			return nil, 0, false
		case strings.HasPrefix(a, "-"):
			opt, _, hasEq := strings.Cut(a, "=")
			switch {
			case kubectlValued[opt]:
				if !hasEq {
					j++
				}
			case kubectlBare[opt]:
			default:
				return nil, 0, false
			}
		case sub < 0:
			if a != "exec" {
				return nil, 0, false
			}
			sub = j
		case pod < 0:
			pod = j
		default:
			return nil, 0, false // a second word: a command without --
		}
	}
	return nil, 0, false
}

// sshValued are the letters of ssh's options that take a value (ssh(1):
// -b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w), sshBare
// those that take none; sshNoCommand those after which ssh runs no
// command on the host (-N, -s's subsystem, -W's forwarding, -O's control
// request, -G and -Q that print and exit, -V).
const (
	sshValued    = "bcDEeFIiJLlmOopQRSWw"
	sshBare      = "46AaCfGgKkMNnqsTtVvXxYy"
	sshNoCommand = "NsWOGQV"
)

// sshCommand reads `ssh [options] HOST [options] COMMAND…` from argv[i]:
// the index of the host and of the command's first word. ssh reads its
// options before the host and again after it (to a --), clustered
// letters as getopt does (-tt, -p22, -oBatchMode=yes); a word not known
// statically where the host may be is taken as the host. ok is false for
// any other program, an option letter not known, a "$@" before the
// command, an option after which no command runs on the host, and no
// command.
func sshCommand(argv []string, i int) (host, cmd int, ok bool) {
	if path.Base(argv[i]) != "ssh" {
		return 0, 0, false
	}
	host = -1
	ended := false
	for j := i + 1; j < len(argv); j++ {
		a := argv[j]
		if a == forwardAll {
			return 0, 0, false // how many words, options or not, is not known
		}
		if a == Unknown {
			if host >= 0 {
				return host, j, true
			}
			// ssh "$HOST" …: read as the host. Were it options
			// ($SSH_OPTS), the host would be read as the command's
			// program: no engine.
			host = j
			continue
		}
		if !ended && len(a) > 1 && a[0] == '-' {
			if a == "--" {
				ended = true
				continue
			}
			for k := 1; k < len(a); k++ {
				c := a[k]
				switch {
				case strings.IndexByte(sshNoCommand, c) >= 0:
					return 0, 0, false
				case strings.IndexByte(sshValued, c) >= 0:
					if k == len(a)-1 {
						j++ // the value is the next word
					}
					k = len(a)
				case strings.IndexByte(sshBare, c) < 0:
					return 0, 0, false
				}
			}
			continue
		}
		if host >= 0 {
			return host, j, true
		}
		host = j
	}
	return 0, 0, false
}

// sshShellSafe reports whether w, a word of ssh's remote command, reads
// as itself when ssh joins the words with blanks and the host's shell
// splits them again: no blank, quote, expansion or other character the
// shell reads specially.
func sshShellSafe(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case strings.ContainsRune("-_./:=,@+%^", r):
		default:
			return false
		}
	}
	return true
}

// sshRemote reads the command of the ssh at argv[i] as words run on the
// host (ssh HOST vllm serve … --max-num-seqs 32): its start, and a
// DockerRun whose Image is the host, handing no variable (the host's
// environment is not the script's: its exports never reach it, as a
// pod's under kubectl exec). ok is false for one word (a shell string:
// ownShellString) and a word the host's shell would not read as itself
// (a quoted blank, a quote, an expansion: sshShellSafe); a word with a
// part not known statically is taken as one. Assignments leading the
// words (ssh HOST VLLM_X=1 vllm serve …) are the host's shell's prefix
// to the command: the DockerRun's Env, as an env wrapper's K=V words
// are, the command starting past them.
func sshRemote(argv []string, i int) (*DockerRun, int, bool) {
	host, cmd, ok := sshCommand(argv, i)
	if !ok || cmd == len(argv)-1 {
		return nil, 0, false
	}
	for _, w := range argv[cmd:] {
		if !strings.Contains(w, "\x00") && !sshShellSafe(w) {
			return nil, 0, false
		}
	}
	dr := &DockerRun{Image: host}
	for cmd < len(argv)-1 {
		if key, _, eq := strings.Cut(argv[cmd], "="); !eq || !isName(key) {
			break
		}
		dr.Env = append(dr.Env, cmd)
		cmd++
	}
	return dr, cmd, true
}

// dockerOptions reads the options of a docker run or exec from argv[j]
// on, those in valueOpts taking a value (the next word, or attached: -eK=V,
// -v/a:/b, --env=K=V), records -e/--env and --env-file in dr, hands every
// option with the index of its value to each (when not nil), and returns
// the index of the first word past them (and past a `--`).
func dockerOptions(argv []string, j int, valueOpts map[string]bool, dr *DockerRun, each func(opt string, val int, hasEq bool)) int {
	for j < len(argv) && strings.HasPrefix(argv[j], "-") {
		opt, _, hasEq := strings.Cut(argv[j], "=")
		if w := argv[j]; len(w) > 2 && w[1] != '-' && valueOpts[w[:2]] {
			// -eK=V, -eK, -v/a:/b: a short option with its value
			// attached (the '=' is the value's).
			opt, hasEq = w[:2], true
		}
		if opt == "--" {
			return j + 1
		}
		val := j
		if !hasEq && valueOpts[opt] {
			j++
			val = j
		}
		switch opt {
		case "--env-file":
			dr.EnvFiles = append(dr.EnvFiles, val)
		case "-e", "--env":
			dr.Env = append(dr.Env, val)
		}
		if each != nil {
			each(opt, val, hasEq)
		}
		j++
	}
	return j
}

// composeGlobal are the options of docker compose (and docker-compose)
// before its command, by whether they take a value (compose's cmd/compose
// flags); composeRunOpts those of its run (cmd/compose/run.go, and
// docker-compose v1's run), composeExecOpts those of its exec
// (cmd/compose/exec.go: -i/--interactive and -t/--tty hidden, kept for
// docker exec's habit). An option of neither is not read: the command's
// words are not known to be the service's command.
var (
	composeGlobal = map[string]bool{"-f": true, "--file": true, "-p": true, "--project-name": true,
		"--project-directory": true, "--env-file": true, "--profile": true, "--ansi": true, "--progress": true,
		"--parallel": true, "--compatibility": false, "--dry-run": false, "--all-resources": false,
		"--verbose": false, "--no-ansi": false}
	composeRunOpts = map[string]bool{"-e": true, "--env": true, "--name": true, "--entrypoint": true,
		"-p": true, "--publish": true, "-v": true, "--volume": true, "-u": true, "--user": true, "-w": true,
		"--workdir": true, "-l": true, "--label": true, "--cap-add": true, "--cap-drop": true, "--pull": true,
		"-d": false, "--detach": false, "--rm": false, "-i": false, "--interactive": false, "-T": false,
		"--no-TTY": false, "-t": false, "--tty": false, "-P": false, "--service-ports": false,
		"--no-deps": false, "--remove-orphans": false, "--build": false, "--quiet-pull": false,
		"--quiet": false, "--quiet-build": false, "--use-aliases": false}
	composeExecOpts = map[string]bool{"-e": true, "--env": true, "-u": true, "--user": true, "-w": true,
		"--workdir": true, "--index": true, "-d": false, "--detach": false, "-T": false, "--no-TTY": false,
		"--privileged": false, "-i": false, "--interactive": false, "-t": false, "--tty": false}
)

// podman compose hands its words to a compose provider (docker-compose or
// podman-compose); podman-compose reads them by its own argparse tables
// (podman_compose.py: the global parser, compose_run_parse,
// compose_exec_parse). Only the options both read alike are read: an
// option of one alone (run's --no-TTY, --podman-run-args) is not.
var (
	podmanComposeGlobal = pick(composeGlobal, "-f", "--file", "-p", "--project-name", "--env-file",
		"--profile", "--parallel", "--dry-run", "--verbose", "--no-ansi")
	podmanComposeRunOpts = pick(composeRunOpts, "-d", "--detach", "--name", "--entrypoint", "-e", "--env",
		"-l", "--label", "-u", "--user", "--no-deps", "--rm", "-p", "--publish", "--service-ports", "-v",
		"--volume", "-T", "-w", "--workdir", "--build")
	podmanComposeExecOpts = pick(composeExecOpts, "-d", "--detach", "--privileged", "-u", "--user", "-T",
		"--index", "-e", "--env", "-w", "--workdir")
)

// nerdctl compose, containerd's own compose (cmd/nerdctl/compose:
// compose.go's persistent flags, compose_exec.go, compose_run.go): its
// global options all take a value, and its exec's are compose exec's. Its
// run's options are its own: no -t or -T, --publish with no -p (-p is the
// persistent --project-name, taken there too, as the other persistent
// ones), -i a switch (on by default).
var (
	nerdctlComposeGlobal = map[string]bool{"-f": true, "--file": true, "-p": true, "--project-name": true,
		"--project-directory": true, "--env-file": true, "--ipfs-address": true, "--profile": true}
	nerdctlComposeRunOpts = map[string]bool{"-d": false, "--detach": false, "--no-build": false,
		"--no-color": false, "--no-log-prefix": false, "--build": false, "--quiet-pull": false,
		"--remove-orphans": false, "--name": true, "--no-deps": false, "-i": false, "--interactive": false,
		"--rm": false, "-u": true, "--user": true, "-v": true, "--volume": true, "--entrypoint": true,
		"-e": true, "--env": true, "-l": true, "--label": true, "-w": true, "--workdir": true,
		"--publish": true, "--service-ports": false,
		"-f": true, "--file": true, "-p": true, "--project-name": true, "--project-directory": true,
		"--env-file": true, "--ipfs-address": true, "--profile": true}
)

// pick returns the entries of m named.
func pick(m map[string]bool, names ...string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = m[n]
	}
	return out
}

// composeCmd is a compose run or exec that composeCommand read.
type composeCmd struct {
	// Svc is the index of the service's name.
	Svc int
	// Docker holds the command's -e/--env (Image is the service).
	Docker *DockerRun
	// Entry is the index of a run's --entrypoint value (-1 for none);
	// EntryEq is set when the value is the word's text after '='.
	Entry   int
	EntryEq bool
	// Exec is set for compose exec: the command runs in the service's
	// container already up, as docker exec CONTAINER's.
	Exec bool
}

// composeCommand reads `docker compose [options] run|exec [options]
// SERVICE …` from argv[i] (docker-compose, podman compose, podman-compose
// and nerdctl compose alike, each by its own tables). ok is false for any
// other command, an option not known (an --env-from-file too: compose
// reads its file, not docker's way) and a command with no service named.
func composeCommand(argv []string, i int) (composeCmd, bool) {
	j := i + 1
	global, run, exec := composeGlobal, composeRunOpts, composeExecOpts
	nerdctl := false
	switch path.Base(argv[i]) {
	case "docker", "podman", "nerdctl":
		// podman --remote compose …: the program's own options first.
		k, ok := dockerSub(argv, i)
		if !ok || argv[k] != "compose" {
			return composeCmd{}, false
		}
		switch path.Base(argv[i]) {
		case "podman":
			global, run, exec = podmanComposeGlobal, podmanComposeRunOpts, podmanComposeExecOpts
		case "nerdctl":
			global, run, nerdctl = nerdctlComposeGlobal, nerdctlComposeRunOpts, true
		}
		j = k + 1
	case "docker-compose":
	case "podman-compose":
		global, run, exec = podmanComposeGlobal, podmanComposeRunOpts, podmanComposeExecOpts
	default:
		return composeCmd{}, false
	}
	// opts reads options from argv[j] on by known; bare short letters
	// cluster (-dT), a valued short one takes the rest of its word.
	opts := func(spec map[string]bool, each func(opt string, val int, hasEq bool)) bool {
		for j < len(argv) && strings.HasPrefix(argv[j], "-") && argv[j] != Unknown {
			a := argv[j]
			if a == "--" {
				j++
				return true
			}
			opt, _, hasEq := strings.Cut(a, "=")
			valued, known := spec[opt]
			if !known && !strings.HasPrefix(a, "--") && len(a) > 2 {
				if spec[a[:2]] {
					opt, valued, hasEq, known = a[:2], true, true, true // -eK=V
				} else if allBare(spec, a[1:]) {
					opt, valued, known = a, false, true // -dT
				}
			}
			if !known {
				return false
			}
			val := j
			if valued && !hasEq {
				j++
				val = j
			}
			if each != nil {
				each(opt, val, hasEq)
			}
			j++
		}
		return true
	}
	if !opts(global, nil) || j >= len(argv) {
		return composeCmd{}, false
	}
	c := composeCmd{Docker: &DockerRun{Image: -1}, Entry: -1}
	spec := run
	switch argv[j] {
	case "run":
		if run == nil {
			return composeCmd{}, false
		}
	case "exec":
		spec, c.Exec = exec, true
	default:
		return composeCmd{}, false
	}
	j++
	entries := 0
	if !opts(spec, func(opt string, val int, hasEq bool) {
		switch opt {
		case "-e", "--env":
			c.Docker.Env = append(c.Docker.Env, val)
		case "--entrypoint":
			c.Entry, c.EntryEq = val, hasEq
			entries++
		}
	}) || j >= len(argv) || strings.HasPrefix(argv[j], "-") {
		return composeCmd{}, false
	}
	if c.Entry >= len(argv) {
		return composeCmd{}, false
	}
	if nerdctl && entries > 1 {
		// nerdctl's --entrypoint is an array, each value one word of it
		// (compose_run.go, handed to nerdctl run as --entrypoint=W
		// each): two make an entrypoint of two words, no one program.
		return composeCmd{}, false
	}
	c.Svc, c.Docker.Image = j, j
	return c, true
}

// allBare reports whether every letter of a short options' cluster is a
// known option that takes no value.
func allBare(m map[string]bool, letters string) bool {
	for _, c := range letters {
		if v, ok := m["-"+string(c)]; !ok || v {
			return false
		}
	}
	return letters != ""
}

// execValueOpts are docker exec's options that take a value.
var execValueOpts = map[string]bool{"-e": true, "--env": true, "--env-file": true, "-u": true, "--user": true,
	"-w": true, "--workdir": true, "--detach-keys": true}

var dockerValueOpts = map[string]bool{}

func init() {
	for _, o := range strings.Fields(`-a --attach --add-host --annotation --blkio-weight --blkio-weight-device
		--cap-add --cap-drop --cgroup-parent --cgroupns --cidfile --cpu-count --cpu-percent --cpu-period
		--cpu-quota --cpu-rt-period --cpu-rt-runtime -c --cpu-shares --cpus --cpuset-cpus --cpuset-mems
		--device --device-cgroup-rule --device-read-bps --device-read-iops --device-write-bps
		--device-write-iops --dns --dns-opt --dns-option --dns-search --domainname --entrypoint -e --env
		--env-file --expose --gpus --group-add --health-cmd --health-interval --health-retries
		--health-start-interval --health-start-period --health-timeout -h --hostname --ip --ip6 --ipc
		--isolation --kernel-memory -l --label --label-file --link --link-local-ip --log-driver --log-opt
		--mac-address -m --memory --memory-reservation --memory-swap --memory-swappiness --mount --name
		--net --network --net-alias --network-alias --oom-score-adj --pid --pids-limit --platform -p
		--publish --pull --restart --runtime --security-opt --shm-size --stop-signal --stop-timeout
		--storage-opt --sysctl --tmpfs --ulimit -u --user --userns --uts -v --volume --volume-driver
		--volumes-from -w --workdir --detach-keys`) {
		dockerValueOpts[o] = true
	}
}

// srunValuedShort are srun's short options that take a value (-w NODE,
// -n 1, -c 16 …); the others (-l, -u, -v, -Q, -s, -E, -H, -O, -X, -Z, and
// -I/-K/-k whose value is optional) take none.
const srunValuedShort = "ABCDGJLMNSTWbcdeimnopqrtwx"

// srunBareLong are srun's long options that take no separate value.
var srunBareLong = setOf(`--overlap --exclusive --label --unbuffered --verbose --quiet
	--oversubscribe --share --preserve-env --hold --overcommit --pty --disable-status
	--no-allocate --kill-on-bad-exit --spread-job --test-only --usage --help --multi-prog
	--nice --contiguous --exact --whole --no-kill --immediate --reboot --send-libs
	--use-min-nodes --wait-all-nodes --mpi-bind --jobid-stdout --version
	--container-remap-root --no-container-remap-root --container-mount-home
	--no-container-mount-home --container-writable --container-readonly
	--container-entrypoint --no-container-entrypoint --container-entrypoint-log`)

// mpiValued are Open MPI / MPICH launcher options that take one value;
// mpiTwoValued take two (--mca NAME VALUE).
var (
	mpiValued = setOf(`-n -np -c -N -H -x -host --host -hosts -hostfile --hostfile -machinefile
		--machinefile -f -npernode --npernode -ppn -map-by --map-by -bind-to --bind-to -rank-by
		--rank-by -wdir --wdir -wd --prefix -genvlist -envlist -tune --tune
		-output-filename --output-filename -report-bindings-file`)
	mpiTwoValued = setOf(`--mca -mca --gmca -gmca -genv -env`)
)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// uvValued and uvBare are `uv run`'s options that take a value and those
// that do not.
var uvValued, uvBare = map[string]bool{}, map[string]bool{}

func init() {
	for _, o := range strings.Fields(`--with --with-editable --with-requirements --python -p --project --directory
		--env-file --extra --group --only-group --no-group --package --index --default-index --index-url
		--extra-index-url --find-links -f --index-strategy --keyring-provider --resolution --prerelease
		--exclude-newer --config-file --cache-dir --color --python-platform --refresh-package
		--reinstall-package --upgrade-package -P --no-binary-package --no-build-package --config-setting -C
		--link-mode --compile-bytecode-target`) {
		uvValued[o] = true
	}
	for _, o := range strings.Fields(`--no-sync --frozen --locked --isolated --no-project --no-dev --all-extras
		--no-extra --all-groups --no-default-groups --exact --active --no-active --no-env-file --offline
		--no-cache -n --quiet -q --verbose -v --no-progress --native-tls --no-config --no-editable --script
		-s --gui-script --all-packages --upgrade -U --reinstall --refresh --no-build --no-binary
		--no-build-isolation --compile-bytecode --managed-python --no-managed-python --no-python-downloads`) {
		uvBare[o] = true
	}
}

// wrapperSkip returns how many argv words the wrapper at argv[i] takes,
// including itself, before the wrapped command; 0 when argv[i] is not a
// wrapper.
func wrapperSkip(argv []string, i int) int {
	name := path.Base(argv[i])
	j := i + 1
	// skipOpts skips options; valued lists the options that take a
	// separate value.
	skipOpts := func(valued string) {
		for j < len(argv) && strings.HasPrefix(argv[j], "-") && argv[j] != Unknown {
			if argv[j] == "--" {
				j++
				return
			}
			if !strings.Contains(argv[j], "=") && strings.Contains(" "+valued+" ", " "+argv[j]+" ") {
				j++
			}
			j++
		}
	}
	// options skips the options of a wrapper whose every option says how
	// many words follow it (extra): `--` ends them, `--opt=v` takes none;
	// one extra does not know ends them too.
	options := func(extra func(opt string) (int, bool)) {
		for j < len(argv) && strings.HasPrefix(argv[j], "-") && argv[j] != Unknown {
			a := argv[j]
			j++
			if a == "--" {
				return
			}
			if strings.Contains(a, "=") {
				continue
			}
			n, ok := extra(a)
			if !ok {
				return
			}
			j += n
		}
	}
	// sub skips the wrapper's sub-command word (conda run, apptainer exec).
	sub := func(word string) bool {
		if j >= len(argv) || argv[j] != word {
			return false
		}
		j++
		return true
	}
	switch name {
	case "exec":
		// bash's exec options, clusters included (-ca NAME, -la NAME,
		// -aNAME): ExecOptions, which the dry run drops them by.
		if cmd, _, ok := ExecOptions(argv[j:]); ok {
			j = len(argv) - len(cmd)
		} else {
			skipOpts("-a")
		}
	case "command":
		// command [-p] CMD… runs CMD; command -v/-V CMD only names it
		// (command -v llama-server >/dev/null || die …): no run.
		start := j
		skipOpts("")
		for _, o := range argv[start:j] {
			if o != "--" && !strings.HasPrefix(o, "--") && strings.ContainsAny(o, "vV") {
				return 0
			}
		}
	case "nohup", "time", "builtin", "setsid", "trtllm-llmapi-launch", "eval":
		// trtllm-llmapi-launch CMD…: TensorRT-LLM's MPI launcher runs the
		// command on every rank (mpirun/srun … trtllm-llmapi-launch
		// trtllm-serve …).
		skipOpts("")
	case "tini", "tini-static":
		// tini [-s] [-g] [-p SIG] [-e CODE] -- CMD…: an init that runs CMD.
		skipOpts("-p -e")
	case "dumb-init":
		skipOpts("-r --rewrite")
	case "gosu", "su-exec":
		// gosu USER CMD…, su-exec USER[:GROUP] CMD…: CMD runs as USER.
		if j+1 >= len(argv) {
			return 0
		}
		j++ // the user
	case "sudo":
		skipOpts("-u -g -C -D -h -p -r -t -U")
	case "env":
		skipOpts("-u -C -S --unset --chdir --split-string")
		for j < len(argv) && (strings.Contains(argv[j], "=") && !strings.HasPrefix(argv[j], "-") || loadedAssigns(argv, j)) {
			j++
		}
	case "timeout":
		skipOpts("-s -k --signal --kill-after")
		j++ // duration
	case "numactl":
		// -w/--weighted-interleave and -P/--preferred-many take nodes too.
		skipOpts("-N -m -C -p -i -w -P --cpunodebind --membind --physcpubind --preferred --interleave --weighted-interleave --preferred-many")
	case "taskset":
		for j < len(argv) && strings.HasPrefix(argv[j], "-") && argv[j] != Unknown {
			j++ // -a, -c/--cpu-list, -p: flags without values
		}
		j++ // mask or list
	case "nice":
		skipOpts("-n --adjustment")
	case "ionice":
		skipOpts("-c -n -t --class --classdata")
	case "stdbuf":
		skipOpts("-i -o -e")
	case "unbuffer":
		// unbuffer [-p] PROGRAM [ARGS] (expect's unbuffer script): -p
		// reads the program's input from a pipe; it knows no other option.
		if j < len(argv) && argv[j] == "-p" {
			j++
		}
		if j < len(argv) && strings.HasPrefix(argv[j], "-") {
			return 0
		}
	case "chrt":
		skipOpts("")
		j++ // priority
	case "srun", "salloc":
		// salloc [options] CMD… runs CMD in a new allocation, with srun's
		// options (--no-shell aside, which runs nothing).
		if name == "salloc" && slices.Contains(argv[j:], "--no-shell") {
			return 0
		}
		// Every long option of srun without '=' takes the next word, but
		// those without an argument (or whose argument is optional, which
		// getopt only reads attached: --exclusive, --kill-on-bad-exit);
		// short options take one when listed.
		options(func(a string) (int, bool) {
			switch {
			case strings.HasPrefix(a, "--") && !srunBareLong[a],
				len(a) == 2 && strings.ContainsRune(srunValuedShort, rune(a[1])):
				return 1, true
			}
			return 0, true
		})
	case "conda", "mamba", "micromamba":
		// conda run -n ENV [--no-capture-output] CMD…
		if !sub("run") {
			return 0
		}
		skipOpts("-n --name -p --prefix --cwd -r --root-prefix")
	case "uv", "uvx":
		// uv run [options] CMD…, uv tool run / uvx [options] CMD…: their
		// options that take a value are listed (--from too); an option not
		// known hides the engine, never invents one. `uv run -m MOD` (or
		// --module) runs a module as python -m does: the wrapper ends
		// before the -m (engineAt).
		if name == "uv" && !sub("run") && (!sub("tool") || !sub("run")) {
			return 0
		}
		for j < len(argv) && strings.HasPrefix(argv[j], "-") && argv[j] != Unknown {
			a := argv[j]
			if a == "-m" || a == "--module" {
				break
			}
			j++
			if a == "--" {
				break
			}
			switch {
			case strings.Contains(a, "="):
			case uvValued[a] || a == "--from":
				j++
			case !uvBare[a]:
				return 0
			}
		}
	case "pixi":
		// pixi run [-e ENV] CMD…
		if !sub("run") {
			return 0
		}
		skipOpts("-e --environment --manifest-path")
	case "poetry", "pipenv":
		if !sub("run") {
			return 0
		}
	case "apptainer", "singularity":
		// apptainer exec [options] IMAGE COMMAND…: the command runs in the
		// image (run and instance start hand words to the image's own
		// script, not a command).
		if !sub("exec") {
			return 0
		}
		skipOpts("-B --bind -H --home -W --workdir -S --scratch -o --overlay --env --env-file --pwd --app --security --network --network-args --mount --fusemount --hostname --dns --no-mount --add-caps --drop-caps --apply-cgroups --cpus --memory --pid-file")
		j++ // the image
	case "mpirun", "mpiexec":
		options(func(a string) (int, bool) {
			switch {
			case mpiTwoValued[a]:
				return 2, true // --mca btl ^openib
			case mpiValued[a]:
				return 1, true
			}
			return 0, true
		})
	default:
		return launcherSkip(argv, i)
	}
	if j > len(argv) {
		j = len(argv)
	}
	return j - i
}

// loadedAssigns reports whether the unknown word at argv[j] stands for
// assignments env is handed (`env $(cat .env | xargs) vllm serve …`): an
// engine invocation follows it. (`env "$BIN" serve` runs an unknown
// command: what follows is no engine.) Literal assignments and more
// unknown words may come between: `env -i PATH="$PATH"
// MAX_CONCURRENT_REQUESTS=256 K="$K" text-generation-launcher …`.
func loadedAssigns(argv []string, j int) bool {
	if argv[j] != Unknown {
		return false
	}
	k := j + 1
	for k < len(argv) && (argv[k] == Unknown || strings.Contains(argv[k], "=") && !strings.HasPrefix(argv[k], "-")) {
		k++ // more of them: env -i PATH="$PATH" K="$K" …
	}
	if k >= len(argv) {
		return false
	}
	_, ok := DetectEngine(argv[k:])
	return ok
}

// withEnvWords returns dr with the assignments of the env wrapper at
// argv[i] (n words with its own) added to its Env: each K=V word (a value
// not known too, K="$X"). An env with an option (-i, -u K, -S …) adds
// none: what it hands the engine is not only its words; nor does a word
// not known (env $(cat .env) …: its keys are not known).
func withEnvWords(dr *DockerRun, argv []string, i, n int) *DockerRun {
	var add []int
	for j := i + 1; j < i+n && j < len(argv); j++ {
		a := argv[j]
		if strings.HasPrefix(a, "-") {
			return dr
		}
		if key, _, ok := strings.Cut(a, "="); ok && isName(key) {
			add = append(add, j)
		}
	}
	if len(add) == 0 {
		return dr
	}
	d := *dr
	d.Env = append(slices.Clone(dr.Env), add...)
	return &d
}

// DetectEngine finds an engine invocation in argv (words of one command, with
// Unknown for statically unknown words). It looks through wrappers such as
// exec, env, nohup, timeout, numactl, taskset and `docker run … IMAGE`.
func DetectEngine(argv []string) (EngineCall, bool) {
	ec, ok := detectEngine(argv)
	if ok && asksInfo(argv[min(ec.ArgStart, len(argv)):]) {
		// `vllm serve --help`, `docker run IMAGE --version`: the program
		// prints and exits; nothing boots, so there is no shape to compare.
		return EngineCall{}, false
	}
	return ec, ok
}

// asksInfo reports whether an engine's arguments ask it only to print its
// help or version and exit (-h/--help, --help=GROUP, --version, llama.cpp's
// --usage). TGI's --env is not one: the launcher logs its environment and
// boots.
func asksInfo(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--":
			return false
		case a == "-h" || a == "--help" || a == "--version" || a == "--usage" || strings.HasPrefix(a, "--help="):
			return true
		}
	}
	return false
}

func detectEngine(argv []string) (EngineCall, bool) {
	var dr *DockerRun
	i := 0
	for i < len(argv) {
		if n := wrapperSkip(argv, i); n > 0 {
			if dr != nil && path.Base(argv[i]) == "env" {
				// docker exec CTR env K=V … ENGINE: env's assignments
				// are the engine's environment, set after (over) what the
				// container hands it, as a later -e K=V would.
				dr = withEnvWords(dr, argv, i, n)
			}
			tool := path.Base(argv[i]) == "uvx" || path.Base(argv[i]) == "uv" && i+1 < len(argv) && argv[i+1] == "tool"
			i += n
			if tool && i < len(argv) {
				// uvx vllm@0.9.1 serve …, uv tool run vllm@latest …: the
				// package's version pinned on its command.
				if name, _, pinned := strings.Cut(argv[i], "@"); pinned && name != "" {
					argv = slices.Clone(argv)
					argv[i] = name
				}
			}
			continue
		}
		if d, ok := dockerExec(argv, i); ok {
			dr, i = d, d.Image+1
			continue
		}
		if d, j, ok := kubectlExec(argv, i); ok {
			// kubectl exec POD -- COMMAND…: the command runs in the pod's
			// container as docker exec CONTAINER COMMAND…'s does.
			dr, i = d, j
			continue
		}
		if d, j, ok := sshRemote(argv, i); ok {
			// ssh HOST COMMAND…: the words run on the host, in its
			// environment.
			dr, i = d, j
			continue
		}
		if c, ok := composeCommand(argv, i); ok {
			if c.Exec {
				// docker compose exec [options] SERVICE COMMAND…: the
				// command runs in the service's container already up, as
				// docker exec CONTAINER COMMAND…'s does (nohup vllm
				// serve … too).
				dr, i = c.Docker, c.Svc+1
				continue
			}
			// docker compose run [options] SERVICE COMMAND…: the command
			// runs in the service's container as a docker run's after its
			// image; the service's own command (none given) is not known.
			j, entry := c.Svc, c.Entry
			dr = c.Docker
			if entry >= 0 {
				if ec, ok, cleared := entrypointCall(argv, j, entry, c.EntryEq, dr); !cleared {
					return ec, ok
				}
			}
			i = j + 1
			continue
		}
		if j, ok := dockerSubIs(argv, i, "run"); ok {
			dr = &DockerRun{Image: -1}
			entry, entryEq := -1, false
			j = dockerOptions(argv, j, dockerValueOpts, dr, func(opt string, val int, hasEq bool) {
				if opt == "--entrypoint" {
					// --entrypoint=python3: the value is the word's own
					// text after the '='.
					entry, entryEq = val, hasEq
				}
			})
			if j >= len(argv) {
				return EngineCall{}, false
			}
			dr.Image = j
			if entry >= 0 && entry < len(argv) {
				ec, ok, cleared := entrypointCall(argv, j, entry, entryEq, dr)
				if !cleared {
					return ec, ok
				}
				// --entrypoint "" clears the image's entrypoint: the words
				// after the image are the command, read through its
				// wrappers as any command (env A=1 vllm serve …; exec vllm
				// serve … in a shell string after the image).
				i = j + 1
				continue
			}
			if _, ok := engineAt(argv, j+1); !ok {
				if p := imageProfile(argv[j]); p != "" {
					return EngineCall{Profile: Profiles[p], Start: j, ArgStart: j + 1, Docker: dr}, true
				}
				if ec, ok := pastOpaqueOptions(argv, j, dr); ok {
					return ec, true
				}
			}
			i = j + 1
			continue
		}
		ec, ok := engineAt(argv, i)
		if ok {
			ec.Docker = dr
		}
		return ec, ok
	}
	return EngineCall{}, false
}

// DetectEngineAs is DetectEngine under a forced profile (nil: none): every
// invocation found uses it, and an unknown program passed one of its shape
// flags ("$BIN" --max-num-seqs 8, ./serve-llm …) counts as the engine.
func DetectEngineAs(argv []string, forced *Profile) (EngineCall, bool) {
	ec, ok := DetectEngine(argv)
	if forced == nil {
		return ec, ok
	}
	if ok {
		ec.Profile = forced
		return ec, true
	}
	if len(argv) < 2 {
		return ec, false
	}
	switch path.Base(argv[0]) {
	case "echo", "printf", "local", "export", "declare", "readonly", "test", "[", "set", "cat", "tee":
		return ec, false
	}
	for _, a := range argv[1:] {
		name, _, _ := strings.Cut(a, "=")
		if _, shape := forced.Lookup(name); shape {
			return EngineCall{Profile: forced, Start: 0, ArgStart: 1}, true
		}
	}
	return ec, false
}

// engineAt reports whether argv[i] starts an engine program.
func engineAt(argv []string, i int) (EngineCall, bool) {
	if i >= len(argv) {
		return EngineCall{}, false
	}
	base := path.Base(argv[i])
	at := func(p string, argStart int) (EngineCall, bool) {
		return EngineCall{Profile: Profiles[p], Start: i, ArgStart: argStart}, true
	}
	switch base {
	case "radiance":
		return at("radiance", i+1)
	case "vllm":
		if i+1 < len(argv) && argv[i+1] == "serve" {
			return at("vllm", i+2)
		}
	case "text-generation-launcher":
		return at("tgi", i+1)
	case "trtllm-serve":
		if i+1 < len(argv) && strings.HasPrefix(argv[i+1], "disaggregated") {
			// The disaggregated router (and its MPI workers) read their
			// shapes from a config file: no engine argv to compare.
			return EngineCall{}, false
		}
		return at("trtllm", i+1)
	case "llama-server":
		return at("llamacpp", i+1)
	}
	module := func(j int) (EngineCall, bool) { // argv[j] is -m
		if j+1 >= len(argv) {
			return EngineCall{}, false
		}
		switch {
		case argv[j+1] == "vllm.entrypoints.cli.main":
			// The vllm CLI as a module: only its serve subcommand is the
			// server (bench, complete and chat are clients).
			if j+2 < len(argv) && argv[j+2] == "serve" {
				return at("vllm", j+3)
			}
			return EngineCall{}, false
		case strings.HasPrefix(argv[j+1], "vllm.entrypoints"):
			return at("vllm", j+2)
		case argv[j+1] == "sglang.launch_server" || argv[j+1] == "sglang_router.launch_server":
			// sglang_router.launch_server boots the workers (with
			// every server flag) and the router in front of them.
			return at("sglang", j+2)
		}
		return EngineCall{}, false
	}
	if argv[i] == "-m" || argv[i] == "--module" {
		// uv run -m MOD …: the wrapper (wrapperSkip) ends before the -m.
		return module(i)
	}
	if strings.HasPrefix(base, "python") {
		for j := i + 1; j+1 < len(argv); j++ {
			if argv[j] == "-m" {
				return module(j)
			}
			if !strings.HasPrefix(argv[j], "-") {
				return EngineCall{}, false
			}
		}
	}
	return EngineCall{}, false
}

// pastOpaqueOptions finds the engine of a docker run whose options hold a
// word of unknown length at j where the image would be (docker run --rm
// "${docker_extra[@]}" --gpus all IMAGE text-generation-launcher …): the
// options read on after it end at a literal word that is the image when
// the engine's program follows it, or when it is an image whose
// entrypoint is an engine (imageProfile) and an option follows it
// (ghcr.io/huggingface/text-generation-inference:2.4 --model-id …). The
// options after the opaque word count as the run's (-e K).
func pastOpaqueOptions(argv []string, j int, dr *DockerRun) (EngineCall, bool) {
	if argv[j] != Unknown && argv[j] != forwardAll {
		return EngineCall{}, false
	}
	d := &DockerRun{Env: slices.Clone(dr.Env), EnvFiles: slices.Clone(dr.EnvFiles)}
	entry, entryEq := -1, false
	k := dockerOptions(argv, j+1, dockerValueOpts, d, func(opt string, val int, hasEq bool) {
		if opt == "--entrypoint" {
			entry, entryEq = val, hasEq
		}
	})
	if k >= len(argv) || !literalImage(argv[k]) {
		return EngineCall{}, false
	}
	d.Image = k
	if entry >= 0 && entry < len(argv) {
		// An --entrypoint after the opaque words replaces the image's: the
		// words after the image are the entrypoint's arguments, read as
		// detectEngine reads them past known options (--entrypoint python3
		// IMAGE -m vllm.entrypoints.openai.api_server …; --entrypoint ""
		// IMAGE vllm serve …). /bin/sh IMAGE -c "…" is no engine here.
		prog := argv[entry]
		if entryEq {
			_, prog, _ = strings.Cut(prog, "=")
		}
		if prog == "" {
			if ec, ok := engineAt(argv, k+1); ok {
				ec.Docker = d
				return ec, true
			}
			return EngineCall{}, false
		}
		if ec, ok := engineAt(append([]string{prog}, argv[k+1:]...), 0); ok {
			ec.Start = k // the image stands where the program is
			ec.ArgStart += k
			ec.Docker = d
			return ec, true
		}
		return EngineCall{}, false
	}
	if ec, ok := engineAt(argv, k+1); ok {
		ec.Docker = d
		return ec, true
	}
	if p := imageProfile(argv[k]); p != "" && k+1 < len(argv) && strings.HasPrefix(argv[k+1], "-") {
		return EngineCall{Profile: Profiles[p], Start: k, ArgStart: k + 1, Docker: d}, true
	}
	return EngineCall{}, false
}

// literalImage reports whether w, a word of a docker run, is literal text
// that may name an image: no unknown part, no option, no assignment.
func literalImage(w string) bool {
	return w != "" && !strings.Contains(w, "\x00") && w[0] != '-' && !strings.ContainsAny(w, "= \t\n$")
}

// imageProfile knows the images whose entrypoint is an engine's server.
func imageProfile(image string) string {
	name, _, _ := strings.Cut(image, "@")
	tag := ""
	if i := strings.LastIndexByte(name, ':'); i > strings.LastIndexByte(name, '/') {
		name, tag = name[:i], name[i+1:]
	}
	switch {
	case name == "llama.cpp" || strings.HasSuffix(name, "/llama.cpp"):
		// ghcr.io/ggml-org/llama.cpp, and local/llama.cpp as its docs build it.
		// Only the server tags (server, server-cuda, server-b4719 …) have
		// llama-server as their entrypoint; full and light run other tools.
		if strings.HasPrefix(tag, "server") {
			return "llamacpp"
		}
	case strings.HasSuffix(name, "vllm/vllm-openai"):
		return "vllm"
	case strings.HasSuffix(name, "huggingface/text-generation-inference"):
		return "tgi"
	}
	return ""
}

// OpaqueDockerRun reports why argv, a command DetectEngineAs and
// ShellCommand do not read, may still be a docker/podman run of an engine:
// its options hold a word not statically known (Unknown, or the forwarded
// "$@") where the image would be, past which the image cannot be told
// from an option's value (docker run --rm "${extra[@]}" --entrypoint
// /bin/sh IMAGE -c "…"), and the run would be read were those words empty.
// Words are the indexes of the opaque words; Shell says what would be
// read is a shell's -c string rather than an engine's argv. Nothing is
// guessed from it: it only says why no engine was read.
func OpaqueDockerRun(argv []string, forced *Profile) (words []int, shell bool, ok bool) {
	k := slices.IndexFunc(argv, func(w string) bool {
		b := path.Base(w)
		return b == "docker" || b == "podman" || b == "nerdctl" || b == "nvidia-docker"
	})
	if k < 0 || k+1 >= len(argv) || k > 0 && !LaunchesAt(argv, k, forced) {
		return nil, false, false
	}
	j, isRun := dockerSubIs(argv, k, "run")
	if !isRun {
		return nil, false, false
	}
	for {
		j = dockerOptions(argv, j, dockerValueOpts, &DockerRun{}, nil)
		if j >= len(argv) || argv[j] != Unknown && argv[j] != forwardAll {
			break
		}
		words = append(words, j)
		j++
	}
	if len(words) == 0 {
		return nil, false, false
	}
	rest := slices.Clone(argv)
	for _, w := range slices.Backward(words) {
		rest = slices.Delete(rest, w, w+1)
	}
	if _, ok := DetectEngineAs(rest, forced); ok {
		return words, false, true
	}
	if _, ok := ShellCommand(rest, func(k int) bool { return LaunchesAt(rest, k, forced) }); ok {
		return words, true, true
	}
	return nil, false, false
}

// EngineBenchmark reports whether argv, through the wrappers DetectEngine
// sees through (exec, env, timeout, uv run …), runs one of an engine's own
// benchmarks or clients rather than its server: `vllm bench throughput`,
// `vllm chat`, `python -m vllm.entrypoints.cli.main bench serve`, `python
// -m sglang.bench_offline_throughput`, `trtllm-bench`, `llama-bench`. It
// returns the words that name it ("vllm bench throughput", "python3 -m
// sglang.bench_serving") and what it is ("a benchmark", "a client");
// nothing of it is an engine argv to compare.
func EngineBenchmark(argv []string) (name, kind string, ok bool) {
	i := 0
	for i < len(argv) {
		n := wrapperSkip(argv, i)
		if n == 0 {
			break
		}
		i += n
	}
	if i >= len(argv) {
		return "", "", false
	}
	// sub names the program and the subcommand words from k on: up to
	// two words that are not options (vllm bench throughput).
	sub := func(k, max int) string {
		end := k
		for end < len(argv) && end-k < max && argv[end] != "" && argv[end][0] != '-' && literalImage(argv[end]) {
			end++
		}
		return strings.Join(append([]string{path.Base(argv[i])}, argv[i+1:end]...), " ")
	}
	vllmClient := func(k int) bool {
		return k < len(argv) && (argv[k] == "bench" || argv[k] == "chat" || argv[k] == "complete")
	}
	vllmKind := func(k int) string {
		if argv[k] == "bench" {
			return "a benchmark"
		}
		return "a client"
	}
	switch base := path.Base(argv[i]); {
	case base == "vllm":
		if vllmClient(i + 1) {
			return sub(i+1, 2), vllmKind(i + 1), true
		}
		return "", "", false
	case base == "trtllm-bench" || base == "llama-bench":
		return sub(i+1, 0), "a benchmark", true
	case strings.HasPrefix(base, "python") || argv[i] == "-m" || argv[i] == "--module":
		j := i
		if argv[i] != "-m" && argv[i] != "--module" {
			for j = i + 1; j < len(argv) && argv[j] != "-m"; j++ {
				if !strings.HasPrefix(argv[j], "-") {
					return "", "", false // a script, not a module
				}
			}
		}
		if j+1 >= len(argv) {
			return "", "", false
		}
		mod := argv[j+1]
		switch {
		case mod == "vllm.entrypoints.cli.main" && vllmClient(j+2):
			return sub(j+2, 2), vllmKind(j + 2), true
		case strings.HasPrefix(mod, "sglang.bench_"):
			return sub(j+2, 0), "a benchmark", true
		}
	}
	return "", "", false
}

// shellBuiltin reports whether p names one of the wrappers wrapperSkip
// knows that only a shell runs (no program of that name to execute).
func shellBuiltin(p string) bool {
	switch p {
	case "exec", "eval", "builtin", "command":
		return true
	}
	return false
}

// entrypointCall reads the engine an --entrypoint runs (the word at entry;
// its text after the '=' when eq), the words after argv[at] (the image, or
// a compose run's service, which stands where the program is) its
// arguments: a known engine entrypoint, or a wrapper (nohup, tini --,
// env …) whose command is one. cleared: the
// entrypoint is empty (--entrypoint ""), and the words after argv[at] are
// the command.
func entrypointCall(argv []string, at, entry int, eq bool, dr *DockerRun) (ec EngineCall, ok, cleared bool) {
	prog := argv[entry]
	if eq {
		_, prog, _ = strings.Cut(prog, "=")
	}
	if prog == "" {
		return EngineCall{}, false, true
	}
	cmd := append([]string{prog}, argv[at+1:]...)
	if ec, ok := engineAt(cmd, 0); ok {
		ec = ec.shifted(at) // the program at 0 moves to argv[at]
		ec.Docker = dr
		return ec, true, false
	}
	if prog != Unknown && prog != forwardAll && !shellBuiltin(prog) && wrapperSkip(cmd, 0) > 0 {
		// --entrypoint nohup IMAGE vllm serve …: a wrapper as the
		// entrypoint runs the words after the image as its command, read
		// through it as any command. The words' indexes move past the
		// image, which stands where the wrapper is; an engine reached
		// through a second container launcher is not followed. A shell's
		// builtin (exec, eval …) is no program docker can start.
		if ec, ok := detectEngine(cmd); ok && ec.Docker == nil && ec.Start > 0 {
			ec = ec.shifted(at)
			ec.Docker = dr
			return ec, true, false
		}
	}
	return EngineCall{}, false, false
}
