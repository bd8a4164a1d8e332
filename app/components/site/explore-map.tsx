import { exploreSummaries, type ExploreSummary } from '../../content/explore-summaries.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useT } from '../../i18n/i18n.tsx'
import { PinIcon } from './icons.tsx'

/**
 * Where each kind of place gathers, on a hand-drawn sketch of Joetsu (not to scale): the sea to
 * the north, Naoetsu's port at the river mouth, Kasugayama's castle hill to the west, Takada's
 * castle town to the south and the Kanaya hills beyond it. Drawn here, not fetched: no map
 * tiles or scripts from another host, so the Content Security Policy stays as it is. Each pin
 * is a link to its category further down the page.
 */
const PINS: { id: ExploreSummary['id']; area: MessageId; at: string }[] = [
  { id: 'food', area: 'explore.map.naoetsu', at: 'left-[50%] top-[33%]' },
  { id: 'culture', area: 'explore.map.kasugayama', at: 'left-[22%] top-[53%]' },
  { id: 'shopping', area: 'explore.map.takada', at: 'left-[70%] top-[72%]' },
  { id: 'lifestyle', area: 'explore.map.kanaya', at: 'left-[30%] top-[90%]' },
]

const TITLES = new Map(exploreSummaries.map((category) => [category.id, category.title]))

export function ExploreMap() {
  const t = useT()
  return (
    <nav aria-label={t('explore.map.label')} className="relative mx-auto w-full max-w-lg">
      <svg viewBox="0 0 400 300" aria-hidden="true" className="block h-auto w-full rounded-2xl shadow-xl">
        <rect width="400" height="300" fill="#eef2fb" />
        {/* Rice fields of the Takada plain, east of the river. */}
        <g fill="#dfe9d2" stroke="#c3d6b8">
          {[0, 1, 2, 3].flatMap((row) => [0, 1, 2].map((col) => <rect key={`${row}-${col}`} x={282 + col * 36} y={98 + row * 34} width="32" height="30" rx="3" />))}
        </g>
        {/* The hills: Kasugayama to the west, the Kanaya hills and Myoko's foothills to the south-west. */}
        <path d="M0 300V168c34-20 70-6 92 20s40 70 62 112Z" fill="#c9dcc2" />
        <ellipse cx="92" cy="150" rx="48" ry="26" fill="#b6cfac" />
        <path d="M20 300l38-52 34 52Zm70 0l30-40 28 40Z" fill="#a9b7d6" />
        {/* The Seki River, from the mountains to the sea. */}
        <path d="M214 300c-12-34 10-58-4-96s-26-66-8-112c4-10 6-16 8-20" fill="none" stroke="#7ea3d9" strokeWidth="6" strokeLinecap="round" />
        {/* The railway from Naoetsu to Takada. */}
        <path d="M176 82c10 40 26 70 44 100s28 60 30 118" fill="none" stroke="#1d2f5a" strokeWidth="2.5" strokeDasharray="8 6" />
        {/* The Sea of Japan, with the coast bending at Naoetsu's port: drawn over the river's mouth. */}
        <path d="M0 0h400v60c-52 10-92-8-142 2-36 8-52 22-92 16C116 70 60 88 0 80Z" fill="#bfd0ee" />
        <path d="M40 34q12-8 24 0t24 0M250 22q12-8 24 0t24 0M150 40q12-8 24 0t24 0" fill="none" stroke="#f8fafe" strokeWidth="3" strokeLinecap="round" />
        {/* Takada Castle's moat. */}
        <rect x="262" y="196" width="34" height="30" rx="4" fill="none" stroke="#7ea3d9" strokeWidth="4" />
      </svg>
      <ul>
        {PINS.map((pin) => (
          <li key={pin.id} className={`absolute -translate-x-1/2 -translate-y-1/2 ${pin.at}`}>
            <a
              href={`#${pin.id}`}
              className="flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-full bg-white py-1 pl-2 pr-3 text-brand-900 shadow-md ring-1 ring-brand-100 hover:bg-blossom-100"
            >
              <PinIcon className="size-5 shrink-0 text-blossom-600" />
              <span className="flex flex-col leading-tight">
                <span className="font-semibold">{t(TITLES.get(pin.id)!)}</span>
                <span className="text-xs text-slate-700">{t(pin.area)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
