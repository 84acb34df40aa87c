# The embedded default in a container: one process, SQLite and the photos in
# the /data volume. The same image runs the scaled-out setup when compose.yaml
# (or the host) sets DATABASE_URL and MEDIA_STORE=s3.
#
# The build stage installs and builds exactly as .ci/run does; the tests need
# Chromium and run in CI, not here.

FROM node:20-bookworm AS build
WORKDIR /app
# better-sqlite3 compiles from source: node:20-bookworm has python3, make and g++.
COPY package.json package-lock.json .npmrc ./
# As .ci/run: a lock made against a mirror that carries only one platform's
# native binaries lacks the others' optional packages, and npm ci refuses it;
# npm install then installs exactly the locked versions.
RUN if ! npm ci --no-audit --no-fund 2>npm-ci.log; then \
      if grep -q 'Missing: .* from lock file' npm-ci.log; then \
        echo "npm ci: lock lacks other platforms' optional binaries; installing the locked versions with npm install"; \
        npm install --no-audit --no-fund --no-save; \
      else \
        cat npm-ci.log >&2; exit 1; \
      fi; \
    fi; \
    rm -f npm-ci.log
COPY tsconfig.json react-router.config.ts vite.config.ts ./
COPY app ./app
COPY public ./public
COPY server ./server
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_: as in `npm run serve` (docs/decisions/026, 066).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# The node user (uid 1000) owns the data volume and nothing else.
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The server's entry, and the app sources the admin, backup and restore commands import.
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
USER node
VOLUME ["/data"]
EXPOSE 3000
# Slim images have no curl: Node asks /healthz itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve`'s command, run by Node itself: npm start would rebuild (the
# image already holds the build it was made with), and npm staying in
# between would hold ~60 MB of its own for nothing and stand between the
# server and the container's stop signal. server/serve-command.test.ts keeps
# this line and package.json's serve script the same.
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=8", "build/server/main.js"]
