# syntax=docker/dockerfile:1
# Lectern: one image for every process (API + web app + job worker). See README, "Deploying".
# The server runs its TypeScript through tsx (a production dependency); only the web app is built.

ARG NODE_IMAGE=node:20-bookworm-slim

# All dependencies, to build the web app.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies only.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# The PDF fonts (src/server/lib/pdf/fonts.ts) read only the regular and bold WOFF files of the
# @fontsource packages; their other weights and formats (~85 MB, mostly Noto Sans SC) are dropped.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && find node_modules/@fontsource -type f -name '*.woff*' ! -name '*-400-normal.woff' ! -name '*-700-normal.woff' -delete

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src/server ./src/server
COPY src/shared ./src/shared
# The demo seed checks its cover images here (SEED_DEMO); the web build serves its own copy.
COPY public ./public
COPY scripts/admin.ts ./scripts/admin.ts
COPY --from=build /app/dist/web ./dist/web
# The public pages' server renderer (without it they arrive as an empty page the browser renders).
COPY --from=build /app/dist/ssr ./dist/ssr
# The image's files stay root-owned and read-only to the server; it writes only to $DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself receives SIGTERM and drains (SHUTDOWN_TIMEOUT_SECONDS); run with an init (compose: init: true).
# The server's command as scripts/server-command.mjs writes it (why each flag: there).
CMD ["node", "--no-memory-reducer", "--import", "tsx", "src/server/main.ts"]
