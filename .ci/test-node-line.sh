#!/usr/bin/env bash
# Builds the packages and runs their tests, except the slow end-to-end ones, on another Node line:
#   bash .ci/test-node-line.sh node-22
# The line's binary (a dependency of .ci/node-lines, installed with `npm ci --prefix .ci/node-lines`)
# comes first on PATH, so turbo, npm, jest and every process they start run on it.
set -euo pipefail
cd "$(dirname "$0")/.."
line="${1:?usage: test-node-line.sh <node-22|node-24>}"
bin="$PWD/.ci/node-lines/node_modules/$line/bin"
if [ ! -x "$bin/node" ]; then
  echo "No Node binary at $bin/node: run npm ci --prefix .ci/node-lines" >&2
  exit 1
fi
export PATH="$bin:$PATH"
echo "== tests on Node $(node --version) =="
# --force: turbo's cache key leaves out the Node version, so results of another line must not be replayed.
# --only: the test run reuses the builds just made instead of forcing them again.
turbo=node_modules/.bin/turbo
"$turbo" run build --filter='./packages/*' --force --output-logs=errors-only
"$turbo" run test --filter='./packages/*' --force --only -- --testPathIgnorePatterns '\.e2e\.test\.ts$'
