#!/bin/sh
# One image for every role (as immich does): the first argument picks what this container runs.
# Services run as TypeScript under tsx, exactly as `npm start` and the tests run them.
set -eu

usage() {
  echo "usage: docker-entrypoint.sh <role> [args…]" >&2
  echo "roles: gateway reading flow admin-auth prompt ai-worker migrate embedded" >&2
}

role="${1:-}"
default_port=""
case "$role" in
  gateway) entry=gateway/src/main.ts default_port=8080 ;;
  reading) entry=services/reading/src/main.ts default_port=8081 ;;
  flow) entry=services/flow/src/main.ts default_port=8082 ;;
  admin-auth) entry=services/admin-auth/src/main.ts default_port=8083 ;;
  prompt) entry=services/prompt/src/main.ts default_port=8084 ;;
  ai-worker) entry=services/ai-worker/src/main.ts default_port=8085 ;;
  migrate) entry=scripts/migrate.ts ;;
  embedded) entry=gateway/src/embedded.ts default_port=8080 ;;
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

exec node --import tsx "$entry" "$@"
