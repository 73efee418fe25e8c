/** A status a response may have: an integer from 200 to 599. */
export function isValidStatus(status: unknown): status is number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599;
}
