/**
 * API and page throughput under load (docs/decisions/0022), from a second process on 127.0.0.1.
 *
 *   node --import tsx scripts/bench-api.ts [--skip-build] [--seconds N]
 *
 * For each database engine (embedded PGlite always; PostgreSQL when BENCH_DATABASE_URL
 * or a server on 127.0.0.1:5432 answers) it starts the production server with a fresh
 * database and measures with autocannon:
 *   - GET of a prerendered page (/how-it-works), in rounds alternating with the same file served
 *     by a minimal node:http server in its own process (the baseline: the page figure
 *     reads as a ratio);
 *   - GET /api/time-slots for a month, at full speed and at a fixed 200 requests/s;
 *   - GET /api/tour-packages;
 *   - POST /api/bookings: first one request for each free half-day slot of the booking
 *     window (every one a creation: 201 per second, p50/p99 of creations), then a timed
 *     run on the slots now taken (every one a 409: the refusal path, reported apart);
 * and the server's resident memory: idle, the peak sampled every 100 ms while the load
 * runs, and after it. Prints one table. BUILD_DIR (default ./build) is honoured.
 * Exit code 0 when the run completed; goals are reported, not enforced.
 */
import { execFileSync, spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { addDays, todayInTokyo, weekendDatesBetween } from '../core/dates.ts'
import { BUILD_DIR } from '../server/paths.ts'
import { BENCH_ENV, rssMb, startProductionServer } from './production-server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 10
const skipBuild = args.includes('--skip-build')

type Row = {
  engine: string
  target: string
  rps: number
  p50: number
  p99: number
  /** Responses by status code, e.g. { 201: 104 } or { 409: 2900 }. */
  statuses: Record<string, number>
  errors: number
  note?: string
}
const rows: Row[] = []
const memory: { engine: string; idleMb: number; peakMb: number; afterMb: number }[] = []

/** Samples the server's resident memory every 100 ms while the load runs; `peak()` is the highest seen. */
function rssSampler(pid: number) {
  let peak = rssMb(pid)
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid))
    } catch {
      // the process is gone; keep the last peak
    }
  }, 100)
  return {
    peak: () => peak,
    stop() {
      clearInterval(timer)
    },
  }
}

/** A fresh database each run; limits out of the way of the load. */
const startServer = (databaseUrl: string | undefined) =>
  startProductionServer({
    name: 'bench-api',
    env: { ...BENCH_ENV, DATABASE_URL: databaseUrl ?? '' },
  })

async function load(engine: string, target: string, options: autocannon.Options, note?: string, count?: string) {
  const result = await autocannon({ connections: 20, ...(options.amount ? {} : { duration: seconds }), ...options })
  const statuses: Record<string, number> = {}
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = (stat as { count: number }).count
  rows.push({
    engine,
    target,
    // `count` (e.g. '201'): only those responses, over the run's whole duration; otherwise every response.
    rps: count ? Math.round((statuses[count] ?? 0) / Math.max(result.duration, 0.001)) : Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    note,
  })
  return result
}

