import { useNavigate } from 'react-router'
import type { BookingDialog } from './booking-dialogs.server.ts'
import { CancelDialog } from './cancel-dialog.tsx'
import { CreateBookingDialog, CreatedView } from './create-booking-dialog.tsx'
import { BookingDetails } from './details-dialog.tsx'
import { useDialogAddress } from './dialog-address.ts'
import { MoveDialog } from './move-dialog.tsx'

/**
 * The Bookings section's open dialog (docs/decisions/0088), as the address names it and the
 * route's loader sends it (booking-dialogs.server.ts). Closing it, or a save by script, goes to
 * the address without it; a booking made goes on to its pay link. The list is the page's: it loads
 * again after every save.
 */
export function BookingDialogs({ dialog }: { dialog: BookingDialog | null }) {
  const navigate = useNavigate()
  const dialogAddress = useDialogAddress()
  if (!dialog) return null
  const closeTo = dialogAddress()
  const close = () => void navigate(closeTo, { replace: true, preventScrollReset: true })
  // Keyed by the booking: another booking's dialog starts afresh.
  switch (dialog.kind) {
    case 'details':
      return <BookingDetails key={dialog.booking.id} booking={dialog.booking} history={dialog.history} ledger={dialog.ledger} receipts={dialog.receipts} onClose={close} />
    case 'move':
      return <MoveDialog key={dialog.booking.id} booking={dialog.booking} packages={dialog.packages} rules={dialog.rules} slots={dialog.slots} closeTo={closeTo} onClose={close} onDone={close} />
    case 'cancel':
      return <CancelDialog key={dialog.booking.id} booking={dialog.booking} cause={dialog.cause} quote={dialog.quote} closeTo={closeTo} onClose={close} onDone={close} />
    case 'create':
      return (
        <CreateBookingDialog
          prefill={dialog.prefill}
          packages={dialog.packages}
          rules={dialog.rules}
          slots={dialog.slots}
          closeTo={closeTo}
          onClose={close}
          onDone={(made) => void navigate(dialogAddress({ created: String(made.id) }), { replace: true, preventScrollReset: true })}
        />
      )
    case 'created':
      return <CreatedView booking={dialog.booking} closeTo={closeTo} onClose={close} />
  }
}
