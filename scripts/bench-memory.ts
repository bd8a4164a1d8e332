/**
 * Resident memory of the production server (docs/decisions/0028).
 *
 *   node --import tsx scripts/bench-memory.ts [--skip-build] [--rounds N]
 *
 * For each database engine (embedded PGlite always; PostgreSQL when BENCH_DATABASE_URL or a
 * server on 127.0.0.1:5432 answers) it starts the production server (BUILD_DIR, default
 * ./build) and reads its VmRSS from /proc: idle 2 s after it answers /api/health, then after
 * a burst of API traffic (2,000 availability reads, 1,000 package reads and one booking for
 * each free half-day slot, 10 connections). On PGlite it does so on a fresh data folder
 * (first start: initdb, migrations, seed) and again after a restart on the same folder.
 * Each case runs --rounds times (default 2) and prints its range: the machine is shared.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { addDays, todayInTokyo, weekendDatesBetween } from '../core/dates.ts'
import { BENCH_ENV, rssMb, startProductionServer } from './production-server.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 2

/** The API traffic of a busy hour, at full speed: reads of availability and packages, then bookings. */
async function burst(url: string) {
  const month = addDays(todayInTokyo(new Date()), 30).slice(0, 7)
  await autocannon({ url: `${url}/api/time-slots?month=${month}`, connections: 10, amount: 2000 })
  await autocannon({ url: `${url}/api/tour-packages`, connections: 10, amount: 1000 })
  const packages = (await (await fetch(`${url}/api/tour-packages`)).json()) as { id: number; isHalfDay: boolean }[]
  const halfDay = packages.find((p) => p.isHalfDay)!
  const today = todayInTokyo(new Date())
  const slots = weekendDatesBetween(addDays(today, 3), addDays(today, 179)).flatMap((date) => [
    { date, time: 'morning' },
    { date, time: 'afternoon' },
  ])
  let next = 0
  await autocannon({
    url: `${url}/api/bookings`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections: 10,
    amount: slots.length,
    requests: [
      {
        setupRequest: (req) => {
          const slot = slots[next++ % slots.length]!
          const body = { name: 'Bench Guest', email: 'bench@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: halfDay.id, tourDate: slot.date, tourTime: slot.time, acceptPolicy: true }
          return { ...req, body: JSON.stringify(body) }
        },
      },
    ],
  })
}

type Figures = { startMs: number; idle: number; afterBurst: number }

async function measure(dataDir: string, databaseUrl: string | undefined): Promise<Figures> {
  const server = await startProductionServer({ name: 'bench-memory', env: { ...BENCH_ENV, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' } })
  try {
    await new Promise((r) => setTimeout(r, 2000))
    const idle = rssMb(server.pid)
    await burst(server.url)
    await new Promise((r) => setTimeout(r, 2000))
    return { startMs: server.startMs, idle, afterBurst: rssMb(server.pid) }
  } finally {
    await server.stop()
  }
}

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `jlt_bench_mem_${process.pid}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 1000 })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end().catch(() => {})
    }
  }
  try {
    await run(`drop database if exists ${name} with (force)`)
    await run(`create database ${name}`)
  } catch {
    return undefined
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

const range = (values: number[]) => (Math.min(...values) === Math.max(...values) ? `${values[0]}` : `${Math.min(...values)}–${Math.max(...values)}`)

async function main() {
  if (!args.includes('--skip-build')) execFileSync('npx', ['--no', 'react-router', 'build'], { cwd: ROOT, stdio: 'inherit' })
  const results: Record<string, Figures[]> = {}
  const add = (name: string, figures: Figures) => (results[name] ??= []).push(figures)
  for (let i = 0; i < rounds; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-bench-mem-'))
    try {
      add('PGlite, first start (fresh data folder)', await measure(dataDir, undefined))
      add('PGlite, restart on the same data folder', await measure(dataDir, undefined))
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    const database = await postgresDatabase()
    if (database) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-bench-mem-'))
      try {
        add('PostgreSQL (node-postgres pool)', await measure(dataDir, database.url))
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true })
        await database.drop()
      }
    } else if (i === 0) {
      console.log('No PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL): PGlite only')
    }
  }
  console.log(`\nResident memory (VmRSS) of the production server, ${rounds} round(s); ${os.cpus().length} CPUs, Node ${process.version}\n`)
  console.log('| engine | start-up to /api/health | RSS idle MB | RSS after the burst MB |')
  console.log('|---|---:|---:|---:|')
  for (const [name, figures] of Object.entries(results)) {
    console.log(`| ${name} | ${range(figures.map((f) => Math.round(f.startMs / 100) / 10))} s | ${range(figures.map((f) => f.idle))} | ${range(figures.map((f) => f.afterBurst))} |`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
