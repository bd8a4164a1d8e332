import { EventEmitter } from 'node:events'
import type { RequestHandler } from 'express'

/**
 * Placed right after `compression()`: the response keeps its own 'drain' listeners and gives
 * compression one that tells them all (docs/decisions/0092). Compression hands every 'drain'
 * listener to its zlib stream but leaves `off` on the response, so one added with `once` stays
 * on the stream after it fired; React Router's writer adds one each time a write must wait, and
 * a long page made Node warn of a leak, every listener kept until the response ended.
 */
export function drainListenersStayOnTheResponse(): RequestHandler {
  return (_req, res, next) => {
    // Made on the first 'drain' listener: most answers are written at once and never wait.
    let drain: EventEmitter | undefined
    const on = res.on
    const off = res.removeListener
    res.on = res.addListener = function (this: typeof res, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event !== 'drain') return on.call(this, event, listener)
      if (!drain) {
        const listeners = (drain = new EventEmitter())
        on.call(this, 'drain', () => listeners.emit('drain'))
      }
      drain.on('drain', listener)
      return this
    } as typeof res.on
    res.removeListener = res.off = function (this: typeof res, event: string | symbol, listener: (...args: unknown[]) => void) {
      if (event !== 'drain') return off.call(this, event, listener)
      drain?.removeListener('drain', listener)
      return this
    } as typeof res.off
    next()
  }
}
