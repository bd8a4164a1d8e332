import crypto from 'node:crypto'
import pg from 'pg'

/**
 * An empty, throw-away database on the PostgreSQL server of TEST_DATABASE_URL, for tests
 * that hand a database to a real process (a server, an operator command) instead of
 * migrating it themselves. Named like the workers' databases, so the integration suite's
 * global teardown drops any that a crashed run left behind.
 */
export type ScratchDatabase = { name: string; url: string; drop(): Promise<void> }

async function onServer(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

export async function createScratchDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<ScratchDatabase> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `jlt_test_${process.env.JLT_TEST_RUN ?? 'adhoc'}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
  await onServer(adminUrl, `create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { name, url: url.toString(), drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`) }
}
