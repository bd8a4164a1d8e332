import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { writeReadableStreamToWritable } from '@react-router/node'
import compression from 'compression'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { drainListenersStayOnTheResponse } from './drain-listeners.ts'

/** Forty 64 kB chunks that do not compress: each is more than the zlib stream takes before it asks the writer to wait. */
const CHUNKS = Array.from({ length: 40 }, () => crypto.randomBytes(64 * 1024))

/** A page streamed the way React Router's Express adapter streams one, through compression and, when asked, the fix. */
function server(withFix: boolean) {
  const app = express()
  app.use(compression())
  if (withFix) app.use(drainListenersStayOnTheResponse())
  app.get('/', async (_req, res) => {
    res.setHeader('content-type', 'text/html')
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of CHUNKS) controller.enqueue(chunk)
        controller.close()
      },
    })
    await writeReadableStreamToWritable(body, res)
  })
  return new Promise<http.Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
}

/** The page, gunzipped, and the leak warnings the process gave while it was sent. */
async function load(withFix: boolean) {
  const warnings: string[] = []
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
  process.on('warning', onWarning)
  const listening = await server(withFix)
  try {
    const { port } = listening.address() as AddressInfo
    const gzipped = await new Promise<Buffer>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (part: Buffer) => parts.push(part))
        res.on('end', () => resolve(Buffer.concat(parts)))
        res.on('error', reject)
      })
    })
    // Node tells of a leak on the next tick.
    await new Promise((resolve) => setImmediate(resolve))
    return { body: zlib.gunzipSync(gzipped), leaks: warnings.filter((w) => w.startsWith('MaxListenersExceededWarning')) }
  } finally {
    process.off('warning', onWarning)
    await new Promise((resolve) => listening.close(resolve))
  }
}

describe('drain listeners under compression (docs/decisions/0092)', () => {
  it('sends a long streamed page whole, with no listener left behind to warn of', async () => {
    const { body, leaks } = await load(true)
    expect(body.equals(Buffer.concat(CHUNKS))).toBe(true)
    expect(leaks).toEqual([])
  })

  // What the fix is for, shown: when compression mends this itself, this fails, and the fix can go.
  it('without it, compression keeps every listener the writer added and Node warns', async () => {
    const { body, leaks } = await load(false)
    expect(body.equals(Buffer.concat(CHUNKS))).toBe(true)
    expect(leaks).toEqual([expect.stringContaining('drain listeners added to [Gzip]')])
  })
})
