require_dir() { [[ -d $1 ]] || { echo "no dir $1" >&2; exit 1; }; }
have_cache() { [ -d ~/.cache/huggingface ] || exit 1; }
