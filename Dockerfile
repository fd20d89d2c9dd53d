# syntax=docker/dockerfile:1
# Okay Bike: one container serving the API and the server-rendered shop, on Node.js 22 LTS.
# Build: docker build -t okay-bike .
# Run:   docker run -d --name okay-bike -p 3000:3000 -v okb-data:/app/data \
#          -e PUBLIC_URL=https://shop.example.com -e PAYMENT_PROVIDER=stripe ... okay-bike
# test/container/run.sh (npm run test:container) builds and runs this file with podman and checks what the README's
# "Docker" section says.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the versions package-lock.json pins (native addons come prebuilt: argon2, fs-native-extensions).
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime packages alone, again exactly as locked. --omit=optional as well as --omit=dev: typescript, @types/pg
# and @types/react are optional peers of runtime packages, which `npm prune --omit=dev` keeps (30 MB); the only
# other optional package is pg-cloudflare (Cloudflare Workers). @types/* that runtime packages depend on are type
# declarations, never loaded.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY --from=build /root/.npm /root/.npm
RUN npm ci --omit=dev --omit=optional --prefer-offline --no-audit --no-fund \
  && rm -rf node_modules/@types \
  && test ! -e node_modules/typescript

FROM node:22-bookworm-slim AS runtime
# tini as pid 1: passes SIGTERM to node and reaps zombies (docker run --init does the same with Docker's own).
RUN apt-get update && apt-get install -y --no-install-recommends tini && apt-get clean && rm -rf /var/lib/apt/lists/* /var/cache/apt/*
# A real, empty shop by default: no demo data. Production refuses to start until PUBLIC_URL and PAYMENT_PROVIDER
# are set (docker run -e ...), or DEMO_MODE=true for the demo shop.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data DEMO_MODE=false
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/src/database/migrations ./src/database/migrations
COPY --from=build --chown=node:node /app/scripts/backup.mjs /app/scripts/restore.mjs /app/scripts/backup-lib.mjs ./scripts/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node itself, not npm: `docker stop` sends SIGTERM through tini to node, which drains and exits 0
# (npm start ran npm -> sh -> node, and node never got the signal).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/main.js"]
