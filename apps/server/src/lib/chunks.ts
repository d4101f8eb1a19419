/** The list `size` items at a time, in order (the last part may be shorter): statements kept to a bounded size. */
export function* chunks<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}
