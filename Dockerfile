# svc in a container. Build: docker build -t svc .   Run beside Ollama: docker compose -f docker/compose.yaml up -d
# Stage 1 builds dist/ and the production node_modules (native modules compiled for this image);
# stage 2 is the runtime: Debian's ffmpeg and exiftool, no compiler, a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Dependencies first, so this layer stays cached until the lock changes. Install scripts run only
# for the native modules svc needs (the prepare script has no sources to build yet).
RUN npm ci --no-audit --no-fund --ignore-scripts \
 && npm rebuild better-sqlite3 usearch
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 # The image uses Debian's ffmpeg (SVC_FFMPEG below), not the bundled static builds.
 && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer

FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg libimage-exiftool-perl tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
# A fixed uid, so the footage folder on the host can be given to it (chown 10001 or a group).
RUN groupadd --system --gid 10001 svc \
 && useradd --system --uid 10001 --gid svc --home-dir /var/lib/svc --shell /usr/sbin/nologin svc \
 && mkdir -p /var/lib/svc /footage \
 && chown svc:svc /var/lib/svc /footage
WORKDIR /opt/svc
COPY --from=build /src/package.json ./
COPY --from=build /src/dist ./dist
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/docs ./docs
# The sample library's recording and the Resolve script (`svc nle install resolve` copies it out).
COPY --from=build /src/assets ./assets
# Inside the container svc listens on every interface so the published ports reach it; which
# host addresses publish them is compose's choice (loopback unless SVC_BIND_HOST=0.0.0.0).
ENV NODE_ENV=production \
    SVC_HOME=/var/lib/svc \
    PROJECT_ROOT=/footage \
    SVC_BIND_HOST=0.0.0.0 \
    SVC_PORT=8501 \
    SVC_MCP_PORT=8502 \
    SVC_FFMPEG=/usr/bin/ffmpeg \
    SVC_FFPROBE=/usr/bin/ffprobe \
    SVC_EXIFTOOL=/usr/bin/exiftool
USER svc
VOLUME ["/var/lib/svc"]
EXPOSE 8501 8502
# Health is public (no token) and answers 503 while a required tool or the model host is missing.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8501/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini forwards SIGTERM to svc (its clean shutdown) and reaps ffmpeg children. svc runs as a
# program, so its first line gives node the flags its memory figures depend on.
ENTRYPOINT ["/usr/bin/tini", "--", "/opt/svc/dist/cli/main.js"]
CMD ["serve"]
