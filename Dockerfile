# Fatekeeper — multi-stage image on Node 20 slim. Data (the SQLite file) lives in the /app/data volume.
# Build:  docker build -t fatekeeper .
# Run:    docker run -e DISCORD_TOKEN=… -e DISCORD_APPLICATION_ID=… -v fatekeeper-data:/app/data fatekeeper

# --- deps: compiles better-sqlite3 (no prebuilt download is reachable offline) and generates the Prisma clients
FROM node:20-slim AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY scripts ./scripts
COPY prisma.config.ts tsconfig.json ./
RUN npm ci
# Dev dependencies (tests, browser driver, type checker) are not needed at run time.
RUN npm prune --omit=dev

# --- runtime: no compiler, no package cache
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/app/data/fatekeeper.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/src/generated ./src/generated
COPY package.json tsconfig.json prisma.config.ts ./
COPY prisma ./prisma
COPY src ./src
COPY commands ./commands
COPY scripts ./scripts
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
CMD ["npm", "start"]
