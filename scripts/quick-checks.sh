#!/usr/bin/env bash
# `npm test`'s first step: the lint, the typecheck and Vitest's unit project
# side by side. None needs a database or the build, and none keeps two cores
# busy alone, so together they take little more than the slowest. Each runs
# to the end and any failing fails the step, after all have said what they
# found. (npm test runs Vitest's other projects next, without this one.)
set -u
cd "$(dirname "$0")/.."
npm run --silent lint &
lint=$!
npx vitest run --project unit &
unit=$!
npm run --silent typecheck
types=$?
wait "$lint"
lint_status=$?
wait "$unit"
unit_status=$?
exit $((lint_status || types || unit_status))
