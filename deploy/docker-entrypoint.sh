#!/bin/sh
# One image for every role (as immich does): the first argument picks what this container runs.
# Each role is compiled JavaScript, dist/<role>.js (`npm run build`), run by plain node.
set -eu

usage() {
  echo "usage: docker-entrypoint.sh <role> [args…]" >&2
  echo "roles: gateway reading flow admin-auth prompt ai-worker migrate embedded dlq" >&2
}

role="${1:-}"
default_port=""
case "$role" in
  gateway) entry=dist/gateway.js default_port=8080 ;;
  reading) entry=dist/reading.js default_port=8081 ;;
  flow) entry=dist/flow.js default_port=8082 ;;
  admin-auth) entry=dist/admin-auth.js default_port=8083 ;;
  prompt) entry=dist/prompt.js default_port=8084 ;;
  ai-worker) entry=dist/ai-worker.js default_port=8085 ;;
  migrate) entry=dist/migrate.js ;;
  dlq) entry=dist/dlq.js ;;
  embedded) entry=dist/embedded.js default_port=8080 ;;
  -h | --help)
    usage
    exit 0
    ;;
  *)
    usage
    [ -n "$role" ] && echo "unknown role: $role" >&2
    exit 64
    ;;
esac
shift

# The image's HEALTHCHECK probes $PORT; each role keeps its usual port unless told otherwise.
if [ -n "$default_port" ]; then
  PORT="${PORT:-$default_port}"
  export PORT
fi

# Each role starts with the allocator and V8 settings start:distributed gives it
# (scripts/distributed/node-runtime.ts says why): one malloc arena; blocks from 32 KB up mapped on
# their own in the roles that normalise uploads, from 256 KB up elsewhere; a small young generation
# and a capped old one in the light roles, V8's defaults where the palm engine runs; gc exposed to
# the reading service, which collects its young generation after each upload (releaseUpload). A
# setting the operator already gave keeps the operator's value. glibc reads its variables when node
# starts.
add_node_option() {
  case " ${NODE_OPTIONS:-} " in
    *" $1="* | *" $1 "*) ;;
    *) NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }$1${2:+=$2}" ;;
  esac
}
case "$role" in
  reading | embedded) mmap_threshold=32768 ;;
  *) mmap_threshold=262144 ;;
esac
MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-1}"
MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-$mmap_threshold}"
export MALLOC_ARENA_MAX MALLOC_MMAP_THRESHOLD_
case "$role" in
  ai-worker | embedded) ;;
  *)
    add_node_option --max-semi-space-size 2
    add_node_option --max-old-space-size 64
    ;;
esac
if [ "$role" = reading ]; then
  add_node_option --expose-gc
fi
export NODE_OPTIONS

# Relative to the image's /app (or a checkout, where `npm run build` wrote dist/).
app_dir="$(cd "$(dirname "$0")/.." && pwd)"
exec node "$app_dir/$entry" "$@"
