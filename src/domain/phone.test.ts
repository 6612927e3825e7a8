import { describe, expect, it } from 'vitest';
import { isSouthAfricanMobile, telHref, whatsAppHref } from './phone.ts';

describe('WhatsApp links for South African mobile numbers', () => {
  it('accepts the ways a mobile number is written', () => {
    for (const phone of [
      '082 123 4567',
      '0821234567',
      '+27 82 123 4567',
      '+27821234567',
      '27821234567',
      '0027 82 123 4567',
      '+27 (0)82 123 4567',
      '082-123-4567',
      '(082) 123 4567',
      ' 071 555 0000 ',
      '060 123 4567',
      '084 000 1111',
    ]) {
      expect(whatsAppHref(phone), phone).toMatch(/^https:\/\/wa\.me\/27\d{9}$/);
    }
    expect(whatsAppHref('082 123 4567')).toBe('https://wa.me/27821234567');
    expect(whatsAppHref('+27 (0)82 123 4567')).toBe('https://wa.me/27821234567');
  });

  it('refuses landlines, toll-free, other countries and malformed numbers', () => {
    for (const phone of [
      '021 555 0101', // Cape Town landline
      '011 123 4567', // Johannesburg landline
      '080 012 3456', // toll-free
      '086 123 4567', // share-call
      '087 123 4567', // VoIP
      '+44 7700 900123', // UK mobile
      '+1 415 555 0100',
      '082 123 456', // too short
      '082 123 45678', // too long
      'call me',
      '082 123 4567 ext 2',
      '',
    ]) {
      expect(whatsAppHref(phone), phone).toBeNull();
      expect(isSouthAfricanMobile(phone), phone).toBe(false);
    }
    expect(whatsAppHref(null)).toBeNull();
    expect(whatsAppHref(undefined)).toBeNull();
  });

  it('builds tel: links in international form for South African numbers', () => {
    expect(telHref('082 123 4567')).toBe('tel:+27821234567');
    expect(telHref('(021) 555-0101')).toBe('tel:+27215550101');
    expect(telHref('+44 7700 900123')).toBe('tel:+447700900123');
  });
});
