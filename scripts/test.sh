#!/usr/bin/env bash
# Sets up whatever is missing, then runs every check: formatting, clippy
# (native, and wasm32 for the page and the worker), the native tests (the
# engine's twice: built for speed and as the page has it), the engine's
# no_std build, the release web build and the browser tests. Each step is recorded and the
# remaining steps still run after a failure; a summary table follows, ending
# with the line "N passed, M failed". Exits non-zero if any step failed.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

names=()
results=()
durations=()

record() {
  names+=("$1")
  results+=("$2")
  durations+=("$3")
}

# step NAME COMMAND...: runs the command and records whether it passed.
step() {
  local name="$1" start=$SECONDS result
  shift
  printf '\n==> %s\n    $ %s\n' "$name" "$*"
  if "$@"; then result=PASS; else result=FAIL; fi
  record "$name" "$result" "$((SECONDS - start))s"
  printf '<== %s: %s\n' "$name" "$result"
  [ "$result" = PASS ]
}

# skip NAME REASON: records a step that could not run (it counts as failed).
skip() {
  printf '\n==> %s\n    skipped: %s\n' "$1" "$2"
  record "$1" "SKIP ($2)" "-"
}

step "setup" "$ROOT/scripts/setup.sh"
step "format" cargo fmt --all --check
step "clippy (native)" cargo clippy --workspace --all-targets -- -D warnings
step "clippy (wasm32)" cargo clippy -p alquerque-engine -p alquerque-web -p alquerque-wasm-bench \
  --target "$WASM_TARGET" -- -D warnings
step "clippy (wasm32 worker)" cargo clippy -p alquerque-web --no-default-features \
  --features computer --target "$WASM_TARGET" -- -D warnings
step "clippy (wasm32 light page)" cargo clippy -p alquerque-web --no-default-features \
  --features page --target "$WASM_TARGET" -- -D warnings
step "tests (native)" cargo test --workspace
# The engine as the page's module has it (without `fast`): every test again.
step "engine tests (page build)" cargo test -p alquerque-engine --no-default-features \
  --features std
step "engine no_std (wasm32)" cargo build -p alquerque-engine --no-default-features \
  --target "$WASM_TARGET"
# The fuzzer needs sanitizer flags that stable Rust only takes when told to.
step "fuzz parsers (${FUZZ_SECONDS:-30} s)" env RUSTC_BOOTSTRAP=1 cargo fuzz run parsers -- \
  -max_total_time="${FUZZ_SECONDS:-30}"
step "fuzz messages (${FUZZ_SECONDS:-30} s)" env RUSTC_BOOTSTRAP=1 cargo fuzz run messages -- \
  -max_total_time="${FUZZ_SECONDS:-30}"
if step "web build (trunk)" trunk build --release; then
  # The online suite runs the game server as its own process.
  step "browser tests (chromium)" env SERVER_BIN="$ROOT/target/debug/alquerque-server" \
    node --test "$BROWSER_TESTS"/*.test.mjs
else
  skip "browser tests (chromium)" "the web build failed"
fi

passed=0
failed=0
failed_names=()
printf '\n%-28s %-32s %s\n' "STEP" "RESULT" "TIME"
for i in "${!names[@]}"; do
  printf '%-28s %-32s %s\n' "${names[$i]}" "${results[$i]}" "${durations[$i]}"
  if [ "${results[$i]}" = PASS ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failed_names+=("${names[$i]}")
  fi
done
echo
if [ "$failed" -gt 0 ]; then
  echo "FAILED: $failed of $((passed + failed)) steps did not pass:"
  printf '  - %s\n' "${failed_names[@]}"
else
  echo "All $passed steps passed."
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
