/** A replica field as text ('' when it is not a string). */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
