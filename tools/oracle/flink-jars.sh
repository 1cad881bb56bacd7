# Sourced by the tools that compile a Java probe against the Flink jars the oracle installs
# (/work/shared/flink-oracle/setup.sh). Sets FLINK_VERSION (default 2.3.0), ORACLE_CACHE and
# FLINK_LIB (the jar directory), and defines javac_if_stale.
FLINK_VERSION="${FLINK_VERSION:-2.3.0}"
ORACLE_CACHE="${ORACLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/flink-oracle}"
FLINK_LIB="$ORACLE_CACHE/flink-$FLINK_VERSION/pyflink/lib"

# javac_if_stale SOURCE.java OUT_DIR CLASSPATH: compiles SOURCE into OUT_DIR unless its class
# there is newer.
javac_if_stale() {
  local source="$1" out="$2" classpath="$3"
  local class
  class="$out/$(basename "$source" .java).class"
  if [ ! -f "$class" ] || [ "$source" -nt "$class" ]; then
    mkdir -p "$out"
    javac -nowarn -d "$out" -cp "$classpath" "$source"
  fi
}
