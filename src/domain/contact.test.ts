import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { websiteLabel } from './contact-display.ts';
import { CONTACT_MESSAGES, contactInputShape, normaliseWebsite } from './contact.ts';
import { formatSouthAfricanNumber, isSouthAfricanNumber } from './phone.ts';

const contact = z.object(contactInputShape);

describe('provider contact details', () => {
  it('stores South African numbers as 0XX XXX XXXX and refuses others', () => {
    expect(formatSouthAfricanNumber('+27821234567')).toBe('082 123 4567');
    expect(formatSouthAfricanNumber('(021) 555-0101')).toBe('021 555 0101');
    expect(formatSouthAfricanNumber('+44 7700 900123')).toBeNull();
    expect(isSouthAfricanNumber('011 555 0101')).toBe(true);
    expect(isSouthAfricanNumber('0800 123')).toBe(false);
    expect(contact.parse({ phone: ' 0821234567 ', whatsApp: '+27 82 123 4567' })).toEqual({
      phone: '082 123 4567',
      whatsApp: '082 123 4567',
      enquiryEmail: null,
      website: null,
    });
    const landlineWhatsApp = contact.safeParse({ whatsApp: '021 555 0101' });
    expect(landlineWhatsApp.error?.issues[0]?.message).toBe(CONTACT_MESSAGES.whatsAppInvalid);
  });

  it('takes https websites only, adding the scheme when it is left out', () => {
    expect(normaliseWebsite('example.co.za')).toBe('https://example.co.za/');
    expect(normaliseWebsite('https://Example.co.za/Matric?x=1')).toBe('https://example.co.za/Matric?x=1');
    for (const bad of [
      'http://example.co.za',
      'ftp://example.co.za',
      'javascript:alert(1)',
      'https://user:pw@example.co.za',
      'localhost',
      'https://.example',
      'exa mple.co.za',
      '',
    ]) {
      expect(normaliseWebsite(bad), bad).toBeNull();
    }
    expect(websiteLabel('https://www.example.co.za/')).toBe('example.co.za');
    expect(websiteLabel('https://example.co.za/matric')).toBe('example.co.za/matric');
  });

  it('turns blank fields into null', () => {
    expect(contact.parse({ phone: '  ', whatsApp: '', enquiryEmail: undefined })).toEqual({
      phone: null,
      whatsApp: null,
      enquiryEmail: null,
      website: null,
    });
  });
});
