#!/usr/bin/env bash
# `.ci/lts-node.sh [line-or-version]` prints the directory of a Node.js (bin/node, and the headers under
# include/node that node-gyp needs to compile better-sqlite3 offline) for the given line — default 24 —
# installed from the npm registry, where the official binaries are published as the package
# node-<os>-<arch>. Nothing is installed system-wide: the package is unpacked once into .cache/node/
# (gitignored; the same place and naming as scripts/mutate.sh, so both reuse one download). The newest
# version of the line already there is reused; delete .cache/node/ to pick up a newer patch release.
set -euo pipefail
cd "$(dirname "$0")/.."

want="${1:-24}"
case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "lts-node: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "lts-node: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
cache=.cache/node
prefix="$cache/node-$os-$arch-$want"

# "24" matches node-linux-x64-24.x.y, "24.21.0" only that version (not 24.21.01…).
dir=""
for candidate in $(ls -d "$prefix" "$prefix".* 2>/dev/null | sort -V); do
  [ -x "$candidate/bin/node" ] && [ -f "$candidate/include/node/node.h" ] && dir="$candidate"
done

if [ -z "$dir" ]; then
  mkdir -p "$cache"
  echo "lts-node: fetching node-$os-$arch@$want from the npm registry into $cache/" >&2
  tgz=$(npm pack --silent --pack-destination "$cache" "node-$os-$arch@$want" 2>/dev/null | tail -n 1)
  [ -n "$tgz" ] && [ -f "$cache/$tgz" ] || { echo "lts-node: npm pack node-$os-$arch@$want failed" >&2; exit 1; }
  dir="$cache/${tgz%.tgz}"
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  tar -xzf "$cache/$tgz" -C "$dir.tmp"
  rm -rf "$dir" && mv "$dir.tmp/package" "$dir" && rm -rf "$dir.tmp" "$cache/$tgz"
fi

echo "$(cd "$dir" && pwd)"
