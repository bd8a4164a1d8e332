import net from 'node:net'

/**
 * A TCP proxy in front of PostgreSQL that a test can cut, stall and restore: the app's
 * only way to its database, so cutting it makes the database unreachable, and stalling it
 * makes it silent (a frozen server, a black-holed network), without touching the server
 * itself. It listens on a port of 127.0.0.1 that stays the same across a restore.
 */
export type CuttableProxy = {
  /** `databaseUrl` with its host replaced by the proxy. */
  url: string
  /** Drop every open connection and stop listening: new connections are refused. */
  cut(): Promise<void>
  /** Listen again on the same port. */
  restore(): Promise<void>
  /**
   * Stop forwarding in both directions: open connections and new ones (still accepted)
   * get no answer, as from a database that accepts connections and never answers.
   */
  stall(): void
  /** Forward again what was held, like a frozen database that wakes up. */
  resume(): void
}

type Link = { client: net.Socket; upstream: net.Socket | null }

export async function startCuttableProxy(databaseUrl: string): Promise<CuttableProxy> {
  const target = new URL(databaseUrl)
  const links = new Set<Link>()
  let stalled = false

  const forward = (link: Link) => {
    link.upstream ??= connectUpstream(link)
    link.client.pipe(link.upstream).pipe(link.client)
  }
  const connectUpstream = (link: Link) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    upstream.on('error', () => close(link)).on('close', () => close(link))
    return upstream
  }
  const close = (link: Link) => {
    link.client.destroy()
    link.upstream?.destroy()
    links.delete(link)
  }
  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const proxy = net.createServer((client) => {
        const link: Link = { client, upstream: null }
        links.add(link)
        client.on('error', () => close(link)).on('close', () => close(link))
        if (stalled) client.pause()
        else forward(link)
      })
      proxy.once('error', reject)
      proxy.listen(port, '127.0.0.1', () => resolve(proxy))
    })

  let proxy: net.Server | null = await listen(0)
  const port = (proxy.address() as net.AddressInfo).port
  const viaProxy = new URL(databaseUrl)
  viaProxy.host = `127.0.0.1:${port}`
  return {
    url: viaProxy.toString(),
    async cut() {
      const closing = proxy
      proxy = null
      // close() waits for open connections: cut them first.
      links.forEach(close)
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
    async restore() {
      proxy ??= await listen(port)
    },
    stall() {
      stalled = true
      for (const { client, upstream } of links) {
        if (!upstream) continue
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.pause()
        upstream.pause()
      }
    },
    resume() {
      stalled = false
      links.forEach(forward)
    },
  }
}
