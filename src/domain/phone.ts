/**
 * Phone numbers as providers type them ('082 123 4567', '+27 82 123 4567', '(021) 555-0101'), turned into
 * links. Pure, so the rules are unit tested (phone.test.ts).
 */

/** South African mobile ranges after the leading 0: 06x, 071–079, 081–084 (080 is toll-free, 086/087 not mobile). */
const SA_MOBILE = /^(6\d|7[1-9]|8[1-4])\d{7}$/;

/** Digits only, with a leading international prefix (+ or 00) kept as '+'. Null when it is not a number. */
function digitsOf(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 0) return null;
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  return digits;
}

/**
 * The national significant number (9 digits, no leading 0) of a South African number, or null for a
 * number of another country or a malformed one.
 */
function southAfricanNumber(phone: string): string | null {
  const digits = digitsOf(phone);
  if (!digits) return null;
  let national: string;
  if (digits.startsWith('+27')) national = digits.slice(3);
  else if (digits.startsWith('+')) return null;
  else if (digits.startsWith('27') && digits.length === 11) national = digits.slice(2);
  else if (digits.startsWith('0') && digits.length === 10) national = digits.slice(1);
  else return null;
  if (national.startsWith('0')) national = national.slice(1); // '+27 (0)82 …'
  return /^\d{9}$/.test(national) ? national : null;
}

/** Whether the number is a South African number (landline or mobile), however it is written. */
export function isSouthAfricanNumber(phone: string): boolean {
  return southAfricanNumber(phone) !== null;
}

/**
 * A South African number in the national form people read: '+27821234567' → '082 123 4567',
 * '(021) 555-0101' → '021 555 0101'. Null when it is not a South African number.
 */
export function formatSouthAfricanNumber(phone: string): string | null {
  const national = southAfricanNumber(phone);
  if (national === null) return null;
  return `0${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}

/** Whether the number is a South African mobile number (the ones WhatsApp can reach). */
export function isSouthAfricanMobile(phone: string): boolean {
  const national = southAfricanNumber(phone);
  return national !== null && SA_MOBILE.test(national);
}

/** `https://wa.me/27821234567` for a South African mobile number, otherwise null (no WhatsApp button). */
export function whatsAppHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const national = southAfricanNumber(phone);
  if (national === null || !SA_MOBILE.test(national)) return null;
  return `https://wa.me/27${national}`;
}

/** A tel: link: international form for South African numbers, otherwise the digits and a leading +. */
export function telHref(phone: string): string {
  const national = southAfricanNumber(phone);
  if (national !== null) return `tel:+27${national}`;
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
