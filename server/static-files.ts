import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type http from 'node:http'
import { PRERENDER_NONCE_PLACEHOLDER } from '../core/prerender.ts'
import { precomputedSecurityHeaders } from './http/security.ts'

/**
 * The production build's files, served from memory ahead of Express
 * (docs/decisions/0022): hashed assets, pictures, the web manifest, the prerendered pages
 * and their `.data` files. Everything about a response is worked out once at start-up:
 * body, gzip and brotli bodies, ETag and every header, security headers included. A
 * request only picks the encoding, answers 304 when it may, and writes.
 *
 * Prerendered pages carry no nonce: their inline scripts are fixed at build time, so the
 * Content Security Policy names each by its SHA-256 hash instead, and a page is the same
 * bytes for everyone (so it can be compressed once and cached).
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  // React Router's turbo-stream data of a prerendered page (what express.static sent before).
  '.data': 'application/octet-stream',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.data'])
/** Below this, compression saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024

const CACHE_ASSETS = 'public, max-age=31536000, immutable'
const CACHE_PAGES = 'public, max-age=300'
const CACHE_OTHER = 'public, max-age=3600'

export type Encoding = 'br' | 'gzip' | 'identity'

type Variant = { body: Buffer; headers: Record<string, string> }
type Entry = { etag: string; notModified: Record<string, string>; variants: Partial<Record<Encoding, Variant>> }

/**
 * Which of our encodings the request accepts, best first: brotli, then gzip, then none.
 * Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: ReadonlyArray<Encoding>): Encoding {
  const q = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name, Number.isFinite(value) ? value : 0)
  }
  const accepted = (encoding: string) => (q.get(encoding) ?? q.get('*') ?? 0) > 0
  for (const encoding of ['br', 'gzip'] as const) {
    if (available.includes(encoding) && accepted(encoding)) return encoding
  }
  return 'identity'
}

/** The SHA-256 source expression (`sha256-…`) of an inline script's text, as a browser computes it. */
export function scriptHash(source: string): string {
  return `sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}`
}

const DATA_BLOCK_TYPES = new Set(['application/ld+json', 'application/json'])

/**
 * A prerendered page as it is served: the nonce placeholders of the build removed (the
 * policy names scripts by hash instead) and the hashes of every inline script the page
 * runs. Data blocks (JSON-LD) are not scripts and need none. Throws if a placeholder is
 * left anywhere else, rather than serve a page whose scripts the browser would refuse.
 */
export function prepareStaticPage(html: string): { html: string; scriptHashes: string[] } {
  const out = html.replaceAll(` nonce="${PRERENDER_NONCE_PLACEHOLDER}"`, '')
  if (out.includes(PRERENDER_NONCE_PLACEHOLDER)) throw new Error(`a nonce placeholder outside a nonce attribute`)
  const scriptHashes: string[] = []
  for (const match of out.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase()
    if (type && DATA_BLOCK_TYPES.has(type)) continue
    scriptHashes.push(scriptHash(match[2] ?? ''))
  }
  return { html: out, scriptHashes: [...new Set(scriptHashes)] }
}

