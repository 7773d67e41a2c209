#!/usr/bin/env bash
# Every test: lint, typecheck, build, unit + API integration tests (vitest), browser tests (Playwright).
# Uses Postgres/Redis when DATABASE_URL/REDIS_URL are set, PGlite and the in-process queue otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1
log=$(mktemp)
trap 'rm -f "$log"' EXIT

bash scripts/ensure-chromium.sh

echo "== lint"
pnpm exec biome check .
echo "== typecheck and build"
pnpm exec turbo run typecheck build --output-logs=errors-only
echo "== unit and integration tests (database: $([ -n "${DATABASE_URL:-}" ] && echo postgres || echo pglite), queue: $([ -n "${REDIS_URL:-}" ] && echo bullmq || echo in-process))"
status=0
pnpm exec turbo run test --concurrency=1 --output-logs=full --filter='!@sieve/e2e' 2>&1 | tee -a "$log" || status=1
if [ "$status" -eq 0 ]; then
  echo "== browser tests"
  pnpm --filter @sieve/e2e test 2>&1 | tee -a "$log" || status=1
fi

# One closing line over every runner: vitest's "Tests  N passed | M failed", Playwright's "N passed".
sed -r 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /(^|[ :])Tests +[0-9]+ (passed|failed)/ { for (i = 1; i <= NF; i++) { if ($i ~ /^passed/) p += $(i-1); if ($i ~ /^failed/) f += $(i-1) } }
  /^ *[0-9]+ passed \(/ { p += $1 }
  /^ *[0-9]+ failed$/ { f += $1 }
  END { printf "Summary: %d passed, %d failed\n", p, f }'
exit "$status"
