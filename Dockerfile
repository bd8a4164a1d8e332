# Production image. NOTE: written and reviewed, but not built here: the development
# machines have no container engine (docs/deploy.md).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The How it works page is prerendered here, in every language, with the business identity and public
# address baked in (canonical URLs, contact details): pass the production values as
# build arguments. The server logs an error at start-up when its settings differ.
ARG BASE_URL BUSINESS_NAME GUIDE_NAME BUSINESS_EMAIL WHATSAPP_NUMBER SOCIAL_URL SOCIAL_LABEL BUSINESS_CITY \
    SELLER_NAME SELLER_MANAGER SELLER_ADDRESS SELLER_PHONE
RUN test -n "$BASE_URL" || { echo "build with --build-arg BASE_URL=https://… (and the business identity)"; exit 1; }
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
# pg_dump for `npm run db:backup` against PostgreSQL.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The server compiled by the build (docs/decisions/0036): no TypeScript loader at run time.
CMD ["node", "build/node/main.js"]
