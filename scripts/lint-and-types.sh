#!/usr/bin/env bash
# `npm test`'s first step: the lint and the typecheck side by side, each a
# single process on a core of its own, then both answers. Either failing
# fails the step, after both have said what they found.
set -u
cd "$(dirname "$0")/.."
npm run --silent lint &
lint=$!
npm run --silent typecheck
types=$?
wait "$lint"
lint_status=$?
exit $((lint_status || types))
