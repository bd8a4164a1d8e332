import type http from 'node:http'

/**
 * Stop an HTTP server the way a shutdown needs: refuse new connections, let the requests
 * in flight finish, then return. server.close() alone does not return in time: a
 * keep-alive connection whose request is in flight when it is called stays open after the
 * response (Node 20), so close() would wait for the keep-alive timeout and the shutdown
 * would be forced before the database is closed. From the moment closing starts, every
 * response therefore closes its connection once it is sent.
 */
export function gracefulClose(server: http.Server): () => Promise<void> {
  const inFlight = new Set<http.ServerResponse>()
  let closing = false
  // Before the app's own listener, so the flag is set before anything is written.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    // A client may still send a request on a connection opened before closing started.
    if (closing) res.shouldKeepAlive = false
    inFlight.add(res)
    res.once('close', () => inFlight.delete(res))
  })
  return () =>
    new Promise<void>((resolve) => {
      closing = true
      server.close(() => resolve())
      server.closeIdleConnections()
      for (const res of inFlight) {
        // "Connection: close" while the headers are still ours to write; a response
        // already streaming with keep-alive ends its socket when it is done instead.
        if (!res.headersSent) res.shouldKeepAlive = false
        else {
          const socket = res.socket
          res.once('finish', () => socket?.end())
        }
      }
    })
}
