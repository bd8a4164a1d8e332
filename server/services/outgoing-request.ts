import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * One outgoing POST to an address another party chose (a reseller's webhook, docs/decisions/0081),
 * within bounds it cannot stretch: one time limit for connecting, sending and reading the status,
 * no redirects followed, and, unless `allowPrivate`, only public unicast addresses, checked on the
 * address actually connected to (the DNS answer at connect time, so a name that resolves to a
 * public address when registered and a private one later is still refused).
 */

export class OutgoingRequestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OutgoingRequestError'
  }
}

/** Whether an IP address is on the public internet (not loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed.range() === 'unicast'
}

const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4)
    const list = addresses as dns.LookupAddress[]
    const refused = list.find((a) => !isPublicAddress(a.address))
    if (refused || list.length === 0) return callback(new OutgoingRequestError(`${hostname} resolves to a private address (${refused?.address ?? 'none'}), which is not allowed`), '', 4)
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

export type PostResult = { status: number }

export function postJson(url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number; allowPrivate: boolean; userAgent: string }): Promise<PostResult> {
  const target = new URL(url)
  const literal = target.hostname.replace(/^\[|\]$/g, '')
  if (!options.allowPrivate && net.isIP(literal) !== 0 && !isPublicAddress(literal)) {
    return Promise.reject(new OutgoingRequestError(`${literal} is a private address, which is not allowed`))
  }
  const client = target.protocol === 'https:' ? https : http
  return new Promise<PostResult>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': options.userAgent, ...headers },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        timeout: options.timeoutMs,
      },
      (response) => {
        // The status is the answer; the body is read away unkept so the connection closes cleanly.
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }))
        response.on('error', (error) => reject(error))
      },
    )
    const deadline = setTimeout(() => request.destroy(new OutgoingRequestError(`no answer within ${options.timeoutMs / 1000} seconds`)), options.timeoutMs)
    request.on('close', () => clearTimeout(deadline))
    request.on('timeout', () => request.destroy(new OutgoingRequestError(`no answer within ${options.timeoutMs / 1000} seconds`)))
    request.on('error', (error) => reject(error))
    request.end(body)
  })
}
