# Fatekeeper — multi-stage image on Node 22 (an LTS line; why not 24: README "Node versions"). It runs the compiled
# JavaScript (dist/), with production dependencies only. Data (the SQLite file) lives in the /app/data volume.
# Build:     docker build -t fatekeeper .
# Run:       docker run -e DISCORD_TOKEN=… -v fatekeeper-data:/app/data fatekeeper
# Register:  docker run --rm -e DISCORD_TOKEN=… -e DISCORD_APPLICATION_ID=… fatekeeper node dist/scripts/register.js
ARG NODE_IMAGE=node:22-slim

# --- build: installs every dependency (compiling better-sqlite3 for this Node when its prebuilt binary
# cannot be downloaded; the postinstall script generates the Prisma clients), compiles TypeScript to dist/,
# then drops the dev dependencies (tsc, tsx, vitest…).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# What `npm ci` and its postinstall need, first: this layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc prisma.config.ts tsconfig.json ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci
COPY . .
RUN npm run build \
 && npm prune --omit=dev

# --- runtime: no compiler, no TypeScript, no package cache. package.json stays: it makes dist/ ES modules.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/app/data/fatekeeper.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# node itself as PID 1 (not npm): it gets SIGTERM and closes the store before exiting.
CMD ["node", "dist/src/main.js"]
