import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import type express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseEncoding, prepareStaticPage, scriptHash, staticFiles } from './static-files.ts'
import { precomputedSecurityHeaders, securityHeaders } from './http/security.ts'

const sha256 = (text: string) => `sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}`

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/app.js" nonce="__CSP_NONCE__"/>',
  '<script type="application/ld+json">{"@type":"Article"}</script>',
  '</head><body><main>Meet your guide – こんにちは</main>',
  '<script nonce="__CSP_NONCE__">window.__context = {"a":"<\\/script>"};</script>',
  '<script nonce="__CSP_NONCE__" type="module" async="">import "/assets/app.js";</script>',
  '<script src="/assets/other.js"></script>',
  '</body></html>',
].join('')

describe('prepareStaticPage', () => {
  it('removes the build-time nonce placeholders and hashes each inline script', () => {
    const page = prepareStaticPage(PAGE)
    expect(page.html).not.toContain('__CSP_NONCE__')
    expect(page.html).not.toContain('nonce=')
    expect(page.scriptHashes).toEqual([sha256('window.__context = {"a":"<\\/script>"};'), sha256('import "/assets/app.js";')])
  })

  it('leaves data blocks and external scripts out of the hashes', () => {
    const page = prepareStaticPage(PAGE)
    expect(page.scriptHashes).not.toContain(sha256('{"@type":"Article"}'))
    expect(page.scriptHashes).not.toContain(sha256(''))
  })

  it('refuses a page with a placeholder anywhere but a nonce attribute', () => {
    expect(() => prepareStaticPage('<p>__CSP_NONCE__</p>')).toThrow(/placeholder/)
  })

  it('hashes as a browser does: the UTF-8 bytes of the script text', () => {
    expect(scriptHash('alert("日本")')).toBe(sha256('alert("日本")'))
  })
})

describe('chooseEncoding', () => {
  const all = ['br', 'gzip', 'identity'] as const
  it('prefers brotli, then gzip, then none', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', all)).toBe('br')
    expect(chooseEncoding('gzip, deflate', all)).toBe('gzip')
    expect(chooseEncoding(undefined, all)).toBe('identity')
    expect(chooseEncoding('', all)).toBe('identity')
  })
  it('honours q=0 and the wildcard', () => {
    expect(chooseEncoding('br;q=0, gzip', all)).toBe('gzip')
    expect(chooseEncoding('*', all)).toBe('br')
    expect(chooseEncoding('*;q=0, gzip;q=0.5', all)).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0', all)).toBe('identity')
  })
  it('offers only the encodings a file has', () => {
    expect(chooseEncoding('gzip, br', ['gzip', 'identity'])).toBe('gzip')
    expect(chooseEncoding('gzip, br', ['identity'])).toBe('identity')
  })
})

describe('precomputedSecurityHeaders', () => {
  function dynamicHeaders(isProduction: boolean) {
    const headers: Record<string, string> = {}
    const res = {
      locals: { cspNonce: 'abc' },
      setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
      removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    }
    securityHeaders({ isProduction })({ headers: {} } as express.Request, res as unknown as express.Response, () => {})
    return headers
  }

  it('sends every header the per-request set sends, with hashes in place of the nonce', () => {
    for (const isProduction of [false, true]) {
      const dynamic = dynamicHeaders(isProduction)
      const hash = sha256('x')
      const fixed = precomputedSecurityHeaders({ isProduction, scriptHashes: [hash] })
      expect(Object.keys(fixed).sort()).toEqual(Object.keys(dynamic).sort())
      for (const name of Object.keys(dynamic)) {
        if (name !== 'content-security-policy') expect(fixed[name], name).toBe(dynamic[name])
      }
      expect(fixed['content-security-policy']).toBe(dynamic['content-security-policy']!.replace(`'nonce-abc'`, `'${hash}'`))
    }
  })

  it('allows no inline script at all when given no hashes', () => {
    const csp = precomputedSecurityHeaders({ isProduction: true })['content-security-policy']!
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]
    expect(scriptSrc).toBe(`'self' https://js.stripe.com`)
  })
})

describe('staticFiles', () => {
  let dir: string
  let server: http.Server
  let base: string
  const script = 'console.log("hello from a hashed asset");'.repeat(100)

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-static-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.mkdirSync(path.join(dir, 'about'))
    fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), script)
    fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(script))
    fs.writeFileSync(path.join(dir, 'about/index.html'), PAGE + '<!--' + 'padding '.repeat(200) + '-->')
    fs.writeFileSync(path.join(dir, 'about.data'), '[{"_1":2},"routes/about"]')
    fs.writeFileSync(path.join(dir, 'notes.unknown'), 'not a type we serve')
    // A compressed copy left over from another build is not served in place of the file.
    fs.writeFileSync(path.join(dir, 'assets/old-abc123.js'), script.toUpperCase())
    fs.writeFileSync(path.join(dir, 'assets/old-abc123.js.br'), zlib.brotliCompressSync(script))
    const serve = staticFiles({ clientDir: dir, pagePaths: ['/about', '/missing'], isProduction: true })
    server = http.createServer((req, res) => {
      if (serve(req, res)) return
      res.writeHead(404).end('next handler')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${urlPath}`, { method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      req.on('error', reject)
      req.end()
    })

  it('serves a prerendered page with a policy that names exactly its inline scripts', async () => {
    const res = await get('/about?utm_source=newsletter')
    expect(res.status).toBe(200)
    const html = res.body.toString('utf8')
    expect(html).toContain('Meet your guide – こんにちは')
    expect(html).not.toContain('__CSP_NONCE__')
    const csp = String(res.headers['content-security-policy'] ?? '')
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
    const listed = scriptSrc.match(/'sha256-[^']+'/g)?.map((s) => s.slice(1, -1)) ?? []
    expect(listed.sort()).toEqual(prepareStaticPage(html).scriptHashes.sort())
    expect(scriptSrc).not.toMatch(/nonce|unsafe-inline/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect((await get('/about/')).body.toString('utf8')).toBe(html)
  })

  it('compresses by what the browser accepts, the same bytes in every encoding', async () => {
    const plain = await get('/about')
    const gzip = await get('/about', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['vary']).toBe('Accept-Encoding')
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    const asset = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(asset.body).toString()).toBe(script)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(asset.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/)
    const stale = await get('/assets/old-abc123.js', { 'accept-encoding': 'br' })
    const decoded = stale.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(stale.body) : stale.body
    expect(decoded.toString()).toBe(script.toUpperCase())
  })

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    const first = await get('/about')
    const again = await get('/about', { 'if-none-match': String(first.headers['etag']) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    const head = await get('/about', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String(first.body.length))
    expect(head.body.length).toBe(0)
  })

  it('leaves other methods, unknown paths, unknown types and the raw page file to the caller', async () => {
    expect((await get('/about', {}, 'POST')).body.toString()).toBe('next handler')
    expect((await get('/missing')).status).toBe(404)
    expect((await get('/about/index.html')).status).toBe(404)
    expect((await get('/notes.unknown')).status).toBe(404)
    expect((await get('/assets/app-abc123.js.br')).status).toBe(404)
    expect((await get('/assets/app-abc123.js/')).status).toBe(404)
    expect((await get('/about.data')).headers['content-type']).toBe('application/octet-stream')
  })
})
