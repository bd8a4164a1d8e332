/**
 * API and page throughput under load (issue 8), from a second process on 127.0.0.1.
 *
 *   node --import tsx scripts/bench-api.ts [--skip-build] [--seconds N]
 *
 * For each database engine (embedded PGlite always; PostgreSQL when BENCH_DATABASE_URL
 * or a server on 127.0.0.1:5432 answers) it starts the production server with a fresh
 * database and measures with autocannon:
 *   - GET of a prerendered page (/about), beside the same file served by a minimal
 *     node:http server in the same run (the baseline: the page figure reads as a ratio);
 *   - GET /api/time-slots for a month, at full speed and at a fixed 200 requests/s;
 *   - GET /api/tour-packages;
 *   - POST /api/bookings spread over distinct free slots (each succeeds once; the
 *     rest of the run meets 409s, which are counted apart);
 * and the server's resident memory idle and at the end of the load. Prints one table.
 * Exit code 0 when the run completed; goals are reported, not enforced.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { addDays, todayInTokyo, weekendDatesBetween } from '../core/dates.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 10
const skipBuild = args.includes('--skip-build')

type Row = { engine: string; target: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; note?: string }
const rows: Row[] = []
const memory: { engine: string; idleMb: number; loadedMb: number }[] = []

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`timed out waiting for ${url}`)
}

async function startServer(databaseUrl: string | undefined) {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-bench-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij',
      SIMULATED_PAYMENTS: 'true',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_BOOKINGS_PER_HOUR: '1000000',
      RATE_LIMIT_CONTACT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/api/health`, child)
  return {
    url,
    pid: child.pid!,
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function load(engine: string, target: string, options: autocannon.Options, note?: string) {
  const result = await autocannon({ connections: 20, duration: seconds, ...options })
  rows.push({
    engine,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    note,
  })
}

/** The baseline: the same prerendered file from a bare node:http server. */
async function baseline(file: string) {
  const body = fs.readFileSync(file)
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await load('node:http', 'GET /about (static file, baseline)', { url: `http://127.0.0.1:${port}/about` })
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

async function benchEngine(engine: string, databaseUrl: string | undefined) {
  const server = await startServer(databaseUrl)
  try {
    await new Promise((r) => setTimeout(r, 1500))
    const idle = rssMb(server.pid)
    const today = todayInTokyo(new Date())
    const month = addDays(today, 30).slice(0, 7)

    await load(engine, 'GET /about (prerendered)', { url: `${server.url}/about` })
    await load(engine, `GET /api/time-slots?month=${month}`, { url: `${server.url}/api/time-slots?month=${month}` })
    await load(engine, 'GET /api/time-slots (200 req/s)', { url: `${server.url}/api/time-slots?month=${month}`, overallRate: 200, connections: 10 }, 'goal: p99 < 50 ms on PostgreSQL')
    await load(engine, 'GET /api/tour-packages', { url: `${server.url}/api/tour-packages` })

    // Every free half-day slot in the booking window, each booked once.
    const packages = (await (await fetch(`${server.url}/api/tour-packages`)).json()) as { id: number; isHalfDay: boolean }[]
    const halfDay = packages.find((p) => p.isHalfDay)!
    const slots = weekendDatesBetween(addDays(today, 3), addDays(today, 179)).flatMap((date) => [
      { date, time: 'morning' },
      { date, time: 'afternoon' },
    ])
    let next = 0
    await load(
      engine,
      `POST /api/bookings (${slots.length} distinct slots)`,
      {
        url: `${server.url}/api/bookings`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: 10,
        requests: [
          {
            setupRequest: (req) => {
              const slot = slots[next++ % slots.length]!
              return {
                ...req,
                body: JSON.stringify({
                  name: 'Bench Guest',
                  email: 'bench@example.com',
                  phone: '+81 90 1234 5678',
                  numberOfPeople: 2,
                  tourPackageId: halfDay.id,
                  tourDate: slot.date,
                  tourTime: slot.time,
                }),
              }
            },
          },
        ],
      },
      'non-2xx after the first pass are 409: slot taken',
    )
    memory.push({ engine, idleMb: idle, loadedMb: rssMb(server.pid) })
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
  const prerendered = path.join(ROOT, process.env.BUILD_DIR ?? 'build', 'client/about/index.html')
  await baseline(prerendered)
  await benchEngine('PGlite', undefined)
  const pgUrl = await postgresUrl()
  if (pgUrl) {
    try {
      await benchEngine('PostgreSQL', pgUrl)
    } finally {
      await dropDatabase(pgUrl)
    }
  } else {
    console.log('No PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL): PGlite only')
  }

  const base = rows.find((r) => r.engine === 'node:http')!.rps
  console.log(`\nLoad: autocannon, ${seconds} s per line, 20 connections unless noted; ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), Node ${process.version}\n`)
  console.log('| engine | target | req/s | p50 ms | p99 ms | non-2xx | errors | note |')
  console.log('|---|---|---:|---:|---:|---:|---:|---|')
  for (const r of rows) {
    const ratio = r.target.startsWith('GET /about (prerendered)') ? ` (${Math.round((r.rps / base) * 100)}% of baseline)` : ''
    console.log(`| ${r.engine} | ${r.target} | ${r.rps}${ratio} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.note ?? ''} |`)
  }
  console.log('\n| engine | RSS idle MB | RSS after load MB |')
  console.log('|---|---:|---:|')
  for (const m of memory) console.log(`| ${m.engine} | ${m.idleMb} | ${m.loadedMb} |`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
