# syntax=docker/dockerfile:1
# The Load Management System as one image (issue 19; README "Deployment"). It runs `src/server/main.ts`
# exactly as `npm start` does — the same migrations at start-up — with the web app built in.

# ---- Build: every dependency, then the web app (dist/web).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- Run: production dependencies, the server's sources and the built web app; not root.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    DEMO_DATA=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json drizzle.config.ts ./
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY --from=build /app/dist/web ./dist/web
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node is PID 1's only child of note: SIGTERM reaches the server, which drains (decision 035).
CMD ["node", "--import", "tsx", "src/server/main.ts"]
