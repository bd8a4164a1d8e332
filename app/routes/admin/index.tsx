import { redirect } from 'react-router'

// /admin has no screen of its own (spec §2).
export function loader() {
  return redirect('/admin/dashboard')
}
