import crypto from 'node:crypto'
import pg from 'pg'

/**
 * Say which database engines this run covers, fail early if TEST_DATABASE_URL is set but
 * dead, and drop the throw-away databases the workers created (tests/integration/databases.ts).
 */
export default async function globalSetup() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    console.log('[integration] engines: embedded PGlite (set TEST_DATABASE_URL to also run against PostgreSQL)')
    return
  }
  // Workers inherit the environment: their databases are named after this run.
  process.env.JLT_TEST_RUN ??= crypto.randomBytes(3).toString('hex')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ server_version: string }>('show server_version')
  await client.end()
  console.log(`[integration] engines: embedded PGlite and PostgreSQL ${rows[0]?.server_version}`)

  return async () => {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    const { rows: leftovers } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`jlt_test_${process.env.JLT_TEST_RUN}_%`])
    for (const { datname } of leftovers) await admin.query(`drop database if exists "${datname}" with (force)`)
    await admin.end()
  }
}
