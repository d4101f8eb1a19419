/**
 * A cell that is wholly a number as people write one: a signed decimal (`-12.5`, `+3`) or a phone number
 * (`+16024831227`, `+1 (602) 483-1227`). Made of digits, spaces, parentheses, dots and hyphens after one leading
 * sign, it holds no function name, cell reference or `|` (DDE) for a spreadsheet to run: at worst it reads as the
 * arithmetic of its own digits, so OWASP's CSV-injection guidance lets it pass unchanged.
 */
const PLAIN_NUMBER = /^[+-]?\d[\d ().-]*$/;

/**
 * A cell starting with = + - @ tab or CR is a formula to Excel, LibreOffice or Sheets: a leading ' keeps it plain
 * text (OWASP "CSV injection"), unless it is a plain number (`PLAIN_NUMBER`). Every CSV OpenSeat writes, on the
 * server (`apps/server/src/lib/csv.ts`) or in the browser, passes its text cells through this.
 */
export const neutralizeCell = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
