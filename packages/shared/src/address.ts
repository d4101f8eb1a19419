/** An address in the parts the student-information systems read (SchoolMint, PowerSchool, Aspire). */
export type AddressParts = {
  addressStreet: string | null;
  addressCity: string | null;
  addressState: string | null;
  addressZip: string | null;
};

/** "street, city, ST 12345": the one line shown and exported where one column holds the address. */
export function oneLineAddress(parts: AddressParts): string | null {
  const stateZip = [parts.addressState, parts.addressZip].filter(Boolean).join(' ');
  const line = [parts.addressStreet, parts.addressCity, stateZip].filter(Boolean).join(', ');
  return line || null;
}

/** Whether any part is given: then the one-line address is built from the parts. */
export const hasAddressParts = (parts: AddressParts) =>
  Boolean(parts.addressStreet || parts.addressCity || parts.addressState || parts.addressZip);
