#!/usr/bin/env bash
# `npm run mutate [-- <stryker options>]`: mutation testing of the engine's rules modules with StrykerJS
# (stryker.config.json, vitest.mutate.config.ts). Examples:
#   npm run mutate                                                    # every module (incremental)
#   npm run mutate -- --mutate src/systems/malifaux-table/engine/duel.ts   # one module while working on it
#   npm run mutate -- --force                                          # ignore the incremental report
#
# StrykerJS 10 refuses Node < 22 and these machines run Node 20, so the script runs it under a Node
# fetched from the npm registry as a package (node-<os>-<arch>, the official binaries), unpacked once
# into .cache/node/ (gitignored). If the current `node` is already 22+, it is used as is.
# MUTATE_NODE_VERSION picks another version or line (default: 24, the Active LTS line).
set -euo pipefail
cd "$(dirname "$0")/.."

major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ -z "${MUTATE_NODE_VERSION:-}" ] && [ "$major" -ge 22 ]; then
  node_bin=$(command -v node)
else
  want="${MUTATE_NODE_VERSION:-24}"
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "mutate: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "mutate: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
  cache=.cache/node
  # The newest unpacked version of the wanted line, if any (directories are named node-<os>-<arch>-<version>).
  dir=$(ls -d "$cache/node-$os-$arch-$want"* 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] || [ ! -x "$dir/bin/node" ]; then
    mkdir -p "$cache"
    echo "mutate: fetching node-$os-$arch@$want from the npm registry into $cache/" >&2
    tgz=$(cd "$cache" && npm pack --silent "node-$os-$arch@$want" 2>/dev/null | tail -n 1)
    dir="$cache/${tgz%.tgz}"
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    tar -xzf "$cache/$tgz" -C "$dir.tmp"
    rm -rf "$dir" && mv "$dir.tmp/package" "$dir" && rm -rf "$dir.tmp" "$cache/$tgz"
  fi
  node_bin="$dir/bin/node"
fi

echo "mutate: $("$node_bin" --version) ($node_bin)" >&2
mkdir -p reports
# Child processes (Stryker's test-runner workers, vitest's forks) inherit this node through PATH/execPath.
PATH="$(dirname "$node_bin"):$PATH" exec "$node_bin" node_modules/@stryker-mutator/core/bin/stryker.js run stryker.config.mjs "$@"
