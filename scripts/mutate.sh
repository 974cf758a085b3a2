#!/usr/bin/env bash
# `npm run mutate [-- <stryker options>]`: mutation testing of the engine's rules modules with StrykerJS
# (stryker.config.mjs, vitest.mutate.config.ts). Examples:
#   npm run mutate                                                    # every module (incremental)
#   npm run mutate -- --mutate src/systems/malifaux-table/engine/duel.ts   # one module while working on it
#   npm run mutate -- --force                                          # ignore the incremental report
#
# StrykerJS 10 refuses Node < 22 and these machines run Node 20, so the script runs it under a Node
# fetched from the npm registry as a package (node-<os>-<arch>, the official binaries) by .ci/lts-node.sh,
# unpacked once into .cache/node/ (gitignored). If the current `node` is already 22+, it is used as is.
# MUTATE_NODE_VERSION picks another version or line (default: 24, the Active LTS line).
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ -z "${MUTATE_NODE_VERSION:-}" ] && [ "$major" -ge 22 ]; then
  node_bin=$(command -v node)
else
  # The CI's helper: the official binaries from the npm registry, unpacked once into .cache/node/.
  node_bin="$(.ci/lts-node.sh "${MUTATE_NODE_VERSION:-24}")/bin/node"
fi

echo "mutate: $("$node_bin" --version) ($node_bin)" >&2
mkdir -p reports
# Child processes (Stryker's test-runner workers, vitest's forks) inherit this node through PATH/execPath.
PATH="$(dirname "$node_bin"):$PATH" exec "$node_bin" node_modules/@stryker-mutator/core/bin/stryker.js run stryker.config.mjs "$@"