function weakEtag(body: Buffer): string {
  return `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

function makeEntry(options: {
  body: Buffer
  type: string
  cacheControl: string
  security: Record<string, string>
  compressible: boolean
  precompressed?: Partial<Record<'br' | 'gzip', Buffer>>
}): Entry {
  const { body, type, cacheControl, security, compressible } = options
  const etag = weakEtag(body)
  const common: Record<string, string> = { ...security, 'cache-control': cacheControl, etag }
  if (compressible) common['vary'] = 'Accept-Encoding'
  const variant = (content: Buffer, encoding: Encoding): Variant => ({
    body: content,
    headers: {
      ...common,
      'content-type': type,
      'content-length': String(content.length),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    },
  })
  const entry: Entry = { etag, notModified: common, variants: { identity: variant(body, 'identity') } }
  if (compressible && body.length >= MIN_COMPRESS_BYTES) {
    const gzip = options.precompressed?.gzip ?? zlib.gzipSync(body, { level: 9 })
    if (gzip.length < body.length) entry.variants.gzip = variant(gzip, 'gzip')
    const br = options.precompressed?.br
    if (br) {
      if (br.length < body.length) entry.variants.br = variant(br, 'br')
    } else {
      // Brotli at its best setting takes a moment per file: do it off the main thread and
      // serve gzip until it is ready.
      zlib.brotliCompress(
        body,
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        (error, compressed) => {
          if (!error && compressed.length < body.length) entry.variants.br = variant(compressed, 'br')
        },
      )
    }
  }
  return entry
}

function walk(dir: string, base = ''): string[] {
  const files: string[] = []
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    if (item.name.startsWith('.')) continue
    const relative = `${base}/${item.name}`
    if (item.isDirectory()) files.push(...walk(path.join(dir, item.name), relative))
    else if (item.isFile()) files.push(relative)
  }
  return files
}

/** A compressed copy written by the build, if there is one and it still holds `body` (not a leftover of another build). */
function precompressedCopy(file: string, body: Buffer, decompress: (data: Buffer) => Buffer): Buffer | undefined {
  if (!fs.existsSync(file)) return undefined
  const copy = fs.readFileSync(file)
  try {
    return decompress(copy).equals(body) ? copy : undefined
  } catch {
    return undefined
  }
}

/** Answers a request if it is for one of the build's files, and says whether it did. */
export type StaticFiles = (req: http.IncomingMessage, res: http.ServerResponse) => boolean

/**
 * Loads the client build (`clientDir`) and answers GET and HEAD for its files and for the
 * prerendered pages (`pagePaths`, each from `<path>/index.html`). For anything else, and
 * any other method, it answers nothing and returns false: the caller hands the request on
 * (to Express, where express.static and React Router still serve the build).
 */
export function staticFiles(options: { clientDir: string; pagePaths: readonly string[]; isProduction: boolean }): StaticFiles {
  const { clientDir, pagePaths, isProduction } = options
  const entries = new Map<string, Entry>()
  const fileSecurity = precomputedSecurityHeaders({ isProduction })
  const pageFiles = new Set<string>()
  const pages = new Set<string>()

  for (const pagePath of pagePaths) {
    const file = path.join(clientDir, pagePath, 'index.html')
    if (!fs.existsSync(file)) continue
    pageFiles.add(`${pagePath}/index.html`)
    pages.add(pagePath)
    const page = prepareStaticPage(fs.readFileSync(file, 'utf8'))
    entries.set(
      pagePath,
      makeEntry({
        body: Buffer.from(page.html, 'utf8'),
        type: TYPES['.html']!,
        cacheControl: CACHE_PAGES,
        security: precomputedSecurityHeaders({ isProduction, scriptHashes: page.scriptHashes }),
        compressible: true,
      }),
    )
  }

  if (fs.existsSync(clientDir)) {
    for (const urlPath of walk(clientDir)) {
      // The raw prerendered files and the precompressed siblings are not served as such.
      if (pageFiles.has(urlPath) || urlPath.endsWith('.br') || urlPath.endsWith('.gz')) continue
      const ext = path.extname(urlPath).toLowerCase()
      const type = TYPES[ext]
      if (!type) continue
      const file = path.join(clientDir, urlPath)
      const body = fs.readFileSync(file)
      entries.set(
        urlPath,
        makeEntry({
          body,
          type,
          cacheControl: urlPath.startsWith('/assets/') ? CACHE_ASSETS : CACHE_OTHER,
          security: fileSecurity,
          compressible: COMPRESSIBLE.has(ext),
          // Written beside the assets by the build (vite.config.ts), at brotli's best setting.
          precompressed: {
            br: precompressedCopy(`${file}.br`, body, (data) => zlib.brotliDecompressSync(data)),
            gzip: precompressedCopy(`${file}.gz`, body, (data) => zlib.gunzipSync(data)),
          },
        }),
      )
    }
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const urlPath = query === -1 ? url : url.slice(0, query)
    // A page also answers with a trailing slash (/about/), as it did before; files do not.
    const trimmed = urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : undefined
    const entry = entries.get(urlPath) ?? (trimmed !== undefined && pages.has(trimmed) ? entries.get(trimmed) : undefined)
    if (!entry) return false
    const ifNoneMatch = req.headers['if-none-match']
    if (ifNoneMatch && etagMatches(ifNoneMatch, entry.etag)) {
      res.writeHead(304, entry.notModified)
      res.end()
      return true
    }
    const accept = req.headers['accept-encoding']
    const variant = (accept ? entry.variants[chooseEncoding(accept, Object.keys(entry.variants) as Encoding[])] : undefined) ?? entry.variants.identity!
    res.writeHead(200, variant.headers)
    res.end(req.method === 'HEAD' ? undefined : variant.body)
    return true
  }
}
