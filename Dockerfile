# syntax=docker/dockerfile:1
# Okay Bike: one container serving the API and the server-rendered shop.
# Build: docker build -t okay-bike .   Run: docker run -p 3000:3000 -v okb-data:/app/data okay-bike

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# A real, empty shop by default: no demo data. Production refuses to start until PUBLIC_URL and PAYMENT_PROVIDER
# are set (docker run -e ...), or DEMO_MODE=true for the demo shop.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data DEMO_MODE=false
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/src/database/migrations ./src/database/migrations
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The same start command as the README's production start (npm start).
CMD ["npm", "start"]
