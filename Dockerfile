# syntax=docker/dockerfile:1.7
# One image build for every deployable of Level Up (issue 13). The workspace is installed and the frontends
# are built once, in shared stages; each deployable is a small target on top:
#   docker build --target svc-quests -t levelup/svc-quests .
#   docker build --target static --build-arg FRONTEND=mfe-quests -t levelup/mfe-quests .
#   (a later release: --build-arg PREVIOUS_RELEASE=<the image it replaces> --build-arg RELEASE=<tag>)
# docker-compose.yml builds all of them. Services run their TypeScript sources directly (Node 24 strips types).

ARG NODE_IMAGE=node:24-bookworm-slim
# A frontend's image carries the content-hashed chunks of the release it replaces (see the `released`
# stage): PREVIOUS_RELEASE names that image (registry/levelup/mfe-goals:<previous tag>); a first release
# builds on nothing.
ARG PREVIOUS_RELEASE=no-previous-release

# --- install: every workspace's package.json, then npm ci (cached until a manifest or the lock changes)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/web-kit/package.json packages/web-kit/
COPY tools/mongo-embedded/package.json tools/mongo-embedded/
COPY gateway/package.json gateway/
COPY svc-identity/package.json svc-identity/
COPY svc-quests/package.json svc-quests/
COPY svc-goals/package.json svc-goals/
COPY svc-community/package.json svc-community/
COPY svc-feedback/package.json svc-feedback/
COPY shell/package.json shell/
COPY mfe-quests/package.json mfe-quests/
COPY mfe-goals/package.json mfe-goals/
COPY mfe-community/package.json mfe-community/
COPY mfe-progression/package.json mfe-progression/
COPY e2e/package.json e2e/
COPY faults/package.json faults/
COPY deploy/package.json deploy/
COPY security/package.json security/
RUN npm ci

# --- the production dependencies only, for the runtime images
FROM deps AS runtime-deps
RUN npm ci --omit=dev

# --- sources, and the five frontends built once
FROM deps AS source
COPY . .
FROM source AS frontends
RUN node scripts/build.ts

# --- what every runtime image shares: Node, production node_modules, the workspace packages, no root
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=runtime-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=source --chown=node:node /app/package.json ./
COPY --from=source --chown=node:node /app/packages ./packages
USER node

# --- the gateway (public port 8080)
FROM runtime AS gateway
COPY --from=source --chown=node:node /app/gateway ./gateway
WORKDIR /app/gateway
ENV PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "src/main.ts"]

# --- the domain services (each its own target, the same shape)
FROM runtime AS service
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "src/main.ts"]

FROM service AS svc-identity
COPY --from=source --chown=node:node /app/svc-identity ./svc-identity
WORKDIR /app/svc-identity
ENV PORT=4001
EXPOSE 4001

FROM service AS svc-quests
COPY --from=source --chown=node:node /app/svc-quests ./svc-quests
WORKDIR /app/svc-quests
ENV PORT=4002
EXPOSE 4002

FROM service AS svc-goals
COPY --from=source --chown=node:node /app/svc-goals ./svc-goals
WORKDIR /app/svc-goals
ENV PORT=4003
EXPOSE 4003

FROM service AS svc-community
COPY --from=source --chown=node:node /app/svc-community ./svc-community
WORKDIR /app/svc-community
ENV PORT=4004
EXPOSE 4004

FROM service AS svc-feedback
COPY --from=source --chown=node:node /app/svc-feedback ./svc-feedback
WORKDIR /app/svc-feedback
ENV PORT=4005
EXPOSE 4005

# --- a frontend's files for its image: the new build over the release it replaces. A page opened on the
# previous release asks for that release's chunks during and after a rolling update, from old and new
# pods alike; every new image keeps them, and drops the release before that (scripts/carry-release.ts).
FROM ${NODE_IMAGE} AS no-previous-release
ARG FRONTEND=shell
RUN mkdir -p /app/${FRONTEND}/dist
FROM ${PREVIOUS_RELEASE} AS previous-release
FROM frontends AS released
ARG FRONTEND=shell
ARG RELEASE=unnamed
COPY --from=previous-release /app/${FRONTEND}/dist /carried/
RUN node scripts/carry-release.ts ${FRONTEND} /app/${FRONTEND}/dist /carried ${RELEASE}

# --- a frontend's static server: the shell or one remote, chosen with FRONTEND (its port with PORT)
FROM runtime AS static
ARG FRONTEND=shell
ENV FRONTEND=${FRONTEND}
COPY --from=frontends --chown=node:node /app/${FRONTEND}/serve.ts /app/${FRONTEND}/package.json ./${FRONTEND}/
COPY --from=released --chown=node:node /carried ./${FRONTEND}/dist
WORKDIR /app/${FRONTEND}
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/asset-list.json').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "serve.ts"]
