import { sqlState, UNIQUE_VIOLATION } from "../db/client.ts";
import { SlotTakenError } from "./slot-claims.ts";

/**
 * Runs `insert` (a transaction that inserts a booking under `newReference()`) again, up to twice,
 * when the reference it drew was taken: 60 random bits, so practically never, but a collision
 * must not reach the guest or the guide as a server error. A taken slot is not retried.
 */
export async function withFreshReference<T>(
  insert: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert();
    } catch (error) {
      if (
        !(error instanceof SlotTakenError) &&
        sqlState(error) === UNIQUE_VIOLATION &&
        attempt < 2
      )
        continue;
      throw error;
    }
  }
}
