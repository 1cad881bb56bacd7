#!/usr/bin/env bash
# Compile and run DumpKeywords.java against the Flink 2.3.0 jars installed by the oracle
# (/work/shared/flink-oracle/setup.sh). The SQL parser lives in flink-table-planner.jar, which is
# embedded inside flink-table-planner-loader-*.jar; we extract it to a scratch dir (never the repo).
# Usage: tools/flink-keywords/run.sh > keywords-raw.tsv
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
FLINK_VERSION="${FLINK_VERSION:-2.3.0}"
ORACLE_CACHE="${ORACLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flink-oracle}"
LIB="$ORACLE_CACHE/flink-$FLINK_VERSION/pyflink/lib"
WORK="$ORACLE_CACHE/flinkddl-keywords-$FLINK_VERSION"
if [ ! -d "$LIB" ]; then
  /work/shared/flink-oracle/setup.sh >&2
fi
mkdir -p "$WORK"
PLANNER="$WORK/flink-table-planner.jar"
if [ ! -f "$PLANNER" ]; then
  LOADER="$(ls "$LIB"/flink-table-planner-loader-*.jar | head -1)"
  (cd "$WORK" && unzip -o -q "$LOADER" flink-table-planner.jar)
fi
CP="$PLANNER:$(ls "$LIB"/*.jar | grep -v planner-loader | tr '\n' ':')"
if [ ! -f "$WORK/DumpKeywords.class" ] || [ "$HERE/DumpKeywords.java" -nt "$WORK/DumpKeywords.class" ]; then
  javac -nowarn -d "$WORK" -cp "$CP" "$HERE/DumpKeywords.java"
fi
exec java -cp "$WORK:$CP" DumpKeywords