/** A bare node:http server sending `file`, in a process of its own like the app (not in this one, where autocannon's client would share its thread). */
async function startBaseline(file: string) {
  const source = `
    const http = require('node:http')
    const body = require('node:fs').readFileSync(${JSON.stringify(file)})
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
      res.end(body)
    })
    server.listen(0, '127.0.0.1', () => console.log(server.address().port))`
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim())))
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}/how-it-works`, stop: () => void child.kill() }
}

/**
 * The prerendered page against the baseline: three rounds, each the bare server then the
 * app for half the usual time, so both meet the same machine load (this machine is shared).
 * Each row: the mean of its rounds' req/s, the median p50 and the worst p99.
 */
async function pageAgainstBaseline(engine: string, file: string, appUrl: string) {
  const baseline = await startBaseline(file)
  const rounds: { base: autocannon.Result; app: autocannon.Result }[] = []
  try {
    for (let i = 0; i < 3; i++) {
      const base = await autocannon({ url: baseline.url, connections: 20, duration: Math.max(1, seconds / 2) })
      const app = await autocannon({ url: appUrl, connections: 20, duration: Math.max(1, seconds / 2) })
      rounds.push({ base, app })
    }
  } finally {
    baseline.stop()
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const row = (who: 'base' | 'app', target: string, eng: string, note?: string): Row => {
    const results = rounds.map((r) => r[who])
    const statuses: Record<string, number> = {}
    for (const result of results) {
      for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = (statuses[code] ?? 0) + (stat as { count: number }).count
    }
    return {
      engine: eng,
      target,
      rps: Math.round(mean(results.map((r) => r.requests.average))),
      p50: median(results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      statuses,
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      note,
    }
  }
  const base = row('base', `GET /how-it-works (same file, bare node:http server, alternating with ${engine})`, 'node:http')
  const page = row('app', 'GET /how-it-works (prerendered)', engine)
  page.note = `${Math.round((page.rps / base.rps) * 100)}% of the bare server (3 alternating rounds)`
  rows.push(base, page)
}

async function benchEngine(engine: string, databaseUrl: string | undefined, prerenderedFile: string) {
  const server = await startServer(databaseUrl)
  try {
    await new Promise((r) => setTimeout(r, 1500))
    const idle = rssMb(server.pid)
    const sampler = rssSampler(server.pid)
    const today = todayInTokyo(new Date())
    const month = addDays(today, 30).slice(0, 7)

    await pageAgainstBaseline(engine, prerenderedFile, `${server.url}/how-it-works`)
    await load(engine, `GET /api/time-slots?month=${month}`, { url: `${server.url}/api/time-slots?month=${month}` })
    await load(engine, 'GET /api/time-slots (200 req/s)', { url: `${server.url}/api/time-slots?month=${month}`, overallRate: 200, connections: 10 }, 'goal: p99 < 50 ms on PostgreSQL')
    await load(engine, 'GET /api/tour-packages', { url: `${server.url}/api/tour-packages` })

    // Every free half-day slot in the booking window, each booked once: every request a creation.
    const packages = (await (await fetch(`${server.url}/api/tour-packages`)).json()) as { id: number; isHalfDay: boolean }[]
    const halfDay = packages.find((p) => p.isHalfDay)!
    const slots = weekendDatesBetween(addDays(today, 3), addDays(today, 179)).flatMap((date) => [
      { date, time: 'morning' },
      { date, time: 'afternoon' },
    ])
    const booking = (slot: { date: string; time: string }) =>
      JSON.stringify({
        name: 'Bench Guest',
        email: 'bench@example.com',
        phone: '+81 90 1234 5678',
        numberOfPeople: 2,
        tourPackageId: halfDay.id,
        tourDate: slot.date,
        tourTime: slot.time,
        acceptPolicy: true,
      })
    let next = 0
    const posting: autocannon.Options = {
      url: `${server.url}/api/bookings`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections: 10,
      requests: [{ setupRequest: (req) => ({ ...req, body: booking(slots[next++ % slots.length]!) }) }],
    }
    await load(
      engine,
      `POST /api/bookings: creations (${slots.length} free slots, each once)`,
      // Sampled every 20 ms, so the run's duration is not rounded up to whole seconds.
      { ...posting, amount: slots.length, sampleInt: 20 },
      'req/s counts 201s only; a fresh database each run',
      '201',
    )
    await load(engine, 'POST /api/bookings: slot taken (409s)', posting, 'the same slots again: the refusal path')
    sampler.stop()
    memory.push({ engine, idleMb: idle, peakMb: sampler.peak(), afterMb: rssMb(server.pid) })
  } finally {
    await server.stop()
  }
}

async function postgresUrl(): Promise<string | undefined> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 1000 })
  try {
    await client.connect()
    const name = `jlt_bench_${process.pid}`
    await client.query(`drop database if exists ${name} with (force)`)
    await client.query(`create database ${name}`)
    const url = new URL(admin)
    url.pathname = `/${name}`
    return url.toString()
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => {})
  }
}

async function dropDatabase(url: string) {
  const admin = new URL(url)
  const name = admin.pathname.slice(1)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists ${name} with (force)`)
  await client.end()
}

async function main() {
  if (!skipBuild) execFileSync('npx', ['--no', 'react-router', 'build'], { cwd: ROOT, stdio: 'inherit' })
  const prerendered = path.join(BUILD_DIR, 'client/how-it-works/index.html')
  await benchEngine('PGlite', undefined, prerendered)
  const pgUrl = await postgresUrl()
  if (pgUrl) {
    try {
      await benchEngine('PostgreSQL', pgUrl, prerendered)
    } finally {
      await dropDatabase(pgUrl)
    }
  } else {
    console.log('No PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL): PGlite only')
  }

  console.log(`\nLoad: autocannon, ${seconds} s per line, 20 connections unless noted; ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), Node ${process.version}\n`)
  console.log('| engine | target | req/s | p50 ms | p99 ms | responses by status | errors | note |')
  console.log('|---|---|---:|---:|---:|---|---:|---|')
  for (const r of rows) {
    const statuses = Object.entries(r.statuses)
      .map(([code, count]) => `${count.toLocaleString('en')} × ${code}`)
      .join(', ')
    console.log(`| ${r.engine} | ${r.target} | ${r.rps.toLocaleString('en')} | ${r.p50} | ${r.p99} | ${statuses} | ${r.errors} | ${r.note ?? ''} |`)
  }
  console.log('\n| engine | RSS idle MB | RSS peak under load MB (sampled every 100 ms) | RSS after load MB |')
  console.log('|---|---:|---:|---:|')
  for (const m of memory) console.log(`| ${m.engine} | ${m.idleMb} | ${m.peakMb} | ${m.afterMb} |`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
