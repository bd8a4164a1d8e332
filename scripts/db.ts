/**
 * Database commands for operators (docs/deploy.md):
 *   npm run db:export -- FILE   write every row of the configured database to a JSON file
 *   npm run db:import -- FILE   load such a file into the configured database (migrated first; must hold no data)
 *   npm run db:backup [-- DIR]  a consistent backup: pg_dump (custom format) on PostgreSQL,
 *                               a JSON export of a snapshot on the embedded database
 * The configured database is DATABASE_URL when set, else the embedded one in DATA_DIR
 * (stop the server first: the embedded database allows one process at a time).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../server/config/index.ts'
import { migrateDatabase, openDatabase } from '../server/db/client.ts'
import { exportDatabase, importDatabase } from '../server/db/transfer.ts'

async function main() {
  const [command, target] = process.argv.slice(2)
  const config = loadConfig()
  const options = { databaseUrl: config.databaseUrl, dataDir: config.dataDir }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`

  if (command === 'backup' && config.databaseUrl) {
    const dir = path.resolve(target ?? 'backups')
    fs.mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `joetsu-tours-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`)
    const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, config.databaseUrl], { stdio: 'inherit' })
    if (result.status !== 0) throw new Error('pg_dump failed (is the PostgreSQL client installed?)')
    console.log(`Backup of ${where} written to ${file}\nRestore with: pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" ${file}`)
    return
  }

  const database = await openDatabase(options)
  try {
    if (command === 'export' || command === 'backup') {
      const file = command === 'export' ? target : path.join(path.resolve(target ?? 'backups'), `joetsu-tours-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
      if (!file) throw new Error('Usage: npm run db:export -- FILE')
      fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
      const data = await exportDatabase(database.db)
      fs.writeFileSync(file, JSON.stringify(data))
      const counts = Object.entries(data.tables).map(([t, rows]) => `${t} ${rows.length}`).join(', ')
      console.log(`Exported ${where} to ${file}: ${counts}`)
    } else if (command === 'import') {
      if (!target) throw new Error('Usage: npm run db:import -- FILE')
      await migrateDatabase(database, options)
      const counts = await importDatabase(database.db, JSON.parse(fs.readFileSync(target, 'utf8')))
      console.log(`Imported ${target} into ${where}: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', ')}`)
    } else {
      throw new Error('Usage: tsx scripts/db.ts export FILE | import FILE | backup [DIR]')
    }
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
