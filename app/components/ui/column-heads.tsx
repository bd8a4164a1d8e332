import type { ReactNode } from 'react'

/**
 * The head row of a dashboard table: one column header per label, in the order of the row's cells.
 * A column only a screen reader names (a row's actions) takes `<span className="sr-only">…</span>`.
 */
export function ColumnHeads({ labels }: { labels: ReactNode[] }) {
  return (
    <thead className="border-b border-slate-200 text-slate-600">
      <tr>
        {labels.map((label, i) => (
          <th key={i} scope="col" className="px-2 py-2">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
