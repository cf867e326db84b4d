# The app's image: one image for web processes (`node build/server.js`) and background-job workers
# (`node build/server.js --worker`). Built where Docker runs (see README, "Running on several machines").

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 TENANTS_DIR=/app/tenants DATA_DIR=/var/lib/recognize
WORKDIR /app
# The server file has its dependencies folded in, but for the few kept outside it (native or
# worker-thread modules: PGlite, argon2, xmllint, pino's transport, pdfkit's fonts).
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/tenants ./tenants
RUN mkdir -p /var/lib/recognize && chown node:node /var/lib/recognize
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=6 CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "build/server.js"]
