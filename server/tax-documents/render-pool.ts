import { Piscina } from 'piscina'
import type { TaxDocument } from '../../core/tax-document.ts'

/**
 * Drawing a PDF is CPU work of tens to hundreds of milliseconds (fonts subset on every page,
 * docs/decisions/0083): on the request thread it would stall every other request of the
 * instance, and stretch the transactions it has open, the receipt counter's among them
 * (docs/decisions/0080). So it runs on one worker thread, started when first needed and stopped
 * after a minute without work (its fonts go with it).
 *
 * The server runs as TypeScript through tsx in development and tests, and compiled next to
 * `render-worker.js` in production (scripts/compile-server.ts): the worker follows suit.
 */
const fromSource = import.meta.url.endsWith('.ts')

let pool: Piscina | null = null

export function renderInWorker(doc: TaxDocument): Promise<Uint8Array> {
  pool ??= new Piscina({
    filename: new URL(fromSource ? './render-worker.ts' : './render-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  })
  return pool.run(doc)
}

/** Stops the worker (a closing server waits for nothing else of it). */
export async function closeRenderWorker(): Promise<void> {
  const closing = pool
  pool = null
  await closing?.destroy()
}
