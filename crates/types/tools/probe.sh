#!/usr/bin/env bash
# Usage: probe.sh < IN.jsonl > OUT.jsonl
# Runs TypeProbe.java against the Flink 2.3.0 jars that ../../../shared/flink-oracle/setup.sh
# installs into ~/.cache/flink-oracle. Used only to (re)label fixtures/types/*.jsonl.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
V="${FLINK_VERSION:-2.3.0}"
CACHE="${ORACLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flink-oracle}"
DIST="$CACHE/flink-$V"
OUT="${TYPE_PROBE_BUILD:-/tmp/flinkddl-type-probe-$V}"
CP="$(ls "$DIST"/pyflink/lib/*.jar | tr '\n' ':')"
if [ ! -f "$OUT/TypeProbe.class" ] || [ "$HERE/TypeProbe.java" -nt "$OUT/TypeProbe.class" ]; then
  mkdir -p "$OUT"
  javac -nowarn -d "$OUT" -cp "$CP" "$HERE/TypeProbe.java"
fi
exec java -Xmx1g -XX:+UseSerialGC -Duser.timezone=UTC -cp "$OUT:$CP" TypeProbe
