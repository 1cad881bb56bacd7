#!/usr/bin/env bash
# Usage: probe.sh < IN.jsonl > OUT.jsonl
# Runs TypeProbe.java against the Flink 2.3.0 jars that ../../../shared/flink-oracle/setup.sh
# installs into ~/.cache/flink-oracle. Used only to (re)label fixtures/types/*.jsonl.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/../../../tools/oracle/flink-jars.sh"
OUT="${TYPE_PROBE_BUILD:-/tmp/flinkddl-type-probe-$FLINK_VERSION}"
CP="$(ls "$FLINK_LIB"/*.jar | tr '\n' ':')"
javac_if_stale "$HERE/TypeProbe.java" "$OUT" "$CP"
exec java -Xmx1g -XX:+UseSerialGC -Duser.timezone=UTC -cp "$OUT:$CP" TypeProbe
