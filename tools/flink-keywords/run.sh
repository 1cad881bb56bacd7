#!/usr/bin/env bash
# Compile and run DumpKeywords.java against the Flink 2.3.0 jars installed by the oracle
# (/work/shared/flink-oracle/setup.sh). The SQL parser lives in flink-table-planner.jar, which is
# embedded inside flink-table-planner-loader-*.jar; we extract it to a scratch dir (never the repo).
# Usage: tools/flink-keywords/run.sh > keywords-raw.tsv
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/../oracle/flink-jars.sh"
WORK="$ORACLE_CACHE/flinkddl-keywords-$FLINK_VERSION"
if [ ! -d "$FLINK_LIB" ]; then
  /work/shared/flink-oracle/setup.sh >&2
fi
mkdir -p "$WORK"
PLANNER="$WORK/flink-table-planner.jar"
if [ ! -f "$PLANNER" ]; then
  LOADER="$(ls "$FLINK_LIB"/flink-table-planner-loader-*.jar | head -1)"
  (cd "$WORK" && unzip -o -q "$LOADER" flink-table-planner.jar)
fi
CP="$PLANNER:$(ls "$FLINK_LIB"/*.jar | grep -v planner-loader | tr '\n' ':')"
javac_if_stale "$HERE/DumpKeywords.java" "$WORK" "$CP"
exec java -cp "$WORK:$CP" DumpKeywords
