import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '../ui/button.tsx'

/** The way back without saving: a link to the address without the form, or a button that closes what only the script opened. */
type Back = { label: string } & ({ to: string } | { onClick: () => void })

/**
 * A dashboard form's last row: the way back and the save. On a phone the save comes first and the
 * way back under it, each the screen's width; on a desktop they sit side by side at the right. The
 * link back replaces the form's address, as closing a dialog does (docs/decisions/0088).
 */
export function FormActions({ back, submit, tone = 'brand', busy, disabled = false }: { back?: Back; submit: ReactNode; tone?: 'brand' | 'danger'; busy: boolean; disabled?: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {back === undefined ? null : 'to' in back ? (
        <Link to={back.to} replace preventScrollReset className={buttonVariants({ variant: 'plain', size: 'md' })}>
          {back.label}
        </Link>
      ) : (
        <Button size="md" variant="plain" onClick={back.onClick}>
          {back.label}
        </Button>
      )}
      <Button size="md" type="submit" variant={tone} disabled={busy || disabled}>
        {submit}
      </Button>
    </div>
  )
}
