#!/bin/sh
# One image for every role (as immich does): the first argument picks what this container runs.
# Each role is compiled JavaScript, dist/<role>.js (`npm run build`), run by plain node. What each
# role is (its entry, its port, its allocator and V8 settings) comes from the catalogue, through
# the table the build writes as dist/roles.sh.
set -eu

# Relative to the image's /app (or a checkout, where `npm run build` wrote dist/).
app_dir="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -r "$app_dir/dist/roles.sh" ]; then
  echo "docker-entrypoint.sh: $app_dir/dist/roles.sh is missing; run npm run build" >&2
  exit 70
fi
. "$app_dir/dist/roles.sh"

usage() {
  echo "usage: docker-entrypoint.sh <role> [args…]" >&2
  echo "roles: $roles" >&2
}

role="${1:-}"
case "$role" in
  -h | --help)
    usage
    exit 0
    ;;
esac
if ! role_settings "$role"; then
  usage
  [ -n "$role" ] && echo "unknown role: $role" >&2
  exit 64
fi
shift

# The image's HEALTHCHECK probes $PORT; each role keeps its usual port unless told otherwise.
if [ -n "$default_port" ]; then
  PORT="${PORT:-$default_port}"
  export PORT
fi

# The allocator and V8 settings the catalogue gives this role (services/catalogue/src/node-runtime.ts
# says why). A setting the operator already gave keeps the operator's value; glibc reads its
# variables when node starts.
add_node_option() {
  name="${1%%=*}"
  case " ${NODE_OPTIONS:-} " in
    *" $name="* | *" $name "*) ;;
    *) NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }$1" ;;
  esac
}
MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-1}"
MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-$mmap_threshold}"
export MALLOC_ARENA_MAX MALLOC_MMAP_THRESHOLD_
for flag in $node_flags; do
  add_node_option "$flag"
done
NODE_OPTIONS="${NODE_OPTIONS:-}"
export NODE_OPTIONS

exec node "$app_dir/$entry" "$@"
