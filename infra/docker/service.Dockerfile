# One image recipe for every backend service; SERVICE picks the entry (services/<SERVICE>/dist/main.js).
# Current LTS Node; the build stage compiles native modules (better-sqlite3) and the TypeScript workspace.
FROM node:24-bookworm-slim AS build
WORKDIR /repo
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY --from=build /repo/package.json ./
COPY --from=build /repo/node_modules ./node_modules
COPY --from=build /repo/libs ./libs
COPY --from=build /repo/services ./services
# The video service transcodes H.265 for browsers without it with Debian's ffmpeg (found on the PATH first).
RUN if [ "$SERVICE" = "video" ]; then apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*; fi
# Media volume mount point, owned by the runtime user (a fresh named volume copies this ownership).
RUN mkdir -p /var/lib/openfleet/media && chown -R node:node /var/lib/openfleet
USER node
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/main.js"]
