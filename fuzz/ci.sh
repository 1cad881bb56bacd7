#!/usr/bin/env bash
# A short fuzz run of every target, for CI: `bash fuzz/ci.sh [SECONDS_PER_TARGET]` (default 30).
# The long runs (30 minutes each) and their figures are in docs/performance.md.
#
# cargo-fuzz needs a nightly compiler's flags; RUSTC_BOOTSTRAP=1 lets the stable toolchain
# accept them. No sanitizer: the workspace forbids unsafe code, and an uninstrumented build is
# several minutes faster to compile (the long runs use AddressSanitizer).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-30}"
export RUSTC_BOOTSTRAP=1
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
python3 seed_corpus.py
cargo fuzz build --sanitizer none
status=0
for target in lex parse bind check format; do
    mkdir -p "corpus/$target"
    log="target/ci-$target.log"
    if ! cargo fuzz run --sanitizer none "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -dict=flink.dict -print_final_stats=1 >"$log" 2>&1; then
        echo "fuzz: $target failed; the input is in fuzz/artifacts/$target/" >&2
        tail -40 "$log" >&2
        status=1
    fi
    echo "fuzz $target: $(grep -E '^Done' "$log" || echo 'no summary')"
done
exit "$status"
