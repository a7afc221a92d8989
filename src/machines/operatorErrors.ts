/**
 * How the operator area's machines read a failed call (src/services/api.ts errors): a 403 means
 * the caller is not an operator (the machine stops in `denied`); anything else is shown by its message.
 */

/** The failure of an `xstate.error.actor.*` event. */
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

/** The failed call was refused with 403: the caller is not an operator. */
export const refusedAsNotOperator = ({ event }: { event: unknown }) =>
  (errorOf(event) as { status?: number } | null)?.status === 403;

/** What to show of the failed call. */
export const failureMessage = ({ event }: { event: unknown }) => {
  const error = errorOf(event);
  return (error as { message?: string } | null)?.message ?? String(error);
};
